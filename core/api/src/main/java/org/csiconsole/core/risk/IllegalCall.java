package org.csiconsole.core.risk;

import java.util.Objects;

/**
 * A call core knows to be illegal or harmful in the target's current state: it is not sent.
 *
 * @param reason why, in words, with the state it comes from, e.g. {@code "vol-1 is still staged on node-1 at /var/..."}
 * @param spec where the rule comes from, e.g. {@code "CSI spec, Volume Lifecycle: ControllerUnpublishVolume follows NodeUnstageVolume"}
 * @param nextStep the next safe step, e.g. {@code "Unstage it on node-1 first (Node > Unstage on this node)."}
 * @param overridable true when the verdict rests on this console's own record only, which another
 *     container orchestrator may have made stale: then an explicit "send anyway" with the typed name
 *     exists, and is audited as an override; false when it rests on the driver's report, or on this
 *     console's own call younger than {@link RiskModel#FRESH} that the driver has not contradicted
 */
public record IllegalCall(String reason, String spec, String nextStep, boolean overridable) {
    public IllegalCall {
        Objects.requireNonNull(reason, "reason");
        spec = spec == null ? "" : spec;
        nextStep = nextStep == null ? "" : nextStep;
    }

    /** The reason, the rule and the next step in one paragraph. */
    public String describe() {
        StringBuilder s = new StringBuilder(reason);
        if (!spec.isEmpty()) s.append(" (").append(spec).append(')');
        s.append('.');
        if (!nextStep.isEmpty()) s.append(' ').append(nextStep);
        return s.toString();
    }
}
