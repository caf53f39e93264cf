package org.csiconsole.core.storage;

import org.csiconsole.core.model.PoolUsage;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the arrays behind a connection report about their pools: total and used bytes per pool.
 * Neither CSI (GetCapacity reports {@code available_capacity} only) nor the HPE CSP REST API (no
 * pools endpoint) carries these, so a source is given only where the console can ask the arrays
 * themselves (the demo's reference arrays).
 */
@FunctionalInterface
public interface ArrayPools {
    /** Every pool of every array; fails as the source fails. */
    CompletableFuture<List<PoolUsage>> pools();
}
