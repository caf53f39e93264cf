package org.csiconsole.core.replication;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a person asks the engine to do.
 *
 * @param kind the operation or workflow
 * @param siteA the site of the items' sources (for one-site operations, the only site); for a failover
 *     the current primary, for a failback the old primary, for split-brain recovery the survivor
 * @param siteB the partner site; null for a one-site operation
 * @param items what to act on, at least one
 * @param template {@code replication_id}, {@code parameters} and {@code secrets} sent with every call (its
 *     source is replaced per item; for a volume group the same values apply)
 * @param force typed confirmations, by the source they allow force on (site B's source for an unplanned
 *     failover); empty for none. Force is sent only where a confirmation names the source.
 * @param options concurrency, polling, waits, fence
 */
public record WorkflowRequest(WorkflowKind kind, ReplicationSite siteA, ReplicationSite siteB, List<WorkflowItem> items,
                              ReplicationRequest template, Map<ReplicationSource, ForceConfirmation> force,
                              WorkflowOptions options) {
    public WorkflowRequest {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(siteA, "siteA");
        items = List.copyOf(items);
        if (items.isEmpty()) throw new IllegalArgumentException("a workflow needs at least one volume or volume group");
        if (kind.twoSites() && siteB == null) throw new IllegalArgumentException(kind.words() + " needs site B, the partner site");
        template = template == null ? ReplicationRequest.of(items.get(0).source()) : template;
        force = force == null ? Map.of() : Map.copyOf(force);
        options = options == null ? WorkflowOptions.DEFAULT : options;
    }

    /** A one-site operation on {@code items} with default options, no force. */
    public static WorkflowRequest onOneSite(WorkflowKind kind, ReplicationSite site, List<WorkflowItem> items) {
        return new WorkflowRequest(kind, site, null, items, null, Map.of(), WorkflowOptions.DEFAULT);
    }

    /** A two-site workflow on {@code items} with default options, no force. */
    public static WorkflowRequest onPair(WorkflowKind kind, ReplicationSite a, ReplicationSite b, List<WorkflowItem> items) {
        return new WorkflowRequest(kind, a, b, items, null, Map.of(), WorkflowOptions.DEFAULT);
    }

    public WorkflowRequest withTemplate(ReplicationRequest t) {
        return new WorkflowRequest(kind, siteA, siteB, items, t, force, options);
    }

    public WorkflowRequest withForce(Map<ReplicationSource, ForceConfirmation> f) {
        return new WorkflowRequest(kind, siteA, siteB, items, template, f, options);
    }

    public WorkflowRequest withOptions(WorkflowOptions o) {
        return new WorkflowRequest(kind, siteA, siteB, items, template, force, o);
    }

    public WorkflowRequest withItems(List<WorkflowItem> i) {
        return new WorkflowRequest(kind, siteA, siteB, i, template, force, options);
    }
}
