package org.csiconsole.core.lifecycle;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A live state moved along one transition the plugin just answered OK, before the storage is read
 * again: what the console shows the moment a call completes. The next reading replaces it.
 */
public final class LiveStates {
    private LiveStates() {
    }

    /**
     * {@code live} after {@code t} succeeded on {@code nodeId} (ignored for a volume-wide call),
     * with an {@link Evidence} entry saying so. DeleteVolume makes the volume DELETED; a loop
     * changes nothing but the evidence.
     */
    public static VolumeLiveState after(VolumeLifecycle lc, VolumeLiveState live, Transition t, String nodeId, Instant at) {
        Objects.requireNonNull(live, "live");
        List<Evidence> evidence = new ArrayList<>(live.evidence());
        String where = t.call().controller() && t.call() != LifecycleCall.CONTROLLER_PUBLISH_VOLUME
                && t.call() != LifecycleCall.CONTROLLER_UNPUBLISH_VOLUME || nodeId == null ? "" : " on " + nodeId;
        evidence.add(new Evidence("this console", t.call().rpc() + where + " OK"));
        if (t.call() == LifecycleCall.DELETE_VOLUME) {
            return new VolumeLiveState(live.volumeId(), VolumeLiveState.Presence.DELETED, live.exact(), List.of(), evidence, at);
        }
        if (t.loop() || nodeId == null || nodeId.isEmpty()) {
            return new VolumeLiveState(live.volumeId(), live.presence(), live.exact(), live.nodes(), evidence, at);
        }
        List<NodeState> nodes = new ArrayList<>();
        boolean found = false;
        for (NodeState n : live.nodes()) {
            if (n.nodeId().equals(nodeId)) {
                nodes.add(moved(lc, n, t));
                found = true;
            } else {
                nodes.add(n);
            }
        }
        if (!found) nodes.add(moved(lc, new NodeState(nodeId, lc.restState(), false, "", List.of()), t));
        return new VolumeLiveState(live.volumeId(), live.presence(), live.exact(), nodes, evidence, at);
    }

    private static NodeState moved(VolumeLifecycle lc, NodeState n, Transition t) {
        VolumeState to = t.to() == VolumeState.FINAL ? VolumeState.INITIAL : t.to();
        boolean published = switch (t.call()) {
            case CONTROLLER_PUBLISH_VOLUME -> true;
            case CONTROLLER_UNPUBLISH_VOLUME -> false;
            default -> n.controllerPublished();
        };
        String staging = t.call() == LifecycleCall.NODE_UNSTAGE_VOLUME ? "" : n.stagingTargetPath();
        List<String> targets = t.call() == LifecycleCall.NODE_UNPUBLISH_VOLUME ? List.of() : n.targetPaths();
        return new NodeState(n.nodeId(), to == VolumeState.INITIAL && lc.createDelete() ? lc.restState() : to, published, staging, targets);
    }
}
