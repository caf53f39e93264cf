package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
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
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * One connection with a CSI plugin and the CSP arrays behind it (the demo: the reference plugin and
 * its CSP server for arrays site-a and site-b). Listings correlate the two views of a volume: a
 * volume known to both by {@code volume_id} = CSP {@code id} (or, when CSI reports one, the same
 * name) arrives once with {@link Origin#BOTH}, its CSP-only attributes (description, published
 * flag, group) added. Changes go through CSI when the plugin advertises the call, else through the
 * CSP; hosts, volume groups and snapshot groups are CSP objects.
 *
 * <p>Every array is a source of its own: an array that does not answer leaves its part out and is
 * named, with its failure, in the listing's result ({@link SourceFailure}, {@link Listing}); a
 * listing fails only when none of its sources answered (for volumes: when CSI did not). Reading one
 * volume again ({@link #getVolume}) asks only the array the last listing found it on.
 */
public final class CombinedStorage implements StorageService {
    private final CsiStorage csi;
    private final List<CspStorage> arrays;
    private final Map<String, Held> holders = new ConcurrentHashMap<>();
    private final ArrayPools pools;
    private final String segmentKey;
    private final VolumeOnNodeRecords records;
    private final org.csiconsole.core.replication.ReplicationFaults faults;

    public CombinedStorage(CsiStorage csi, List<CspStorage> arrays) {
        this(csi, arrays, null, null, null, null);
    }

    /** csi-addons replication with the arrays' partners and snapshot groups as a second source. */
    @Override
    public org.csiconsole.core.replication.ReplicationPort replication() {
        return new org.csiconsole.core.storage.replication.CombinedReplicationPort(csi.replication("", faults),
                arrays.stream().map(CspStorage::replication).toList());
    }

    /**
     * @param pools what the arrays report about their pools (total and used bytes), or null when
     *     nothing does; {@link #capacity()} adds a row per pool
     * @param segmentKey the topology key whose value names an array (e.g.
     *     {@code topology.csi-console.org/site}), for the pool rows' segment; null for none
     */
    public CombinedStorage(CsiStorage csi, List<CspStorage> arrays, ArrayPools pools, String segmentKey) {
        this(csi, arrays, pools, segmentKey, null, null);
    }

    /**
     * @param records what the arrays record of a volume on each node (publications, stagings, node
     *     publications), or null when nothing does; {@link #volumeOnNodes} reads them
     * @param faults the simulated storage's replication faults (the demo), or null
     */
    public CombinedStorage(CsiStorage csi, List<CspStorage> arrays, ArrayPools pools, String segmentKey,
                           VolumeOnNodeRecords records, org.csiconsole.core.replication.ReplicationFaults faults) {
        this.csi = Objects.requireNonNull(csi);
        this.arrays = List.copyOf(arrays);
        this.pools = pools;
        this.segmentKey = segmentKey;
        this.records = records;
        this.faults = faults;
    }

    public CsiStorage csi() {
        return csi;
    }

    public List<CspStorage> arrays() {
        return arrays;
    }

    @Override
    public CompletableFuture<Features> features() {
        return csi.features().thenApply(f -> org.csiconsole.core.port.ReclaimFeatures.keep(f, org.csiconsole.core.port.AddonsFeatures.with(
                Features.from(f.csi(), true, !arrays.isEmpty(), f.nodeSocket(), f.addonsConnected()), csi.addonsCapabilities())));
    }

    /** The CSI plugin's capabilities asked again (the arrays offer what the CSP API offers, always). */
    @Override
    public CompletableFuture<Features> rereadFeatures() {
        return csi.rereadFeatures().thenCompose(x -> features());
    }

    @Override
    public CompletableFuture<PluginInfo> pluginInfo() {
        return csi.pluginInfo();
    }

    @Override
    public CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> addons() {
        return csi.addons();
    }

    /** What the CSP arrays said about their volumes: by id, which array holds each, and the arrays that did not answer. */
    private record ArrayVolumes(Map<String, Volume> byId, Map<String, CspStorage> arrayOf, List<SourceFailure> missing) {
    }

    /**
     * Where a CSI volume lives on the CSP side, learnt from the last listing: the array and the CSP
     * id (the same as the {@code volume_id}, or another id correlated by name). {@link #CSI_ONLY}
     * marks a volume that no array held in a listing every array answered.
     */
    private record Held(CspStorage array, String cspVolumeId) {
    }

    private static final Held CSI_ONLY = new Held(null, "");

    /** CSP volumes of every array, read in parallel; an array that fails is named in {@link ArrayVolumes#missing()}. */
    private CompletableFuture<ArrayVolumes> cspVolumes() {
        List<CompletableFuture<List<Volume>>> reads = arrays.stream().map(CspStorage::volumes).toList();
        return CompletableFuture.allOf(reads.stream().map(f -> f.handle((v, e) -> null)).toArray(CompletableFuture[]::new))
                .thenApply(x -> {
                    Map<String, Volume> byId = new LinkedHashMap<>();
                    Map<String, CspStorage> arrayOf = new HashMap<>();
                    List<SourceFailure> missing = new ArrayList<>();
                    for (int i = 0; i < reads.size(); i++) {
                        CspStorage array = arrays.get(i);
                        try {
                            for (Volume v : reads.get(i).join()) {
                                if (byId.putIfAbsent(v.volumeId(), v) == null) arrayOf.put(v.volumeId(), array);
                            }
                        } catch (RuntimeException e) {
                            missing.add(SourceFailure.of(array.name(), e));
                        }
                    }
                    return new ArrayVolumes(byId, arrayOf, missing);
                });
    }

    /**
     * CSI pages as they arrive, each volume merged with its CSP record; then the CSP volumes no CSI
     * page named, as one last page with origin CSP. The CSP arrays are read first, in parallel; an
     * array that does not answer leaves its volumes with the CSI attributes only (its CSP-only
     * volumes out) and is named in the result. A CSI failure fails the listing: CSI is the listing.
     */
    @Override
    public CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> pages) {
        return cspVolumes().thenCompose(csp -> {
            Map<String, Volume> byName = new HashMap<>();
            csp.byId().values().forEach(v -> {
                if (!v.name().isEmpty()) byName.putIfAbsent(v.name(), v);
            });
            boolean everyArray = csp.missing().isEmpty();
            Map<String, Volume> unmatched = new LinkedHashMap<>(csp.byId());
            return csi.listVolumes(page -> {
                List<Volume> out = new ArrayList<>(page.size());
                synchronized (unmatched) {
                    for (Volume v : page) {
                        Volume other = csp.byId().get(v.volumeId());
                        if (other == null && !v.name().isEmpty()) other = byName.get(v.name());
                        if (other != null) {
                            unmatched.remove(other.volumeId());
                            holders.put(v.volumeId(), new Held(csp.arrayOf().get(other.volumeId()), other.volumeId()));
                            Volume merged = merge(v, other);
                            csi.names().learn(merged);
                            out.add(merged);
                        } else {
                            if (everyArray) holders.put(v.volumeId(), CSI_ONLY);
                            out.add(v);
                        }
                    }
                }
                return pages.accept(out);
            }).thenCompose(csiMissing -> {
                List<Volume> rest;
                synchronized (unmatched) {
                    rest = List.copyOf(unmatched.values());
                }
                rest.forEach(v -> holders.put(v.volumeId(), new Held(csp.arrayOf().get(v.volumeId()), v.volumeId())));
                List<SourceFailure> missing = new ArrayList<>(csiMissing);
                missing.addAll(csp.missing());
                CompletableFuture<?> last = rest.isEmpty() ? CompletableFuture.completedFuture(null)
                        : pages.accept(rest).toCompletableFuture();
                return last.thenApply(y -> List.copyOf(missing));
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

    /**
     * ControllerGetVolume, merged with the CSP record of only this volume: {@code GET /volumes/{id}}
     * on the array the last listing found it on, or, for a volume no listing placed yet, on each
     * array in turn until one has it (NOT_FOUND moves on). A volume the last complete listing found
     * on no array costs no CSP request. Fails with an array's failure when the volume was not found
     * and an array did not answer (it may hold the volume).
     */
    @Override
    public CompletableFuture<Volume> getVolume(String volumeId) {
        return csi.getVolume(volumeId).thenCompose(v -> {
            Held held = holders.get(volumeId);
            if (held == CSI_ONLY || arrays.isEmpty()) return CompletableFuture.completedFuture(v);
            List<CspStorage> order = new ArrayList<>(arrays);
            String cspId = volumeId;
            if (held != null) {
                order.remove(held.array());
                order.add(0, held.array());
                cspId = held.cspVolumeId();
            }
            return findOnArrays(order, 0, cspId, null).thenApply(found -> {
                if (found == null) {
                    holders.put(volumeId, CSI_ONLY);
                    return v;
                }
                holders.put(volumeId, new Held(found.array(), found.volume().volumeId()));
                return merge(v, found.volume());
            });
        });
    }

    private record Found(CspStorage array, Volume volume) {
    }

    /** {@code GET /volumes/{id}} on {@code order[i..]} until one has it; null when none has it; the first other failure when none had it. */
    private CompletableFuture<Found> findOnArrays(List<CspStorage> order, int i, String cspId, Throwable failed) {
        if (i >= order.size()) {
            return failed == null ? CompletableFuture.completedFuture(null) : CompletableFuture.failedFuture(failed);
        }
        CspStorage array = order.get(i);
        return array.getVolume(cspId).handle((vol, e) -> {
            if (e == null) return CompletableFuture.completedFuture(new Found(array, vol));
            CallFailure f = CallFailure.unwrap(e);
            if (f != null && f.kind() == FailureKind.NOT_FOUND) return findOnArrays(order, i + 1, cspId, failed);
            return findOnArrays(order, i + 1, cspId, failed != null ? failed : e);
        }).thenCompose(f -> f);
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
        CompletableFuture<Void> deleted = csi.deleteVolume(volumeId);
        deleted.thenRun(() -> holders.remove(volumeId));
        return deleted;
    }

    @Override
    public CompletableFuture<Void> auditFoundGone(org.csiconsole.core.risk.RiskOperation operation, List<String> ids, List<String> names) {
        return csi.auditFoundGone(operation, ids, names);
    }

    @Override
    public CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId, VolumeCapability capability, boolean readonly) {
        return csi.controllerPublish(volumeId, nodeId, capability, readonly);
    }

    @Override
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId) {
        return csi.controllerUnpublish(volumeId, nodeId);
    }

    /** ValidateVolumeCapabilities through the CSI plugin; the CSP has no such call. */
    @Override
    public CompletableFuture<org.csiconsole.core.model.CapabilityValidation> validateCapabilities(
            String volumeId, List<VolumeCapability> capabilities, Map<String, String> volumeContext, Map<String, String> parameters) {
        return csi.validateCapabilities(volumeId, capabilities, volumeContext, parameters);
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
    public CompletableFuture<Long> nodeExpand(String volumeId, String volumePath, String stagingTargetPath, long requiredBytes) {
        return csi.nodeExpand(volumeId, volumePath, stagingTargetPath, requiredBytes);
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
    public CompletableFuture<List<SourceFailure>> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
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
     * (same id) arrives once with {@link Origin#BOTH}, named by the CSP when CSI has no name. The
     * CSI plugin (UNSUPPORTED only means it has no group controller) and each array are sources: one
     * that fails is named in {@link Listing#missing()}; the listing fails when all fail.
     */
    @Override
    public CompletableFuture<Listing<GroupSnapshot>> listGroupSnapshots() {
        List<Sources.Read<GroupSnapshot>> reads = new ArrayList<>();
        reads.add(new Sources.Read<>(CSI_SOURCE, csi.listGroupSnapshots().exceptionally(e -> {
            CallFailure f = CallFailure.unwrap(e);
            if (f != null && f.kind() == FailureKind.UNSUPPORTED) return Listing.complete(List.of());
            throw e instanceof CompletionException c ? c : new CompletionException(e);
        })));
        reads.addAll(perArray(a -> a.listSnapshotGroups().thenApply(l -> l.map(groups -> groups.stream().map(SnapshotGroup::toGroupSnapshot).toList()))));
        return Sources.join(reads).thenApply(l -> l.map(all -> {
            Map<String, GroupSnapshot> byId = new LinkedHashMap<>();
            for (GroupSnapshot g : all) {
                GroupSnapshot seen = byId.get(g.groupSnapshotId());
                if (seen == null) {
                    byId.put(g.groupSnapshotId(), g);
                } else if (seen.origin() == Origin.CSI && g.origin() != Origin.CSI) {
                    byId.put(g.groupSnapshotId(), new GroupSnapshot(seen.groupSnapshotId(),
                            seen.name().isEmpty() ? g.name() : seen.name(), seen.snapshots().isEmpty() ? g.snapshots() : seen.snapshots(),
                            seen.creationTime() != null ? seen.creationTime() : g.creationTime(), seen.readyToUse(), Origin.BOTH));
                }
            }
            return List.copyOf(byId.values());
        }));
    }

    /** The source CSI calls are named by in a partial listing. */
    static final String CSI_SOURCE = "CSI plugin";

    @Override
    public CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds, Map<String, String> parameters) {
        return csi.createGroupSnapshot(name, sourceVolumeIds, parameters);
    }

    @Override
    public CompletableFuture<Void> deleteGroupSnapshot(GroupSnapshot groupSnapshot) {
        return csi.deleteGroupSnapshot(groupSnapshot);
    }

    /**
     * Volume groups of every array and of csi-addons ListVolumeGroups, each once: arrays behind one
     * CSP may report the same group, and a group whose {@code volume_group_id} csi-addons reports too
     * arrives with {@link Origin#BOTH} (the CSP record, with the csi-addons members when the CSP
     * lists none). csi-addons is a source of its own ({@value #ADDONS_GROUPS_SOURCE}; UNSUPPORTED
     * only means it does not list groups); the listing fails when every source fails.
     */
    @Override
    public CompletableFuture<Listing<VolumeGroup>> listVolumeGroups() {
        List<Sources.Read<VolumeGroup>> csp = perArray(CspStorage::listVolumeGroups);
        CompletableFuture<Listing<VolumeGroup>> addons = csi.listVolumeGroups();
        return addons.handle((l, e) -> e).thenCompose(e -> {
            List<Sources.Read<VolumeGroup>> reads = new ArrayList<>(csp);
            CallFailure f = e == null ? null : CallFailure.unwrap(e);
            boolean notOffered = f != null && f.kind() == FailureKind.UNSUPPORTED && !arrays.isEmpty();
            if (!notOffered) reads.add(new Sources.Read<>(ADDONS_GROUPS_SOURCE, addons));
            return Sources.join(reads);
        }).thenApply(l -> l.map(all -> {
            Map<String, VolumeGroup> byId = new LinkedHashMap<>();
            for (VolumeGroup g : all) {
                VolumeGroup seen = byId.get(g.id());
                if (seen == null) {
                    byId.put(g.id(), g);
                } else if (seen.origin() != g.origin() && seen.origin() != Origin.BOTH) {
                    VolumeGroup fromCsp = seen.origin() == Origin.CSP ? seen : g;
                    VolumeGroup fromAddons = fromCsp == seen ? g : seen;
                    byId.put(g.id(), new VolumeGroup(fromCsp.id(), fromCsp.name().isEmpty() ? fromAddons.name() : fromCsp.name(), fromCsp.description(),
                            fromCsp.volumes().isEmpty() ? fromAddons.volumes() : fromCsp.volumes(), fromCsp.creationTime(), fromCsp.config(), Origin.BOTH));
                }
            }
            return List.copyOf(byId.values());
        }));
    }

    /** The source csi-addons ListVolumeGroups is named by in a partial listing. */
    static final String ADDONS_GROUPS_SOURCE = "csi-addons (ListVolumeGroups)";

    @Override
    public CompletableFuture<VolumeGroup> createVolumeGroup(String name, List<String> volumeIds, Map<String, String> parameters,
                                                           org.csiconsole.core.model.Secrets secrets) {
        return csi.createVolumeGroup(name, volumeIds, parameters, secrets);
    }

    @Override
    public CompletableFuture<VolumeGroup> modifyVolumeGroupMembership(String volumeGroupId, List<String> volumeIds,
                                                                      org.csiconsole.core.model.Secrets secrets) {
        return csi.modifyVolumeGroupMembership(volumeGroupId, volumeIds, secrets);
    }

    @Override
    public CompletableFuture<Void> deleteVolumeGroup(String volumeGroupId, org.csiconsole.core.model.Secrets secrets) {
        return csi.deleteVolumeGroup(volumeGroupId, secrets);
    }

    @Override
    public CompletableFuture<VolumeGroup> getVolumeGroup(String volumeGroupId, org.csiconsole.core.model.Secrets secrets) {
        return csi.getVolumeGroup(volumeGroupId, secrets);
    }

    @Override
    public CompletableFuture<org.csiconsole.core.port.VolumeGroupRules> volumeGroupRules() {
        return csi.volumeGroupRules();
    }

    @Override
    public CompletableFuture<Listing<SnapshotGroup>> listSnapshotGroups() {
        return collect(CspStorage::listSnapshotGroups).thenApply(l -> l.map(g -> distinct(g, SnapshotGroup::id)));
    }

    /** Hosts of every array, each once: a CSP registers a host once for all the arrays it manages. */
    @Override
    public CompletableFuture<Listing<Host>> listHosts() {
        return collect(CspStorage::listHosts).thenApply(l -> l.map(h -> distinct(h, Host::id)));
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
    public CompletableFuture<Listing<NodeInfo>> listNodes() {
        return csi.listNodes();
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.VolumeStats> nodeVolumeStats(String volumeId, String volumePath,
                                                                                   String stagingTargetPath) {
        return csi.nodeVolumeStats(volumeId, volumePath, stagingTargetPath);
    }

    /** The arrays' own records when they keep them (the demo's reference arrays), else none. */
    @Override
    public CompletableFuture<java.util.Optional<List<org.csiconsole.core.model.VolumeOnNode>>> volumeOnNodes(String volumeId) {
        return records == null ? csi.volumeOnNodes(volumeId) : records.of(volumeId).thenApply(java.util.Optional::of);
    }

    @Override
    public CompletableFuture<List<NodeInfo>> connectedNodes() {
        return csi.connectedNodes();
    }

    /**
     * GetCapacity's rows ({@link CsiStorage#capacity()}), then, when the arrays report their pools,
     * one row per pool with its total and used bytes ({@link Capacity#pool()}; available =
     * total - used, {@code parameters} {@code pool=<name>}). Pools that do not answer are named in
     * {@link Listing#missing()} as {@code array pools}; the listing fails only when GetCapacity does.
     */
    @Override
    public CompletableFuture<Listing<Capacity>> capacity() {
        if (pools == null) return csi.capacity();
        CompletableFuture<Listing<Capacity>> poolRows = pools.pools().handle((list, e) -> e == null
                ? Listing.complete(list.stream().map(this::poolRow).toList())
                : new Listing<>(List.of(), List.of(SourceFailure.of("array pools", e))));
        return csi.capacity().thenCombine(poolRows, Listing::plus);
    }

    private Capacity poolRow(org.csiconsole.core.model.PoolUsage p) {
        Topology segment = segmentKey == null ? null : new Topology(Map.of(segmentKey, p.array()));
        return new Capacity(segment, Map.of("pool", p.pool()), p.freeBytes(), null, null, p);
    }

    @Override
    public CompletableFuture<Capacity> capacity(Topology topology, Map<String, String> parameters) {
        return csi.capacity(topology, parameters);
    }

    // Network fencing is a csi-addons call of the CSI side.

    @Override
    public CompletableFuture<List<String>> listFences(Map<String, String> parameters, org.csiconsole.core.model.Secrets secrets) {
        return csi.listFences(parameters, secrets);
    }

    @Override
    public CompletableFuture<Void> fence(org.csiconsole.core.port.FenceRequest request) {
        return csi.fence(request);
    }

    @Override
    public CompletableFuture<Void> unfence(org.csiconsole.core.port.FenceRequest request) {
        return csi.unfence(request);
    }

    @Override
    public CompletableFuture<List<org.csiconsole.core.model.FenceClient>> fenceClients(Map<String, String> parameters,
                                                                                       org.csiconsole.core.model.Secrets secrets) {
        return csi.fenceClients(parameters, secrets);
    }

    // Reclaim space and key rotation are csi-addons calls of the CSI side.

    @Override
    public CompletableFuture<org.csiconsole.core.model.SpaceReclaimed> reclaimSpace(String volumeId,
                                                                                   org.csiconsole.core.model.Secrets secrets) {
        return csi.reclaimSpace(volumeId, secrets);
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.SpaceReclaimed> nodeReclaimSpace(String volumeId, String volumePath,
            String stagingTargetPath, org.csiconsole.core.model.VolumeCapability capability, org.csiconsole.core.model.Secrets secrets) {
        return csi.nodeReclaimSpace(volumeId, volumePath, stagingTargetPath, capability, secrets);
    }

    @Override
    public CompletableFuture<Void> rotateEncryptionKey(String volumeId, String volumePath, org.csiconsole.core.model.Secrets secrets) {
        return csi.rotateEncryptionKey(volumeId, volumePath, secrets);
    }

    private StorageService first() {
        return arrays.isEmpty() ? new StorageService() {
            @Override
            public CompletableFuture<Features> features() {
                return CompletableFuture.completedFuture(Features.NONE);
            }
        } : arrays.get(0);
    }

    /** Every array's listing joined; an array that fails is named in {@link Listing#missing()}, and the listing fails when all fail. */
    private <T> CompletableFuture<Listing<T>> collect(Function<CspStorage, CompletableFuture<Listing<T>>> read) {
        if (arrays.isEmpty()) return Ports.unsupported("CSP listing");
        return Sources.join(perArray(read));
    }

    /** One read per array, named by the array. */
    private <T> List<Sources.Read<T>> perArray(Function<CspStorage, CompletableFuture<Listing<T>>> read) {
        return arrays.stream().map(a -> new Sources.Read<>(a.name(), read.apply(a))).toList();
    }
}
