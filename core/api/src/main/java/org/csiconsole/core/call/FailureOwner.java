package org.csiconsole.core.call;

/**
 * Whose a failure is, so a person knows where to look: this console, the transport between the
 * console and the storage, the credentials sent, or the driver (or array) itself. Decided once, in
 * core ({@link CallFailure#owner()}); views and the command line only show it.
 */
public enum FailureOwner {
    /** This console: a channel it closed, a call it cancelled. */
    CONSOLE("the console", "A failure of the console."),
    /**
     * This console's own check, before anything was sent: bad input, a consent missing, a call the risk assessment
     * knows to be illegal now ({@link CallFailure#refused}).
     */
    CHECKED("the console (checked before sending)", "Refused by the console (checked before sending): nothing was sent."),
    /** The way to the storage: the socket or address, the connection, TLS, a deadline. */
    TRANSPORT("the transport", "A failure of the transport."),
    /** The secrets or login sent with the call: missing, empty or refused. */
    CREDENTIALS("the credentials", "A failure of the credentials."),
    /**
     * The target's state: the driver refused a call that does not fit the state its target is in (FAILED_PRECONDITION,
     * CSI spec "Error Scheme"), a state the console can read before sending. Not a failure of the driver.
     */
    STATE("the target's state (the call does not fit it)",
            "Not a failure of the driver: the call does not fit the state its target is in now."),
    /** The driver or array answered the call with a failure of its own. */
    DRIVER("the driver", "A failure of the driver.");

    private final String words;
    private final String sentence;

    FailureOwner(String words, String sentence) {
        this.words = words;
        this.sentence = sentence;
    }

    /** The owner in words for a sentence or a "Whose:" line: {@code "the transport"}. */
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

    /** Whose failure it is as a sentence for a dialog or a CLI line: {@code "A failure of the transport."}. */
    public String sentence() {
        return sentence;
    }

    /**
     * The owner a failure of {@code kind} has when nothing more is known: ENDPOINT, TLS,
     * UNAVAILABLE and TIMEOUT are the transport's, AUTHENTICATION the credentials', CANCELLED the console's,
     * INVALID_ARGUMENT (bad input this console refused before sending: a wrong option, an unreadable file, a field over
     * the spec's limit) the console's check, FAILED_PRECONDITION the target's state, every other kind the driver's (it
     * answered with it). A driver's own INVALID_ARGUMENT is built with {@link #ofAnswer}.
     */
    public static FailureOwner of(FailureKind kind) {
        return switch (kind) {
            case ENDPOINT, TLS, UNAVAILABLE, TIMEOUT -> TRANSPORT;
            case AUTHENTICATION -> CREDENTIALS;
            case CANCELLED -> CONSOLE;
            case INVALID_ARGUMENT -> CHECKED;
            case FAILED_PRECONDITION -> STATE;
            default -> DRIVER;
        };
    }
}
