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
 * NodeStageVolume and NodePublishVolume name no node in their request: they are known here by the node
 * socket they went through ({@link #onNode}).
 */
public final class ConsoleCalls {
    static final String PUBLISH = "csi.v1.Controller/ControllerPublishVolume";
    static final String UNPUBLISH = "csi.v1.Controller/ControllerUnpublishVolume";
    static final String STAGE = "csi.v1.Node/NodeStageVolume";
    static final String UNSTAGE = "csi.v1.Node/NodeUnstageVolume";
    static final String NODE_PUBLISH = "csi.v1.Node/NodePublishVolume";
    static final String NODE_UNPUBLISH = "csi.v1.Node/NodeUnpublishVolume";

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

    /**
     * The stagings and node publications this console's calls on {@code volumeId} through the node socket
     * {@code nodeEndpoint} left: each successful NodeStageVolume not followed by a successful
     * NodeUnstageVolume of the same {@code staging_target_path}, and each NodePublishVolume not followed by a
     * NodeUnpublishVolume of the same {@code target_path} (CSI spec, "Volume Lifecycle").
     *
     * @param records audit records in any order (those of other calls, volumes or endpoints are skipped)
     * @param nodeEndpoint the node socket's endpoint text as audited, e.g. {@code unix:///csi/csi.sock}
     * @param nodeId the node_id that socket serves (NodeGetInfo), named in the placements
     * @return {@link Placement.Kind#STAGED} and {@link Placement.Kind#NODE_PUBLISHED} placements from
     *     {@link Placement.Knowledge#CONSOLE} with their path and time, in the order they were made
     */
    public static List<Placement> onNode(List<AuditRecord> records, String volumeId, String nodeEndpoint, String nodeId) {
        List<AuditRecord> mine = new ArrayList<>(records.stream()
                .filter(r -> r.outcome() == AuditOutcome.OK && r.endpoint().equals(nodeEndpoint)
                        && List.of(STAGE, UNSTAGE, NODE_PUBLISH, NODE_UNPUBLISH).contains(r.call())
                        && r.targets().getOrDefault("volume_id", List.of()).contains(volumeId))
                .toList());
        mine.sort(Comparator.comparing(AuditRecord::time));
        Map<String, Placement> live = new LinkedHashMap<>();
        for (AuditRecord r : mine) {
            String staging = first(r, "staging_target_path");
            String target = first(r, "target_path");
            switch (r.call()) {
                case STAGE -> live.put("s|" + staging, new Placement(nodeId, Placement.Kind.STAGED, staging, Placement.Knowledge.CONSOLE, r.time()));
                case UNSTAGE -> live.remove("s|" + staging);
                case NODE_PUBLISH -> live.put("t|" + target, new Placement(nodeId, Placement.Kind.NODE_PUBLISHED, target, Placement.Knowledge.CONSOLE, r.time()));
                default -> live.remove("t|" + target);
            }
        }
        return List.copyOf(live.values());
    }

    private static String first(AuditRecord r, String field) {
        List<String> values = r.targets().getOrDefault(field, List.of());
        return values.isEmpty() ? "" : values.get(0);
    }
}
