package org.csiconsole.core.lifecycle;

import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.VolumeReplication;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the live {@link DiagramOverlay} of each diagram: the states highlighted, the names on
 * them and what each arrow may do now. The view and the exporter both draw these.
 */
public final class LifecycleOverlays {
    private LifecycleOverlays() {
    }

    /**
     * Verdict of every transition of {@code reading}'s figure for {@code node} (a volume-wide call
     * ignores it): {@link VolumeLifecycle#verdict}.
     */
    public static Map<String, Verdict> verdicts(LifecycleReading reading, String node) {
        Map<String, Verdict> out = new LinkedHashMap<>();
        for (Transition t : reading.lifecycle().transitions()) out.put(t.id(), reading.lifecycle().verdict(t, reading.live(), node));
        return out;
    }

    /**
     * The volume's overlay: the state of {@code node} highlighted (the volume's furthest state
     * when {@code node} is null or empty), every node's id on the state it is in, each arrow LEGAL
     * or ILLEGAL with the spec's reason for {@code node}; an arrow in {@code failed} (arrow id to
     * "CODE: message") is FAILED, and {@code taken} (an arrow id, or null) is TAKEN while it is not.
     */
    public static DiagramOverlay volume(LifecycleReading reading, String node, Map<String, String> failed, String taken) {
        VolumeLifecycle lc = reading.lifecycle();
        VolumeLiveState live = reading.live();
        String focus = node == null || node.isEmpty() ? null : node;
        VolumeState current = focus == null ? lc.volumeState(live) : lc.stateOn(live, focus);
        Map<String, List<String>> badges = new LinkedHashMap<>();
        if (live.presence() == VolumeLiveState.Presence.PRESENT) {
            for (NodeState n : live.nodes()) badges.computeIfAbsent(n.state().name(), k -> new ArrayList<>()).add(n.nodeId());
        }
        Map<String, DiagramOverlay.Mark> marks = new LinkedHashMap<>();
        for (Map.Entry<String, Verdict> e : verdicts(reading, focus).entrySet()) {
            Verdict v = e.getValue();
            marks.put(e.getKey(), v.legal() ? new DiagramOverlay.Mark(DiagramOverlay.Kind.LEGAL, "")
                    : new DiagramOverlay.Mark(DiagramOverlay.Kind.ILLEGAL, v.describe()));
        }
        if (taken != null && marks.containsKey(taken)) marks.put(taken, new DiagramOverlay.Mark(DiagramOverlay.Kind.TAKEN, ""));
        if (failed != null) {
            failed.forEach((id, text) -> {
                if (marks.containsKey(id)) marks.put(id, new DiagramOverlay.Mark(DiagramOverlay.Kind.FAILED, text));
            });
        }
        return new DiagramOverlay(Set.of(current.name()), badges, marks, status(live));
    }

    /** "exact: the storage's own records" or "inferred from ControllerGetVolume, call trace". */
    public static String status(VolumeLiveState live) {
        if (live.volumeId().isEmpty()) return "";
        if (live.exact()) return "exact: the storage's own records of publications, stagings and node publications";
        List<String> sources = new ArrayList<>();
        for (Evidence e : live.evidence()) if (!sources.contains(e.source())) sources.add(e.source());
        return "inferred from " + (sources.isEmpty() ? "nothing the driver reports" : String.join(", ", sources));
    }

    /** Snapshots of a volume: each one's name on the state it is in. */
    public static DiagramOverlay snapshots(List<Snapshot> snapshots) {
        Map<String, List<String>> badges = new LinkedHashMap<>();
        for (Snapshot s : snapshots) {
            badges.computeIfAbsent(StateMachines.stateOf(s), k -> new ArrayList<>()).add(s.name().isEmpty() ? s.snapshotId() : s.name());
        }
        return new DiagramOverlay(badges.keySet(), badges, Map.of(),
                snapshots.isEmpty() ? "no snapshot of this volume" : org.csiconsole.core.model.Words.count(snapshots.size(), "snapshot") + " of this volume (ListSnapshots)");
    }

    /** Group snapshots: each one's name on the state it is in. */
    public static DiagramOverlay groupSnapshots(List<GroupSnapshot> groups) {
        Map<String, List<String>> badges = new LinkedHashMap<>();
        for (GroupSnapshot g : groups) {
            badges.computeIfAbsent(StateMachines.stateOf(g), k -> new ArrayList<>()).add(g.name().isEmpty() ? g.groupSnapshotId() : g.name());
        }
        return new DiagramOverlay(badges.keySet(), badges, Map.of(),
                groups.isEmpty() ? "no group snapshot" : org.csiconsole.core.model.Words.count(groups.size(), "group snapshot"));
    }

    /** One side of a replication pair: the state its role, health and message put it in. */
    public static DiagramOverlay replication(VolumeReplication r) {
        String state = StateMachines.stateOf(r);
        String status = r == null || !r.replicated() ? "not replicated (no csi-addons replication information)"
                : r.role() + ", " + r.health() + (r.partner().isEmpty() ? "" : ", partner " + r.partner())
                + (r.message().isEmpty() ? "" : ": " + r.message());
        return new DiagramOverlay(state == null ? Set.of() : Set.of(state), Map.of(), Map.of(), status);
    }
}
