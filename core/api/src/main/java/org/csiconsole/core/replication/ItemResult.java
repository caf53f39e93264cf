package org.csiconsole.core.replication;

import org.csiconsole.core.call.CallFailure;

import java.util.Objects;

/**
 * How one item of a run ended.
 *
 * @param item the planned item
 * @param outcome SUCCEEDED, FAILED, STOPPED or REFUSED
 * @param stepsDone steps that succeeded, from the first
 * @param failure the failure of the step that failed, explained ({@link ReplicationFailures#explain}); null otherwise
 * @param stateLeft in words, the state the item was left in, e.g. {@code "vol-1 on site-a is secondary;
 *     its partner on site-b is still secondary: neither side takes writes. Promote vol-9 on site-b to finish."}
 */
public record ItemResult(PlanItem item, RunOutcome outcome, int stepsDone, CallFailure failure, String stateLeft) {
    public ItemResult {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(outcome, "outcome");
        stateLeft = stateLeft == null ? "" : stateLeft;
    }

    public ReplicationSource source() {
        return item.source();
    }
}
