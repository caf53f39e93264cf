package org.csiconsole.core.audit;

import java.util.Objects;

/**
 * A stored {@link AuditRecord}.
 *
 * @param seq position in the log, 1 for the first entry, increasing by 1 without gaps
 * @param record what was recorded
 * @param hash SHA-256 (64 lower-case hex digits) over the previous entry's hash and this entry's
 *     canonical form; the chain {@link AuditLog#verify()} checks
 */
public record AuditEntry(long seq, AuditRecord record, String hash) {
    public AuditEntry {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(hash, "hash");
    }
}
