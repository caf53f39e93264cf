package org.csiconsole.core.model;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A snapshot group of a volume group (hpe-csp-rest-spec.md, object {@code SnapshotGroup}; OpenAPI
 * 1.1.0 {@code SnapshotGroupConfig} adds the replication fields kept in {@link Replication}).
 *
 * @param id the snapshot group {@code id}; never empty
 * @param name the snapshot group name
 * @param volumeGroupId the volume group it was cut from
 * @param volumeGroupName that volume group's name, empty when not reported
 * @param creationTime when it was cut; null when not reported
 * @param snapshots member snapshots; never null
 * @param replication replication state from {@code config}; {@link Replication#NONE} when not reported
 * @param config the {@code config} map, values rendered as text; never null
 */
public record SnapshotGroup(
        String id,
        String name,
        String volumeGroupId,
        String volumeGroupName,
        Instant creationTime,
        List<Snapshot> snapshots,
        Replication replication,
        Map<String, String> config) {

    public SnapshotGroup {
        Objects.requireNonNull(id, "id");
        name = name == null ? "" : name;
        volumeGroupId = volumeGroupId == null ? "" : volumeGroupId;
        volumeGroupName = volumeGroupName == null ? "" : volumeGroupName;
        snapshots = snapshots == null ? List.of() : List.copyOf(snapshots);
        replication = replication == null ? Replication.NONE : replication;
        config = config == null ? Map.of() : Map.copyOf(config);
    }

    /** The same group as a protocol-neutral {@link GroupSnapshot} (ready when every member is ready). */
    public GroupSnapshot toGroupSnapshot() {
        boolean ready = !snapshots.isEmpty() && snapshots.stream().allMatch(Snapshot::readyToUse);
        return new GroupSnapshot(id, name, snapshots, creationTime, ready, Origin.CSP);
    }

    /** {@code repl_status} values of OpenAPI 1.1.0 {@code SnapshotGroupConfig}. */
    public enum ReplStatus {
        FAIL, IN_PROGRESS, PENDING, COMPLETE, UNKNOWN;

        /** Parses a wire value ({@code in_progress}); anything else is {@link #UNKNOWN}. */
        public static ReplStatus fromWire(String text) {
            if (text == null || text.isBlank()) return UNKNOWN;
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                return UNKNOWN;
            }
        }
    }

    /**
     * Replication of a snapshot group to a partner.
     *
     * @param replicate {@code config.replicate}
     * @param complete {@code config.is_complete}
     * @param status {@code config.repl_status}
     * @param startTime {@code config.repl_start_time} (seconds since the epoch on the wire); null when absent
     * @param completeTime {@code config.repl_complete_time}; null when absent
     */
    public record Replication(boolean replicate, boolean complete, ReplStatus status, Instant startTime,
                              Instant completeTime) {
        public static final Replication NONE = new Replication(false, false, ReplStatus.UNKNOWN, null, null);

        public Replication {
            status = status == null ? ReplStatus.UNKNOWN : status;
        }
    }
}
