package org.csiconsole.core.port;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Snapshot;

import java.util.List;
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
     * Lists snapshots, streaming pages like {@link VolumePort#listVolumes} (CSI ListSnapshots, CSP
     * {@code GET /snapshots?volume_id=}). Where snapshots are listed per volume
     * ({@link #listsSnapshotsPerVolume()}), every snapshot means one request per volume; those run
     * a few at a time, report {@link PageSink#progress} in volumes, and stop when the future is
     * cancelled.
     *
     * @param sourceVolumeId only snapshots of this volume ({@code source_volume_id}); null for all
     * @return completes with the sources that did not answer (empty when complete), like
     *     {@link VolumePort#listVolumes}
     */
    default CompletableFuture<List<SourceFailure>> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
        return Ports.unsupported("ListSnapshots");
    }

    /**
     * True when listing every snapshot costs one request per volume: the CSP API lists snapshots
     * only by {@code volume_id} (hpe-csp-rest-spec.md, {@code GET /snapshots?volume_id=}), so 10,000
     * volumes are 10,000 requests. A caller that only wants a count (the navigator) should then not
     * count until asked. False for CSI ListSnapshots, which pages every snapshot in one listing.
     */
    default boolean listsSnapshotsPerVolume() {
        return false;
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
