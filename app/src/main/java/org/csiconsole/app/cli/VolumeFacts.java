package org.csiconsole.app.cli;

import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.risk.TargetFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code delete-volume}, {@code unpublish}, {@code unstage}, {@code node-unpublish}, {@code node-expand} and {@code modify-volume}
 * read of a volume before core assesses them (reads only, traced, not audited): ControllerGetVolume when the driver advertises GET_VOLUME, else its
 * listing (ListVolumes) when it lists volumes; {@code published_node_ids} count as the driver's report
 * as {@link TargetFacts#driverReportsPlacements} decides for the call that read them; and the placements this console's own calls made, from
 * its record ({@link ConsoleBook#consolePlacements}), for drivers that report no publications. The name is
 * the one the record has where the driver reports none.
 */
final class VolumeFacts {
    private VolumeFacts() {
    }

    /**
     * @param records the console's record to read its own calls from; null when none is kept
     */
    static TargetFacts read(CsiClient client, String volumeId, ConsoleRecords records) throws Exception {
        return read(client, volumeId, records, "");
    }

    private static TargetFacts read(CsiClient client, String volumeId, ConsoleRecords records, String nodeId) throws Exception {
        CapabilitySet caps = client.capabilities().get();
        Optional<Volume> v = VolumeMutations.read(client, volumeId);
        TargetFacts.VolumeRead readBy = v.isPresent() ? TargetFacts.VolumeRead.CONTROLLER_GET_VOLUME : TargetFacts.VolumeRead.LIST_VOLUMES;
        if (v.isEmpty() && caps.has(ControllerCapability.LIST_VOLUMES)) v = listed(client, volumeId);
        ConsoleBook book = records == null ? ConsoleBook.inMemory("") : records.book(client.endpoint().text());
        return TargetFacts.ofVolume(book.named(v.orElse(Volume.csi(volumeId, 0))), TargetFacts.driverReportsPlacements(caps, false, readBy),
                book.consolePlacements(volumeId, nodeId)).sized(v.map(Volume::capacityBytes).orElse(0L),
                book.find(org.csiconsole.core.record.RecordKind.VOLUME, volumeId).orElse(null));
    }

    /**
     * As {@link #read}, with the stagings and node publications this console's own calls through the client's
     * node socket left, named {@code nodeId} ({@link ConsoleBook#consolePlacements} of that socket's record),
     * added to its placements.
     */
    static TargetFacts readOnNode(CsiClient client, String volumeId, ConsoleRecords records, String nodeId) throws Exception {
        TargetFacts f = read(client, volumeId, records, nodeId);
        String nodeEndpoint = client.nodeEndpoint().orElse(client.endpoint()).text();
        if (records == null || nodeEndpoint.equals(client.endpoint().text())) return f;
        List<Placement> all = new ArrayList<>(f.placements());
        records.book(nodeEndpoint).consolePlacements(volumeId, nodeId).stream()
                .filter(p -> p.step() != Placement.Kind.PUBLISHED).forEach(all::add);
        return f.withPlacements(all, f.driverReportsPlacements());
    }

    static Optional<Volume> listed(CsiClient client, String volumeId) throws Exception {
        List<Volume> found = new ArrayList<>();
        client.controller().listVolumes(0, page -> page.stream().filter(x -> x.volumeId().equals(volumeId)).forEach(found::add)).get();
        return found.stream().findFirst();
    }

    /**
     * The snapshots of {@code volumeId} ({@code "erp-snap (snap-1)"} each), as ListSnapshots by {@code source_volume_id}
     * reports them, for a delete's assessment; null when the driver does not list snapshots (LIST_SNAPSHOTS), so the
     * console's record speaks instead ({@link TargetFacts#withSnapshots(List, ConsoleBook)}).
     *
     * @throws Exception the listing's failure, as the call policy words it
     */
    static List<String> snapshotsOf(CsiClient client, String volumeId) throws Exception {
        if (!client.capabilities().get().has(ControllerCapability.LIST_SNAPSHOTS)) return null;
        List<String> names = new ArrayList<>();
        client.controller().listSnapshots(volumeId, 0, page -> page.stream().filter(s -> s.sourceVolumeId().equals(volumeId))
                .forEach(s -> names.add(s.name().isEmpty() || s.name().equals(s.snapshotId()) ? s.snapshotId() : s.name() + " (" + s.snapshotId() + ")"))).get();
        return names;
    }
}
