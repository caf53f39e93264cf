package org.csiconsole.core.replication;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Samples the replication state of one site on a schedule: each round lists the replicated
 * sources ({@link ReplicationPort#inventory()}) and reads each one's state
 * (GetVolumeReplicationInfo; CSP partners and snapshot groups), with at most
 * {@link SamplerSettings#maxInFlight()} calls in flight. A source whose read fails keeps its previous
 * figures, marked stale with their age, never shown as current. Rounds never overlap: a round that
 * runs longer than the interval delays the next. Every round goes to the subscribers and, when one is
 * wired, to the {@link ReplicationHistory}.
 *
 * <p>Lifecycle: {@link #start()} once; {@link #visible(boolean)} follows the view (hidden: the slower
 * {@link SamplerSettings#hiddenInterval()}); {@link #close()} stops the schedule and waits for nothing.
 * Listeners run on the sampler's thread and must not block (a view hands them to its UI executor).
 */
public interface ReplicationSampler extends AutoCloseable {

    /** Starts the schedule; the first round starts at once. Idempotent. */
    void start();

    /** Shown: rounds every {@link SamplerSettings#interval()}; hidden: every {@link SamplerSettings#hiddenInterval()}. */
    void visible(boolean shown);

    /**
     * Runs a round that starts after this call and completes with it: when a round is running, the next one, so a read
     * after a change never sees figures taken before it. Never fails: failures are in the round.
     */
    CompletableFuture<SampleRound> sampleNow();

    /** The latest sample of every source, in inventory order; empty before the first round. */
    List<ReplicationSample> samples();

    /** The latest round; null before the first one ends. */
    SampleRound lastRound();

    /** Calls {@code listener} after each round; returns a handle that removes it. */
    AutoCloseable subscribe(Consumer<SampleRound> listener);

    /** The settings in force. */
    SamplerSettings settings();

    /** Uses {@code settings} from the next round on. */
    void settings(SamplerSettings settings);

    /** Stops the schedule; a round in flight finishes but is not published. Idempotent. */
    @Override
    void close();
}
