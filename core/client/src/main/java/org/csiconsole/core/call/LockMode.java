package org.csiconsole.core.call;

/** What a mutating call does when another mutating call on the same object is in flight. */
public enum LockMode {
    /** Queue behind the running call and start when it finishes. */
    WAIT,
    /** Fail at once with {@link FailureKind#BUSY}. */
    FAIL_FAST
}
