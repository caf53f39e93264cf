package org.csiconsole.app.cli;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditLog;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.risk.ConsoleCalls;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.risk.TargetFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code delete-volume}, {@code unpublish}, {@code unstage} and {@code node-expand} read of a volume before core assesses them (reads
 * only, traced, not audited): ControllerGetVolume when the driver advertises GET_VOLUME, else its
 * listing (ListVolumes) when it lists volumes; {@code published_node_ids} count as the driver's report
 * when it advertises LIST_VOLUMES_PUBLISHED_NODES; and this console's own ControllerPublishVolume calls
 * from the audit log ({@link ConsoleCalls}), for drivers that report no publications.
 */
final class VolumeFacts {
    private VolumeFacts() {
    }

    /**
     * @param log the audit log to read this console's own calls from; null when none is kept
     */
    static TargetFacts read(CsiClient client, String volumeId, AuditLog log) throws Exception {
        CapabilitySet caps = client.capabilities().get();
        Optional<Volume> v = VolumeMutations.read(client, volumeId);
        if (v.isEmpty() && caps.has(ControllerCapability.LIST_VOLUMES)) v = listed(client, volumeId);
        List<Placement> mine = List.of();
        if (log != null) {
            mine = ConsoleCalls.published(records(log, volumeId), volumeId, client.endpoint().text());
        }
        return TargetFacts.ofVolume(v.orElse(Volume.csi(volumeId, 0)), caps.has(ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES), mine);
    }

    /**
     * As {@link #read}, with the stagings and node publications this console's own calls through the client's
     * node socket left on {@code nodeId} ({@link ConsoleCalls#onNode}) added to its placements.
     */
    static TargetFacts readOnNode(CsiClient client, String volumeId, AuditLog log, String nodeId) throws Exception {
        TargetFacts f = read(client, volumeId, log);
        if (log == null) return f;
        List<Placement> all = new ArrayList<>(f.placements());
        all.addAll(ConsoleCalls.onNode(records(log, volumeId), volumeId, client.nodeEndpoint().orElse(client.endpoint()).text(), nodeId));
        return f.withPlacements(all, f.driverReportsPlacements());
    }

    private static List<org.csiconsole.core.audit.AuditRecord> records(AuditLog log, String volumeId) {
        return log.find(new AuditQuery(null, null, null, volumeId, null, 0, AuditQuery.ALL)).stream().map(AuditEntry::record).toList();
    }

    private static Optional<Volume> listed(CsiClient client, String volumeId) throws Exception {
        List<Volume> found = new ArrayList<>();
        client.controller().listVolumes(0, page -> page.stream().filter(x -> x.volumeId().equals(volumeId)).forEach(found::add)).get();
        return found.stream().findFirst();
    }
}
