package org.csiconsole.core.risk;

import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What this console's own successful calls left in place, read back from its audit log: the nodes a
 * volume was published to by ControllerPublishVolume and not since unpublished by a
 * ControllerUnpublishVolume of this console (CSI spec, "Volume Lifecycle"). So a command run later, in
 * another process, still knows what the console did where the driver reports no publications.
 * NodeStageVolume and NodePublishVolume name no node in their request, so their placements are known
 * only to the session that made them (the GUI's call trace), not here.
 */
public final class ConsoleCalls {
    static final String PUBLISH = "csi.v1.Controller/ControllerPublishVolume";
    static final String UNPUBLISH = "csi.v1.Controller/ControllerUnpublishVolume";

    private ConsoleCalls() {
    }

    /**
     * The placements this console's calls on {@code volumeId} through {@code endpoint} left.
     *
     * @param records audit records in any order (those of other calls, volumes or endpoints are skipped)
     * @param endpoint the controller endpoint's text as audited, e.g. {@code unix:///csi/csi.sock}
     * @return {@link Placement.Kind#PUBLISHED} placements from {@link Placement.Knowledge#CONSOLE}, with the time of
     *     the publish that made each, in node order of first publish
     */
    public static List<Placement> published(List<AuditRecord> records, String volumeId, String endpoint) {
        List<AuditRecord> mine = new ArrayList<>(records.stream()
                .filter(r -> r.outcome() == AuditOutcome.OK && r.endpoint().equals(endpoint)
                        && (r.call().equals(PUBLISH) || r.call().equals(UNPUBLISH))
                        && r.targets().getOrDefault("volume_id", List.of()).contains(volumeId))
                .toList());
        mine.sort(Comparator.comparing(AuditRecord::time));
        Map<String, Placement> byNode = new LinkedHashMap<>();
        for (AuditRecord r : mine) {
            for (String node : r.targets().getOrDefault("node_id", List.of())) {
                if (r.call().equals(PUBLISH)) {
                    byNode.put(node, new Placement(node, Placement.Kind.PUBLISHED, "", Placement.Knowledge.CONSOLE, r.time()));
                } else {
                    byNode.remove(node);
                }
            }
        }
        return List.copyOf(byNode.values());
    }
}
