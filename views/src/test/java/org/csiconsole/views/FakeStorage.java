package org.csiconsole.views;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.GroupControllerCapability;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.port.AddonsInfo;
import org.csiconsole.core.port.ExpandResult;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.port.VolumeRequest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A storage port in memory, answering at once. Seeded with a small two-site setup; {@link #failNext}
 * makes the next call of an operation fail with a given {@link CallFailure}; {@link #calls} records
 * what was asked.
 */
public final class FakeStorage implements StorageService {
    public final List<Volume> volumes = new CopyOnWriteArrayList<>();
    /** What {@link #emptyListingNote()} answers. */
    public volatile String emptyListingNote = "";
    public final List<Snapshot> snapshots = new CopyOnWriteArrayList<>();
    public final List<Host> hosts = new CopyOnWriteArrayList<>();
    public final List<NodeInfo> nodes = new CopyOnWriteArrayList<>();
    public final List<VolumeGroup> volumeGroups = new CopyOnWriteArrayList<>();
    public final List<SnapshotGroup> snapshotGroups = new CopyOnWriteArrayList<>();
    public final List<GroupSnapshot> groupSnapshots = new CopyOnWriteArrayList<>();
    public final List<String> calls = new CopyOnWriteArrayList<>();
    public final Map<String, CallFailure> failures = new HashMap<>();
    /** Sources a listing reports as not answering, per operation, until {@link #answerFully}. */
    public final Map<String, List<SourceFailure>> missing = new HashMap<>();
    public Features features;
    public int pageSize = 2;
    /** The last NodeStageVolume or NodePublishVolume target asked for. */
    public volatile NodeTarget lastNodeTarget;
    /** The last CreateVolume request. */
    public volatile VolumeRequest lastCreate;
    /** Where created volumes land; null: where asked (the request's requisite topology). */
    public volatile Topology placeOn;

    public FakeStorage() {
        this(org.csiconsole.core.port.VolumeGroupFeatures.apply(Features.from(allCapabilities(), true, true, true, true),
                EnumSet.allOf(org.csiconsole.core.model.AddonsCapability.class)));
    }

    /** How the csi-addons volume groups of this storage treat members; every VolumeGroup capability unless changed. */
    public volatile org.csiconsole.core.port.VolumeGroupRules volumeGroupRules =
            org.csiconsole.core.port.VolumeGroupRules.from(EnumSet.allOf(org.csiconsole.core.model.AddonsCapability.class));

    /** Adds the csi-addons volume group db (vg-db) holding vol-0002; call after {@link #seeded()}. */
    public FakeStorage withAddonsGroup() {
        volumeGroups.add(new VolumeGroup("vg-db", "db", "", List.of(volumes.get(1)), null, Map.of("name", "db"), Origin.CSI));
        return this;
    }

    public FakeStorage(Features features) {
        this.features = features;
    }

    /** Every capability the console knows, with GET_VOLUME and VOLUME_CONDITION flagged alpha as in csi.proto. */
    public static CapabilitySet allCapabilities() {
        return new CapabilitySet(EnumSet.allOf(PluginCapability.class), EnumSet.allOf(ControllerCapability.class),
                EnumSet.allOf(NodeCapability.class), EnumSet.allOf(GroupControllerCapability.class),
                Set.of("GET_VOLUME", "VOLUME_CONDITION"));
    }

    /** Only listing: no create, delete, expand, snapshots or CSP. */
    public static Features readOnly() {
        return Features.from(new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE),
                Set.of(ControllerCapability.LIST_VOLUMES, ControllerCapability.LIST_SNAPSHOTS), Set.of(), Set.of(), Set.of()),
                true, false, false, false);
    }

    /**
     * A CSI driver that cannot list: it creates, deletes and reads volumes by id (GET_VOLUME) and
     * takes snapshots, but advertises neither LIST_VOLUMES nor LIST_SNAPSHOTS; its listings then
     * fail UNSUPPORTED, as the CSI adapter's do.
     */
    public static Features cannotList() {
        return Features.from(new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE),
                Set.of(ControllerCapability.CREATE_DELETE_VOLUME, ControllerCapability.CREATE_DELETE_SNAPSHOT,
                        ControllerCapability.GET_VOLUME, ControllerCapability.PUBLISH_UNPUBLISH_VOLUME), Set.of(), Set.of(), Set.of()),
                true, false, false, false);
    }

    /**
     * While set, ListVolumes answers only once this future completes (a slow driver): the test
     * completes it by hand.
     */
    public volatile CompletableFuture<Void> holdVolumeListing;
    /**
     * When false ListVolumes leaves every volume's published_node_ids out, as a driver without
     * LIST_VOLUMES_PUBLISHED_NODES does; ControllerGetVolume still reports them.
     */
    public volatile boolean listsPublishedNodes = true;

    /** Takes {@code volumeId}'s replication away, as a driver that never enabled it reports the volume. */
    public FakeStorage withoutReplicationOf(String volumeId) {
        volumes.replaceAll(v -> v.volumeId().equals(volumeId) ? v.withReplication(null) : v);
        return this;
    }

    public FakeStorage seeded() {
        Topology a = new Topology(Map.of("topology.csi.example.com/site", "site-a"));
        Topology b = new Topology(Map.of("topology.csi.example.com/site", "site-b"));
        volumes.add(new Volume("vol-0001", "pvc-web", 10L << 30, null, List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")),
                Map.of("tier", "gold"), Map.of("lun", "3"), List.of(a), List.of("node-a1"), null, "vg-web", Origin.BOTH, null,
                VolumeReplication.of(VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY)));
        volumes.add(new Volume("vol-0002", "pvc-db", 500L << 30, null, List.of(VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER)),
                Map.of(), Map.of(), List.of(b), List.of(), null, "", Origin.CSI, null));
        volumes.add(new Volume("vol-0003", "pvc-logs", 1L << 40, org.csiconsole.core.model.VolumeSource.snapshot("snap-0001"),
                List.of(VolumeCapability.mount(AccessMode.MULTI_NODE_MULTI_WRITER, "xfs")), Map.of(), Map.of(), List.of(a), List.of(),
                new org.csiconsole.core.model.VolumeCondition(true, "path unreachable"), "", Origin.CSP, null,
                VolumeReplication.of(VolumeReplicationRole.SECONDARY, ReplicationHealth.DEGRADED)));
        snapshots.add(new Snapshot("snap-0001", "pvc-web-daily", "vol-0001", 10L << 30, Instant.parse("2026-11-20T10:15:30Z"), true, "", Origin.CSI, null));
        snapshots.add(new Snapshot("snap-0002", "pvc-db-hourly", "vol-0002", 500L << 30, Instant.parse("2026-11-21T08:00:00Z"), false, "gs-1", Origin.CSI, null));
        hosts.add(new Host("host-1", "5b8f-1111", "worker-a1", List.of("iqn.2026-01.com.example:worker-a1"), List.of(), List.of(),
                List.of("10.0.1.21/24"), "chapuser", AccessProtocol.ISCSI, ""));
        hosts.add(new Host("host-2", "5b8f-2222", "worker-b1", List.of(), List.of("50:00:00:00:00:00:00:01"), List.of(),
                List.of(), "", AccessProtocol.FC, ""));
        nodes.add(new NodeInfo("node-a1", 64, a));
        nodes.add(new NodeInfo("node-b1", 0, b));
        volumeGroups.add(new VolumeGroup("vg-web", "web", "web tier", List.of(volumes.get(0)), Instant.parse("2026-11-01T00:00:00Z"),
                Map.of("replication_partner", "site-b"), Origin.CSP));
        snapshotGroups.add(new SnapshotGroup("sg-1", "web-nightly", "vg-web", "web", Instant.parse("2026-11-22T01:00:00Z"),
                List.of(snapshots.get(0)), new SnapshotGroup.Replication(true, false, SnapshotGroup.ReplStatus.IN_PROGRESS, null, null), Map.of()));
        groupSnapshots.add(new GroupSnapshot("gs-1", "db-consistent", List.of(snapshots.get(1)), Instant.parse("2026-11-21T08:00:00Z"), false, Origin.CSI));
        return this;
    }

    /** The next call of {@code op} (a method name, e.g. {@code "deleteVolume"}) fails with {@code kind}. */
    public FakeStorage failNext(String op, FailureKind kind, String why, String whatToDo) {
        failures.put(op, new CallFailure(kind, op, why, whatToDo, "status=" + kind));
        return this;
    }

    /** The next call of {@code op} for {@code id} (a volume_id, snapshot_id) fails with {@code kind}; calls for other ids answer. */
    public FakeStorage failFor(String op, String id, FailureKind kind, String why, String whatToDo) {
        failures.put(op + " " + id, new CallFailure(kind, op, why, whatToDo, "status=" + kind));
        return this;
    }

    private <T> CompletableFuture<T> answerFor(String op, String id, java.util.function.Supplier<T> result) {
        CallFailure f = failures.remove(op + " " + id);
        if (f != null) {
            calls.add(op);
            return CompletableFuture.failedFuture(f);
        }
        return answer(op, result);
    }

    /** From now on {@code op} answers with its rows and {@code source} named as not answering, for {@code why}. */
    public void answerPartly(String op, String source, FailureKind kind, String why) {
        missing.put(op, List.of(new SourceFailure(source, new CallFailure(kind, op, why, "Check " + source + ".", "status=" + kind))));
    }

    /** {@code op} answers completely again. */
    public void answerFully(String op) {
        missing.remove(op);
    }

    /** The answer of a listing the driver does not advertise: UNSUPPORTED, as the CSI adapter fails it. */
    private <T> CompletableFuture<T> unsupported(String op, String rpc, String capability) {
        calls.add(op);
        return CompletableFuture.failedFuture(new CallFailure(FailureKind.UNSUPPORTED, rpc,
                "The plugin does not advertise " + capability + " (ControllerGetCapabilities).", "", "status=UNIMPLEMENTED"));
    }

    private List<SourceFailure> missingOf(String op) {
        return missing.getOrDefault(op, List.of());
    }

    private <T> CompletableFuture<Listing<T>> listing(String op, java.util.function.Supplier<List<T>> rows) {
        return answer(op, () -> new Listing<>(rows.get(), missingOf(op)));
    }

    private <T> CompletableFuture<T> answer(String op, java.util.function.Supplier<T> result) {
        calls.add(op);
        CallFailure f = failures.remove(op);
        if (f != null) return CompletableFuture.failedFuture(f);
        try {
            return CompletableFuture.completedFuture(result.get());
        } catch (CallFailure e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static <T> void pages(List<T> all, int size, PageSink<T> sink) {
        for (int i = 0; i < all.size(); i += size) sink.accept(List.copyOf(all.subList(i, Math.min(all.size(), i + size))));
    }

    @Override
    public CompletableFuture<Features> features() {
        return CompletableFuture.completedFuture(features);
    }

    /** What GetPluginInfo answers. */
    public volatile PluginInfo pluginInfoAnswer = new PluginInfo("csi.reference.csiconsole.org", "1.4.0", Map.of("site", "a"));

    @Override
    public CompletableFuture<PluginInfo> pluginInfo() {
        return answer("pluginInfo", () -> pluginInfoAnswer);
    }

    /** What csi-addons GetIdentity and GetCapabilities answer; empty for a driver without csi-addons. */
    public volatile Optional<AddonsInfo> addonsAnswer = Optional.of(new AddonsInfo(new PluginInfo("addons.reference", "0.9.0", Map.of()),
            List.of("Service.CONTROLLER_SERVICE", "ReclaimSpace.ONLINE", "VolumeReplication.VOLUME_REPLICATION")));

    @Override
    public CompletableFuture<Optional<AddonsInfo>> addons() {
        return answer("addons", () -> addonsAnswer);
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> sink) {
        if (!features.available(org.csiconsole.core.port.Feature.LIST_VOLUMES)) {
            return unsupported("listVolumes", "ListVolumes", "LIST_VOLUMES");
        }
        CompletableFuture<Void> hold = holdVolumeListing;
        if (hold != null) return hold.thenCompose(x -> answer("listVolumes", () -> {
            pages(List.copyOf(volumes), pageSize, sink);
            return missingOf("listVolumes");
        }));
        return answer("listVolumes", () -> {
            pages(listsPublishedNodes ? List.copyOf(volumes) : volumes.stream().map(v -> new Volume(v.volumeId(), v.name(), v.capacityBytes(),
                    v.source(), v.capabilities(), v.parameters(), v.volumeContext(), v.accessibleTopology(), List.of(), v.condition(), v.groupId(),
                    v.origin(), v.properties(), v.replication())).toList(), pageSize, sink);
            return missingOf("listVolumes");
        });
    }

    @Override
    public CompletableFuture<Volume> getVolume(String volumeId) {
        return answer("getVolume", () -> volumes.stream().filter(v -> v.volumeId().equals(volumeId)).findFirst()
                .orElseThrow(() -> new CallFailure(FailureKind.NOT_FOUND, "ControllerGetVolume", "no such volume", "", "")));
    }

    @Override
    public CompletableFuture<Volume> createVolume(VolumeRequest r) {
        return answer("createVolume", () -> {
            lastCreate = r;
            Volume v = new Volume("vol-" + (1000 + volumes.size()), r.name(), r.capacityBytes(), r.source(), r.capabilities(),
                    r.parameters(), Map.of(), placeOn == null ? r.requisite() : List.of(placeOn), List.of(), null, "", Origin.CSI, null);
            volumes.add(v);
            return v;
        });
    }

    @Override
    public CompletableFuture<ExpandResult> expandVolume(String volumeId, long capacityBytes) {
        return answer("expandVolume", () -> {
            replace(volumeId, v -> new Volume(v.volumeId(), v.name(), capacityBytes, v.source(), v.capabilities(), v.parameters(),
                    v.volumeContext(), v.accessibleTopology(), v.publishedNodeIds(), v.condition(), v.groupId(), v.origin(), v.properties(), v.replication()));
            return new ExpandResult(capacityBytes, true);
        });
    }

    /** The mutable_parameters of each ControllerModifyVolume, in order. */
    public final List<Map<String, String>> modified = new java.util.ArrayList<>();

    @Override
    public CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters) {
        modified.add(new java.util.LinkedHashMap<>(mutableParameters));
        return answer("modifyVolume", () -> null);
    }

    @Override
    public CompletableFuture<Void> deleteVolume(String volumeId) {
        return answerFor("deleteVolume", volumeId, () -> {
            volumes.removeIf(v -> v.volumeId().equals(volumeId));
            return null;
        });
    }

    /** What {@link #auditFoundGone} recorded as not sent: {@code "csi.v1.Controller/DeleteVolume [vol-1]: <message>"}. */
    public final List<String> notSent = new CopyOnWriteArrayList<>();

    @Override
    public CompletableFuture<Void> auditFoundGone(org.csiconsole.core.risk.RiskOperation operation, List<String> ids, List<String> names) {
        return answer("auditFoundGone", () -> {
            notSent.add(operation.call() + " " + ids + ": " + org.csiconsole.core.risk.RiskModel.goneResult(names));
            return null;
        });
    }

    /** Usage in bytes before each reclaim, by volume_id; a reclaim frees a quarter of it (reclaimSpace, nodeReclaimSpace). */
    public final Map<String, Long> usedBytes = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public CompletableFuture<org.csiconsole.core.model.SpaceReclaimed> reclaimSpace(String volumeId, org.csiconsole.core.model.Secrets secrets) {
        return answerFor("reclaimSpace", volumeId, () -> reclaimed(volumeId));
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.SpaceReclaimed> nodeReclaimSpace(String volumeId, String volumePath,
            String stagingTargetPath, VolumeCapability capability, org.csiconsole.core.model.Secrets secrets) {
        lastNodePath = volumePath;
        return answerFor("nodeReclaimSpace", volumeId, () -> reclaimed(volumeId));
    }

    @Override
    public CompletableFuture<Void> rotateEncryptionKey(String volumeId, String volumePath, org.csiconsole.core.model.Secrets secrets) {
        return answerFor("rotateEncryptionKey", volumeId, () -> null);
    }

    private org.csiconsole.core.model.SpaceReclaimed reclaimed(String volumeId) {
        long pre = usedBytes.getOrDefault(volumeId, 0L);
        long post = pre - pre / 4;
        usedBytes.put(volumeId, post);
        return new org.csiconsole.core.model.SpaceReclaimed(pre, post);
    }

    @Override
    public CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId, VolumeCapability c, boolean ro) {
        return answer("controllerPublish", () -> {
            replace(volumeId, v -> {
                List<String> ids = new ArrayList<>(v.publishedNodeIds());
                ids.add(nodeId);
                return new Volume(v.volumeId(), v.name(), v.capacityBytes(), v.source(), v.capabilities(), v.parameters(),
                        v.volumeContext(), v.accessibleTopology(), ids, v.condition(), v.groupId(), v.origin(), v.properties(), v.replication());
            });
            return Map.of("devicePath", "/dev/mapper/" + volumeId);
        });
    }

    @Override
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId) {
        return answer("controllerUnpublish", () -> {
            replace(volumeId, v -> new Volume(v.volumeId(), v.name(), v.capacityBytes(), v.source(), v.capabilities(), v.parameters(),
                    v.volumeContext(), v.accessibleTopology(), v.publishedNodeIds().stream().filter(n -> !n.equals(nodeId)).toList(),
                    v.condition(), v.groupId(), v.origin(), v.properties(), v.replication()));
            return null;
        });
    }

    /** The capabilities the last ValidateVolumeCapabilities asked about. */
    public volatile List<VolumeCapability> lastValidated;

    /**
     * ValidateVolumeCapabilities as the reference plugin answers it: NOT_FOUND for an unknown
     * volume_id; confirmed when every capability has the volume's access type and access mode;
     * otherwise not confirmed with the reason.
     */
    @Override
    public CompletableFuture<org.csiconsole.core.model.CapabilityValidation> validateCapabilities(
            String volumeId, List<VolumeCapability> capabilities, Map<String, String> volumeContext, Map<String, String> parameters) {
        lastValidated = List.copyOf(capabilities);
        return answerFor("validateCapabilities", volumeId, () -> {
            Volume v = volumes.stream().filter(x -> x.volumeId().equals(volumeId)).findFirst()
                    .orElseThrow(() -> new CallFailure(FailureKind.NOT_FOUND, "ValidateVolumeCapabilities " + volumeId,
                            "volume " + volumeId + " does not exist", "Check the volume_id; the volume may have been deleted.", "status=NOT_FOUND"));
            VolumeCapability own = v.capabilities().get(0);
            for (VolumeCapability c : capabilities) {
                if (c.accessType() != own.accessType()) {
                    return new org.csiconsole.core.model.CapabilityValidation(false, "volume is " + own.accessType() + ", not " + c.accessType());
                }
                if (c.accessMode() != own.accessMode()) {
                    return new org.csiconsole.core.model.CapabilityValidation(false, "access mode " + c.accessMode() + " is not supported");
                }
            }
            return new org.csiconsole.core.model.CapabilityValidation(true, "");
        });
    }

    /**
     * When true, {@link #volumeOnNodes} reports the controller publications and what the node calls
     * did on the connected node (the first of {@link #nodes}), as the reference plugin's records do;
     * when false it reports none, as a CSI driver.
     */
    public volatile boolean keepsRecords;
    private final Map<String, String> stagedAt = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, Set<String>> publishedAt = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public CompletableFuture<Optional<List<org.csiconsole.core.model.VolumeOnNode>>> volumeOnNodes(String volumeId) {
        if (!keepsRecords) return CompletableFuture.completedFuture(Optional.empty());
        Volume v = volumes.stream().filter(x -> x.volumeId().equals(volumeId)).findFirst().orElse(null);
        java.util.Set<String> ids = new java.util.LinkedHashSet<>(v == null ? List.of() : v.publishedNodeIds());
        String here = nodes.isEmpty() ? "" : nodes.get(0).nodeId();
        if (stagedAt.containsKey(volumeId) || publishedAt.containsKey(volumeId)) ids.add(here);
        List<org.csiconsole.core.model.VolumeOnNode> out = new ArrayList<>();
        for (String n : ids) {
            boolean mine = n.equals(here);
            out.add(new org.csiconsole.core.model.VolumeOnNode(n, v != null && v.publishedNodeIds().contains(n),
                    mine && stagedAt.containsKey(volumeId) ? List.of(stagedAt.get(volumeId)) : List.of(),
                    mine ? List.copyOf(publishedAt.getOrDefault(volumeId, Set.of())) : List.of()));
        }
        return CompletableFuture.completedFuture(Optional.of(out));
    }

    @Override
    public CompletableFuture<Void> nodeStage(NodeTarget t) {
        return answer("nodeStage", () -> {
            lastNodeTarget = t;
            stagedAt.put(t.volumeId(), t.stagingTargetPath());
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> nodePublish(NodeTarget t) {
        return answer("nodePublish", () -> {
            lastNodeTarget = t;
            publishedAt.computeIfAbsent(t.volumeId(), k -> new java.util.concurrent.CopyOnWriteArraySet<>()).add(t.targetPath());
            return null;
        });
    }

    /** The last path of a NodeUnpublishVolume or NodeUnstageVolume. */
    public volatile String lastNodePath;

    @Override
    public CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return answer("nodeUnpublish", () -> {
            lastNodePath = targetPath;
            publishedAt.getOrDefault(volumeId, new java.util.HashSet<>()).remove(targetPath);
            return null;
        });
    }

    @Override
    public CompletableFuture<Long> nodeExpand(String volumeId, String volumePath, String stagingTargetPath, long requiredBytes) {
        return answer("nodeExpand", () -> {
            lastNodePath = volumePath;
            return requiredBytes;
        });
    }

    @Override
    public CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return answer("nodeUnstage", () -> {
            lastNodePath = stagingTargetPath;
            stagedAt.remove(volumeId);
            return null;
        });
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listSnapshots(String sourceVolumeId, PageSink<Snapshot> sink) {
        if (!features.available(org.csiconsole.core.port.Feature.LIST_SNAPSHOTS)) {
            return unsupported("listSnapshots", "ListSnapshots", "LIST_SNAPSHOTS");
        }
        return answer("listSnapshots", () -> {
            pages(snapshots.stream().filter(s -> sourceVolumeId == null || s.sourceVolumeId().equals(sourceVolumeId)).toList(), pageSize, sink);
            return missingOf("listSnapshots");
        });
    }

    @Override
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters) {
        return answer("createSnapshot", () -> {
            Snapshot s = new Snapshot("snap-" + (1000 + snapshots.size()), name, sourceVolumeId, 1L << 30, Instant.parse("2026-11-23T12:00:00Z"),
                    true, "", Origin.CSI, null);
            snapshots.add(s);
            return s;
        });
    }

    @Override
    public CompletableFuture<Void> deleteSnapshot(String snapshotId) {
        return answerFor("deleteSnapshot", snapshotId, () -> {
            snapshots.removeIf(s -> s.snapshotId().equals(snapshotId));
            return null;
        });
    }

    @Override
    public CompletableFuture<Listing<GroupSnapshot>> listGroupSnapshots() {
        return listing("listGroupSnapshots", () -> List.copyOf(groupSnapshots));
    }

    @Override
    public CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> ids, Map<String, String> parameters) {
        return answer("createGroupSnapshot", () -> {
            GroupSnapshot g = new GroupSnapshot("gs-" + (100 + groupSnapshots.size()), name,
                    ids.stream().map(id -> new Snapshot("snap-of-" + id, "", id, 0, null, true, "", Origin.CSI, null)).toList(),
                    Instant.parse("2026-11-23T12:00:00Z"), true, Origin.CSI);
            groupSnapshots.add(g);
            return g;
        });
    }

    @Override
    public CompletableFuture<Void> deleteGroupSnapshot(GroupSnapshot g) {
        return answer("deleteGroupSnapshot", () -> {
            groupSnapshots.removeIf(x -> x.groupSnapshotId().equals(g.groupSnapshotId()));
            return null;
        });
    }

    @Override
    public CompletableFuture<Listing<VolumeGroup>> listVolumeGroups() {
        return listing("listVolumeGroups", () -> List.copyOf(volumeGroups));
    }

    @Override
    public CompletableFuture<Listing<SnapshotGroup>> listSnapshotGroups() {
        return listing("listSnapshotGroups", () -> List.copyOf(snapshotGroups));
    }

    @Override
    public CompletableFuture<Listing<Host>> listHosts() {
        return listing("listHosts", () -> List.copyOf(hosts));
    }

    @Override
    public CompletableFuture<Host> createHost(HostRequest h) {
        return answer("createHost", () -> {
            Host host = new Host("host-" + (10 + hosts.size()), h.uuid(), h.name(), h.iqns(), h.wwpns(), h.nqns(), h.networks(),
                    h.chapUser(), h.accessProtocol(), h.virtualDomain());
            hosts.add(host);
            return host;
        });
    }

    @Override
    public CompletableFuture<Void> deleteHost(String hostId) {
        return answer("deleteHost", () -> {
            hosts.removeIf(h -> h.id().equals(hostId));
            return null;
        });
    }

    @Override
    public CompletableFuture<PublishInfo> cspPublish(String volumeId, String hostUuid, AccessProtocol protocol) {
        return answer("cspPublish", () -> new PublishInfo("600C0FF0001", protocol, 7, List.of("iqn.2026-01.com.example:target"),
                List.of("10.0.1.5"), "", false, List.of()));
    }

    @Override
    public CompletableFuture<Void> cspUnpublish(String volumeId, String hostUuid) {
        return answer("cspUnpublish", () -> null);
    }

    @Override
    public CompletableFuture<Listing<NodeInfo>> listNodes() {
        return listing("listNodes", () -> List.copyOf(nodes));
    }

    @Override
    public CompletableFuture<List<NodeInfo>> connectedNodes() {
        return answer("connectedNodes", () -> List.copyOf(nodes));
    }

    /** Array pool rows (total and used reported) that {@link #capacity()} lists after the GetCapacity rows. */
    public final List<Capacity> pools = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public CompletableFuture<Listing<Capacity>> capacity() {
        return listing("capacity", () -> {
            // the GetCapacity rows are per node segment: a storage given no nodes reports only its pools
            List<Capacity> rows = new ArrayList<>();
            if (nodes.size() >= 2) {
                rows.addAll(List.of(
                        new Capacity(nodes.get(0).accessibleTopology(), Map.of(), 800L << 30, 4L << 40, 1L << 20),
                        new Capacity(nodes.get(1).accessibleTopology(), Map.of(), 2L << 40, 4L << 40, 1L << 20),
                        new Capacity(nodes.get(0).accessibleTopology(), Map.of("tier", "gold"), 200L << 30, null, null)));
            }
            rows.addAll(pools);
            return rows;
        });
    }

    @Override
    public CompletableFuture<Capacity> capacity(Topology topology, Map<String, String> parameters) {
        return answer("capacityQuery", () -> new Capacity(topology, parameters, 300L << 30, null, null));
    }

    private void replace(String volumeId, java.util.function.UnaryOperator<Volume> change) {
        for (int i = 0; i < volumes.size(); i++) {
            if (volumes.get(i).volumeId().equals(volumeId)) volumes.set(i, change.apply(volumes.get(i)));
        }
    }

    @Override
    public CompletableFuture<org.csiconsole.core.port.VolumeGroupRules> volumeGroupRules() {
        return CompletableFuture.completedFuture(volumeGroupRules);
    }

    private List<Volume> members(List<String> ids) {
        return ids.stream().map(id -> volumes.stream().filter(v -> v.volumeId().equals(id)).findFirst()
                .orElseThrow(() -> new CallFailure(FailureKind.NOT_FOUND, "volume " + id, "volume " + id + " does not exist", "Check the id.", ""))).toList();
    }

    @Override
    public CompletableFuture<VolumeGroup> createVolumeGroup(String name, List<String> volumeIds, Map<String, String> parameters,
                                                           org.csiconsole.core.model.Secrets secrets) {
        return answer("createVolumeGroup", () -> {
            VolumeGroup g = new VolumeGroup("vg-" + (100 + volumeGroups.size()), name, "", members(volumeIds), null, Map.of("name", name), Origin.CSI);
            volumeGroups.add(g);
            return g;
        });
    }

    @Override
    public CompletableFuture<VolumeGroup> modifyVolumeGroupMembership(String volumeGroupId, List<String> volumeIds,
                                                                      org.csiconsole.core.model.Secrets secrets) {
        return answer("modifyVolumeGroupMembership", () -> {
            VolumeGroup old = volumeGroups.stream().filter(g -> g.id().equals(volumeGroupId)).findFirst().orElseThrow(() ->
                    new CallFailure(FailureKind.NOT_FOUND, "group " + volumeGroupId, "volume group " + volumeGroupId + " does not exist", "Refresh.", ""));
            VolumeGroup g = new VolumeGroup(old.id(), old.name(), old.description(), members(volumeIds), old.creationTime(), old.config(), old.origin());
            volumeGroups.replaceAll(x -> x.id().equals(volumeGroupId) ? g : x);
            return g;
        });
    }

    @Override
    public CompletableFuture<Void> deleteVolumeGroup(String volumeGroupId, org.csiconsole.core.model.Secrets secrets) {
        return answer("deleteVolumeGroup", () -> {
            volumeGroups.removeIf(g -> g.id().equals(volumeGroupId));
            return null;
        });
    }

    @Override
    public CompletableFuture<String> emptyListingNote() {
        return CompletableFuture.completedFuture(emptyListingNote);
    }
}
