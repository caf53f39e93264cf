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
 * What {@code delete-volume} and {@code unpublish} read of a volume before core assesses them (reads
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
            List<AuditEntry> entries = log.find(new AuditQuery(null, null, null, volumeId, null, 0, AuditQuery.ALL));
            mine = ConsoleCalls.published(entries.stream().map(AuditEntry::record).toList(), volumeId, client.endpoint().text());
        }
        return TargetFacts.ofVolume(v.orElse(Volume.csi(volumeId, 0)), caps.has(ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES), mine);
    }

    private static Optional<Volume> listed(CsiClient client, String volumeId) throws Exception {
        List<Volume> found = new ArrayList<>();
        client.controller().listVolumes(0, page -> page.stream().filter(x -> x.volumeId().equals(volumeId)).forEach(found::add)).get();
        return found.stream().findFirst();
    }
}
