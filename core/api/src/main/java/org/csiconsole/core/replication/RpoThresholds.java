package org.csiconsole.core.replication;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * When an RPO age is a warning or an error: past {@code warningFactor} (default 1.5) or
 * {@code errorFactor} (default 3) times the scheduling interval. A source whose interval is not
 * known (the driver reports none) is judged against {@code defaultInterval} (default 5 min, the
 * usual VolumeReplicationClass {@code schedulingInterval}).
 *
 * @param warningFactor > 0
 * @param errorFactor ≥ warningFactor
 * @param defaultInterval positive
 */
public record RpoThresholds(double warningFactor, double errorFactor, Duration defaultInterval) {
    public static final RpoThresholds DEFAULT = new RpoThresholds(1.5, 3.0, Duration.ofMinutes(5));

    public RpoThresholds {
        Objects.requireNonNull(defaultInterval, "defaultInterval");
        if (!(warningFactor > 0)) throw new IllegalArgumentException("warningFactor must be above 0, was " + warningFactor);
        if (errorFactor < warningFactor) {
            throw new IllegalArgumentException("errorFactor (" + errorFactor + ") must not be below warningFactor (" + warningFactor + ")");
        }
        if (defaultInterval.isNegative() || defaultInterval.isZero()) throw new IllegalArgumentException("defaultInterval must be positive");
    }

    /**
     * The RPO age at {@code now}.
     *
     * @param lastSync {@code last_sync_time}; null gives {@link RpoAge#UNKNOWN}
     * @param interval the pair's scheduling interval, or null to use {@link #defaultInterval()}
     */
    public RpoAge judge(Instant lastSync, Duration interval, Instant now) {
        if (lastSync == null) return RpoAge.UNKNOWN;
        Duration i = interval == null || interval.isZero() || interval.isNegative() ? defaultInterval : interval;
        Duration age = Duration.between(lastSync, now);
        if (age.isNegative()) age = Duration.ZERO;
        double ratio = (double) age.toMillis() / i.toMillis();
        RpoLevel level = ratio > errorFactor ? RpoLevel.ERROR : ratio > warningFactor ? RpoLevel.WARNING : RpoLevel.OK;
        return new RpoAge(age, i, level);
    }
}
