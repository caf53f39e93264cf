package org.csiconsole.core.audit;

import java.util.concurrent.CompletableFuture;

/**
 * Where the call policy appends one {@link AuditRecord} per mutating call (DESIGN.md: "every
 * mutation is audited once, durably, before its result is shown"). Thread-safe.
 */
@FunctionalInterface
public interface AuditSink {
    /**
     * Appends {@code record}.
     *
     * @return completes once the record is durable (committed and synced to disk), possibly on the
     *     store's writer thread: do not block in a dependent stage; fails with {@link AuditFailure}
     *     when the record could not be written (disk full, permission, closed log), in which case
     *     nothing of it is stored
     */
    CompletableFuture<Void> append(AuditRecord record);

    /**
     * A sink that keeps nothing and completes at once: for clients that are only read through
     * (the command line's read commands never call it) and for tests of something else.
     */
    static AuditSink discarding() {
        return record -> CompletableFuture.completedFuture(null);
    }
}
