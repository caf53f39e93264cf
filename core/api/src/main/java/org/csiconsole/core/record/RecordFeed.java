package org.csiconsole.core.record;

import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.lifecycle.TraceCalls;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.risk.Placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How one audited call of this console changes its record: the one feed of {@link ConsoleBook}, the same
 * whether the GUI or the command line made the call (both audit every mutating call once, durably, before
 * its result is shown). Only successful calls change it. Reads the call's audit targets and its redacted
 * request text (protobuf text format), so no secret value can reach the record; of a
 * {@code publish_context} only the keys are kept.
 *
 * <ul>
 *   <li>CreateVolume: the volume with its {@code name}, {@code volume_content_source} and
 *       {@code capacity_range.required_bytes}; DeleteVolume removes it and its placements, and marks the recorded
 *       snapshots of it as the last copies of its data ({@link RecordedItem#SOURCE_DELETED}).</li>
 *   <li>CreateSnapshot: the snapshot with its name and {@code source_volume_id}; DeleteSnapshot removes it.</li>
 *   <li>CreateVolumeGroupSnapshot, csi-addons CreateVolumeGroup: the group and its name; their deletes remove it.</li>
 *   <li>ControllerPublishVolume / NodeStageVolume / NodePublishVolume add a placement (node, or staging /
 *       target path, with the {@code publish_context} keys), their reverse calls remove it; any other
 *       call naming a {@code volume_id} (modify, replication) records the volume as used.</li>
 *   <li>ControllerExpandVolume: the volume's recorded size becomes {@code capacity_range.required_bytes}.</li>
 * </ul>
 * A CreateVolume or CreateSnapshot whose outcome is unknown ({@link AuditOutcome#UNKNOWN}: its answer was cut off) is
 * recorded under its requested name with origin {@link RecordOrigin#OUTCOME_UNKNOWN}, so that it is not forgotten on a
 * driver that cannot list; the create's later success under that name replaces the row with the real id.
 */
public final class RecordFeed {
    private static final Pattern CONTEXT_KEY = Pattern.compile("publish_context\\s*\\{\\s*key:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern REQUIRED_BYTES = Pattern.compile("required_bytes:\\s*(\\d+)");

    private RecordFeed() {
    }

    /**
     * Applies {@code r} to the book of its endpoint in {@code records}; a failed or cancelled call changes nothing, a
     * create whose outcome is unknown is kept under its name.
     */
    public static void apply(AuditRecord r, ConsoleRecords records) {
        if (!"grpc".equals(r.protocol())) return;
        if (r.outcome() == AuditOutcome.OK) apply(r, records.book(r.endpoint()));
        else if (r.outcome() == AuditOutcome.UNKNOWN) unknown(r, records.book(r.endpoint()));
    }

    /** Records the requested name of a create whose outcome is unknown. */
    static void unknown(AuditRecord r, ConsoleBook book) {
        String call = r.call().substring(r.call().lastIndexOf('/') + 1);
        String name = first(r, "name");
        if (name.isEmpty()) return;
        Map<String, String> details = Map.of("outcome", "the request was sent and its answer was cut off (" + r.code() + ")",
                "re-check", "run the same " + call + " again with this name: it is idempotent by name");
        if (call.equals("CreateVolume")) {
            Matcher m = REQUIRED_BYTES.matcher(r.parameters());
            book.record(RecordedItem.of(RecordKind.VOLUME, RecordedItem.unknownOutcomeId(name), name, source(r.parameters()),
                    RecordOrigin.OUTCOME_UNKNOWN, m.find() ? Long.parseLong(m.group(1)) : 0, details, r.time()));
        } else if (call.equals("CreateSnapshot")) {
            String source = TraceCalls.field(r.parameters(), "source_volume_id");
            book.record(RecordedItem.of(RecordKind.SNAPSHOT, RecordedItem.unknownOutcomeId(name), name,
                    source.isEmpty() ? VolumeSource.NONE : VolumeSource.volume(source), RecordOrigin.OUTCOME_UNKNOWN, 0, details, r.time()));
        }
    }

    /** Applies the successful call {@code r} to {@code book}. */
    static void apply(AuditRecord r, ConsoleBook book) {
        String call = r.call().substring(r.call().lastIndexOf('/') + 1);
        String params = r.parameters();
        List<String> volumeIds = r.targets().getOrDefault("volume_id", List.of());
        String volumeId = volumeIds.isEmpty() ? "" : volumeIds.get(0);
        switch (call) {
            case "CreateVolume" -> {
                VolumeSource source = source(params);
                String created = volumeIds.stream().filter(id -> !id.equals(source.id())).reduce((a, b) -> b).orElse("");
                if (created.isEmpty()) return;
                book.forget(RecordKind.VOLUME, RecordedItem.unknownOutcomeId(first(r, "name")));
                Matcher m = REQUIRED_BYTES.matcher(params);
                book.record(RecordedItem.of(RecordKind.VOLUME, created, first(r, "name"), source, RecordOrigin.CREATED,
                        m.find() ? Long.parseLong(m.group(1)) : 0, Map.of(), r.time()));
            }
            case "DeleteVolume" -> book.deleted(RecordKind.VOLUME, volumeId, r.time());
            case "CreateSnapshot" -> {
                String source = TraceCalls.field(params, "source_volume_id");
                String created = first(r, "snapshot_id");
                if (!created.isEmpty()) {
                    book.forget(RecordKind.SNAPSHOT, RecordedItem.unknownOutcomeId(first(r, "name")));
                    book.record(RecordedItem.of(RecordKind.SNAPSHOT, created, first(r, "name"),
                            source.isEmpty() ? VolumeSource.NONE : VolumeSource.volume(source), RecordOrigin.CREATED, 0, Map.of(), r.time()));
                }
            }
            case "DeleteSnapshot" -> {
                String id = first(r, "snapshot_id");
                if (!id.isEmpty()) book.forget(RecordKind.SNAPSHOT, id);
            }
            case "CreateVolumeGroupSnapshot", "CreateVolumeGroup" -> {
                String id = first(r, call.equals("CreateVolumeGroup") ? "volume_group_id" : "group_snapshot_id");
                if (!id.isEmpty()) {
                    book.record(RecordedItem.of(RecordKind.GROUP, id, first(r, "name"), VolumeSource.NONE, RecordOrigin.CREATED, 0,
                            Map.of("volume_ids", String.join(",", r.targets().getOrDefault("source_volume_ids", volumeIds))), r.time()));
                }
            }
            case "DeleteVolumeGroupSnapshot", "DeleteVolumeGroup" -> {
                String id = first(r, call.equals("DeleteVolumeGroup") ? "volume_group_id" : "group_snapshot_id");
                if (!id.isEmpty()) book.forget(RecordKind.GROUP, id);
            }
            case "ControllerPublishVolume" -> placed(book, r, volumeId, Placement.Kind.PUBLISHED, first(r, "node_id"), "");
            case "ControllerUnpublishVolume" -> book.unplaced(volumeId, Placement.Kind.PUBLISHED, first(r, "node_id"));
            case "NodeStageVolume" -> placed(book, r, volumeId, Placement.Kind.STAGED, "", first(r, "staging_target_path"));
            case "NodeUnstageVolume" -> book.unplaced(volumeId, Placement.Kind.STAGED, first(r, "staging_target_path"));
            case "NodePublishVolume" -> placed(book, r, volumeId, Placement.Kind.NODE_PUBLISHED, "", first(r, "target_path"));
            case "NodeUnpublishVolume" -> book.unplaced(volumeId, Placement.Kind.NODE_PUBLISHED, first(r, "target_path"));
            case "ControllerExpandVolume" -> {
                if (volumeId.isEmpty()) return;
                touched(book, r, volumeId);
                // the size asked for and granted: the record's earlier figure is no longer the volume's
                Matcher m = REQUIRED_BYTES.matcher(params);
                if (m.find()) book.resized(volumeId, Long.parseLong(m.group(1)));
            }
            default -> {
                if (!volumeId.isEmpty()) touched(book, r, volumeId);
            }
        }
    }

    private static void placed(ConsoleBook book, AuditRecord r, String volumeId, Placement.Kind step, String nodeId, String path) {
        if (volumeId.isEmpty()) return;
        touched(book, r, volumeId);
        List<String> keys = new ArrayList<>();
        Matcher m = CONTEXT_KEY.matcher(r.parameters());
        while (m.find()) keys.add(m.group(1));
        book.placed(new RecordedPlacement(volumeId, step, nodeId, path, keys, r.time()));
    }

    private static void touched(ConsoleBook book, AuditRecord r, String volumeId) {
        if (book.find(RecordKind.VOLUME, volumeId).isPresent()) return;
        book.record(RecordedItem.of(RecordKind.VOLUME, volumeId, "", VolumeSource.NONE, RecordOrigin.TOUCHED, 0, Map.of(), r.time()));
    }

    private static String first(AuditRecord r, String field) {
        List<String> v = r.targets().getOrDefault(field, List.of());
        return v.isEmpty() ? "" : v.get(0);
    }

    /** The {@code volume_content_source} of a CreateVolume request text. */
    private static VolumeSource source(String params) {
        int at = params.indexOf("volume_content_source");
        if (at < 0) return VolumeSource.NONE;
        String rest = params.substring(at);
        String snapshot = TraceCalls.field(rest, "snapshot_id");
        if (!snapshot.isEmpty()) return VolumeSource.snapshot(snapshot);
        String volume = TraceCalls.field(rest, "volume_id");
        return volume.isEmpty() ? VolumeSource.NONE : VolumeSource.volume(volume);
    }
}
