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

    /** The items that failed, were stopped or refused: what a retry runs again. */
    public List<ItemResult> unfinished() {
        return items.stream().filter(i -> i.outcome() != RunOutcome.SUCCEEDED).toList();
    }

    /** The request again with only the unfinished items (same sites, template, force and options). */
    public WorkflowRequest retryRequest() {
        List<WorkflowItem> again = unfinished().stream().map(i -> i.item().item()).toList();
        if (again.isEmpty()) throw new IllegalStateException("nothing to retry: every item succeeded");
        return plan.request().withItems(again);
    }
}
