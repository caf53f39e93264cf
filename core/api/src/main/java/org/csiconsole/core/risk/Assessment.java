package org.csiconsole.core.risk;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one assessment of an operation, rendered alike by the GUI's dialogs and wizards and by the
 * CLI's prompts, {@code --yes} rules and {@code --dry-run} output.
 *
 * @param request what was assessed
 * @param title the operation and its target in words, e.g. {@code "Force promote vol-00000111 on site-b"}
 * @param state each target's current state in words, one line each (what the consent is given against)
 * @param hazards what is lost, cut off or put at risk, dangers first; never null
 * @param illegal the reason the call is not sent in this state; null when it may be sent
 * @param consent the consent required before sending
 * @param saferAlternative a safer way to the same end (a planned failover instead of force); empty when none
 */
public record Assessment(RiskRequest request, String title, List<String> state, List<Hazard> hazards,
                         IllegalCall illegal, Consent consent, String saferAlternative) {
    public Assessment {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(title, "title");
        state = state == null ? List.of() : List.copyOf(state);
        hazards = hazards == null ? List.of() : List.copyOf(hazards);
        Objects.requireNonNull(consent, "consent");
        saferAlternative = saferAlternative == null ? "" : saferAlternative;
    }

    /**
     * The consent needed to send: {@link #consent()}; to send a blocked, overridable call anyway
     * ({@code override}), at least the targets' names typed as one phrase, as an override is never
     * sent on a click or a bare flag.
     */
    public Consent consent(boolean override) {
        if (!override || !consent.untyped()) return consent;
        String plural = request.targets().get(0).kind() + "s";
        return new Consent(Consent.Kind.TYPED, Consent.phrase(request.operation().verbLower(), plural, consent.names()),
                consent.names(), consent.ids());
    }

    /** The connection acted on in words, {@code "On connection Demo (unix:///run/csi.sock)"}; empty when not given. */
    public String onConnection() {
        return request.connection().isEmpty() ? "" : "On connection " + request.connection();
    }

    /** True when the call is known to be illegal or harmful now and is not sent (unless overridden). */
    public boolean blocked() {
        return illegal != null;
    }

    /** True when {@code force=true} would be sent. */
    public boolean forced() {
        return request.force();
    }

    /** True when any hazard is a danger: the dialog's default button is then Cancel. */
    public boolean dangerous() {
        return hazards.stream().anyMatch(Hazard::danger);
    }

    /**
     * What the operation left once it succeeded on the targets {@code done} accepts (by the target's id or either side's):
     * the split brain it made, in one sentence with the next step, shown by the GUI's result and the command line's output
     * instead of a plain success; empty when it made none.
     */
    public String splitBrainLeft(java.util.function.Predicate<String> done) {
        return RiskModel.splitBrainLeft(request, done);
    }

    /**
     * True when the action may be the default button (Enter sends it): never for a call that is refused, nor for one
     * with a danger or an irreversible or disruptive hazard ({@link Hazard#disruptive()}); then Cancel is the default.
     * The one rule every confirmation follows.
     */
    public boolean actionIsDefault() {
        return !blocked() && hazards.stream().noneMatch(Hazard::disruptive);
    }

    /** True when a hazard of {@code kind} was found. */
    public boolean has(Hazard.Kind kind) {
        return hazards.stream().anyMatch(h -> h.kind() == kind);
    }

    /** The fields sent, {@code volume_id=vol-1, node_id=node-1}; empty when not shown. */
    public String sends() {
        StringBuilder b = new StringBuilder();
        request.sends().forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return b.toString();
    }

    /**
     * The call sent: the RPC ({@code "csi.v1.Node/NodeUnpublishVolume"}), or the CSP request with its path's placeholders
     * filled from the fields sent ({@code "CSP DELETE /containers/v1/hosts/host-0002"}), never a bare {@code {id}}.
     */
    public String call() {
        String call = request.operation().call();
        for (var e : request.sends().entrySet()) call = call.replace("{" + e.getKey() + "}", e.getValue());
        return call;
    }

    /**
     * The assessment as text lines, as the CLI prints it before a prompt and in a dry run, and as a
     * dialog's plain-text body: the title, the connection it acts on, each target's state, the hazards, the verdict, the safer
     * alternative and what consent is needed.
     */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(title);
        if (!request.connection().isEmpty()) out.add("  " + onConnection());
        // a refusal comes first, before the facts it rests on (which may be many lines)
        if (illegal != null) {
            out.add("  Not sent: " + illegal.describe());
            if (illegal.overridable()) {
                out.add("  This rests on this console's own record, which another orchestrator may have made stale; "
                        + "sending anyway needs the name typed and is audited as an override.");
            }
        }
        state.forEach(s -> out.add("  " + s));
        if (!request.sends().isEmpty()) out.add("  Sends " + call() + ": " + sends());
        for (Hazard h : hazards) out.add((h.danger() ? "  DANGER: " : "  Caution: ") + h.describe());
        if (!saferAlternative.isEmpty()) out.add("  Safer: " + saferAlternative);
        if (asksToType()) out.add("  To confirm, " + consent.instruction() + ".");
        return out;
    }

    /** True when names are to be typed: never for a refused call that cannot be sent anyway. */
    public boolean asksToType() {
        return !consent.untyped() && (illegal == null || illegal.overridable());
    }
}
