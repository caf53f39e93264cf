package org.csiconsole.core.replication;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link ReplicationSampler} samples.
 *
 * @param interval time between the starts of two rounds while the view is shown (default 30 s)
 * @param hiddenInterval the same while the view is hidden (default 5 min; sampling continues for history)
 * @param maxInFlight most replication calls in flight at once per site (default 8)
 * @param staleAfter a sample older than this is stale (default 2 × {@code interval})
 * @param thresholds when an RPO age is a warning or an error
 * @param destinations whether to ask GetReplicationDestinationInfo (once per source; it rarely changes)
 */
public record SamplerSettings(Duration interval, Duration hiddenInterval, int maxInFlight, Duration staleAfter,
                              RpoThresholds thresholds, boolean destinations) {
    public static final SamplerSettings DEFAULT = new SamplerSettings(Duration.ofSeconds(30), Duration.ofMinutes(5), 8,
            Duration.ofSeconds(60), RpoThresholds.DEFAULT, true);

    public SamplerSettings {
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(hiddenInterval, "hiddenInterval");
        Objects.requireNonNull(staleAfter, "staleAfter");
        Objects.requireNonNull(thresholds, "thresholds");
        if (interval.isZero() || interval.isNegative()) throw new IllegalArgumentException("interval must be positive");
        if (hiddenInterval.compareTo(interval) < 0) throw new IllegalArgumentException("hiddenInterval must not be shorter than interval");
        if (maxInFlight < 1) throw new IllegalArgumentException("maxInFlight must be at least 1, was " + maxInFlight);
    }

    /** These settings with another shown interval; stale after twice it; the hidden interval at least as long. */
    public SamplerSettings withInterval(Duration shown) {
        Duration hidden = hiddenInterval.compareTo(shown) < 0 ? shown : hiddenInterval;
        return new SamplerSettings(shown, hidden, maxInFlight, shown.multipliedBy(2), thresholds, destinations);
    }

    public SamplerSettings withMaxInFlight(int n) {
        return new SamplerSettings(interval, hiddenInterval, n, staleAfter, thresholds, destinations);
    }

    public SamplerSettings withThresholds(RpoThresholds t) {
        return new SamplerSettings(interval, hiddenInterval, maxInFlight, staleAfter, t, destinations);
    }

    public SamplerSettings withHiddenInterval(Duration hidden) {
        return new SamplerSettings(interval, hidden, maxInFlight, staleAfter, thresholds, destinations);
    }
}
