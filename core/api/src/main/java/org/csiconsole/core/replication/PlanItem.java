package org.csiconsole.core.replication;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One item of a plan with its steps in order.
 *
 * @param item what it acts on
 * @param partner site B's source; null for one-site operations or when unknown (then the plan has a failing check)
 * @param steps the steps, in order; never empty
 * @param lastSync the last {@code last_sync_time} known when planning; null when unknown
 * @param dataLossWindow for a forced step: writes after {@code lastSync} that can be lost, up to the plan's
 *     time; null when nothing is forced or the last sync is unknown
 */
public record PlanItem(WorkflowItem item, ReplicationSource partner, List<WorkflowStep> steps, Instant lastSync,
                       Duration dataLossWindow) {
    public PlanItem {
        Objects.requireNonNull(item, "item");
        steps = List.copyOf(steps);
    }

    public ReplicationSource source() {
        return item.source();
    }
}
