package org.csiconsole.core.audit;

/** File formats {@link AuditLog#export} writes. */
public enum AuditExportFormat {
    /** One JSON object per line (JSON Lines, UTF-8), oldest first. */
    JSON_LINES,
    /** RFC 4180 CSV with a header row (UTF-8), oldest first; targets as {@code key=id;key=id}. */
    CSV
}
