package org.csiconsole.core.replication;

import java.time.Duration;
import java.util.Objects;

/**
 * The recovery point age of one source at one instant: now − {@code last_sync_time}
 * (csi-addons GetVolumeReplicationInfoResponse), judged against its scheduling interval.
 *
 * @param age now − last_sync_time; null when the last sync is unknown (then {@code level} is UNKNOWN)
 * @param interval the scheduling interval it was judged against (the pair's own, else the default)
 * @param level OK, WARNING, ERROR or UNKNOWN
 */
public record RpoAge(Duration age, Duration interval, RpoLevel level) {
    /** Nothing known. */
    public static final RpoAge UNKNOWN = new RpoAge(null, null, RpoLevel.UNKNOWN);

    public RpoAge {
        Objects.requireNonNull(level, "level");
    }

    /** E.g. {@code "4 min 10 s"}, {@code "2 h 5 min"}, {@code "unknown"}. */
    public String text() {
        return age == null ? "unknown" : words(age);
    }

    /** A duration in words: {@code "12 s"}, {@code "4 min 10 s"}, {@code "2 h 5 min"}, {@code "3 d 1 h"}. */
    public static String words(Duration d) {
        return org.csiconsole.core.model.Words.duration(d);
    }
}
