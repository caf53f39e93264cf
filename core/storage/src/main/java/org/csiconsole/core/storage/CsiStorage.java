package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.NodePublishRequest;
import org.csiconsole.core.csi.NodeStageRequest;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.ExpandResult;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.port.VolumeRequest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * {@link StorageService} over a {@link CsiClient} (CSI spec v1.12: Identity, Controller, Node,
 * GroupController). Features follow the advertised capabilities; a call the plugin does not
 * advertise fails with UNSUPPORTED from the client without being sent. Secrets: a call given
 * {@link Secrets#NONE} here carries the connection's secrets for its class, which the client fills in
 * ({@link org.csiconsole.core.csi.CsiClientOptions#secrets()}); secrets a caller passes win.
 */
public final class CsiStorage implements StorageService {
    /** Most topology segments asked for in {@link #capacity()}: keeps a GetCapacity fan-out bounded. */
    static final int MAX_CAPACITY_SEGMENTS = 16;

    private final CsiClient csi;
    private final boolean nodeSocket;
    private final org.csiconsole.core.addons.AddonsClient addonsClient;
    private final NodeDirectories nodeDirectories;
    private final AddonsGroupStorage groups;
    private final AddonsVolumeStorage volumeAddons;
    private volatile CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> addonsInfo;

    /**
     * @param csi the client; its lifetime belongs to the caller
     * @param nodeSocket whether node calls have somewhere to go (a separate node socket, or a plugin
     *     serving the node service on its one socket)
     */
    public CsiStorage(CsiClient csi, boolean nodeSocket) {
        this(csi, nodeSocket, null);
    }

    /**
     * @param addons a csi-addons client (its endpoint may or may not serve csi-addons), or null
     */
    public CsiStorage(CsiClient csi, boolean nodeSocket, org.csiconsole.core.addons.AddonsClient addons) {
        this(csi, nodeSocket, addons, null);
    }

    /**
     * @param nodeDirectories the CO's part of node paths when the node plugin runs on this machine
     *     (a unix socket): staging directories and target parents are created before the node
     *     calls; null when the node is elsewhere (TCP) or sandboxed (the demo)
     */
    public CsiStorage(CsiClient csi, boolean nodeSocket, org.csiconsole.core.addons.AddonsClient addons,
               NodeDirectories nodeDirectories) {
        this(csi, nodeSocket, addons, null, nodeDirectories);
    }

    /**
     * @param nodeAddons the csi-addons client of the node side (NodeReclaimSpace, EncryptionKeyRotate)
     *     when it has an endpoint of its own; null to send those calls to {@code addons}
     */
    public CsiStorage(CsiClient csi, boolean nodeSocket, org.csiconsole.core.addons.AddonsClient addons,
               org.csiconsole.core.addons.AddonsClient nodeAddons, NodeDirectories nodeDirectories) {
        this.csi = Objects.requireNonNull(csi);
        this.nodeSocket = nodeSocket;
        this.addonsClient = addons;
        this.nodeDirectories = nodeDirectories;
        this.groups = new AddonsGroupStorage(addons);
        this.volumeAddons = new AddonsVolumeStorage(addons, nodeAddons);
    }

    /**
     * csi-addons GetIdentity and GetCapabilities, asked once and kept; empty when there is no
     * csi-addons client or its endpoint does not serve csi-addons (UNIMPLEMENTED on a plain CSI
     * socket, which is normal). Any other failure (the csi-addons endpoint is down while CSI
     * answers: UNAVAILABLE, a deadline) fails the future with it and is asked again next time.
     */
    @Override
    public CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> addons() {
        if (addonsClient == null) return CompletableFuture.completedFuture(java.util.Optional.empty());
        CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> f = addonsInfo;
        if (f == null || f.isCompletedExceptionally()) {
            f = addonsClient.identity().pluginInfo().thenCombine(addonsClient.capabilities(), (id, caps) -> java.util.Optional.of(
                    new org.csiconsole.core.port.AddonsInfo(id, caps.stream().map(CsiStorage::addonsWord).sorted().toList())))
                    .exceptionally(e -> {
                        CallFailure failure = CallFailure.unwrap(e);
                        if (failure != null && failure.kind() == org.csiconsole.core.call.FailureKind.UNSUPPORTED) {
                            return java.util.Optional.empty();
                        }
                        throw e instanceof java.util.concurrent.CompletionException c ? c : new java.util.concurrent.CompletionException(e);
                    });
            addonsInfo = f;
        }
        return f;
    }

    /** Asks csi-addons again on the next {@link #addons()} (after the driver restarted). */
    public void forgetAddons() {
        addonsInfo = null;
        volumeAddons.forget();
    }

    /** A csi-addons capability as {@code <Service>.<TYPE>}, the way csi-addons identity.proto groups them. */
    static String addonsWord(org.csiconsole.core.model.AddonsCapability c) {
        String n = c.name();
        if (n.endsWith("_SERVICE")) return "Service." + n;
        if (n.startsWith("RECLAIM_SPACE_")) return "ReclaimSpace." + n.substring("RECLAIM_SPACE_".length());
        if (n.contains("FENCE")) return "NetworkFence." + n;
        if (n.contains("REPLICATION")) return "VolumeReplication." + n;
        if (n.contains("VOLUME_GROUP") || n.contains("VG_")) return "VolumeGroup." + n;
        if (n.equals("ENCRYPTION_KEY_ROTATION")) return "EncryptionKeyRotation.ENCRYPTIONKEYROTATION";
        return n;
    }

    public CsiClient client() {
        return csi;
    }

    /** csi-addons replication of this connection, unnamed ({@link #replication(String, org.csiconsole.core.replication.ReplicationFaults)}). */
    @Override
    public org.csiconsole.core.replication.ReplicationPort replication() {
        return replication("", null);
    }

    /**
     * csi-addons replication of this connection as site {@code site}; {@code faults} are the simulated
     * storage's (demo), or null.
     */
    public org.csiconsole.core.replication.ReplicationPort replication(String site, org.csiconsole.core.replication.ReplicationFaults faults) {
        return new org.csiconsole.core.storage.replication.AddonsReplicationPort(site, addonsClient, this, this, faults);
    }

    /**
     * What the plugin advertises; never fails. A csi-addons endpoint that failed to answer reads
     * as not connected here; {@link #addons()} reports its failure.
     */
    @Override
    public CompletableFuture<Features> features() {
        return addons().handle((a, e) -> null).thenCombine(csi.capabilities().handle((caps, e) -> e), (addons, x) -> null)
                .thenCompose(x -> csi.capabilities().handle((caps, e) -> e != null
                        ? Features.from(CapabilitySet.NONE, true, false, false, addonsKnown())
                        : Features.from(caps, true, false, nodeSocket && caps.nodeService(), addonsKnown())))
                .thenApply(f -> org.csiconsole.core.port.AddonsFeatures.with(f, addonsCapabilities()))
                .thenCompose(f -> volumeAddons.features(f, addonsCapabilities()));
    }

    /** Forgets the kept capabilities and csi-addons identity, asks again, then answers as {@link #features()}. */
    @Override
    public CompletableFuture<Features> rereadFeatures() {
        forgetAddons();
        CompletableFuture<?> addonsCaps = addonsClient == null ? CompletableFuture.completedFuture(null)
                : addonsClient.refreshCapabilities().handle((c, e) -> null);
        return csi.refreshCapabilities().handle((c, e) -> null).thenCombine(addonsCaps, (a, b) -> null).thenCompose(x -> features());
    }

    /** The csi-addons capabilities once {@link #addons()} has answered; empty before, or without csi-addons. */
    Set<org.csiconsole.core.model.AddonsCapability> addonsCapabilities() {
        return addonsKnown() ? addonsClient.capabilities().getNow(Set.of()) : Set.of();
    }

    // Network fencing (csi-addons fence.proto) through the csi-addons client; secrets go to the wire only.

    @Override
    public CompletableFuture<List<String>> listFences(Map<String, String> parameters, Secrets secrets) {
        if (addonsClient == null) return org.csiconsole.core.port.Ports.unsupported("ListClusterFence");
        return addonsClient.fence().listFences(parameters, secrets);
    }

    @Override
    public CompletableFuture<Void> fence(org.csiconsole.core.port.FenceRequest r) {
        if (addonsClient == null) return org.csiconsole.core.port.Ports.unsupported("FenceClusterNetwork " + r.cidrTexts());
        return addonsClient.fence().fence(r.cidrTexts(), r.parameters(), r.secrets());
    }

    @Override
    public CompletableFuture<Void> unfence(org.csiconsole.core.port.FenceRequest r) {
        if (addonsClient == null) return org.csiconsole.core.port.Ports.unsupported("UnfenceClusterNetwork " + r.cidrTexts());
        return addonsClient.fence().unfence(r.cidrTexts(), r.parameters(), r.secrets());
    }

    @Override
    public CompletableFuture<List<org.csiconsole.core.model.FenceClient>> fenceClients(Map<String, String> parameters, Secrets secrets) {
        if (addonsClient == null) return org.csiconsole.core.port.Ports.unsupported("GetFenceClients");
        return addonsClient.fence().clients(parameters, secrets);
    }

    private boolean addonsKnown() {
        CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> f = addonsInfo;
        return f != null && f.isDone() && !f.isCompletedExceptionally() && f.join().isPresent();
    }

    @Override
    public CompletableFuture<PluginInfo> pluginInfo() {
        return csi.identity().pluginInfo();
    }

    /** The names a person knows this connection's volumes by ({@link CsiClient#names()}): learned from what the storage reads. */
    public org.csiconsole.core.model.VolumeNames names() {
        return csi.names();
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> pages) {
        // The client's page size (max_entries), so pages stream into the table as they arrive
        // instead of a plugin answering 100,000 volumes in one response.
        return listVolumes(csi.controller().pageSize(), pages);
    }

    /**
     * Streams pages of {@code maxEntries} volumes, paced by {@code pages}; 0 lets the plugin choose.
     * One source: completes with nothing missing, or fails.
     */
    public CompletableFuture<List<SourceFailure>> listVolumes(int maxEntries, PageSink<Volume> pages) {
        return csi.controller().listVolumesPaced(maxEntries, p -> p.isEmpty() ? PageSink.READY : pages.accept(p)).thenApply(x -> List.of());
    }

    /** Drivers whose ListVolumes answers only the storage their secrets reached (the HPE CSI driver lists the arrays it has credentials for). */
    static final Set<String> LIST_BY_SECRETS = Set.of("csi.hpe.com");

    /**
     * For a driver in {@link #LIST_BY_SECRETS} on a connection without secrets: that its empty listing
     * says nothing about the array, and where to give the secrets; else empty.
     */
    @Override
    public CompletableFuture<String> emptyListingNote() {
        if (csi.secrets().configured()) return CompletableFuture.completedFuture("");
        return pluginInfo().handle((p, e) -> p != null && LIST_BY_SECRETS.contains(p.name())
                ? p.name() + " lists only the volumes of arrays it has credentials for, and this connection sends no secrets: "
                        + "the array may hold volumes all the same. Name a secrets file in Edit connection (or --secrets-file), "
                        + "then refresh."
                : "");
    }

    @Override
    public CompletableFuture<Volume> getVolume(String volumeId) {
        return csi.controller().getVolume(volumeId);
    }

    @Override
    public CompletableFuture<Volume> createVolume(VolumeRequest r) {
        return csi.controller().createVolume(new org.csiconsole.core.csi.CreateVolumeRequest(r.name(), r.capacityBytes(), 0, r.capabilities(),
                r.parameters(), r.mutableParameters(), Secrets.NONE, r.source(), r.requisite(), r.requisite()));
    }

    @Override
    public CompletableFuture<ExpandResult> expandVolume(String volumeId, long capacityBytes) {
        return csi.controller().getVolume(volumeId).handle((v, e) -> e == null && !v.capabilities().isEmpty() ? v.capabilities().get(0) : null)
                .thenCompose(cap -> csi.controller().expandVolume(volumeId, capacityBytes, 0, cap, Secrets.NONE))
                .thenApply(r -> new ExpandResult(r.capacityBytes(), r.nodeExpansionRequired()));
    }

    @Override
    public CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters) {
        return csi.controller().modifyVolume(volumeId, mutableParameters, Secrets.NONE);
    }

    @Override
    public CompletableFuture<Void> deleteVolume(String volumeId) {
        return csi.controller().deleteVolume(volumeId, Secrets.NONE);
    }

    @Override
    public CompletableFuture<Void> auditFoundGone(org.csiconsole.core.risk.RiskOperation operation, List<String> ids, List<String> names) {
        return csi.auditFoundGone(operation, ids, names);
    }

    @Override
    public CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId, VolumeCapability capability,
                                                                    boolean readonly) {
        return csi.controller().controllerPublish(volumeId, nodeId, capability, readonly, Secrets.NONE, Map.of());
    }

    @Override
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId) {
        return csi.controller().controllerUnpublish(volumeId, nodeId, Secrets.NONE);
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.CapabilityValidation> validateCapabilities(
            String volumeId, List<VolumeCapability> capabilities, Map<String, String> volumeContext, Map<String, String> parameters) {
        if (volumeId == null || volumeId.isBlank() || capabilities == null || capabilities.isEmpty()) {
            String what = volumeId == null || volumeId.isBlank() ? "volume_id" : "volume_capabilities";
            return CompletableFuture.failedFuture(new CallFailure(org.csiconsole.core.call.FailureKind.INVALID_ARGUMENT,
                    "ValidateVolumeCapabilities " + (volumeId == null ? "" : volumeId), what + " is required but was empty",
                    "Give the volume_id and at least one capability (access type and access mode).", ""));
        }
        return csi.controller().validateCapabilities(volumeId, capabilities,
                volumeContext == null ? Map.of() : volumeContext, parameters == null ? Map.of() : parameters, Secrets.NONE);
    }

    @Override
    public CompletableFuture<Void> nodeStage(NodeTarget t) {
        return nodeStage(t, Secrets.NONE);
    }

    /**
     * NodeStageVolume of {@code t} with {@code secrets} (csi.proto NodeStageVolumeRequest {@code secrets}), after the
     * CO's staging directory is made when the node is on this machine; the one request building of the workbench's
     * and the command line's stage.
     *
     * @param secrets sent as the request's secrets; {@link Secrets#NONE} for the connection's own
     * @return fails with the call's {@link CallFailure}, or INVALID_ARGUMENT / FAILED_PRECONDITION when the staging
     *     directory cannot be made (nothing was sent)
     */
    public CompletableFuture<Void> nodeStage(NodeTarget t, Secrets secrets) {
        return asCo(() -> nodeDirectories.prepareStaging(t.stagingTargetPath()),
                () -> csi.node().nodeStage(new NodeStageRequest(t.volumeId(), t.publishContext(), t.stagingTargetPath(),
                        t.capability(), secrets, Map.of())));
    }

    @Override
    public CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        CompletableFuture<Void> unstaged = csi.node().nodeUnstage(volumeId, stagingTargetPath);
        if (nodeDirectories == null) return unstaged;
        // The staging directory this console made for the stage is the CO's to remove, once empty.
        return unstaged.thenRun(() -> nodeDirectories.unstaged(stagingTargetPath));
    }

    @Override
    public CompletableFuture<Long> nodeExpand(String volumeId, String volumePath, String stagingTargetPath, long requiredBytes) {
        return csi.node().nodeExpand(volumeId, volumePath, requiredBytes, 0, stagingTargetPath, null, Secrets.NONE)
                .thenApply(ExpandVolumeResult::capacityBytes);
    }

    @Override
    public CompletableFuture<Void> nodePublish(NodeTarget t) {
        return nodePublish(t, Secrets.NONE);
    }

    /**
     * NodePublishVolume of {@code t} with {@code secrets}, after the parent directory of its target_path is made when the
     * node is on this machine; the one request building of the workbench's and the command line's node publish.
     *
     * @param secrets sent as the request's secrets; {@link Secrets#NONE} for the connection's own
     * @return fails as {@link #nodeStage(NodeTarget, Secrets)}
     */
    public CompletableFuture<Void> nodePublish(NodeTarget t, Secrets secrets) {
        return asCo(() -> nodeDirectories.prepareTargetParent(t.targetPath()),
                () -> csi.node().nodePublish(new NodePublishRequest(t.volumeId(), t.publishContext(), t.stagingTargetPath(),
                        t.targetPath(), t.capability(), t.readonly(), secrets, Map.of())));
    }

    /**
     * Runs a node call after the CO's directory preparation (when the node is on this machine),
     * and removes the directories it created when the call fails.
     */
    private CompletableFuture<Void> asCo(java.util.function.Supplier<NodeDirectories.Created> prepare,
                                         java.util.function.Supplier<CompletableFuture<Void>> call) {
        if (nodeDirectories == null) return call.get();
        NodeDirectories.Created created;
        try {
            created = prepare.get();
        } catch (CallFailure f) {
            return CompletableFuture.failedFuture(f);
        }
        CompletableFuture<Void> f;
        try {
            f = call.get();
        } catch (RuntimeException e) {
            created.undo();
            throw e;
        }
        return f.whenComplete((ok, e) -> {
            if (e != null) created.undo();
            else nodeDirectories.succeeded(created);
        });
    }

    @Override
    public CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return csi.node().nodeUnpublish(volumeId, targetPath);
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.VolumeStats> nodeVolumeStats(String volumeId, String volumePath,
                                                                                   String stagingTargetPath) {
        return csi.node().nodeVolumeStats(volumeId, volumePath, stagingTargetPath);
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
        return csi.controller().listSnapshotsPaced(sourceVolumeId == null ? "" : sourceVolumeId, 0, Secrets.NONE,
                p -> p.isEmpty() ? PageSink.READY : pages.accept(p)).thenApply(x -> List.of());
    }

    @Override
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters) {
        return csi.controller().createSnapshot(sourceVolumeId, name, parameters, Secrets.NONE);
    }

    @Override
    public CompletableFuture<Void> deleteSnapshot(String snapshotId) {
        return csi.controller().deleteSnapshot(snapshotId, Secrets.NONE);
    }

    /**
     * The groups named by {@code group_snapshot_id} in ListSnapshots, each read with
     * GetVolumeGroupSnapshot; a group whose read fails is named in {@link Listing#missing()}, and
     * the listing fails when every group's read failed.
     */
    @Override
    public CompletableFuture<Listing<GroupSnapshot>> listGroupSnapshots() {
        Map<String, List<String>> members = new LinkedHashMap<>();
        return listSnapshots(null, PageSink.unpaced(page -> {
            synchronized (members) {
                for (Snapshot s : page) {
                    if (!s.groupSnapshotId().isEmpty()) members.computeIfAbsent(s.groupSnapshotId(), k -> new ArrayList<>()).add(s.snapshotId());
                }
            }
        })).thenCompose(x -> {
            List<Sources.Read<GroupSnapshot>> reads = new ArrayList<>();
            synchronized (members) {
                members.forEach((id, snaps) -> reads.add(new Sources.Read<>("group snapshot " + id,
                        csi.groupController().getGroupSnapshot(id, snaps, Secrets.NONE).thenApply(g -> Listing.complete(List.of(g))))));
            }
            return reads.isEmpty() ? CompletableFuture.completedFuture(Listing.<GroupSnapshot>complete(List.of()))
                    : Sources.join(reads);
        });
    }

    @Override
    public CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds, Map<String, String> parameters) {
        return csi.groupController().createGroupSnapshot(name, sourceVolumeIds, parameters, Secrets.NONE);
    }

    @Override
    public CompletableFuture<Void> deleteGroupSnapshot(GroupSnapshot g) {
        return csi.groupController().deleteGroupSnapshot(g.groupSnapshotId(), g.snapshots().stream().map(Snapshot::snapshotId).toList(), Secrets.NONE);
    }

    /**
     * NodeGetInfo of the connected node (when there is a node service) plus every node id seen in
     * published_node_ids. Two sources: the node plugin ({@value #NODE_SOURCE}) and ListVolumes
     * ({@value #VOLUMES_SOURCE}); one failing is named in {@link Listing#missing()}, both failing
     * fails the listing.
     */
    @Override
    public CompletableFuture<Listing<NodeInfo>> listNodes() {
        Set<String> published = new LinkedHashSet<>();
        CompletableFuture<List<SourceFailure>> seen = features().thenCompose(f -> f.available(org.csiconsole.core.port.Feature.LIST_VOLUMES)
                ? listVolumes(PageSink.unpaced(page -> {
                    synchronized (published) {
                        page.forEach(v -> published.addAll(v.publishedNodeIds()));
                    }
                }))
                : CompletableFuture.completedFuture(List.of()));
        CompletableFuture<List<NodeInfo>> mine = connectedNodes();
        return CompletableFuture.allOf(seen.handle((x, e) -> null), mine.handle((x, e) -> null)).thenApply(x -> {
            List<SourceFailure> missing = new ArrayList<>();
            Throwable first = null;
            List<NodeInfo> own = List.of();
            try {
                own = mine.join();
            } catch (RuntimeException e) {
                first = e;
                missing.add(SourceFailure.of(NODE_SOURCE, e));
            }
            try {
                missing.addAll(seen.join());
            } catch (RuntimeException e) {
                if (first != null) throw e;
                missing.add(SourceFailure.of(VOLUMES_SOURCE, e));
            }
            synchronized (published) {
                return new Listing<>(NodeInfo.withPublished(own, published), missing);
            }
        });
    }

    /** The source a failed NodeGetInfo is named by in a partial listing. */
    static final String NODE_SOURCE = "node plugin (NodeGetInfo)";
    /** The source a failed ListVolumes is named by when a listing only uses it on the side. */
    static final String VOLUMES_SOURCE = "CSI plugin (ListVolumes)";

    /** NodeGetInfo of the connected node; empty without a node socket; fails with NodeGetInfo's failure. */
    @Override
    public CompletableFuture<List<NodeInfo>> connectedNodes() {
        return features().thenCompose(f -> f.nodeSocket()
                ? csi.node().nodeInfo().thenApply(List::of)
                : CompletableFuture.completedFuture(List.<NodeInfo>of()));
    }

    /**
     * GetCapacity for all segments, then per segment known from the node and the volumes (up to
     * {@value #MAX_CAPACITY_SEGMENTS}). The call for all segments must answer or the listing fails;
     * a source of segments that fails (NodeGetInfo, ListVolumes; UNSUPPORTED only means it is not
     * offered) and a segment whose GetCapacity fails are named in {@link Listing#missing()}.
     */
    @Override
    public CompletableFuture<Listing<Capacity>> capacity() {
        Set<Topology> segments = new LinkedHashSet<>();
        List<SourceFailure> missing = java.util.Collections.synchronizedList(new ArrayList<>());
        return connectedNodes().exceptionally(e -> {
            missing.add(SourceFailure.of(NODE_SOURCE, e));
            return List.of();
        }).thenCompose(nodes -> {
            nodes.stream().map(NodeInfo::accessibleTopology).filter(Objects::nonNull)
                    .filter(t -> !t.segments().isEmpty()).forEach(segments::add);
            return listVolumes(PageSink.unpaced(page -> {
                synchronized (segments) {
                    for (Volume v : page) segments.addAll(v.accessibleTopology());
                }
            })).handle((gone, e) -> {
                if (gone != null) missing.addAll(gone);
                CallFailure f = e == null ? null : CallFailure.unwrap(e);
                if (e != null && (f == null || f.kind() != org.csiconsole.core.call.FailureKind.UNSUPPORTED)) {
                    missing.add(SourceFailure.of(VOLUMES_SOURCE, e));
                }
                return null;
            });
        }).thenCompose(x -> {
            List<Topology> ask = new ArrayList<>();
            synchronized (segments) {
                segments.stream().filter(t -> !t.segments().isEmpty()).limit(MAX_CAPACITY_SEGMENTS).forEach(ask::add);
            }
            CompletableFuture<Capacity> all = csi.controller().getCapacity(List.of(), Map.of(), null);
            List<CompletableFuture<Capacity>> calls = ask.stream().map(t -> csi.controller().getCapacity(List.of(), Map.of(), t)).toList();
            return all.thenCompose(whole -> CompletableFuture.allOf(calls.stream().map(c -> c.handle((v, e) -> null))
                    .toArray(CompletableFuture[]::new)).thenApply(y -> {
                        List<Capacity> rows = new ArrayList<>();
                        rows.add(whole);
                        for (int i = 0; i < calls.size(); i++) {
                            try {
                                rows.add(calls.get(i).join());
                            } catch (RuntimeException e) {
                                missing.add(SourceFailure.of("GetCapacity " + ask.get(i), e));
                            }
                        }
                        synchronized (missing) {
                            return new Listing<>(rows, missing);
                        }
                    }));
        });
    }

    @Override
    public CompletableFuture<Capacity> capacity(Topology topology, Map<String, String> parameters) {
        return csi.controller().getCapacity(List.of(), parameters == null ? Map.of() : parameters, topology);
    }

    // ---- csi-addons volume groups (AddonsGroupStorage) -----------------------------------------

    /** csi-addons ListVolumeGroups, every page; UNSUPPORTED without csi-addons or LIST_VOLUME_GROUPS. */
    @Override
    public CompletableFuture<Listing<org.csiconsole.core.model.VolumeGroup>> listVolumeGroups() {
        return groups.list();
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.VolumeGroup> createVolumeGroup(String name, List<String> volumeIds,
                                                                                     Map<String, String> parameters, Secrets secrets) {
        return groups.create(name, volumeIds, parameters, secrets);
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.VolumeGroup> modifyVolumeGroupMembership(String volumeGroupId, List<String> volumeIds,
                                                                                               Secrets secrets) {
        return groups.modify(volumeGroupId, volumeIds, secrets);
    }

    @Override
    public CompletableFuture<Void> deleteVolumeGroup(String volumeGroupId, Secrets secrets) {
        return groups.delete(volumeGroupId, secrets);
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.VolumeGroup> getVolumeGroup(String volumeGroupId, Secrets secrets) {
        return groups.get(volumeGroupId, secrets);
    }

    /** From the csi-addons capabilities (asked once, see {@link #addons()}); {@link org.csiconsole.core.port.VolumeGroupRules#NONE} without csi-addons. */
    @Override
    public CompletableFuture<org.csiconsole.core.port.VolumeGroupRules> volumeGroupRules() {
        return addons().handle((a, e) -> e == null && a.isPresent()).thenCompose(present -> present
                ? groups.rules(addonsClient.capabilities())
                : CompletableFuture.completedFuture(org.csiconsole.core.port.VolumeGroupRules.NONE));
    }

    // Reclaim space and key rotation over csi-addons (AddonsVolumeStorage).

    @Override
    public CompletableFuture<org.csiconsole.core.model.SpaceReclaimed> reclaimSpace(String volumeId, Secrets secrets) {
        return volumeAddons.reclaim(volumeId, secrets);
    }

    @Override
    public CompletableFuture<org.csiconsole.core.model.SpaceReclaimed> nodeReclaimSpace(String volumeId, String volumePath,
            String stagingTargetPath, VolumeCapability capability, Secrets secrets) {
        return volumeAddons.nodeReclaim(volumeId, volumePath, stagingTargetPath, capability, secrets);
    }

    @Override
    public CompletableFuture<Void> rotateEncryptionKey(String volumeId, String volumePath, Secrets secrets) {
        return volumeAddons.rotateKey(volumeId, volumePath, secrets);
    }
}
