package org.csiconsole.core.session;

import java.time.Duration;
import java.util.Objects;

/**
 * Exponential backoff between reconnect attempts: {@code initial}, then doubled each attempt up to
 * {@code max}.
 *
 * @param initial wait before the first retry (positive)
 * @param max longest wait between two attempts (at least {@code initial})
 */
public record Backoff(Duration initial, Duration max) {
    /** 250 ms doubling up to 8 s: a restarted driver is noticed within a few seconds. */
    public static final Backoff DEFAULT = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(8));

    public Backoff {
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(max, "max");
        if (initial.isNegative() || initial.isZero()) throw new IllegalArgumentException("initial backoff must be positive");
        if (max.compareTo(initial) < 0) throw new IllegalArgumentException("max backoff must be at least the initial backoff");
    }

    /**
     * The wait before retry number {@code attempt} (0 for the first retry).
     *
     * @return {@code min(max, initial * 2^attempt)}
     */
    public Duration delay(int attempt) {
        if (attempt <= 0) return initial;
        int shift = Math.min(attempt, 30);
        long ms = initial.toMillis() << shift;
        if (ms <= 0 || ms > max.toMillis()) return max;
        return Duration.ofMillis(ms);
    }
}
