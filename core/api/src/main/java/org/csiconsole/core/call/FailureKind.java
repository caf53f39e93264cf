package org.csiconsole.core.call;

/**
 * What kind of failure a call ended in, independent of the protocol. gRPC status codes and HTTP
 * statuses both map onto these, so the UI has one vocabulary.
 */
public enum FailureKind {
    /** The request was rejected as malformed (gRPC INVALID_ARGUMENT, HTTP 400), or failed local validation. */
    INVALID_ARGUMENT,
    /** The object does not exist (gRPC NOT_FOUND, HTTP 404). */
    NOT_FOUND,
    /** A same-named object exists with incompatible arguments (gRPC ALREADY_EXISTS, HTTP 409). */
    ALREADY_EXISTS,
    /** The object is in the wrong state for this call (gRPC FAILED_PRECONDITION). */
    FAILED_PRECONDITION,
    /** A size or count is outside what the plugin supports (gRPC OUT_OF_RANGE). */
    OUT_OF_RANGE,
    /** No room: capacity, node volume limit (gRPC RESOURCE_EXHAUSTED). */
    RESOURCE_EXHAUSTED,
    /** Another operation is pending on the same object (gRPC ABORTED, or our own in-flight guard). */
    BUSY,
    /** The plugin or array could not be reached (gRPC UNAVAILABLE, HTTP 502/503/504, connection refused). */
    UNAVAILABLE,
    /** The deadline passed (gRPC DEADLINE_EXCEEDED, HTTP read timeout). */
    TIMEOUT,
    /** The plugin does not implement or advertise this call (gRPC UNIMPLEMENTED, missing capability). */
    UNSUPPORTED,
    /** Credentials were refused (gRPC UNAUTHENTICATED / PERMISSION_DENIED, HTTP 401/403). */
    AUTHENTICATION,
    /** The endpoint itself is wrong: socket missing, not a socket, permission, path too long. */
    ENDPOINT,
    /** TLS failed: unknown certificate, pin mismatch, handshake failure. */
    TLS,
    /** The peer answered something that is not the protocol (HTML page, malformed JSON, missing field). */
    PROTOCOL,
    /** The caller cancelled the call. */
    CANCELLED,
    /** The plugin failed internally (gRPC INTERNAL/UNKNOWN/DATA_LOSS, HTTP 500). */
    INTERNAL;

    /**
     * True when a listing that failed with this kind means the driver cannot list: it answered
     * UNIMPLEMENTED, or failed on the listing itself (INTERNAL, such as a panic); its words go beside
     * "cannot list". Other kinds (unreachable, timed out, refused credentials) leave the count unknown.
     */
    public boolean cannotList() {
        return this == UNSUPPORTED || this == INTERNAL;
    }
}
