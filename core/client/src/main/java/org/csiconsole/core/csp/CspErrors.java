package org.csiconsole.core.csp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.FailureOwner;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.ProtocolException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Turns HTTP statuses, CSP error bodies and I/O exceptions into {@link CallFailure}s with what,
 * why and what to do. Reads both error shapes of hpe-csp-rest-spec.md:
 * {@code {"errors":[{"code","message"}]}} and a bare {@code {"code","message"}}.
 */
final class CspErrors {
    private static final ObjectMapper TREE = new ObjectMapper();

    private CspErrors() {
    }

    /** A CSP error code and message as read from a body; both empty when the body had none. */
    record CspError(String code, String message) {
        boolean present() {
            return !code.isEmpty() || !message.isEmpty();
        }
    }

    /** Reads either error shape; returns an empty error for anything else. */
    static CspError parseError(byte[] body) {
        if (body == null || body.length == 0) return new CspError("", "");
        try {
            JsonNode n = TREE.readTree(body);
            if (n == null) return new CspError("", "");
            JsonNode errors = n.get("errors");
            if (errors != null && errors.isArray() && !errors.isEmpty()) {
                StringBuilder msg = new StringBuilder();
                for (JsonNode e : errors) {
                    if (msg.length() > 0) msg.append("; ");
                    msg.append(e.path("message").asText(""));
                }
                return new CspError(errors.get(0).path("code").asText(""), msg.toString());
            }
            if (n.isObject() && (n.has("code") || n.has("message"))) {
                return new CspError(n.path("code").asText(""), n.path("message").asText(""));
            }
        } catch (IOException e) {
            // not JSON: described by the caller
        }
        return new CspError("", "");
    }

    /**
     * A failure for a non-2xx response. {@code 400} INVALID_ARGUMENT, {@code 401/403} AUTHENTICATION,
     * {@code 404} NOT_FOUND, {@code 409} ALREADY_EXISTS on POST and FAILED_PRECONDITION otherwise,
     * {@code 408} TIMEOUT, {@code 429} BUSY, {@code 501} UNSUPPORTED, {@code 502/503/504} UNAVAILABLE,
     * other 5xx INTERNAL.
     */
    static CallFailure forStatus(String what, String method, int status, String contentType, byte[] body) {
        CspError err = parseError(body);
        FailureKind kind = kindFor(method, status);
        String statusText = "HTTP " + status;
        String detail = statusText + (err.code().isEmpty() ? "" : ", CSP code '" + err.code() + "'")
                + (err.message().isEmpty() ? "" : ", message '" + err.message() + "'");
        if (!err.present()) {
            if (body == null || body.length == 0) {
                String why = statusText + " with an empty body" + (status >= 502 && status <= 504
                        ? ": a proxy or load balancer in front of the CSP got no answer from it" : "");
                String todo = status == 404
                        ? "Check the URL and context path (default " + CspConfig.DEFAULT_CONTEXT_PATH + "): the server does not know this API path"
                        : whatToDo(kind, method, status);
                return new CallFailure(kind, FailureOwner.ofAnswer(kind), what, why, todo, detail, null);
            }
            if (looksLikeHtml(contentType, body)) {
                return new CallFailure(kind, FailureOwner.ofAnswer(kind), what, statusText + " with an HTML page instead of a CSP answer (likely a proxy or web server error page)",
                        "Check the URL and context path, and that the CSP service behind any proxy is running", detail + ", body " + snippet(body), null);
            }
            return new CallFailure(kind, FailureOwner.ofAnswer(kind), what, statusText + " with a body that is not a CSP error", whatToDo(kind, method, status),
                    detail + ", body " + snippet(body), null);
        }
        String why = statusText + (err.message().isEmpty() ? " (" + err.code() + ")" : ": " + err.message());
        return new CallFailure(kind, FailureOwner.ofAnswer(kind), what, why, whatToDo(kind, method, status), detail, null);
    }

    static FailureKind kindFor(String method, int status) {
        return switch (status) {
            case 400, 405, 411, 413, 414, 415, 422 -> FailureKind.INVALID_ARGUMENT;
            case 401, 403 -> FailureKind.AUTHENTICATION;
            case 404 -> FailureKind.NOT_FOUND;
            case 408 -> FailureKind.TIMEOUT;
            case 409 -> "POST".equals(method) ? FailureKind.ALREADY_EXISTS : FailureKind.FAILED_PRECONDITION;
            case 429 -> FailureKind.BUSY;
            case 501 -> FailureKind.UNSUPPORTED;
            case 502, 503, 504 -> FailureKind.UNAVAILABLE;
            default -> status >= 500 ? FailureKind.INTERNAL : FailureKind.INVALID_ARGUMENT;
        };
    }

    private static String whatToDo(FailureKind kind, String method, int status) {
        return switch (kind) {
            case INVALID_ARGUMENT -> "Correct the request as the CSP's message says and try again";
            case AUTHENTICATION -> status == 403
                    ? "Use an array user with the rights for this operation"
                    : "Check the user name and password, and that the user may log in to the array";
            case NOT_FOUND -> "The object does not exist (any more): refresh the list";
            case ALREADY_EXISTS -> "Choose another name, or use the existing object";
            case FAILED_PRECONDITION -> "DELETE".equals(method)
                    ? "Remove what depends on it first (unpublish the volume, delete clones of the snapshot, empty the group)"
                    : "Bring the object into the state the operation needs, then try again";
            case TIMEOUT -> "Try again; if it keeps happening, check the array's load";
            case BUSY -> "Wait a moment and try again";
            case UNSUPPORTED -> "This CSP does not implement the operation";
            case UNAVAILABLE -> "Wait and try again; check that the CSP service and any proxy in front of it are running";
            default -> "Check the CSP's log on the array or in the cluster; try again later";
        };
    }

    /** A failure for an I/O exception from connecting, sending or reading. */
    static CallFailure forIo(String what, IOException e, CspConfig config) {
        String host = config.url().getHost();
        CspTls.UntrustedCertificateException untrusted = find(e, CspTls.UntrustedCertificateException.class);
        if (untrusted != null) {
            boolean pinned = config.trust() instanceof CspTrust.Pin;
            String why = "the server certificate of " + host + " is not trusted: " + untrusted.getMessage();
            String todo = pinned
                    ? "If the array's certificate was replaced, compare the new fingerprint with the array's and pin it"
                    : "Give the CA file that signed the array's certificate, or compare this fingerprint with the array's and pin it";
            return new CertificateTrustFailure(what, why, todo, untrusted.fingerprint, untrusted.subject, e);
        }
        if (e instanceof SSLPeerUnverifiedException) {
            return new CallFailure(FailureKind.TLS, what, "the certificate of " + host + " does not name this host",
                    "Connect with the host name the certificate was issued for, or pin the certificate", safe(e));
        }
        if (e instanceof SSLException || find(e, SSLException.class) != null) {
            return new CallFailure(FailureKind.TLS, what, "the TLS handshake with " + host + " failed",
                    "Check that the URL uses the CSP's HTTPS port; check the array's TLS settings", safe(e));
        }
        if (e instanceof UnknownHostException) {
            return new CallFailure(FailureKind.ENDPOINT, what, "the host name " + host + " is not known",
                    "Check the host name in the URL and the DNS settings", safe(e));
        }
        if (e instanceof ConnectException || e instanceof NoRouteToHostException) {
            return new CallFailure(FailureKind.UNAVAILABLE, what, "cannot connect to " + config.endpointText(),
                    "Check the address and port, and that the CSP is running and reachable through firewalls", safe(e));
        }
        if (e instanceof SocketTimeoutException || (e instanceof InterruptedIOException && "timeout".equals(e.getMessage()))) {
            boolean connect = isConnectTimeout(e);
            return new CallFailure(FailureKind.TIMEOUT, what, connect
                    ? "no connection to " + config.endpointText() + " within " + config.connectTimeout().toSeconds() + " s"
                    : "the CSP did not answer in time (read timeout " + config.readTimeout().toMillis() + " ms, call timeout "
                    + config.callTimeout().toSeconds() + " s)",
                    connect ? "Check the address and the network path to the array" : "Try again; if it keeps happening, check the array's load",
                    safe(e));
        }
        return new CallFailure(FailureKind.UNAVAILABLE, what, "the connection to " + config.endpointText() + " failed ("
                + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")",
                "Try again; check the network path to the CSP and any proxy in front of it", safe(e));
    }

    /** A failure for a response body that was cut off while it was read. */
    static CallFailure truncated(String what, long bytesRead, IOException e) {
        return new CallFailure(FailureKind.PROTOCOL, what, "the CSP's answer was cut off after " + bytesRead + " bytes",
                "Try again; if it keeps happening, check the CSP and any proxy in front of it", safe(e));
    }

    /** True when the exception means the body ended early (EOF, reset), not a timeout. */
    static boolean isTruncation(IOException e) {
        return e instanceof EOFException || e instanceof ProtocolException
                || (e instanceof SocketException && !(e instanceof ConnectException))
                || (e.getMessage() != null && e.getMessage().toLowerCase(Locale.ROOT).contains("unexpected end of stream"));
    }

    /** True when the exception happened while connecting, so a retry cannot repeat a request the server saw. */
    static boolean isConnectFailure(IOException e) {
        if (e instanceof ConnectException || e instanceof NoRouteToHostException) return true;
        if (e instanceof SocketTimeoutException) return isConnectTimeout(e);
        String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        return !(e instanceof SSLException) && (m.contains("unexpected end of stream") || m.contains("connection reset"));
    }

    private static boolean isConnectTimeout(IOException e) {
        String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        return m.contains("connect");
    }

    static boolean looksLikeHtml(String contentType, byte[] body) {
        if (contentType != null && contentType.toLowerCase(Locale.ROOT).contains("html")) return true;
        String head = new String(body, 0, Math.min(body.length, 64), StandardCharsets.UTF_8).stripLeading().toLowerCase(Locale.ROOT);
        return head.startsWith("<!doctype html") || head.startsWith("<html") || head.startsWith("<");
    }

    /** A short, single-line excerpt of a non-JSON body for the detail text (bodies we receive hold no secrets we sent). */
    static String snippet(byte[] body) {
        String s = new String(body, 0, Math.min(body.length, 160), StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
        return "'" + s + (body.length > 160 ? "...'" : "'") + " (" + body.length + " bytes)";
    }

    private static String safe(Throwable e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) return type.cast(c);
            if (c.getCause() == c) break;
        }
        return null;
    }
}
