package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;

/**
 * Documented exit codes of the {@code csi-console} command line:
 * <table>
 *   <caption>Exit codes</caption>
 *   <tr><th>code</th><th>meaning</th><th>failure kinds</th></tr>
 *   <tr><td>0</td><td>success</td><td></td></tr>
 *   <tr><td>1</td><td>the call reached the driver or array and failed there</td>
 *       <td>NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, OUT_OF_RANGE, RESOURCE_EXHAUSTED, BUSY, PROTOCOL, INTERNAL, CANCELLED</td></tr>
 *   <tr><td>2</td><td>bad usage, or input rejected before sending (size limits, endpoint syntax)</td><td>INVALID_ARGUMENT</td></tr>
 *   <tr><td>3</td><td>the endpoint is unreachable or misconfigured: socket missing, not a socket, permission denied,
 *       stale socket, path too long, connection refused or reset, HTTP/2 stream reset (RST_STREAM, GOAWAY),
 *       an answer that is not gRPC, TLS, deadline exceeded</td><td>ENDPOINT, UNAVAILABLE, TLS, TIMEOUT</td></tr>
 *   <tr><td>4</td><td>not supported by this driver: UNIMPLEMENTED, or the capability is not advertised</td><td>UNSUPPORTED</td></tr>
 *   <tr><td>5</td><td>authentication failed</td><td>AUTHENTICATION</td></tr>
 *   <tr><td>6</td><td>{@code audit --verify}: an entry of the audit log was changed or removed</td><td></td></tr>
 *   <tr><td>7</td><td>the workbench cannot open: no display, or the desktop libraries it needs are missing</td><td></td></tr>
 *   <tr><td>8</td><td>a replication operation succeeded and left a split brain (a forced promote beside a reachable
 *       primary, an unplanned failover while site A's primary answers): both sites take writes</td><td></td></tr>
 * </table>
 */
public final class ExitCodes {
    /** The command succeeded. */
    public static final int OK = 0;
    /** The call reached the plugin or array and failed there (e.g. NOT_FOUND, FAILED_PRECONDITION). */
    public static final int CALL_FAILED = 1;
    /** Bad command-line usage or invalid input rejected before sending. */
    public static final int USAGE = 2;
    /** The endpoint could not be reached or is misconfigured (socket missing, refused, reset, HTTP/2 error, TLS). */
    public static final int ENDPOINT = 3;
    /** The driver does not support the call (UNIMPLEMENTED or capability not advertised). */
    public static final int UNSUPPORTED = 4;
    /** Authentication failed (CSP 401 after one re-login, gRPC UNAUTHENTICATED). */
    public static final int AUTH = 5;
    /** {@code audit --verify} found an entry of the audit log changed or removed. */
    public static final int AUDIT_BROKEN = 6;
    /** The workbench cannot open its window: no display, or the desktop libraries JavaFX needs are missing. */
    public static final int NO_DESKTOP = 7;
    /**
     * A replication operation succeeded and left a split brain: both sites are primary and take writes; the output says so
     * with the next step (split-brain recovery). Not a failure of the call, and not a plain success either.
     */
    public static final int SPLIT_BRAIN = 8;

    private ExitCodes() {
    }

    /** Maps a failure to its exit code. */
    public static int forThrowable(Throwable t) {
        CallFailure f = CallFailure.unwrap(t);
        if (f == null) return CALL_FAILED;
        return switch (f.kind()) {
            // 2 is "rejected before sending": the driver's own INVALID_ARGUMENT is a call that failed at the driver
            case INVALID_ARGUMENT -> switch (f.owner()) {
                case DRIVER -> CALL_FAILED;
                case CREDENTIALS -> AUTH;
                default -> USAGE;
            };
            case ENDPOINT, UNAVAILABLE, TLS, TIMEOUT -> ENDPOINT;
            case UNSUPPORTED -> UNSUPPORTED;
            case AUTHENTICATION -> AUTH;
            default -> CALL_FAILED;
        };
    }
}
