package org.csiconsole.core.reference.cspserver;

/**
 * A request the CSP refuses, answered with an HTTP status and an error body as in
 * hpe-csp-rest-spec.md: {@code {"errors":[{"code":"Not Found","message":"..."}]}}, or the bare
 * {@code {"code","message"}} the spec shows for an unknown volume group name. The code is the
 * status's reason phrase. Messages say what is wrong and what to do; they never carry passwords,
 * CHAP secrets or tokens.
 */
public final class CspProblem extends RuntimeException {
    /** Which of the spec's two error body shapes to write. */
    public enum Shape { ERRORS_LIST, BARE }

    private final int status;
    private final Shape shape;

    public CspProblem(int status, String message) {
        this(status, message, Shape.ERRORS_LIST);
    }

    public CspProblem(int status, String message, Shape shape) {
        super(message, null, false, false);
        this.status = status;
        this.shape = shape;
    }

    /** 400 Bad Request: the request cannot be understood or is not allowed in the current state. */
    public static CspProblem badRequest(String message) {
        return new CspProblem(400, message);
    }

    /** 404 Not Found. */
    public static CspProblem notFound(String message) {
        return new CspProblem(404, message);
    }

    /** 409 Conflict. */
    public static CspProblem conflict(String message) {
        return new CspProblem(409, "The request could not be completed due to a conflict. " + message);
    }

    public int status() {
        return status;
    }

    public Shape shape() {
        return shape;
    }

    /** The spec's {@code code}: the reason phrase of the status. */
    public String code() {
        return reason(status);
    }

    static String reason(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 413 -> "Payload Too Large";
            case 415 -> "Unsupported Media Type";
            case 503 -> "Service Unavailable";
            default -> status >= 500 ? "Internal Server Error" : "Bad Request";
        };
    }
}
