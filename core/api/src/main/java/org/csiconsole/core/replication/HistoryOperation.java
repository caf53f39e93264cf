package org.csiconsole.core.replication;

import java.time.Instant;

/**
 * One operation on a timeline: a step of a run (promote, demote, resync, ...), with how it ended.
 *
 * @param time when it ended
 * @param site the site it went to
 * @param source what it named
 * @param workflow the workflow it was part of
 * @param action the step
 * @param forced true when sent with force
 * @param outcome SUCCEEDED, FAILED or STOPPED
 * @param message the failure in words, or the state left; empty when none
 */
public record HistoryOperation(Instant time, String site, ReplicationSource source, WorkflowKind workflow,
                               ReplicationAction action, boolean forced, RunOutcome outcome, String message) {
}
