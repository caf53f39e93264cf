package org.csiconsole.core.replication;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a workflow will do, made without sending anything ({@link ReplicationWorkflows#plan}): every
 * item's steps in order with their parameters (secrets redacted), the checks that can be judged
 * from the samples given (the run repeats them live), and the request it was made from. A dry run
 * is this plan shown; it sends nothing, so neither the call trace nor the audit log shows a call.
 *
 * @param request the request planned
 * @param items one per request item, in order
 * @param checks checks judged from the known samples (live checks run when the plan runs)
 * @param plannedAt when it was planned
 */
public record WorkflowPlan(WorkflowRequest request, List<PlanItem> items, List<PreflightCheck> checks, Instant plannedAt) {
    public WorkflowPlan {
        Objects.requireNonNull(request, "request");
        items = List.copyOf(items);
        checks = List.copyOf(checks);
        Objects.requireNonNull(plannedAt, "plannedAt");
    }

    public WorkflowKind kind() {
        return request.kind();
    }

    /** Every step of every item, in order: the calls a dry run lists. */
    public List<WorkflowStep> steps() {
        return items.stream().flatMap(i -> i.steps().stream()).toList();
    }

    /** True when a check failed: running the plan would be refused. */
    public boolean blocked() {
        return checks.stream().anyMatch(c -> c.level() == PreflightCheck.Grade.FAIL);
    }
}
