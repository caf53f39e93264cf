package org.csiconsole.views.audit;

import java.time.Duration;

/** The time ranges the Audit view offers; {@link #BETWEEN} takes its from and to instants from the view. */
public enum AuditTimeRange {
    LAST_HOUR("Last hour", Duration.ofHours(1)),
    LAST_DAY("Last 24 hours", Duration.ofHours(24)),
    LAST_WEEK("Last 7 days", Duration.ofDays(7)),
    ALL("All time", null),
    BETWEEN("From \u2013 to", null);

    private final String label;
    private final Duration span;

    AuditTimeRange(String label, Duration span) {
        this.label = label;
        this.span = span;
    }

    /** How far back the range reaches from now; null for {@link #ALL} and {@link #BETWEEN}. */
    public Duration span() {
        return span;
    }

    @Override
    public String toString() {
        return label;
    }
}
