package org.csiconsole.core.record;

import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeSource;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One volume, snapshot or group of the console's record on one connection.
 *
 * @param kind what it is
 * @param id its {@code volume_id}, {@code snapshot_id} or group id; never empty
 * @param name the name it was created under (CreateVolume {@code name}), or the Kubernetes object's
 *     name for an import; empty when unknown
 * @param source where its content came from: a volume's snapshot or clone source, a snapshot's source
 *     volume ({@link VolumeSource.Kind#VOLUME}); {@link VolumeSource#NONE} when none or unknown
 * @param origin where the row came from
 * @param capacityBytes the size asked for or reported, in bytes; 0 when unknown
 * @param details what else is known, for display, key to value in insertion order: for a PV import
 *     {@code pv}, {@code claim} ({@code namespace/name}), {@code storage_class}, {@code access_modes},
 *     {@code secret.<kind>} (a secret's {@code namespace/name}, never its content),
 *     {@code attribute.<key>} (volumeAttributes); never a secret value
 * @param firstSeen when the console first recorded it
 * @param goneSince when the driver first answered that it does not know it (NOT_FOUND); null while it
 *     does or it was not asked
 * @param checkedAt when the driver last answered about it; null when never asked
 */
public record RecordedItem(RecordKind kind, String id, String name, VolumeSource source, RecordOrigin origin, long capacityBytes,
                           Map<String, String> details, Instant firstSeen, Instant goneSince, Instant checkedAt) {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    public RecordedItem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(id, "id");
        if (id.isBlank()) throw new IllegalArgumentException("a recorded " + kind.word() + " needs an id");
        name = name == null ? "" : name;
        source = source == null ? VolumeSource.NONE : source;
        Objects.requireNonNull(origin, "origin");
        capacityBytes = Math.max(0, capacityBytes);
        details = details == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
        Objects.requireNonNull(firstSeen, "firstSeen");
    }

    /** A new row with nothing checked yet. */
    public static RecordedItem of(RecordKind kind, String id, String name, VolumeSource source, RecordOrigin origin,
                                  long capacityBytes, Map<String, String> details, Instant at) {
        return new RecordedItem(kind, id, name, source, origin, capacityBytes, details, at, null, null);
    }

    /**
     * The id a create whose outcome is unknown is recorded under: the driver gave none, so the requested name stands in,
     * {@code "outcome-unknown:walk-vol-1"}; a later successful create of the same name replaces the row.
     */
    public static String unknownOutcomeId(String name) {
        return "outcome-unknown:" + name;
    }

    /** True when the driver answered that it no longer knows this id. */
    public boolean gone() {
        return goneSince != null;
    }

    /** The name when known, else the id. */
    public String displayName() {
        return name.isEmpty() ? id : name;
    }

    /**
     * This row with what {@code later} adds: a name, source, size or details it did not have. The
     * first origin stays, except that a create of this console outranks an import or a use. Gone and
     * checked marks stay (a new import does not say the driver knows it again).
     */
    public RecordedItem merge(RecordedItem later) {
        if (later == null || !later.id.equals(id) || later.kind != kind) return this;
        Map<String, String> d = new LinkedHashMap<>(details);
        later.details.forEach(d::putIfAbsent);
        RecordOrigin o = later.origin == RecordOrigin.CREATED ? RecordOrigin.CREATED : origin;
        return new RecordedItem(kind, id, name.isEmpty() ? later.name : name,
                source.kind() == VolumeSource.Kind.NONE ? later.source : source, o,
                capacityBytes == 0 ? later.capacityBytes : capacityBytes, d,
                firstSeen.isBefore(later.firstSeen) ? firstSeen : later.firstSeen, goneSince, checkedAt);
    }

    /** This row with {@code bytes} as its size (the console's own expand succeeded). */
    public RecordedItem resized(long bytes) {
        return new RecordedItem(kind, id, name, source, origin, bytes, details, firstSeen, goneSince, checkedAt);
    }

    /** This row as the driver answered at {@code at}: known ({@code gone} false, the gone mark cleared) or not. */
    public RecordedItem checked(boolean gone, Instant at) {
        return new RecordedItem(kind, id, name, source, origin, capacityBytes, details, firstSeen,
                gone ? (goneSince != null ? goneSince : at) : null, at);
    }

    /**
     * Why the row is shown, in words: {@code "created by this console at 2026-12-06 14:05"}, and when the
     * driver no longer knows it, {@code "gone at the driver since 2026-12-06 15:10"} after it.
     */
    public String note(ZoneId zone) {
        String s = origin.words() + " at " + WHEN.format(firstSeen.atZone(zone));
        return gone() ? s + "; gone at the driver since " + WHEN.format(goneSince.atZone(zone)) : s;
    }

    /** {@code v} (this row's volume as the driver reports it) with this row's name and source where the driver reports none. */
    public Volume named(Volume v) {
        boolean noName = v.name().isEmpty() && !name.isEmpty();
        boolean noSource = v.source().kind() == VolumeSource.Kind.NONE && source.kind() != VolumeSource.Kind.NONE;
        if (!noName && !noSource) return v;
        return new Volume(v.volumeId(), noName ? name : v.name(), v.capacityBytes(), noSource ? source : v.source(), v.capabilities(),
                v.parameters(), v.volumeContext(), v.accessibleTopology(), v.publishedNodeIds(), v.condition(), v.groupId(), v.origin(),
                v.properties(), v.replication());
    }

    /** {@code s} with this row's name where the driver reports none. */
    public Snapshot named(Snapshot s) {
        if (!s.name().isEmpty() || name.isEmpty()) return s;
        return new Snapshot(s.snapshotId(), name, s.sourceVolumeId(), s.sizeBytes(), s.creationTime(), s.readyToUse(), s.groupSnapshotId(),
                s.origin(), s.properties());
    }

    /** The property that marks a row made from the record ({@link #volume()}, {@link #snapshot()}): its origin in words. */
    public static final String ORIGIN_PROPERTY = "origin";

    /**
     * The property of a volume that names the nodes this console's own ControllerPublishVolume left it published to and
     * the driver does not report, comma-separated ({@link ConsoleBook#withPublications}).
     */
    public static final String PUBLISHED_BY_CONSOLE = "published_by_console";

    /** True when {@code v} is a row made from the record ({@link #volume()}), not the driver's report. */
    public static boolean fromRecord(Volume v) {
        return v.properties().containsKey(ORIGIN_PROPERTY);
    }

    /** As a CSI volume for a table: id, name, size, source, and the details (with {@code origin}) as properties. */
    public Volume volume() {
        Map<String, String> p = new LinkedHashMap<>(details);
        p.put(ORIGIN_PROPERTY, origin.words());
        if (gone()) p.put("gone_since", goneSince.toString());
        return new Volume(id, name, capacityBytes, source, null, null, null, null, null, null, null, Origin.CSI, p);
    }

    /** The detail of a snapshot row: {@code ready_to_use} as CreateSnapshot returned it, {@code "true"} or {@code "false"}. */
    public static final String READY_TO_USE = "ready_to_use";
    /** The detail of a snapshot row: {@code creation_time} as CreateSnapshot returned it, ISO-8601 (UTC). */
    public static final String CREATION_TIME = "creation_time";
    /**
     * The detail of a snapshot row whose source volume this console deleted (DeleteVolume succeeded): when, ISO-8601 (UTC).
     * The snapshot is then the last copy of that volume's data, as far as the record knows.
     */
    public static final String SOURCE_DELETED = "source_deleted";
    /** The detail of a snapshot row whose source volume this console deleted: the name that volume was created under. */
    public static final String SOURCE_NAME = "source_name";

    /**
     * The row of snapshot {@code s} as CreateSnapshot returned it to this console at {@code at}: its name, source volume and
     * size, and its {@code ready_to_use} and {@code creation_time} as details ({@link #READY_TO_USE}, {@link #CREATION_TIME}),
     * so a driver that cannot list snapshots (no LIST_SNAPSHOTS) still shows it as it was returned.
     */
    public static RecordedItem created(Snapshot s, Instant at) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(READY_TO_USE, Boolean.toString(s.readyToUse()));
        if (s.creationTime() != null) d.put(CREATION_TIME, s.creationTime().toString());
        return of(RecordKind.SNAPSHOT, s.snapshotId(), s.name(),
                s.sourceVolumeId().isEmpty() ? VolumeSource.NONE : VolumeSource.volume(s.sourceVolumeId()), RecordOrigin.CREATED,
                s.sizeBytes(), d, at);
    }

    /** True when this snapshot row's source volume was deleted by this console ({@link #SOURCE_DELETED}). */
    public boolean sourceDeleted() {
        return details.containsKey(SOURCE_DELETED);
    }

    /**
     * As a CSI snapshot for a table: id, name, source volume, size, and, as CreateSnapshot returned them, its readiness and
     * creation time (not ready and unknown when the record holds none); the other details (with {@code origin}) as properties.
     */
    public Snapshot snapshot() {
        Map<String, String> p = new LinkedHashMap<>(details);
        p.remove(READY_TO_USE);
        p.remove(CREATION_TIME);
        p.put(ORIGIN_PROPERTY, origin.words());
        if (gone()) p.put("gone_since", goneSince.toString());
        Instant created = details.containsKey(CREATION_TIME) ? Instant.parse(details.get(CREATION_TIME)) : null;
        return new Snapshot(id, name, source.id(), capacityBytes, created, Boolean.parseBoolean(details.get(READY_TO_USE)), "", Origin.CSI, p);
    }
}
