package org.csiconsole.core.reference.array;

import java.util.List;
import java.util.Optional;

/**
 * The node records aggregate of the {@link ArrayModel}: where a volume is staged and published
 * on a node (CSI NodeStageVolume, NodePublishVolume). Only the CO's paths are recorded; the files
 * at those paths are the Node service's business.
 */
public final class NodeRecords {
    private final ModelTables tables;

    NodeRecords(ModelTables tables) {
        this.tables = tables;
    }

    /** Node staging and publish records of one volume. */
    public List<NodeMount> of(String volumeId) {
        return List.copyOf(tables.mounts.rows.subMap(volumeId + "|", volumeId + "|\uffff").values());
    }

    /** All node records on one node. */
    public List<NodeMount> onNode(String nodeId) {
        return tables.mounts.rows.values().stream().filter(m -> m.nodeId().equals(nodeId)).toList();
    }

    private static String mountKey(String volumeId, boolean staged, String nodeId, String path) {
        return volumeId + "|" + (staged ? "S" : "P") + "|" + nodeId + "|" + path;
    }

    /** The staging record of a volume on a node, if staged. */
    public Optional<NodeMount> staging(String volumeId, String nodeId) {
        return tables.mountsOf(volumeId).stream().filter(m -> m.staged() && m.nodeId().equals(nodeId)).findFirst();
    }

    /**
     * Stages a volume on a node (CSI NodeStageVolume): records it. Idempotent for the same path and capability.
     *
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION not controller-published to the
     *                        node, or staged at another path; ALREADY_EXISTS staged at that path with
     *                        another capability
     */
    public NodeMount stage(NodeMount request) {
        return tables.mutate(tx -> {
            VolumeRecord v = tables.requireVolume(request.volumeId());
            Optional<NodeMount> current = staging(v.id(), request.nodeId());
            if (current.isPresent()) {
                NodeMount c = current.get();
                if (!c.path().equals(request.path())) {
                    throw ModelException.precondition("Volume " + v.id() + " is already staged on node "
                            + request.nodeId() + " at " + c.path() + ". Unstage it there first.");
                }
                if (c.block() == request.block() && c.fsType().equals(request.fsType())
                        && c.accessMode().equals(request.accessMode()) && c.mountFlags().equals(request.mountFlags())) {
                    return c;
                }
                throw ModelException.exists("Volume " + v.id() + " is already staged at " + c.path()
                        + " with another volume capability. Unstage it first.");
            }
            if (tables.publications.get(Publication.key(v.id(), request.nodeId())) == null) {
                throw ModelException.precondition("Volume " + v.id() + " is not published to node " + request.nodeId()
                        + ". Call ControllerPublishVolume for this node first.");
            }
            if (request.block() != v.block()) {
                throw ModelException.precondition("Volume " + v.id() + " is a " + (v.block() ? "block" : "mount")
                        + " volume and cannot be staged as " + (request.block() ? "block" : "mount") + ".");
            }
            tx.put(tables.mounts, mountKey(v.id(), true, request.nodeId(), request.path()), request);
            return request;
        });
    }

    /**
     * Unstages a volume (CSI NodeUnstageVolume): removes the record.
     * Returns false when it was not staged at that path.
     *
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION still published from this staging path
     */
    public boolean unstage(String volumeId, String nodeId, String path) {
        return tables.mutate(tx -> {
            tables.requireVolume(volumeId);
            String key = mountKey(volumeId, true, nodeId, path);
            if (tables.mounts.get(key) == null) {
                return false;
            }
            List<NodeMount> pubs = tables.mountsOf(volumeId).stream()
                    .filter(m -> !m.staged() && m.nodeId().equals(nodeId)).toList();
            if (!pubs.isEmpty()) {
                throw ModelException.precondition("Volume " + volumeId + " is still published at "
                        + pubs.get(0).path() + ". Unpublish it (NodeUnpublishVolume) first.");
            }
            tx.delete(tables.mounts, key);
            return true;
        });
    }

    /**
     * Publishes a volume at a target path on a node (CSI NodePublishVolume): records it.
     * Idempotent for the same target path, capability and readonly.
     *
     * @param requireStaging true when the plugin advertises STAGE_UNSTAGE_VOLUME
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION not staged at the staging path,
     *                        or a second target under SINGLE_NODE_SINGLE_WRITER; ALREADY_EXISTS
     *                        published at the same path with another capability/readonly
     */
    public NodeMount publish(NodeMount request, boolean requireStaging) {
        return tables.mutate(tx -> {
            VolumeRecord v = tables.requireVolume(request.volumeId());
            String key = mountKey(v.id(), false, request.nodeId(), request.path());
            NodeMount c = tables.mounts.get(key);
            if (c != null) {
                if (c.readonly() == request.readonly() && c.block() == request.block()
                        && c.accessMode().equals(request.accessMode()) && c.fsType().equals(request.fsType())
                        && c.mountFlags().equals(request.mountFlags())) {
                    return c;
                }
                throw ModelException.exists("Volume " + v.id() + " is already published at " + request.path()
                        + " with another capability or readonly flag. Unpublish it first.");
            }
            if (requireStaging) {
                Optional<NodeMount> st = staging(v.id(), request.nodeId());
                if (st.isEmpty() || !st.get().path().equals(request.stagingPath())) {
                    throw ModelException.precondition("Volume " + v.id() + " is not staged at "
                            + request.stagingPath() + " on node " + request.nodeId()
                            + ". Call NodeStageVolume first.");
                }
            }
            if (request.block() != v.block()) {
                throw ModelException.precondition("Volume " + v.id() + " is a " + (v.block() ? "block" : "mount")
                        + " volume and cannot be published as " + (request.block() ? "block" : "mount") + ".");
            }
            List<NodeMount> others = tables.mountsOf(v.id()).stream().filter(m -> !m.staged()).toList();
            if (!others.isEmpty() && ("SINGLE_NODE_SINGLE_WRITER".equals(request.accessMode())
                    || others.stream().anyMatch(m -> "SINGLE_NODE_SINGLE_WRITER".equals(m.accessMode())))) {
                throw ModelException.precondition("Volume " + v.id() + " is already published at "
                        + others.get(0).path() + " and its access mode SINGLE_NODE_SINGLE_WRITER allows one"
                        + " workload only. Unpublish it there first.");
            }
            tx.put(tables.mounts, key, request);
            return request;
        });
    }

    /**
     * Unpublishes a target path (CSI NodeUnpublishVolume): removes the record.
     * Returns false when nothing was published there.
     *
     * @throws ModelException NOT_FOUND volume
     */
    public boolean unpublish(String volumeId, String nodeId, String path) {
        return tables.mutate(tx -> {
            tables.requireVolume(volumeId);
            String key = mountKey(volumeId, false, nodeId, path);
            if (tables.mounts.get(key) == null) {
                return false;
            }
            tx.delete(tables.mounts, key);
            return true;
        });
    }

    /** The publish record of a volume at a target_path on a node (NodePublishVolume), if any. */
    public Optional<NodeMount> publishedAt(String volumeId, String nodeId, String targetPath) {
        return Optional.ofNullable(tables.mounts.get(mountKey(volumeId, false, nodeId, targetPath)));
    }

    /** The node record (staging or publish) of a volume at a CO path on a node. */
    public Optional<NodeMount> at(String volumeId, String nodeId, String path) {
        NodeMount p = tables.mounts.get(mountKey(volumeId, false, nodeId, path));
        return p != null ? Optional.of(p) : Optional.ofNullable(tables.mounts.get(mountKey(volumeId, true, nodeId, path)));
    }
}
