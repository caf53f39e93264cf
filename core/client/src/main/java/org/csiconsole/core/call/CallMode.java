package org.csiconsole.core.call;

import java.util.Objects;

/**
 * How a client view sends its calls: whether calls go out even when their capability is not
 * advertised ({@link #forced()}), and what a mutating call does when its object is busy
 * ({@link #lockMode()}; null keeps the {@link CallPolicy}'s default, {@link LockMode#WAIT}).
 * Shared by the CSI and csi-addons clients, whose {@code forced()} and {@code withLockMode(..)} views
 * differ only in this value.
 */
public record CallMode(boolean forced, LockMode lockMode) {
    /** Capability-gated calls, the policy's default lock mode. */
    public static final CallMode DEFAULT = new CallMode(false, null);

    /** This mode, sending calls whose capability is not advertised. */
    public CallMode force() {
        return new CallMode(true, lockMode);
    }

    /** This mode with mutating calls waiting for, or failing fast on, a busy object. */
    public CallMode lockMode(LockMode mode) {
        return new CallMode(forced, Objects.requireNonNull(mode, "mode"));
    }

    /** {@code spec} with this mode's lock mode applied, when one was set. */
    public CallSpec apply(CallSpec spec) {
        return lockMode == null ? spec : spec.withLockMode(lockMode);
    }
}
