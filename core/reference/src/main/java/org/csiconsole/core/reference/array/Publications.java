package org.csiconsole.core.reference.array;

import static org.csiconsole.core.reference.array.ArrayModel.seedOf;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The controller publications aggregate of the {@link ArrayModel}: which volume is attached to
 * which node, how (access mode, readonly), and the publish_context (LUN, targets) the node needs.
 */
public final class Publications {
    private final ModelTables tables;
    private final Fencing fencing;

    Publications(ModelTables tables, Fencing fencing) {
        this.tables = tables;
        this.fencing = fencing;
    }

    /** Controller publications of one volume. */
    public List<Publication> of(String volumeId) {
        return List.copyOf(tables.publications.rows.subMap(volumeId + "|", volumeId + "|\uffff").values());
    }

    /** All controller publications. */
    public List<Publication> all() {
        return List.copyOf(tables.publications.rows.values());
    }

    /** node_ids a volume is controller-published to. */
    public List<String> nodeIds(String volumeId) {
        var pubs = tables.publications.rows.subMap(volumeId + "|", volumeId + "|\uffff");
        if (pubs.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>(2);
        pubs.values().forEach(p -> out.add(p.nodeId()));
        return out;
    }

    /** Controller publications on one node. */
    public List<Publication> onNode(String nodeId) {
        return tables.publications.rows.values().stream().filter(p -> p.nodeId().equals(nodeId)).toList();
    }

    /**
     * Publishes a volume to a node (CSI ControllerPublishVolume, CSP publish) and returns the
     * publication with its publish_context. Idempotent for the same node, access mode and readonly.
     *
     * @throws ModelException NOT_FOUND volume or node; ALREADY_EXISTS published to that node with
     *                        another readonly/access mode; FAILED_PRECONDITION published to another
     *                        node under a single-node access mode, or a second writer under
     *                        MULTI_NODE_SINGLE_WRITER, or the node's network is fenced;
     *                        RESOURCE_EXHAUSTED node at its max_volumes_per_node
     */
    public Publication publish(String volumeId, String nodeId, String accessMode, boolean readonly) {
        return tables.mutate(tx -> {
            VolumeRecord v = tables.requireVolume(volumeId);
            HostRecord h = tables.hosts.byName(nodeId);
            if (h == null) {
                throw ModelException.notFound("Node " + nodeId + " is not registered with the array. "
                        + "Check the node_id (NodeGetInfo) or register the host first.");
            }
            Publication mine = tables.publications.get(Publication.key(volumeId, nodeId));
            if (mine != null) {
                if (mine.readonly() == readonly && mine.accessMode().equals(accessMode)) {
                    return mine;
                }
                throw ModelException.exists("Volume " + volumeId + " is already published to node " + nodeId
                        + " with " + (mine.readonly() ? "readonly" : "read-write") + " " + mine.accessMode()
                        + ". Unpublish it first to change how it is published.");
            }
            List<Publication> others = of(volumeId);
            if (!others.isEmpty()) {
                if (accessMode.startsWith("SINGLE_NODE") || others.get(0).accessMode().startsWith("SINGLE_NODE")) {
                    throw ModelException.precondition("Volume " + volumeId + " is published to node "
                            + others.get(0).nodeId() + " and its access mode " + accessMode
                            + " allows one node only. Unpublish it there first.");
                }
                if (accessMode.equals("MULTI_NODE_SINGLE_WRITER") && !readonly
                        && others.stream().anyMatch(p -> !p.readonly())) {
                    throw ModelException.precondition("Volume " + volumeId + " already has a writer on node "
                            + others.stream().filter(p -> !p.readonly()).findFirst().get().nodeId()
                            + " (MULTI_NODE_SINGLE_WRITER). Publish read-only or unpublish the writer.");
                }
            }
            String fenced = fencing.fencedNetwork(h);
            if (fenced != null) {
                throw ModelException.precondition("Node " + nodeId + " is fenced (" + fenced
                        + "). Unfence its network before publishing to it.");
            }
            List<Publication> onNode = tables.publicationsOnNode(nodeId);
            if (h.maxVolumes() > 0 && onNode.size() >= h.maxVolumes()) {
                throw ModelException.exhausted("Node " + nodeId + " already has " + onNode.size()
                        + " volumes attached, its maximum. Unpublish a volume from it first.");
            }
            Set<Integer> luns = new HashSet<>();
            onNode.forEach(p -> luns.add(Integer.parseInt(p.publishContext().getOrDefault("lun", "0"))));
            int lun = 1;
            while (luns.contains(lun)) {
                lun++;
            }
            Publication p = new Publication(volumeId, nodeId, readonly, accessMode, publishContext(v, h, lun));
            tx.put(tables.publications, p.key(), p);
            return p;
        });
    }

    private Map<String, String> publishContext(VolumeRecord v, HostRecord h, int lun) {
        StorageArray a = tables.arrays.get(v.array());
        Map<String, String> ctx = new LinkedHashMap<>();
        String protocol = h.accessProtocol();
        ctx.put("access_protocol", protocol);
        ctx.put("lun", Integer.toString(lun));
        ctx.put("serial", serialOf(v.id()));
        String ips = a == null ? "" : String.join(",", a.discoveryIps());
        switch (protocol) {
            case "fc" -> ctx.put("target_wwpns", wwpnsOf(v.array()));
            case "nvmetcp" -> {
                ctx.put("target_nqn", "nqn.2020-01.org.csi-console:" + v.array());
                ctx.put("discovery_ips", ips);
            }
            default -> {
                ctx.put("target_iqns", "iqn.2020-01.org.csi-console:" + v.array() + ":" + v.id());
                ctx.put("discovery_ips", ips);
            }
        }
        return ctx;
    }

    private static String wwpnsOf(String array) {
        int h = Math.abs(array.hashCode());
        List<String> out = new ArrayList<>();
        for (int port = 1; port <= 2; port++) {
            out.add(String.format("21:%02x:00:24:ff:%02x:%02x:%02x", port, (h >> 16) & 0xff, (h >> 8) & 0xff, h & 0xff));
        }
        return String.join(",", out);
    }

    /** The volume's array serial number (32 hex digits, stable per volume_id). */
    public static String serialOf(String volumeId) {
        char[] out = new char[32];
        long a = seedOf(volumeId);
        long b = seedOf(volumeId + "/serial");
        for (int i = 0; i < 16; i++) {
            out[i] = HEX[(int) (a >>> (60 - 4 * i)) & 0xf];
            out[16 + i] = HEX[(int) (b >>> (60 - 4 * i)) & 0xf];
        }
        return new String(out);
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /**
     * Removes a controller publication; false when there was none (CSI ControllerUnpublishVolume:
     * OK when the volume or node is unknown, since it is then safely unpublished).
     *
     * @throws ModelException FAILED_PRECONDITION when the volume is still staged on that node
     */
    public boolean unpublish(String volumeId, String nodeId) {
        return tables.mutate(tx -> {
            Publication p = tables.publications.get(Publication.key(volumeId, nodeId));
            if (p == null) {
                return false;
            }
            boolean staged = tables.mountsOf(volumeId).stream().anyMatch(m -> m.nodeId().equals(nodeId));
            if (staged) {
                throw ModelException.precondition("Volume " + volumeId + " is still staged or published on node "
                        + nodeId + ". Unpublish and unstage it on the node first.");
            }
            tx.delete(tables.publications, p.key());
            return true;
        });
    }

    /** Removes every publication of a volume from {@code nodeId} regardless of node records (CSP unpublish by host). */
    public boolean unpublishForce(String volumeId, String nodeId) {
        return tables.mutate(tx -> {
            Publication p = tables.publications.get(Publication.key(volumeId, nodeId));
            if (p == null) {
                return false;
            }
            tx.delete(tables.publications, p.key());
            return true;
        });
    }
}
