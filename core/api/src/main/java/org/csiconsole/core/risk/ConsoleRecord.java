package org.csiconsole.core.risk;

import org.csiconsole.core.model.Volume;
import org.csiconsole.core.risk.Placement.Knowledge;

import java.util.ArrayList;
import java.util.List;

/**
 * A volume's facts for an assessment from what the driver reports and what this console's own record
 * ({@link org.csiconsole.core.record.ConsoleBook}) says its calls put in place: each successful
 * ControllerPublishVolume, NodeStageVolume and NodePublishVolume not undone by a later successful reverse
 * call (or a DeleteVolume), with its node and path.
 */
public final class ConsoleRecord {
    private ConsoleRecord() {
    }

    /**
     * The facts of {@code volume} for an assessment: its size and name, where the driver reports it
     * published (when it reports publications), and where this console's own calls put it.
     *
     * @param driverReportsPlacements true when the driver reports {@code published_node_ids}
     *     (LIST_VOLUMES_PUBLISHED_NODES, or a CSP's hosts), so that none reported means none; what it
     *     reports is used either way
     * @param console this console's placements ({@link org.csiconsole.core.record.ConsoleBook#consolePlacements})
     */
    public static TargetFacts volume(Volume volume, boolean driverReportsPlacements, List<Placement> console) {
        List<Placement> all = new ArrayList<>();
        for (String n : volume.publishedNodeIds()) all.add(new Placement(n, Placement.Kind.PUBLISHED, "", Knowledge.DRIVER, null));
        if (volume.publishedNodeIds().isEmpty() && volume.published()) {
            // a CSP reports published=true without naming its hosts
            all.add(new Placement("a host the array does not name", Placement.Kind.PUBLISHED, "", Knowledge.DRIVER, null));
        }
        for (Placement p : console) {
            boolean driverSays = p.step() == Placement.Kind.PUBLISHED && all.stream()
                    .anyMatch(d -> d.from() == Knowledge.DRIVER && d.step() == Placement.Kind.PUBLISHED && d.nodeId().equals(p.nodeId()));
            if (!driverSays) all.add(p);
        }
        SideFacts side = null;
        if (volume.replication().replicated()) {
            side = new SideFacts("", volume.volumeId(), volume.name(), volume.replication().role(), volume.replication().health(), true, null, null);
        }
        return new TargetFacts("volume", volume.volumeId(), volume.name(), volume.capacityBytes(), all, driverReportsPlacements,
                side, null, List.of());
    }
}
