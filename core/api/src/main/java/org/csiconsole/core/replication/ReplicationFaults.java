package org.csiconsole.core.replication;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Replication faults of a simulated storage (the bundled reference plugin), for the faults panel in
 * demo mode and for tests. Implemented by the plugin; reached through
 * {@link ReplicationPort#faults()} so views never reach the plugin itself. Each change is
 * persisted in the plugin's state and shows in the next sample. A side id is a volume or volume
 * group id of either side of a pair; an unknown id fails NOT_FOUND, an id that is not replicated
 * FAILED_PRECONDITION ({@link org.csiconsole.core.call.CallFailure}).
 */
public interface ReplicationFaults {

    /** Every pair, with its state now. */
    CompletableFuture<List<SimulatedPair>> pairs();

    /**
     * Takes the replication link of one pair down or up; {@code sideId} null means every pair (the
     * link between the arrays). Down: health DEGRADED, last_sync_time frozen, the RPO age grows; up:
     * syncs resume and the pair is HEALTHY again.
     */
    CompletableFuture<Void> linkDown(String sideId, boolean down);

    /** Makes both sides of the pair primary: split brain, health ERROR, sync frozen. */
    CompletableFuture<Void> splitBrain(String sideId);

    /** Sets ({@code message} not blank) or clears (blank) an array-reported replication error: health ERROR. */
    CompletableFuture<Void> arrayError(String sideId, String message);

    /** Sets the pair's sync interval (its {@code schedulingInterval}); positive. */
    CompletableFuture<Void> schedulingInterval(String sideId, Duration interval);

    /** How long a resync takes from now on (default 2 min); positive. Progress shows in the status message. */
    CompletableFuture<Void> resyncDuration(Duration duration);
}
