package org.csiconsole.core.storage;

import org.csiconsole.core.model.VolumeOnNode;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the arrays behind a connection record of a volume on each node: controller publications,
 * stagings and node publications. Neither CSI nor the HPE CSP REST API reports stagings or node
 * publications, so a source is given only where the console can ask the arrays themselves (the
 * demo's reference arrays); the lifecycle is then exact instead of inferred.
 */
@FunctionalInterface
public interface VolumeOnNodeRecords {
    /** The records of {@code volumeId}, one per node that holds any; fails as the source fails. */
    CompletableFuture<List<VolumeOnNode>> of(String volumeId);
}
