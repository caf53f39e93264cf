package org.csiconsole.core.lifecycle;

import java.util.Objects;

/**
 * Whether a transition may be taken now, and when not, why in the spec's words.
 *
 * @param legal true when the call may be made now
 * @param reason why not (the spec's rule, with the section it comes from); empty when legal
 * @param code the gRPC code the spec has the plugin return for this case (e.g.
 *     {@code "FAILED_PRECONDITION"}), empty when the spec names none (a rule for the CO, or a call
 *     that would succeed without changing anything)
 */
public record Verdict(boolean legal, String reason, String code) {
    /** May be taken. */
    public static final Verdict LEGAL = new Verdict(true, "", "");

    public Verdict {
        reason = Objects.requireNonNullElse(reason, "");
        code = Objects.requireNonNullElse(code, "");
    }

    /** Not now, for {@code reason}, the plugin answering {@code code} (empty when the spec names none). */
    public static Verdict illegal(String reason, String code) {
        return new Verdict(false, reason, code);
    }

    /** The reason with its code in front, for a tooltip: {@code "FAILED_PRECONDITION: ..."}. */
    public String describe() {
        if (legal) return "";
        return code.isEmpty() ? reason : code + ": " + reason;
    }
}
