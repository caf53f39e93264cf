package org.csiconsole.core.audit;

/** How an audited call ended. */
public enum AuditOutcome {
    /** The plugin or array answered success (gRPC OK, HTTP 2xx). */
    OK,
    /** The call failed: a gRPC status other than OK, an HTTP error status, or a failure before or while sending. */
    FAILED,
    /** The caller cancelled the call; the plugin may or may not have made the change. */
    CANCELLED
}
