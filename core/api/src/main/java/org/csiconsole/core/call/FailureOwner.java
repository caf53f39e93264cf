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

    /**
     * The owner a failure of {@code kind} has when nothing more is known: ENDPOINT, TLS,
     * UNAVAILABLE and TIMEOUT are the transport's, AUTHENTICATION the credentials', CANCELLED the
     * console's, every other kind the driver's (it answered with it).
     */
    public static FailureOwner of(FailureKind kind) {
        return switch (kind) {
            case ENDPOINT, TLS, UNAVAILABLE, TIMEOUT -> TRANSPORT;
            case AUTHENTICATION -> CREDENTIALS;
            case CANCELLED -> CONSOLE;
            default -> DRIVER;
        };
    }
}
