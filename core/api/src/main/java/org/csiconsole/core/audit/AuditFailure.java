package org.csiconsole.core.audit;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.Optional;

/**
 * The audit log could not be written or read. When it ends an audited call, the call itself
 * ended (see {@link #callOutcome()}) but its entry is not on disk: the caller gets this failure
 * instead of the call's result, so a change is never shown as done without its entry. The
 * response, when the call succeeded, stays reachable through {@link #response()}, and the call's
 * own failure, when it failed, is the {@linkplain #getCause() cause}. Kind {@link FailureKind#INTERNAL}.
 */
public class AuditFailure extends CallFailure {
    private final transient Object response;
    private final AuditOutcome callOutcome;

    /** A failure of the log itself (open, read, write), not tied to a call. */
    public AuditFailure(String what, String why, String whatToDo, Throwable cause) {
        this(what, why, whatToDo, null, null, cause);
    }

    /**
     * @param callOutcome how the audited call ended, or null when the failure is not tied to a call
     * @param response the call's response when it succeeded, else null
     * @param cause the call's failure, or the storage error
     */
    public AuditFailure(String what, String why, String whatToDo, AuditOutcome callOutcome, Object response, Throwable cause) {
        super(FailureKind.INTERNAL, what, why, whatToDo, cause == null ? "" : cause.getClass().getSimpleName(), cause);
        this.callOutcome = callOutcome;
        this.response = response;
    }

    /** How the audited call ended (it did end), when this failure ended a call. */
    public Optional<AuditOutcome> callOutcome() {
        return Optional.ofNullable(callOutcome);
    }

    /** The call's response when it succeeded, so the caller may still use it. */
    public Optional<Object> response() {
        return Optional.ofNullable(response);
    }
}
