package org.csiconsole.core.call;

import java.util.Objects;

/**
 * A failed call, in words a person can act on. Every core operation completes exceptionally with
 * this type (possibly wrapped in a {@link java.util.concurrent.CompletionException}).
 *
 * <p>{@link #getMessage()} is the one-sentence summary ({@code what: why}); {@link #whatToDo()} is the
 * recovery step from the spec; {@link #detail()} carries technical detail (status code, peer text)
 * for an expander. None of these ever contain a secret: callers build them from redacted text.
 */
public class CallFailure extends RuntimeException {
    private final FailureKind kind;
    private final String what;
    private final String why;
    private final String whatToDo;
    private final String detail;
    private final FailureOwner owner;

    /**
     * @param kind the failure kind
     * @param what what failed, e.g. {@code "CreateVolume pvc-1"}
     * @param why why it failed, in words (the spec's condition text when known)
     * @param whatToDo what the person should do next (the spec's recovery behaviour)
     * @param detail technical detail (code, status, raw message), may be empty
     */
    public CallFailure(FailureKind kind, String what, String why, String whatToDo, String detail) {
        this(kind, what, why, whatToDo, detail, null);
    }

    public CallFailure(FailureKind kind, String what, String why, String whatToDo, String detail, Throwable cause) {
        this(kind, FailureOwner.of(kind), what, why, whatToDo, detail, cause);
    }

    /**
     * A failure whose owner is not the one its kind implies ({@link FailureOwner#of(FailureKind)}):
     * for example UNAVAILABLE because this console closed the channel, or INVALID_ARGUMENT because
     * the driver found no secrets.
     *
     * @param owner whose failure it is
     */
    public CallFailure(FailureKind kind, FailureOwner owner, String what, String why, String whatToDo, String detail, Throwable cause) {
        super(what + ": " + why, cause, false, true);
        this.owner = Objects.requireNonNull(owner, "owner");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.what = what;
        this.why = why;
        this.whatToDo = whatToDo == null ? "" : whatToDo;
        this.detail = detail == null ? "" : detail;
    }

    /**
     * A call this console refused before sending anything: bad input, a consent missing or wrong, or a call
     * the risk assessment knows to be illegal now. INVALID_ARGUMENT, and the console's
     * ({@link FailureOwner#CONSOLE}): the one way a refusal is owned, for the command line and the views.
     *
     * @param what the call or command refused, e.g. {@code "Delete volume erp-db"}
     * @param why why, e.g. {@code "not sent: erp-db is still published to node-1 (reported by the driver)"}
     * @param whatToDo the next safe step
     */
    public static CallFailure refused(String what, String why, String whatToDo) {
        return new CallFailure(FailureKind.INVALID_ARGUMENT, FailureOwner.CONSOLE, what, why, whatToDo, "", null);
    }

    public FailureKind kind() { return kind; }

    public String what() { return what; }

    public String why() { return why; }

    public String whatToDo() { return whatToDo; }

    public String detail() { return detail; }

    /** Whose failure this is: the console, the transport, the credentials or the driver. */
    public FailureOwner owner() { return owner; }

    /** Whose failure this is, as a sentence for a dialog or a CLI line: {@code "A failure of the transport."}. */
    public String ownerSentence() {
        return "A failure of " + ownerWords() + ".";
    }

    /**
     * Whose failure this is in words: {@code "the transport"}; the console's own refusal of input before anything was
     * sent ({@link #refused}: INVALID_ARGUMENT owned by the console) is {@code "the console (checked before sending)"}.
     */
    public String ownerWords() {
        return owner.words() + (owner == FailureOwner.CONSOLE && kind == FailureKind.INVALID_ARGUMENT ? " (checked before sending)" : "");
    }

    /** Summary, whose failure it is, recovery step and detail on separate lines, for a CLI or a log line. */
    public String describe() {
        StringBuilder b = new StringBuilder(getMessage());
        b.append("\n  Whose: ").append(ownerWords());
        if (!whatToDo.isEmpty()) b.append("\n  What to do: ").append(whatToDo);
        if (!detail.isEmpty()) b.append("\n  Detail: ").append(detail);
        return b.toString();
    }

    /** Unwraps {@code CompletionException}/{@code ExecutionException} layers and returns the CallFailure inside, if any. */
    public static CallFailure unwrap(Throwable t) {
        Throwable c = t;
        while (c != null) {
            if (c instanceof CallFailure f) return f;
            c = c.getCause();
        }
        return null;
    }
}
