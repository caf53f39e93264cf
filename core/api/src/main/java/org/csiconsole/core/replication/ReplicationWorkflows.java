package org.csiconsole.core.replication;

import java.util.concurrent.CompletableFuture;
import java.util.List;
import java.util.function.Consumer;

/**
 * The one replication workflow engine the wizards and the command line share (DESIGN.md: a workflow
 * both run lives once in core and reports progress as events): single operations in bulk (enable,
 * disable, promote, demote, resync polled until ready) and the guided workflows (planned and
 * unplanned failover, failback, split-brain recovery).
 *
 * <p>Rules: {@link #plan} sends nothing (a dry run); {@link #run} runs the live pre-flight checks,
 * refuses the run when one fails, then runs the items with at most
 * {@link WorkflowOptions#concurrency()} at once, each item's steps in order, stopping an item at its
 * first failed step. Force is sent only where the request holds a {@link ForceConfirmation} naming
 * the source; a refused promote is never retried with force. ABORTED is retried within the call
 * policy's bounds; FAILED_PRECONDITION is explained in words with the next safe step
 * ({@link ReplicationFailures}). Every call is audited once by the call policy, also when it fails;
 * every run is recorded in the {@link ReplicationHistory} when one is wired.
 */
public interface ReplicationWorkflows {

    /**
     * Plans {@code request} without sending anything: the steps of every item with their parameters
     * (secrets redacted), and the checks judged from the items' known samples.
     *
     * @throws org.csiconsole.core.call.CallFailure INVALID_ARGUMENT when the request cannot be planned (an
     *     unplanned failover without a force confirmation for site B's source, an item without a partner
     *     on a two-site workflow and none known)
     */
    WorkflowPlan plan(WorkflowRequest request);

    /** The live pre-flight checks of {@code plan} (reads only: GetVolumeReplicationInfo on both sites). Never fails. */
    CompletableFuture<List<PreflightCheck>> preflight(WorkflowPlan plan);

    /**
     * Runs {@code plan}: live checks, then the steps. {@code listener} gets every event, on the engine's
     * threads; it must not block.
     */
    WorkflowRun run(WorkflowPlan plan, Consumer<WorkflowEvent> listener);

    /** True while a run of this engine acts on {@code source} (the "no operation pending" check). */
    boolean busy(ReplicationSource source);
}
