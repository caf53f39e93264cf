package org.csiconsole.core.reference.array;

import java.util.List;
import java.util.Optional;

/**
 * The hosts aggregate of the {@link ArrayModel}: hosts registered by node_id with their
 * initiators, CHAP credentials, networks and volume limit.
 */
public final class Hosts {
    private final ModelTables tables;

    Hosts(ModelTables tables) {
        this.tables = tables;
    }

    /** All hosts. */
    public List<HostRecord> all() {
        return List.copyOf(tables.hosts.rows.values());
    }

    /** The host with this id. */
    public Optional<HostRecord> get(String id) {
        return Optional.ofNullable(tables.hosts.get(id));
    }

    /** The host registered with this node_id. */
    public Optional<HostRecord> byNodeId(String nodeId) {
        return Optional.ofNullable(tables.hosts.byName(nodeId));
    }

    /**
     * Registers a host ({@code host.id()} is ignored; a new id is assigned). Returns the existing
     * host when one with the same node_id and the same initiators exists.
     *
     * @throws ModelException INVALID_ARGUMENT missing name/node_id or no initiator; ALREADY_EXISTS
     *                        node_id registered with other initiators
     */
    public HostRecord create(HostRecord host) {
        if (host.name() == null || host.name().isBlank() || host.nodeId() == null || host.nodeId().isBlank()) {
            throw ModelException.invalid("A host needs a name and a node_id.");
        }
        return tables.mutate(tx -> {
            HostRecord existing = tables.hosts.byName(host.nodeId());
            if (existing != null) {
                if (existing.iqns().equals(host.iqns()) && existing.wwpns().equals(host.wwpns())
                        && existing.nqns().equals(host.nqns())) {
                    return existing;
                }
                throw ModelException.exists("Node " + host.nodeId() + " is already registered as host "
                        + existing.id() + " with other initiators. Delete it first or reuse it.");
            }
            String id = tx.nextId("host", "host-%04d");
            HostRecord h = new HostRecord(id, host.name(), host.nodeId(), host.iqns(), host.wwpns(), host.nqns(),
                    host.chapUser(), host.chapPassword(), host.topology(), host.networks(), host.maxVolumes());
            tx.put(tables.hosts, id, h);
            return h;
        });
    }

    /**
     * Replaces a host's attributes other than id and node_id (CSP PUT /hosts/{id}).
     *
     * @throws ModelException NOT_FOUND
     */
    public HostRecord update(HostRecord host) {
        return tables.mutate(tx -> {
            HostRecord h = tables.hosts.get(host.id());
            if (h == null) {
                throw ModelException.notFound("Host " + host.id() + " does not exist.");
            }
            HostRecord n = new HostRecord(h.id(), host.name(), h.nodeId(), host.iqns(), host.wwpns(), host.nqns(),
                    host.chapUser(), host.chapPassword(), host.topology(), host.networks(), host.maxVolumes());
            tx.put(tables.hosts, h.id(), n);
            return n;
        });
    }

    /**
     * Deletes a host; false when it did not exist.
     *
     * @throws ModelException FAILED_PRECONDITION when volumes are still published to it
     */
    public boolean delete(String id) {
        return tables.mutate(tx -> {
            HostRecord h = tables.hosts.get(id);
            if (h == null) {
                return false;
            }
            List<Publication> pubs = tables.publicationsOnNode(h.nodeId());
            if (!pubs.isEmpty()) {
                throw ModelException.precondition("Host " + h.name() + " still has " + pubs.size()
                        + " published volume(s). Unpublish them first.");
            }
            tx.delete(tables.hosts, id);
            return true;
        });
    }
}
