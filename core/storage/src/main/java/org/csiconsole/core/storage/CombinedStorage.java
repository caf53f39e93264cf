package org.csiconsole.core.storage;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.port.Ports;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.port.ExpandResult;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.port.VolumeRequest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * One connection with a CSI plugin and the CSP arrays behind it (the demo: the reference plugin and
 * its CSP server for arrays site-a and site-b). Listings correlate the two views of a volume: a
 * volume known to both by {@code volume_id} = CSP {@code id} (or, when CSI reports one, the same
 * name) arrives once with {@link Origin#BOTH}, its CSP-only attributes (description, published
 * flag, group) added. Changes go through CSI when the plugin advertises the call, else through the
 * CSP; hosts, volume groups and snapshot groups are CSP objects.
 */
public final class CombinedStorage implements StorageService {
    private final CsiStorage csi;
    private final List<CspStorage> arrays;

    public CombinedStorage(CsiStorage csi, List<CspStorage> arrays) {
        this.csi = Objects.requireNonNull(csi);
        this.arrays = List.copyOf(arrays);
    }

    public CsiStorage csi() {
        return csi;
    }

    public List<CspStorage> arrays() {
        return arrays;
    }

    @Override
    public CompletableFuture<Features> features() {
        return csi.features().thenApply(f -> Features.from(f.csi(), true, !arrays.isEmpty(), f.nodeSocket(), f.addonsConnected()));
    }

    @Override
    public CompletableFuture<PluginInfo> pluginInfo() {
        return csi.pluginInfo();
    }

    @Override
    public CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> addons() {
        return csi.addons();
    }

    /** CSP volumes of every array (a failing array is skipped), keyed by id. */
    private CompletableFuture<Map<String, Volume>> cspVolumes() {
        Map<String, Volume> all = new LinkedHashMap<>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (CspStorage a : arrays) {
            chain = chain.thenCompose(x -> a.listVolumes(PageSink.unpaced(page -> {
                synchronized (all) {
                    for (Volume v : page) all.putIfAbsent(v.volumeId(), v);
                }
            })).exceptionally(e -> null));
        }
        return chain.thenApply(x -> all);
    }

    /**
     * CSI pages as they arrive, each volume merged with its CSP record; then the CSP volumes no CSI
     * page named, as one last page with origin CSP.
     */
    @Override
    public CompletableFuture<Void> listVolumes(PageSink<Volume> pages) {
        return cspVolumes().thenCompose(csp -> {
            Map<String, Volume> byName = new HashMap<>();
            csp.values().forEach(v -> {
                if (!v.name().isEmpty()) byName.putIfAbsent(v.name(), v);
            });
            Map<String, Volume> unmatched = new LinkedHashMap<>(csp);
            return csi.listVolumes(page -> {
                List<Volume> out = new ArrayList<>(page.size());
                synchronized (unmatched) {
                    for (Volume v : page) {
                        Volume other = csp.get(v.volumeId());
                        if (other == null && !v.name().isEmpty()) other = byName.get(v.name());
                        if (other != null) {
                            unmatched.remove(other.volumeId());
                            out.add(merge(v, other));
                        } else {
                            out.add(v);
                        }
                    }
                }
                return pages.accept(out);
            }).thenCompose(x -> {
                List<Volume> rest;
                synchronized (unmatched) {
                    rest = List.copyOf(unmatched.values());
                }
                return rest.isEmpty() ? CompletableFuture.completedFuture(null) : pages.accept(rest).thenApply(y -> null);
            });
        });
    }

    /** The CSI record with the CSP's name, group and display attributes added, origin BOTH. */
    static Volume merge(Volume csiVolume, Volume cspVolume) {
        Map<String, String> props = new LinkedHashMap<>(cspVolume.properties());
        props.putAll(csiVolume.properties());
        return new Volume(csiVolume.volumeId(), csiVolume.name().isEmpty() ? cspVolume.name() : csiVolume.name(),
                csiVolume.capacityBytes() > 0 ? csiVolume.capacityBytes() : cspVolume.capacityBytes(),
                csiVolume.source().kind() != org.csiconsole.core.model.VolumeSource.Kind.NONE ? csiVolume.source() : cspVolume.source(),
                csiVolume.capabilities().isEmpty() ? cspVolume.capabilities() : csiVolume.capabilities(),
                csiVolume.parameters().isEmpty() ? cspVolume.parameters() : csiVolume.parameters(),
                csiVolume.volumeContext(), csiVolume.accessibleTopology(), csiVolume.publishedNodeIds(),
                csiVolume.condition(), csiVolume.groupId().isEmpty() ? cspVolume.groupId() : csiVolume.groupId(),
                Origin.BOTH, props,
                csiVolume.replication() != org.csiconsole.core.model.VolumeReplication.NONE ? csiVolume.replication() : cspVolume.replication());
    }

    @Override
    public CompletableFuture<Volume> getVolume(String volumeId) {
        return csi.getVolume(volumeId).thenCompose(v -> cspVolumes()
                .thenApply(csp -> csp.containsKey(volumeId) ? merge(v, csp.get(volumeId)) : v)
                .exceptionally(e -> v));
    }

    @Override
    public CompletableFuture<Volume> createVolume(VolumeRequest request) {
        return csi.createVolume(request);
    }

    @Override
    public CompletableFuture<ExpandResult> expandVolume(String volumeId, long capacityBytes) {
        return csi.expandVolume(volumeId, capacityBytes);
    }

    @Override
    public CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters) {
        return csi.modifyVolume(volumeId, mutableParameters);
    }

    @Override
    public CompletableFuture<Void> deleteVolume(String volumeId) {
        return csi.deleteVolume(volumeId);
    }

    @Override
    public CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId, VolumeCapability capability, boolean readonly) {
        return csi.controllerPublish(volumeId, nodeId, capability, readonly);
    }

    @Override
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId) {
        return csi.controllerUnpublish(volumeId, nodeId);
    }

    @Override
    public CompletableFuture<Void> nodeStage(NodeTarget target) {
        return csi.nodeStage(target);
    }

    @Override
    public CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return csi.nodeUnstage(volumeId, stagingTargetPath);
    }

    @Override
    public CompletableFuture<Void> nodePublish(NodeTarget target) {
        return csi.nodePublish(target);
    }

    @Override
    public CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return csi.nodeUnpublish(volumeId, targetPath);
    }

    @Override
    public CompletableFuture<List<PublishInfo>> publishInfo(String volumeId) {
        return csi.publishInfo(volumeId);
    }

    @Override
    public CompletableFuture<Void> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
        return csi.listSnapshots(sourceVolumeId, pages);
    }

    @Override
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters) {
        return csi.createSnapshot(sourceVolumeId, name, parameters);
    }

    @Override
    public CompletableFuture<Void> deleteSnapshot(String snapshotId) {
        return csi.deleteSnapshot(snapshotId);
    }

    /**
     * CSI group snapshots and the CSP snapshot groups of every array; a group seen through both
     * (same id) arrives once with {@link Origin#BOTH}, named by the CSP when CSI has no name.
     */
    @Override
    public CompletableFuture<List<GroupSnapshot>> listGroupSnapshots() {
        CompletableFuture<List<GroupSnapshot>> fromCsi = csi.listGroupSnapshots().exceptionally(e -> List.of());
        return fromCsi.thenCompose(a -> listSnapshotGroups().exceptionally(e -> List.of()).thenApply(b -> {
            Map<String, GroupSnapshot> byId = new LinkedHashMap<>();
            a.forEach(g -> byId.putIfAbsent(g.groupSnapshotId(), g));
            for (SnapshotGroup sg : b) {
                GroupSnapshot g = sg.toGroupSnapshot();
                GroupSnapshot seen = byId.get(g.groupSnapshotId());
                if (seen == null) {
                    byId.put(g.groupSnapshotId(), g);
                } else if (seen.origin() == Origin.CSI) {
                    byId.put(g.groupSnapshotId(), new GroupSnapshot(seen.groupSnapshotId(),
                            seen.name().isEmpty() ? g.name() : seen.name(), seen.snapshots().isEmpty() ? g.snapshots() : seen.snapshots(),
                            seen.creationTime() != null ? seen.creationTime() : g.creationTime(), seen.readyToUse(), Origin.BOTH));
                }
            }
            return List.copyOf(byId.values());
        }));
    }

    @Override
    public CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds, Map<String, String> parameters) {
        return csi.createGroupSnapshot(name, sourceVolumeIds, parameters);
    }

    @Override
    public CompletableFuture<Void> deleteGroupSnapshot(GroupSnapshot groupSnapshot) {
        return csi.deleteGroupSnapshot(groupSnapshot);
    }

    /** Volume groups of every array, each once (arrays behind one CSP may report the same group). */
    @Override
    public CompletableFuture<List<VolumeGroup>> listVolumeGroups() {
        return collect(CspStorage::listVolumeGroups).thenApply(l -> distinct(l, VolumeGroup::id));
    }

    @Override
    public CompletableFuture<List<SnapshotGroup>> listSnapshotGroups() {
        return collect(CspStorage::listSnapshotGroups).thenApply(l -> distinct(l, SnapshotGroup::id));
    }

    /** Hosts of every array, each once: a CSP registers a host once for all the arrays it manages. */
    @Override
    public CompletableFuture<List<Host>> listHosts() {
        return collect(CspStorage::listHosts).thenApply(l -> distinct(l, Host::id));
    }

    private static <T> List<T> distinct(List<T> items, java.util.function.Function<T, String> id) {
        Map<String, T> out = new LinkedHashMap<>();
        for (T t : items) out.putIfAbsent(id.apply(t), t);
        return List.copyOf(out.values());
    }

    @Override
    public CompletableFuture<Host> createHost(HostRequest host) {
        return first().createHost(host);
    }

    @Override
    public CompletableFuture<Void> deleteHost(String hostId) {
        return first().deleteHost(hostId);
    }

    @Override
    public CompletableFuture<PublishInfo> cspPublish(String volumeId, String hostUuid, AccessProtocol protocol) {
        return first().cspPublish(volumeId, hostUuid, protocol);
    }

    @Override
    public CompletableFuture<Void> cspUnpublish(String volumeId, String hostUuid) {
        return first().cspUnpublish(volumeId, hostUuid);
    }

    @Override
    public CompletableFuture<List<NodeInfo>> listNodes() {
        return csi.listNodes();
    }

    @Override
    public CompletableFuture<List<NodeInfo>> connectedNodes() {
        return csi.connectedNodes();
    }

    @Override
    public CompletableFuture<List<Capacity>> capacity() {
        return csi.capacity();
    }

    @Override
    public CompletableFuture<Capacity> capacity(Topology topology, Map<String, String> parameters) {
        return csi.capacity(topology, parameters);
    }

    private StorageService first() {
        return arrays.isEmpty() ? new StorageService() {
            @Override
            public CompletableFuture<Features> features() {
                return CompletableFuture.completedFuture(Features.NONE);
            }
        } : arrays.get(0);
    }

    /** Every array's list joined; an array that fails is skipped unless all fail. */
    private <T> CompletableFuture<List<T>> collect(java.util.function.Function<CspStorage, CompletableFuture<List<T>>> read) {
        if (arrays.isEmpty()) return Ports.unsupported("CSP listing");
        List<CompletableFuture<List<T>>> reads = arrays.stream().map(read).toList();
        return CompletableFuture.allOf(reads.stream().map(f -> f.exceptionally(e -> null)).toArray(CompletableFuture[]::new))
                .thenCompose(x -> {
                    List<T> out = new ArrayList<>();
                    boolean any = false;
                    for (CompletableFuture<List<T>> f : reads) {
                        if (!f.isCompletedExceptionally()) {
                            out.addAll(f.join());
                            any = true;
                        }
                    }
                    return any ? CompletableFuture.completedFuture(List.copyOf(out)) : reads.get(0);
                });
    }
}
