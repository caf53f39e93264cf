package org.csiconsole.core.call;

import io.grpc.Status;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * How one call is to be made by the {@link CallPolicy}.
 *
 * @param kind the kind, which picks the default deadline
 * @param what the call in words for failure texts, e.g. {@code "DeleteVolume pvc-1"}
 * @param lockKeys objects the call changes (see {@link InFlightGuard}); empty for reads
 * @param lockMode wait or fail fast when a key is held; null means the policy's default
 * @param deadline deadline of one attempt; null means the policy's deadline for {@code kind}
 * @param retryOn codes that are retried; empty disables retries
 */
public record CallSpec(CallKind kind, String what, List<String> lockKeys, LockMode lockMode, Duration deadline,
                       Set<Status.Code> retryOn) {
    /** ABORTED ("operation pending"), UNAVAILABLE and DEADLINE_EXCEEDED: CSI calls are idempotent by spec. */
    public static final Set<Status.Code> RETRYABLE =
            Set.copyOf(EnumSet.of(Status.Code.ABORTED, Status.Code.UNAVAILABLE, Status.Code.DEADLINE_EXCEEDED));

    public CallSpec {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(what, "what");
        lockKeys = List.copyOf(lockKeys);
        retryOn = Set.copyOf(retryOn);
    }

    /** A call of this kind, retried on {@link #RETRYABLE}, with no lock. */
    public static CallSpec of(CallKind kind, String what) {
        return new CallSpec(kind, what, List.of(), null, null, RETRYABLE);
    }

    /** The same call, taking the in-flight guard on these keys. */
    public CallSpec locking(String... keys) {
        return new CallSpec(kind, what, List.of(keys), lockMode, deadline, retryOn);
    }

    /** This call worded as {@code what}. */
    public CallSpec withWhat(String what) {
        return new CallSpec(kind, what, lockKeys, lockMode, deadline, retryOn);
    }

    public CallSpec withLockMode(LockMode mode) {
        return new CallSpec(kind, what, lockKeys, mode, deadline, retryOn);
    }

    public CallSpec withDeadline(Duration d) {
        return new CallSpec(kind, what, lockKeys, lockMode, d, retryOn);
    }

    /** The same call retried only on {@code codes}. */
    public CallSpec retryingOn(Set<Status.Code> codes) {
        return new CallSpec(kind, what, lockKeys, lockMode, deadline, codes);
    }
}
