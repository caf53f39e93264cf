package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;

/** Documented exit codes of the {@code csi-console} command line. */
public final class ExitCodes {
    /** The command succeeded. */
    public static final int OK = 0;
    /** The call reached the plugin or array and failed there (e.g. NOT_FOUND, FAILED_PRECONDITION). */
    public static final int CALL_FAILED = 1;
    /** Bad command-line usage or invalid input rejected before sending. */
    public static final int USAGE = 2;
    /** The endpoint could not be reached or is misconfigured (socket missing, refused, TLS). */
    public static final int ENDPOINT = 3;
    /** The driver does not support the call (UNIMPLEMENTED or capability not advertised). */
    public static final int UNSUPPORTED = 4;
    /** Authentication failed (CSP 401 after one re-login, gRPC UNAUTHENTICATED). */
    public static final int AUTH = 5;

    private ExitCodes() {
    }

    /** Maps a failure to its exit code. */
    public static int forThrowable(Throwable t) {
        CallFailure f = CallFailure.unwrap(t);
        if (f == null) return CALL_FAILED;
        return switch (f.kind()) {
            case INVALID_ARGUMENT -> USAGE;
            case ENDPOINT, UNAVAILABLE, TLS, TIMEOUT -> ENDPOINT;
            case UNSUPPORTED -> UNSUPPORTED;
            case AUTHENTICATION -> AUTH;
            default -> CALL_FAILED;
        };
    }
}
