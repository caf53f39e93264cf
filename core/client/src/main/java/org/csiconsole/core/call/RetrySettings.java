package org.csiconsole.core.call;

import java.time.Duration;
import java.util.Objects;

/**
 * Exponential backoff with jitter. The n-th retry (n = 1, 2, ..) waits
 * {@code min(maxBackoff, initialBackoff * multiplier^(n-1))}, multiplied by a random factor in
 * {@code [1 - jitter, 1 + jitter]} and capped at {@code maxBackoff}. Retrying stops after
 * {@code maxAttempts} attempts in all, or when the next wait would end later than {@code maxTotal}
 * after the first attempt started.
 *
 * @param maxAttempts attempts in all, including the first; 1 disables retries
 * @param initialBackoff wait before the first retry
 * @param maxBackoff longest single wait
 * @param multiplier growth factor per retry, at least 1
 * @param jitter relative spread, 0 to 1
 * @param maxTotal time budget from the first attempt's start to the start of the last retry
 */
public record RetrySettings(int maxAttempts, Duration initialBackoff, Duration maxBackoff, double multiplier,
                            double jitter, Duration maxTotal) {
    /** 5 attempts, 200 ms doubling to at most 10 s, ±20 % jitter, within 60 s. */
    public static final RetrySettings DEFAULT = new RetrySettings(5, Duration.ofMillis(200), Duration.ofSeconds(10), 2.0,
            0.2, Duration.ofSeconds(60));
    /** A single attempt. */
    public static final RetrySettings NONE = new RetrySettings(1, Duration.ZERO, Duration.ZERO, 1.0, 0.0, Duration.ZERO);

    public RetrySettings {
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        Objects.requireNonNull(maxTotal, "maxTotal");
        if (maxAttempts < 1) throw new IllegalArgumentException("maxAttempts must be at least 1");
        if (multiplier < 1.0) throw new IllegalArgumentException("multiplier must be at least 1");
        if (jitter < 0 || jitter > 1) throw new IllegalArgumentException("jitter must be between 0 and 1");
    }

    /**
     * The wait before retry number {@code retry} (1-based).
     *
     * @param random a value in [0, 1) choosing the point within the jitter range
     */
    public Duration backoff(int retry, double random) {
        double base = initialBackoff.toNanos() * Math.pow(multiplier, Math.max(0, retry - 1));
        base = Math.min(base, maxBackoff.toNanos());
        double factor = 1.0 + jitter * (2.0 * random - 1.0);
        long nanos = (long) Math.min(base * factor, maxBackoff.toNanos());
        return Duration.ofNanos(Math.max(0, nanos));
    }
}
