package org.csiconsole.core.replication;

import java.util.Objects;

/**
 * One volume or group a workflow acts on.
 *
 * @param source the source on site A (for a single-site operation, on its only site)
 * @param name its name as shown (the text a force confirmation must type); empty for the id
 * @param partner the partner on site B; null to look it up in {@code knownB} / the destination, or for one site
 * @param knownA the latest sample of {@code source} on site A, for the plan's checks and data-loss window; may be null
 * @param knownB the latest sample of the partner on site B; may be null
 */
public record WorkflowItem(ReplicationSource source, String name, ReplicationSource partner, ReplicationSample knownA,
                           ReplicationSample knownB) {
    public WorkflowItem {
        Objects.requireNonNull(source, "source");
        name = name == null ? "" : name;
    }

    /** An item known by its source only. */
    public static WorkflowItem of(ReplicationSource source) {
        return new WorkflowItem(source, "", null, null, null);
    }

    /** An item from a site pair: A's and B's samples with their sources. */
    public static WorkflowItem of(SitePair pair) {
        if (pair.a() == null) throw new IllegalArgumentException("the pair has no site A side");
        return new WorkflowItem(pair.a().source(), pair.a().item().name(), pair.b() == null ? null : pair.b().source(),
                pair.a(), pair.b());
    }

    /** The name when known, else the id. */
    public String displayName() {
        return name.isEmpty() ? source.id() : name;
    }
}
