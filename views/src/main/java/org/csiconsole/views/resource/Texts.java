package org.csiconsole.views.resource;

import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.model.VolumeSource;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** How storage values read in tables and detail panes. Pure functions, no controls. */
public final class Texts {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private Texts() {
    }

    /** Human size in binary units, e.g. {@code 10 GiB}; empty for 0 (unknown). */
    public static String size(long bytes) {
        return bytes <= 0 ? "" : ByteSize.format(bytes);
    }

    /**
     * A size a driver answered with, e.g. {@code 10 GiB}; {@code size not reported} for 0, the CSI
     * spec's value when the plugin does not say (csi.proto {@code Volume.capacity_bytes}).
     */
    public static String reportedSize(long bytes) {
        return bytes <= 0 ? "size not reported" : ByteSize.format(bytes);
    }

    /** Exact bytes with grouping, e.g. {@code 10,737,418,240 bytes}. */
    public static String exactBytes(long bytes) {
        return ByteSize.grouped(bytes) + (bytes == 1 ? " byte" : " bytes");
    }

    /**
     * A size where 0 is a value, not "unknown" (GetCapacity's available_capacity, minimum and maximum
     * volume size), e.g. {@code 0 B}, {@code 1.5 GiB}; negative counts as 0.
     */
    public static String knownSize(long bytes) {
        return ByteSize.format(Math.max(0, bytes));
    }

    /** {@link #knownSize} followed by the exact bytes, for detail panes. */
    public static String knownSizeWithBytes(long bytes) {
        long b = Math.max(0, bytes);
        return knownSize(b) + " (" + exactBytes(b) + ")";
    }

    /**
     * Tooltip of a volume or snapshot size cell: the exact bytes, or, for 0, why the cell is blank
     * (csi.proto Volume.capacity_bytes, Snapshot.size_bytes: 0 = unknown).
     */
    public static String sizeTip(long bytes) {
        return bytes <= 0 ? "Size unknown: the driver reports 0, the CSI spec's value for an unknown size" : exactBytes(bytes);
    }

    /** Size followed by the exact bytes, for detail panes. */
    public static String sizeWithBytes(long bytes) {
        return bytes <= 0 ? "unknown" : size(bytes) + " (" + exactBytes(bytes) + ")";
    }

    /** Access type, or an em dash when the protocol did not report it (CSI ListVolumes carries no capability). */
    public static String accessType(Volume v) {
        if (v.capabilities().isEmpty()) return "\u2014";
        return v.capabilities().stream().map(c -> switch (c.accessType()) {
            case BLOCK -> "Block";
            case MOUNT -> c.fsType().isEmpty() ? "Mount" : "Mount (" + c.fsType() + ")";
            case UNKNOWN -> "";
        }).filter(s -> !s.isEmpty()).distinct().collect(Collectors.joining(", "));
    }

    /** Access modes, or an em dash when not reported. */
    public static String accessModes(Volume v) {
        if (v.capabilities().isEmpty()) return "\u2014";
        return v.capabilities().stream().map(VolumeCapability::accessMode).distinct()
                .map(Texts::enumWords).collect(Collectors.joining(", "));
    }

    /**
     * Why a volume's access type and mode are unknown, or null when they are known: CSI ListVolumes
     * and ControllerGetVolume carry no volume capability (csi.proto, {@code Volume}), so only
     * volumes created from this console know theirs.
     */
    public static String accessNotReported(Volume v) {
        return v.capabilities().isEmpty()
                ? "Not reported: the CSI volume listing carries no access type or mode. "
                        + "Volumes created from this console show theirs."
                : null;
    }

    public static String published(Volume v) {
        if (!v.publishedNodeIds().isEmpty()) return String.join(", ", v.publishedNodeIds());
        return v.published() ? "yes" : "";
    }

    /**
     * A volume's condition as the driver reported it: {@code Abnormal: message} when reported
     * abnormal; {@code Normal} only when {@code reported} (the plugin advertises VOLUME_CONDITION,
     * csi.proto {@code ControllerServiceCapability}, and the record came through CSI); otherwise
     * {@link #NOT_REPORTED}, since a volume without a reported condition is not known to be normal.
     */
    public static String condition(Volume v, boolean reported) {
        if (v.condition().abnormal()) return "Abnormal" + (v.condition().message().isEmpty() ? "" : ": " + v.condition().message());
        return reported ? "Normal" : NOT_REPORTED;
    }

    /** Whether {@code features} report volume conditions for {@code v}: VOLUME_CONDITION advertised, a CSI record. */
    public static boolean conditionReported(Volume v, org.csiconsole.core.port.Features features) {
        return v.origin() != Origin.CSP && features.csi().has(org.csiconsole.core.model.ControllerCapability.VOLUME_CONDITION);
    }

    /** What a detail pane says for a value the driver does not report. */
    public static final String NOT_REPORTED = "not reported";

    public static String replication(VolumeReplication r) {
        if (!r.replicated()) return "";
        String role = r.role() == VolumeReplicationRole.UNKNOWN ? "Role unknown" : enumWords(r.role());
        String health = r.health() == ReplicationHealth.UNKNOWN ? "health unknown" : enumWords(r.health()).toLowerCase(Locale.ROOT);
        return role + " \u00b7 " + health;
    }

    public static String source(VolumeSource s) {
        return source(s, "");
    }

    /**
     * A content source in words with the source's name beside its id when known: {@code "Snapshot
     * nightly-1 (snap-0001)"}, {@code "Clone of db (vol-0002)"}; empty for none.
     *
     * @param name the source's create name; empty when not known (then the id alone)
     */
    public static String source(VolumeSource s, String name) {
        String what = named(s.id(), name);
        return switch (s.kind()) {
            case NONE -> "";
            case SNAPSHOT -> "Snapshot " + what;
            case VOLUME -> "Clone of " + what;
        };
    }

    /**
     * An id with its name beside it when known: {@code "erp-db (vol-0002)"}; the id alone when the name is
     * empty, null or the id itself.
     */
    public static String named(String id, String name) {
        return org.csiconsole.core.model.VolumeNames.label(id, name);
    }

    public static String origin(Origin o) {
        return switch (o) {
            case CSI -> "CSI";
            case CSP -> "CSP";
            case BOTH -> "CSI + CSP";
        };
    }

    public static String time(Instant t) {
        return t == null ? "" : TIME.format(t.atZone(ZoneId.systemDefault()));
    }

    /** {@code key=value} lines, sorted by key; empty for an empty map. */
    public static String keyValues(Map<String, String> m) {
        return new TreeMap<>(m).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\n"));
    }

    public static String topologies(List<Topology> t) {
        return t.stream().map(Topology::toString).collect(Collectors.joining("\n"));
    }

    public static String lines(Collection<String> items) {
        return String.join("\n", items);
    }

    /** {@code SINGLE_NODE_WRITER} → {@code Single node writer}. */
    public static String enumWords(Enum<?> e) {
        String s = e.name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    public static String yesNo(boolean b) {
        return b ? "Yes" : "No";
    }
}
