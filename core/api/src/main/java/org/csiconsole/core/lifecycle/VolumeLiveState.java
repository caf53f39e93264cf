package org.csiconsole.core.lifecycle;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where one volume is in its lifecycle, per node, and how that is known.
 *
 * @param volumeId the {@code volume_id}; empty for "no volume yet" (the figures' initial X)
 * @param presence whether the volume exists
 * @param exact true when the storage itself reported every node's state (the bundled reference
 *     plugin keeps publications, stagings and node publications); false when the state is inferred
 *     from published node ids, NodeGetVolumeStats and the calls this console made
 * @param nodes the nodes the volume is or was seen on, each with its state; never null
 * @param evidence what the state was read or inferred from; never null
 * @param readAt when the state was read
 */
public record VolumeLiveState(String volumeId, Presence presence, boolean exact, List<NodeState> nodes,
                              List<Evidence> evidence, Instant readAt) {

    /** Whether the volume exists. */
    public enum Presence {
        /** No volume chosen, or not created yet: the initial X. */
        ABSENT,
        /** The volume exists. */
        PRESENT,
        /** It was deleted (DeleteVolume succeeded, or the plugin answers NOT_FOUND): the final X. */
        DELETED
    }

    public VolumeLiveState {
        volumeId = Objects.requireNonNullElse(volumeId, "");
        Objects.requireNonNull(presence, "presence");
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
        Objects.requireNonNull(readAt, "readAt");
    }

    /** No volume: the state before CreateVolume. */
    public static VolumeLiveState none(Instant at) {
        return new VolumeLiveState("", Presence.ABSENT, true, List.of(), List.of(), at);
    }

    /** The state on {@code nodeId}, or null when the volume was not seen on that node. */
    public NodeState node(String nodeId) {
        for (NodeState n : nodes) if (n.nodeId().equals(nodeId)) return n;
        return null;
    }

    /** The ids of the nodes, in order. */
    public List<String> nodeIds() {
        List<String> ids = new ArrayList<>();
        for (NodeState n : nodes) ids.add(n.nodeId());
        return ids;
    }

    /** "exact" or "inferred". */
    public String certainty() {
        return exact ? "exact" : "inferred";
    }
}
