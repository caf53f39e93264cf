package org.csiconsole.core.audit;

import java.io.OutputStream;
import java.util.List;

/**
 * The read side of the audit log, for the Audit view and {@code csi-console audit}. Every method
 * reads the local store and blocks for it (milliseconds for a page of 100,000 entries): call it
 * from a background thread, never the UI thread. Failures are {@link AuditFailure}s.
 */
public interface AuditLog {
    /** Where the log lives, for messages, e.g. {@code /home/ann/.local/share/csi-console/audit.db}. */
    String location();

    /** The entries matching {@code query}, newest first, from {@code query.offset()}, at most {@code query.limit()}. */
    List<AuditEntry> find(AuditQuery query);

    /** How many entries match {@code query}, ignoring its offset and limit. */
    long count(AuditQuery query);

    /**
     * Checks the hash chain from the first entry to the last. Reports the first entry whose content
     * no longer matches its hash (changed), the first gap in the sequence (removed), or a log that
     * ends before its recorded last entry (removed at the end).
     */
    AuditVerification verify();

    /**
     * Writes the entries matching {@code query} (offset and limit apply), oldest first, to {@code out}
     * in {@code format}; does not close {@code out}.
     *
     * @return entries written
     * @throws AuditFailure when the log cannot be read or {@code out} cannot be written
     */
    long export(AuditQuery query, AuditExportFormat format, OutputStream out);
}
