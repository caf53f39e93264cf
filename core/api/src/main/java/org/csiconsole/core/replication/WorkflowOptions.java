package org.csiconsole.core.replication;

import org.csiconsole.core.port.FenceRequest;

import java.time.Duration;
import java.util.Objects;

/**
 * Tunables of a workflow run.
 *
 * @param concurrency items run at once (bulk operations), at least 1 (default 4)
 * @param pollInterval time between two polls of a wait or a resync (default 1 s)
 * @param waitTimeout longest a wait (final sync, healthy) or a resync may take before the item fails (default 10 min)
 * @param fence for an unplanned failover: the blocks to fence first, null for no fence
 * @param fenceSite the site whose csi-addons endpoint fences them ({@code "A"} or {@code "B"}; default B, the survivor)
 */
public record WorkflowOptions(int concurrency, Duration pollInterval, Duration waitTimeout, FenceRequest fence, String fenceSite) {
    public static final WorkflowOptions DEFAULT = new WorkflowOptions(4, Duration.ofSeconds(1), Duration.ofMinutes(10), null, "B");

    public WorkflowOptions {
        if (concurrency < 1) throw new IllegalArgumentException("concurrency must be at least 1, was " + concurrency);
        Objects.requireNonNull(pollInterval, "pollInterval");
        Objects.requireNonNull(waitTimeout, "waitTimeout");
        fenceSite = fenceSite == null || fenceSite.isBlank() ? "B" : fenceSite;
        if (!fenceSite.equals("A") && !fenceSite.equals("B")) throw new IllegalArgumentException("fenceSite must be A or B, was " + fenceSite);
    }

    public WorkflowOptions withConcurrency(int n) {
        return new WorkflowOptions(n, pollInterval, waitTimeout, fence, fenceSite);
    }

    public WorkflowOptions withPollInterval(Duration d) {
        return new WorkflowOptions(concurrency, d, waitTimeout, fence, fenceSite);
    }

    public WorkflowOptions withWaitTimeout(Duration d) {
        return new WorkflowOptions(concurrency, pollInterval, d, fence, fenceSite);
    }

    /** Fence {@code request} through site {@code site} ("A" or "B") before the forced promote of an unplanned failover. */
    public WorkflowOptions withFence(FenceRequest request, String site) {
        return new WorkflowOptions(concurrency, pollInterval, waitTimeout, request, site);
    }
}
