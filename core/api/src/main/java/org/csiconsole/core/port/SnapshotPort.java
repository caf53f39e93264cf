package org.csiconsole.core.port;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Snapshot;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Snapshots of single volumes (CSI CreateSnapshot / ListSnapshots / DeleteSnapshot; CSP {@code /snapshots}).
 *
 * <p>Every method follows the rules of {@link StorageService}: it returns at once, fails with a
 * {@link org.csiconsole.core.call.CallFailure}, and a default method fails UNSUPPORTED.
 */
public interface SnapshotPort {

    /**
     * Lists snapshots, streaming pages like {@link #listVolumes} (CSI ListSnapshots, CSP
     * {@code GET /snapshots}).
     *
     * @param sourceVolumeId only snapshots of this volume ({@code source_volume_id}); null for all
     */
    default CompletableFuture<Void> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
        return Ports.unsupported("ListSnapshots");
    }

    /** CreateSnapshot of {@code sourceVolumeId} (idempotent by name) or CSP {@code POST /snapshots}. */
    default CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters) {
        return Ports.unsupported("CreateSnapshot " + name);
    }

    /** DeleteSnapshot (idempotent); FAILED_PRECONDITION while it is the source of a volume, per plugin. */
    default CompletableFuture<Void> deleteSnapshot(String snapshotId) {
        return Ports.unsupported("DeleteSnapshot " + snapshotId);
    }
}
