package org.csiconsole.core.replication;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * The local history of replication samples and operations (a SQLite file in the data folder), kept
 * {@link #DEFAULT_RETENTION} by default. Writes are queued and never block the caller; reads run off
 * the caller's thread. Failures complete the futures with a
 * {@link org.csiconsole.core.call.CallFailure} (kind INTERNAL, the store's reason in words).
 */
public interface ReplicationHistory extends AutoCloseable {
    /** How long samples and operations are kept unless told otherwise: 30 days. */
    Duration DEFAULT_RETENTION = Duration.ofDays(30);

    /** Stores every sample of {@code round}; completes once written. */
    CompletableFuture<Void> record(SampleRound round, RpoThresholds thresholds);

    /** Stores one operation; completes once written. */
    CompletableFuture<Void> record(HistoryOperation operation);

    /** The timeline of {@code source} on {@code site} between {@code from} and {@code to} (inclusive). */
    CompletableFuture<ReplicationTimeline> timeline(ReplicationSource source, String site, Instant from, Instant to);

    /** Removes what is older than the retention; completes with the rows removed. */
    CompletableFuture<Long> prune();

    @Override
    void close();
}
