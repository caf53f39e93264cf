package org.csiconsole.core.replication;

import java.util.List;
import java.util.Objects;

/**
 * How a run ended: per item, and the live pre-flight checks it ran.
 *
 * @param plan what was run
 * @param outcome SUCCEEDED (all items), FAILED (all failed), PARTIAL, STOPPED or REFUSED
 * @param items one per plan item, in plan order
 * @param checks the live pre-flight checks
 */
public record WorkflowResult(WorkflowPlan plan, RunOutcome outcome, List<ItemResult> items, List<PreflightCheck> checks) {
    public WorkflowResult {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(outcome, "outcome");
        items = List.copyOf(items);
        checks = List.copyOf(checks);
    }

    /** The items that succeeded. */
    public List<ItemResult> succeeded() {
        return items.stream().filter(i -> i.outcome() == RunOutcome.SUCCEEDED).toList();
    }

    /** The items that failed, were stopped or refused. */
    public List<ItemResult> unfinished() {
        return items.stream().filter(i -> i.outcome() != RunOutcome.SUCCEEDED).toList();
    }

    /**
     * The items whose calls were sent and failed: FAILED or PARTIAL, by a failure other than the console's own check
     * before sending ({@link org.csiconsole.core.call.FailureOwner#CHECKED}). What a retry runs again; an item refused or
     * stopped before it failed is not among them (running it again changes nothing).
     */
    public List<ItemResult> retryable() {
        return items.stream().filter(i -> (i.outcome() == RunOutcome.FAILED || i.outcome() == RunOutcome.PARTIAL)
                && (i.failure() == null || i.failure().owner() != org.csiconsole.core.call.FailureOwner.CHECKED)).toList();
    }

    /**
     * The request again with only the {@linkplain #retryable() retryable} items (same sites, template, force and options).
     *
     * @throws IllegalStateException when no item is retryable
     */
    public WorkflowRequest retryRequest() {
        List<WorkflowItem> again = retryable().stream().map(i -> i.item().item()).toList();
        if (again.isEmpty()) throw new IllegalStateException("nothing to retry: no item was sent and failed");
        return plan.request().withItems(again);
    }
}
