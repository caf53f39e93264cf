package org.csiconsole.views.audit;

import org.csiconsole.core.audit.AuditOutcome;

/** The outcome filter of the Audit view: any, or one {@link AuditOutcome}. */
public enum AuditOutcomeChoice {
    ANY("Any outcome", null),
    OK("OK", AuditOutcome.OK),
    FAILED("Failed", AuditOutcome.FAILED),
    CANCELLED("Cancelled", AuditOutcome.CANCELLED),
    UNKNOWN("Outcome unknown", AuditOutcome.UNKNOWN),
    NOT_SENT("Not sent", AuditOutcome.NOT_SENT);

    private final String label;
    private final AuditOutcome outcome;

    AuditOutcomeChoice(String label, AuditOutcome outcome) {
        this.label = label;
        this.outcome = outcome;
    }

    /** The outcome to filter by, or null for any. */
    public AuditOutcome outcome() {
        return outcome;
    }

    @Override
    public String toString() {
        return label;
    }
}
