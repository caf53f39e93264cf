package org.csiconsole.core.audit;

/** How an audited call ended. */
public enum AuditOutcome {
    /** The plugin or array answered success (gRPC OK, HTTP 2xx). */
    OK,
    /** The call failed: a gRPC status other than OK, an HTTP error status, or a failure before or while sending. */
    FAILED,
    /** The caller cancelled the call; the plugin may or may not have made the change. */
    CANCELLED,
    /**
     * The request was sent and its answer was cut off (the driver died mid-call, the deadline passed): the plugin may or
     * may not have made the change; re-check it ({@link org.csiconsole.core.call.CallFailure#outcomeUnknown()}).
     */
    UNKNOWN,
    /**
     * The console did not send the call: a read just before sending found its target already gone (code
     * {@code FOUND_GONE}, {@link org.csiconsole.core.risk.RiskModel#FOUND_GONE}), so a delete would only have reported
     * a success it did not make. Attempts 0; the message says what was found.
     */
    NOT_SENT
}
