package org.csiconsole.core.call;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Tunables of the {@link CallPolicy}: deadline per {@link CallKind}, retries, and what a mutating
 * call does when the same object is busy.
 *
 * @param deadlines deadline per attempt for each kind; kinds not present use {@link CallKind#defaultDeadline()}
 * @param retry backoff and bounds for retried codes (ABORTED, UNAVAILABLE, DEADLINE_EXCEEDED)
 * @param lockMode default for the in-flight guard
 */
public record PolicySettings(Map<CallKind, Duration> deadlines, RetrySettings retry, LockMode lockMode) {
    public static final PolicySettings DEFAULT = new PolicySettings(Map.of(), RetrySettings.DEFAULT, LockMode.WAIT);

    public PolicySettings {
        deadlines = deadlines.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(deadlines));
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(lockMode, "lockMode");
    }

    /** The deadline of one attempt of this kind. */
    public Duration deadline(CallKind kind) {
        return deadlines.getOrDefault(kind, kind.defaultDeadline());
    }

    public PolicySettings withDeadline(CallKind kind, Duration deadline) {
        EnumMap<CallKind, Duration> m = new EnumMap<>(CallKind.class);
        m.putAll(deadlines);
        m.put(kind, Objects.requireNonNull(deadline, "deadline"));
        return new PolicySettings(m, retry, lockMode);
    }

    public PolicySettings withRetry(RetrySettings retry) {
        return new PolicySettings(deadlines, retry, lockMode);
    }

    public PolicySettings withLockMode(LockMode lockMode) {
        return new PolicySettings(deadlines, retry, lockMode);
    }
}
