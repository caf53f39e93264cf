package org.csiconsole.core.storage;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.csp.NewVolume;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.port.ExpandResult;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.port.VolumeRequest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * {@link StorageService} over a logged-in {@link CspClient} (hpe-csp-rest-spec.md): volumes,
 * snapshots, volume and snapshot groups, hosts and publish. The CSP has no paging, so a listing is
 * one page. Snapshots are listed per volume ({@code GET /snapshots?volume_id=} is mandatory in the
 * spec), so listing all snapshots reads the volumes first, then each volume's snapshots a few at a
 * time ({@link PerVolumeSnapshots}). An array is one source: a listing either completes with every
 * row or fails.
 */
public final class CspStorage implements StorageService {
    private final CspClient csp;
    private final String arrayName;

    /**
     * @param csp a client (logged in or logging in on first use)
     * @param arrayName what to report as plugin name for a CSP-only connection, e.g. the CSP address
     */
    public CspStorage(CspClient csp, String arrayName) {
        this.csp = Objects.requireNonNull(csp);
        this.arrayName = Objects.requireNonNull(arrayName);
    }

    public CspClient client() {
        return csp;
    }

    /** The array's name as given at construction, e.g. {@code "site-b"}: the source a partial listing names. */
    public String name() {
        return arrayName;
    }

    /** The array's replication partners, replicated objects and snapshot groups, as site {@link #name()}. */
    @Override
    public org.csiconsole.core.replication.ReplicationPort replication() {
        return new org.csiconsole.core.storage.replication.CspReplicationPort(arrayName, csp, this);
    }

    /** {@code GET /volumes}: every volume of this array. */
    CompletableFuture<List<Volume>> volumes() {
        return csp.volumes().list();
    }

    @Override
    public CompletableFuture<Features> features() {
        return CompletableFuture.completedFuture(Features.from(CapabilitySet.NONE, false, true, false, false));
    }

    @Override
    public CompletableFuture<PluginInfo> pluginInfo() {
        return CompletableFuture.completedFuture(new PluginInfo("CSP " + arrayName, "REST v1", Map.of()));
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> pages) {
        return csp.volumes().list().thenCompose(list -> take(pages, list)).thenApply(x -> List.of());
    }

    /** Hands {@code list} to {@code pages} as one page (CSP lists are not paged); nothing when empty. */
    private static <T> CompletableFuture<Void> take(PageSink<T> pages, List<T> list) {
        return list.isEmpty() ? CompletableFuture.completedFuture(null) : pages.accept(list).toCompletableFuture().thenApply(x -> null);
    }

    @Override
    public CompletableFuture<Volume> getVolume(String volumeId) {
        return csp.volumes().get(volumeId);
    }

    @Override
    public CompletableFuture<Volume> createVolume(VolumeRequest request) {
        Map<String, Object> config = new LinkedHashMap<>(request.parameters());
        String base = request.source().kind() == VolumeSource.Kind.SNAPSHOT ? request.source().id() : null;
        return csp.volumes().create(new NewVolume(request.name(), Long.toString(request.capacityBytes()), null, base, null, config));
    }

    @Override
    public CompletableFuture<ExpandResult> expandVolume(String volumeId, long capacityBytes) {
        return csp.volumes().expand(volumeId, Long.toString(capacityBytes))
                .thenApply(v -> new ExpandResult(v.capacityBytes(), false));
    }

    @Override
    public CompletableFuture<Void> deleteVolume(String volumeId) {
        return csp.volumes().delete(volumeId, false);
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
        if (sourceVolumeId != null) {
            return csp.snapshots().list(sourceVolumeId).thenCompose(list -> take(pages, list)).thenApply(x -> List.of());
        }
        CompletableFuture<List<SourceFailure>> out = new CompletableFuture<>();
        CompletableFuture<List<Volume>> volumes = csp.volumes().list();
        // Cancelling the listing cancels whichever step runs: the volume listing or the snapshot reads.
        out.whenComplete((v, e) -> {
            if (out.isCancelled()) volumes.cancel(true);
        });
        volumes.whenComplete((list, e) -> {
            if (e != null) {
                out.completeExceptionally(e);
                return;
            }
            if (out.isDone()) return;
            CompletableFuture<List<SourceFailure>> reads = PerVolumeSnapshots.list(arrayName,
                    list.stream().map(Volume::volumeId).toList(), id -> csp.snapshots().list(id), pages);
            out.whenComplete((v, x) -> {
                if (out.isCancelled()) reads.cancel(true);
            });
            reads.whenComplete((v, x) -> {
                if (x != null) out.completeExceptionally(x);
                else out.complete(v);
            });
        });
        return out;
    }

    /** True: the CSP lists snapshots only per volume ({@code GET /snapshots?volume_id=}). */
    @Override
    public boolean listsSnapshotsPerVolume() {
        return true;
    }

    @Override
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters) {
        return csp.snapshots().create(name, sourceVolumeId, null, new LinkedHashMap<>(parameters));
    }

    @Override
    public CompletableFuture<Void> deleteSnapshot(String snapshotId) {
        return csp.snapshots().delete(snapshotId);
    }

    @Override
    public CompletableFuture<Listing<GroupSnapshot>> listGroupSnapshots() {
        return listSnapshotGroups().thenApply(l -> l.map(groups -> groups.stream().map(SnapshotGroup::toGroupSnapshot).toList()));
    }

    @Override
    public CompletableFuture<Listing<VolumeGroup>> listVolumeGroups() {
        return csp.volumeGroups().list().thenApply(Listing::complete);
    }

    @Override
    public CompletableFuture<Listing<SnapshotGroup>> listSnapshotGroups() {
        return csp.volumeGroups().list().thenCompose(groups -> {
            List<SnapshotGroup> all = new ArrayList<>();
            CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
            for (VolumeGroup g : groups) {
                chain = chain.thenCompose(x -> csp.snapshotGroups().list(g.id()).thenAccept(all::addAll));
            }
            return chain.thenApply(x -> Listing.complete(all));
        });
    }

    @Override
    public CompletableFuture<Listing<Host>> listHosts() {
        return csp.hosts().list().thenApply(Listing::complete);
    }

    @Override
    public CompletableFuture<Host> createHost(HostRequest host) {
        return csp.hosts().create(host);
    }

    @Override
    public CompletableFuture<Void> deleteHost(String hostId) {
        return csp.hosts().delete(hostId);
    }

    @Override
    public CompletableFuture<PublishInfo> cspPublish(String volumeId, String hostUuid, AccessProtocol protocol) {
        return csp.volumes().publish(volumeId, hostUuid, protocol);
    }

    @Override
    public CompletableFuture<Void> cspUnpublish(String volumeId, String hostUuid) {
        return csp.volumes().unpublish(volumeId, hostUuid);
    }
}
