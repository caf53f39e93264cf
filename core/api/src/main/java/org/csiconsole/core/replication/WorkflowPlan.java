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

    /**
     * {@code item} in words with both sides of its pair, as a dry run heads its calls: for a split-brain recovery the
     * survivor and the side whose writes are discarded ({@code "volume vol-1 on site-a, the survivor: its data is kept;
     * its partner vol-9 on site-b: its writes since the split are discarded"}); for another two-site workflow the source
     * with its partner; for a one-site operation the source alone.
     */
    public String describe(PlanItem item) {
        String a = item.source() + " on " + request.siteA().name();
        if (request.siteB() == null || item.partner() == null) return a;
        String b = item.partner().id() + " on " + request.siteB().name();
        return kind() == WorkflowKind.SPLIT_BRAIN_RECOVERY
                ? a + ", the survivor: its data is kept; its partner " + b + ": its writes since the split are discarded"
                : a + " with its partner " + b;
    }

    /** True when a check failed: running the plan would be refused. */
    public boolean blocked() {
        return checks.stream().anyMatch(c -> c.level() == PreflightCheck.Grade.FAIL);
    }
}
