package org.csiconsole.core.call;

import io.grpc.Status;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Tells a status that the client's own transport made (the connection was refused, reset or
 * closed, or the peer's HTTP/2 layer reset the stream) from one the driver sent, and words the
 * first as a problem of the endpoint, never of the plugin.
 *
 * <p>A driver's status reaches the client as {@code grpc-status} / {@code grpc-message} trailers:
 * a code and a text, never a Java cause. grpc-java's transport makes its statuses itself: an I/O
 * failure is UNAVAILABLE "io exception" with the exception as cause; a RST_STREAM or GOAWAY from
 * the peer is "RST_STREAM closed stream. HTTP/2 error code: X" / "Connection closed after GOAWAY.
 * HTTP/2 error code: X" (code from the HTTP/2 error: PROTOCOL_ERROR and INTERNAL_ERROR give
 * INTERNAL, REFUSED_STREAM gives UNAVAILABLE; RFC 9113 section 7); an HTTP answer that is not
 * gRPC is "HTTP status code N". A status with a cause, or with one of these texts, is the
 * transport's. TLS handshake failures are {@link GrpcFailures#tls} and are not handled here.
 */
public final class TransportFailures {
    /** Texts grpc-java's client transport (Netty) gives the statuses it makes. */
    private static final List<String> TRANSPORT_TEXTS = List.of(
            "http/2 error code", "received rst stream", "rst_stream closed stream", "connection closed after goaway",
            "network closed for unknown reason", "stream closed before write could take place", "http status code",
            "io exception", "keepalive failed", "first received frame was not settings",
            "connection closing while performing protocol negotiation");

    private TransportFailures() {
    }

    /** Whether {@code status} was made by the client's transport rather than sent by the driver. */
    public static boolean fromTransport(Status status) {
        if (status.getCode() == Status.Code.OK || status.getCode() == Status.Code.CANCELLED
                || status.getCode() == Status.Code.DEADLINE_EXCEEDED) {
            return false;
        }
        if (status.getCause() != null) return true;
        String d = status.getDescription();
        if (d == null) return false;
        String lower = d.toLowerCase(Locale.ROOT);
        return TRANSPORT_TEXTS.stream().anyMatch(lower::contains);
    }

    /**
     * The failure for a status the transport made, or empty when the driver sent it.
     *
     * <ul>
     *   <li>Refused, reset or closed connections, and other I/O failures: {@link FailureKind#UNAVAILABLE}
     *       (retried by the policy; the driver may be restarting).</li>
     *   <li>A stream the peer reset with an HTTP/2 error other than REFUSED_STREAM, an HTTP answer that
     *       is not gRPC, or a host name that does not resolve: {@link FailureKind#ENDPOINT}.</li>
     * </ul>
     *
     * @param status the status received
     * @param method bare RPC name, e.g. {@code GetPluginInfo}
     * @param what what was attempted, e.g. {@code "DeleteVolume pvc-1"}
     * @param endpoint endpoint text, e.g. {@code unix:///run/csi/csi.sock} or {@code tcp://10.0.0.5:10000}
     * @param attempts attempts made
     */
    public static Optional<CallFailure> failure(Status status, String method, String what, String endpoint, int attempts) {
        Optional<CallFailure> closed = closedByConsole(status, method, what, endpoint);
        if (closed.isPresent()) return closed;
        if (!fromTransport(status)) return Optional.empty();
        String where = endpoint == null || endpoint.isEmpty() ? "the endpoint" : "the endpoint " + endpoint;
        String at = endpoint == null || endpoint.isEmpty() ? "the configured endpoint" : endpoint;
        String running = "Check that the driver is running and listening at " + at;
        String text = describe(status);
        String detail = "gRPC " + status.getCode() + " from " + method + ", made by the client's transport (not sent by the driver)"
                + (attempts > 1 ? " after " + attempts + " attempts" : "") + (text.isEmpty() ? "" : ": " + text);
        String lower = text.toLowerCase(Locale.ROOT);
        Throwable root = root(status.getCause());

        if (has(status.getCause(), UnknownHostException.class) || has(status.getCause(), UnresolvedAddressException.class)) {
            return Optional.of(new CallFailure(FailureKind.ENDPOINT, what, "the host name of " + where + " cannot be resolved",
                    "Check the host name (or use an IP address) and this computer's DNS settings", detail));
        }
        if (lower.contains("http/2 error code") && !lower.contains("refused_stream")) {
            String code = lower.substring(lower.indexOf("http/2 error code") + "http/2 error code".length())
                    .replaceFirst("^[:\\s]+", "").split("[\\s.;,]", 2)[0].toUpperCase(Locale.ROOT);
            String how = lower.contains("goaway") ? "closed the connection (HTTP/2 GOAWAY " + code + ")"
                    : "reset the stream (HTTP/2 RST_STREAM " + code + ")";
            return Optional.of(new CallFailure(FailureKind.ENDPOINT, what,
                    where + " " + how + " before the driver answered: its HTTP/2 layer refused the request",
                    running + " and serves gRPC there; a driver built on Node's grpc-js resets requests whose "
                            + ":authority it does not accept (a proxy in between can do the same)", detail));
        }
        if (lower.contains("http status code")) {
            return Optional.of(new CallFailure(FailureKind.ENDPOINT, what,
                    where + " answered with HTTP, not gRPC (" + firstLine(text) + ")",
                    running + ", and that nothing else (a web server, a proxy) answers on that address", detail));
        }
        String why;
        if (has(status.getCause(), ConnectException.class) || lower.contains("connection refused")) {
            why = where + " refused the connection: nothing is listening there";
        } else if (has(status.getCause(), NoRouteToHostException.class) || lower.contains("no route to host")) {
            why = where + " cannot be reached: there is no route to its host";
        } else if (lower.contains("connection reset") || lower.contains("broken pipe")
                || lower.contains("network closed") || has(status.getCause(), ClosedChannelException.class)
                || lower.contains("goaway") || lower.contains("stream closed")) {
            why = where + " closed the connection (the driver stopped or restarted)";
        } else if (root instanceof IOException || status.getCode() == Status.Code.UNAVAILABLE) {
            why = "the connection to " + where + " failed (" + firstLine(text) + ")";
        } else {
            why = "the transport to " + where + " failed (" + firstLine(text) + ")";
            return Optional.of(new CallFailure(FailureKind.ENDPOINT, what, why, running + ", then retry", detail));
        }
        return Optional.of(new CallFailure(FailureKind.UNAVAILABLE, what, why, running + ", then retry", detail));
    }

    /**
     * True when an attempt ended after its request may have reached the driver, so that a change it asked for may have
     * been made: the deadline passed (DEADLINE_EXCEEDED), the call was cancelled in flight (CANCELLED), or the
     * connection broke under it (UNAVAILABLE for a reset, closed or otherwise failed connection). False for an
     * UNAVAILABLE that proves nothing was sent: the connection was refused, the socket or route is missing, the host
     * does not resolve, or this console had closed the channel; and for every answer the driver sent itself.
     */
    public static boolean cutOffAfterSend(Status status) {
        return switch (status.getCode()) {
            case DEADLINE_EXCEEDED, CANCELLED -> true;
            case UNAVAILABLE -> {
                if (closedByConsole(status, "", "", "").isPresent() || !fromTransport(status)) yield false;
                String lower = describe(status).toLowerCase(Locale.ROOT);
                boolean notSent = has(status.getCause(), ConnectException.class) || has(status.getCause(), NoRouteToHostException.class)
                        || has(status.getCause(), UnknownHostException.class) || has(status.getCause(), UnresolvedAddressException.class)
                        || has(status.getCause(), java.io.FileNotFoundException.class) || has(status.getCause(), java.nio.file.NoSuchFileException.class)
                        || lower.contains("connection refused") || lower.contains("no route to host")
                        || lower.contains("no such file") || lower.contains("refused_stream");
                yield !notSent;
            }
            default -> false;
        };
    }

    /**
     * The failure for a call made on a channel this console had shut down (grpc-java's own
     * UNAVAILABLE "Channel shutdown invoked" / "Channel shutdownNow invoked"): nothing was sent,
     * so it is the console's ({@link FailureOwner#CONSOLE}), never the driver's. Kind
     * {@link FailureKind#UNAVAILABLE}, as gRPC says, but not retried ({@link CallPolicy}): the same
     * channel stays closed.
     */
    static Optional<CallFailure> closedByConsole(Status status, String method, String what, String endpoint) {
        String d = status.getDescription() == null ? "" : status.getDescription().toLowerCase(Locale.ROOT);
        if (status.getCode() != Status.Code.UNAVAILABLE || !(d.startsWith("channel shutdown invoked")
                || d.startsWith("channel shutdownnow invoked"))) {
            return Optional.empty();
        }
        String to = endpoint == null || endpoint.isEmpty() ? "the driver" : endpoint;
        return Optional.of(new CallFailure(FailureKind.UNAVAILABLE, FailureOwner.CONSOLE, what,
                "this console had already closed its channel to " + to + " (the connection was disconnected or replaced); nothing was sent",
                "Connect the connection again and repeat the action from a view of the new connection",
                "gRPC UNAVAILABLE from " + method + ", made by the client (\"" + status.getDescription() + "\")", null));
    }

    /** The status text with the cause chain's messages: the transport puts the reason in the cause. */
    private static String describe(Status status) {
        StringBuilder b = new StringBuilder(status.getDescription() == null ? "" : status.getDescription());
        int depth = 0;
        for (Throwable t = status.getCause(); t != null && depth < 10; t = t.getCause(), depth++) {
            if (t.getMessage() == null || b.indexOf(t.getMessage()) >= 0) continue;
            b.append(b.length() == 0 ? "" : ": ").append(t.getMessage());
        }
        return b.toString();
    }

    private static boolean has(Throwable t, Class<? extends Throwable> type) {
        for (int depth = 0; t != null && depth < 10; t = t.getCause(), depth++) {
            if (type.isInstance(t)) return true;
        }
        return false;
    }

    private static Throwable root(Throwable t) {
        for (int depth = 0; t != null && t.getCause() != null && depth < 10; depth++) t = t.getCause();
        return t;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
