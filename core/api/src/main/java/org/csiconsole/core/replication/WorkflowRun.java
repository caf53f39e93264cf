package org.csiconsole.core.replication;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A running workflow: its plan, its events so far, a stop between steps, and its result. */
public interface WorkflowRun {

    WorkflowPlan plan();

    /** Completes when every item has ended; never fails (failures are in the item results). */
    CompletableFuture<WorkflowResult> result();

    /**
     * Asks the run to stop: a step in flight completes (a call is never cut in the middle), then no
     * further step starts. Each stopped item says what state it left. Idempotent.
     */
    void stop();

    /** True once {@link #stop()} was called. */
    boolean stopRequested();

    /** The events so far, in order. */
    List<WorkflowEvent> events();
}
