package org.csiconsole.core.call;

/**
 * Whose a failure is, so a person knows where to look: this console, the transport between the
 * console and the storage, the credentials sent, or the driver (or array) itself. Decided once, in
 * core ({@link CallFailure#owner()}); views and the command line only show it.
 */
public enum FailureOwner {
    /** This console: its own checks, a channel it closed, a call it cancelled. */
    CONSOLE("the console"),
    /** The way to the storage: the socket or address, the connection, TLS, a deadline. */
    TRANSPORT("the transport"),
    /** The secrets or login sent with the call: missing, empty or refused. */
    CREDENTIALS("the credentials"),
    /** The driver or array answered the call with a failure of its own. */
    DRIVER("the driver");

    private final String words;

    FailureOwner(String words) {
        this.words = words;
    }

    /** The owner in words for a sentence: {@code "the transport"}. */
    public String words() {
        return words;
    }

    /** What a driver says when the secrets it needs were missing or refused: "no secrets have been provided", "provided secret is empty". */
    private static final java.util.regex.Pattern CREDENTIAL_WORDS = java.util.regex.Pattern.compile(
            "\\b(secrets?|credentials?|password|unauthori[sz]ed|authentication)\\b", java.util.regex.Pattern.CASE_INSENSITIVE);

    /**
     * True when a driver's answer is about the credentials sent with the call: UNAUTHENTICATED or
     * PERMISSION_DENIED, or a code drivers use for everything (INVALID_ARGUMENT, FAILED_PRECONDITION,
     * INTERNAL, UNKNOWN) whose message names secrets or credentials (the HPE driver's "no secrets
     * have been provided", ceph-csi's "provided secret is empty").
     *
     * @param code the gRPC status code's name, e.g. {@code "UNAUTHENTICATED"}
     * @param message the status description, may be null
     */
    public static boolean aboutCredentials(String code, String message) {
        return switch (code) {
            case "UNAUTHENTICATED", "PERMISSION_DENIED" -> true;
            case "INVALID_ARGUMENT", "FAILED_PRECONDITION", "INTERNAL", "UNKNOWN" -> message != null && CREDENTIAL_WORDS.matcher(message).find();
            default -> false;
        };
    }

    /**
     * The owner of a failure of {@code kind} that the driver or array answered with (a gRPC status, an HTTP error
     * status): as {@link #of}, except that INVALID_ARGUMENT is the driver's, which rejected the request.
     */
    public static FailureOwner ofAnswer(FailureKind kind) {
        return kind == FailureKind.INVALID_ARGUMENT ? DRIVER : of(kind);
    }

    /**
     * The owner a failure of {@code kind} has when nothing more is known: ENDPOINT, TLS,
     * UNAVAILABLE and TIMEOUT are the transport's, AUTHENTICATION the credentials', CANCELLED and
     * INVALID_ARGUMENT (bad input this console refused before sending: a wrong option, an unreadable file, a field over
     * the spec's limit) the console's, every other kind the driver's (it answered with it). A driver's own
     * INVALID_ARGUMENT is built with {@link #ofAnswer}.
     */
    public static FailureOwner of(FailureKind kind) {
        return switch (kind) {
            case ENDPOINT, TLS, UNAVAILABLE, TIMEOUT -> TRANSPORT;
            case AUTHENTICATION -> CREDENTIALS;
            case CANCELLED, INVALID_ARGUMENT -> CONSOLE;
            default -> DRIVER;
        };
    }
}
