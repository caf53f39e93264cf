package org.csiconsole.views.replication;

import org.csiconsole.core.replication.ReplicationSample;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When the latest round read each row's figures. The table keeps a row whose figures a round read
 * unchanged, with its first sample ({@link ReplicationRow#equals}); how old such a row's figures
 * are is told from here, not from the kept sample's {@code readAt}.
 */
final class ConfirmedReads {
    static final ConfirmedReads NONE = new ConfirmedReads(Map.of());

    /** Read time by {@link ReplicationRow#key}, for rows whose latest read succeeded. */
    private final Map<String, Instant> byKey;

    private ConfirmedReads(Map<String, Instant> byKey) {
        this.byKey = byKey;
    }

    /** The read times of a round's rows (any thread; 20,000 rows take a few milliseconds). */
    static ConfirmedReads of(List<ReplicationRow> rows) {
        Map<String, Instant> m = new HashMap<>(rows.size() * 4 / 3 + 1);
        for (ReplicationRow r : rows) {
            if (r.sample().lastError() == null && r.sample().readAt() != null) m.put(r.key(), r.sample().readAt());
        }
        return new ConfirmedReads(m);
    }

    /**
     * When the figures {@code sample} shows for {@code site} were last read: the latest round's read
     * of the same volume or group when later than the sample's own {@code readAt}, else that; for a
     * sample whose latest read failed, its last successful read. Null when never read.
     */
    Instant readAt(SiteChoice site, ReplicationSample sample) {
        Instant own = sample.readAt();
        if (sample.lastError() != null || own == null) return own;
        Instant latest = byKey.get(ReplicationRow.key(site, sample.source()));
        return latest != null && latest.isAfter(own) ? latest : own;
    }
}
