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
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.ExpandResult;
import org.csiconsole.core.port.Features;
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
 * advertise fails with UNSUPPORTED from the client without being sent. No secrets are sent
 * ({@link Secrets#NONE}); drivers that need them answer INVALID_ARGUMENT, shown as such.
 */
public final class CsiStorage implements StorageService {
    /** Most topology segments asked for in {@link #capacity()}: keeps a GetCapacity fan-out bounded. */
    static final int MAX_CAPACITY_SEGMENTS = 16;

    private final CsiClient csi;
    private final boolean nodeSocket;
    private final org.csiconsole.core.addons.AddonsClient addonsClient;
    private final NodeDirectories nodeDirectories;
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
        this.csi = Objects.requireNonNull(csi);
        this.nodeSocket = nodeSocket;
        this.addonsClient = addons;
        this.nodeDirectories = nodeDirectories;
    }

    /**
     * csi-addons GetIdentity and GetCapabilities, asked once and kept; empty when there is no
     * csi-addons client or its endpoint does not answer (UNIMPLEMENTED on a plain CSI socket).
     */
    @Override
    public CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> addons() {
        if (addonsClient == null) return CompletableFuture.completedFuture(java.util.Optional.empty());
        CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> f = addonsInfo;
        if (f == null || f.isCompletedExceptionally()) {
            f = addonsClient.identity().pluginInfo().thenCombine(addonsClient.capabilities(), (id, caps) -> java.util.Optional.of(
                    new org.csiconsole.core.port.AddonsInfo(id, caps.stream().map(CsiStorage::addonsWord).sorted().toList())))
                    .exceptionally(e -> java.util.Optional.empty());
            addonsInfo = f;
        }
        return f;
    }

    /** Asks csi-addons again on the next {@link #addons()} (after the driver restarted). */
    public void forgetAddons() {
        addonsInfo = null;
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

    @Override
    public CompletableFuture<Features> features() {
        return addons().thenCombine(csi.capabilities().handle((caps, e) -> e), (addons, x) -> null)
                .thenCompose(x -> csi.capabilities().handle((caps, e) -> e != null
                        ? Features.from(CapabilitySet.NONE, true, false, false, addonsKnown())
                        : Features.from(caps, true, false, nodeSocket && caps.nodeService(), addonsKnown())));
    }

    private boolean addonsKnown() {
        CompletableFuture<java.util.Optional<org.csiconsole.core.port.AddonsInfo>> f = addonsInfo;
        return f != null && f.isDone() && f.join().isPresent();
    }

    @Override
    public CompletableFuture<PluginInfo> pluginInfo() {
        return csi.identity().pluginInfo();
    }

    @Override
    public CompletableFuture<Void> listVolumes(PageSink<Volume> pages) {
        // The client's page size (max_entries), so pages stream into the table as they arrive
        // instead of a plugin answering 100,000 volumes in one response.
        return listVolumes(csi.controller().pageSize(), pages);
    }

    /** Streams pages of {@code maxEntries} volumes, paced by {@code pages}; 0 lets the plugin choose. */
    public CompletableFuture<Void> listVolumes(int maxEntries, PageSink<Volume> pages) {
        return csi.controller().listVolumesPaced(maxEntries, p -> p.isEmpty() ? PageSink.READY : pages.accept(p));
    }

    @Override
    public CompletableFuture<Volume> getVolume(String volumeId) {
        return csi.controller().getVolume(volumeId);
    }

    @Override
    public CompletableFuture<Volume> createVolume(VolumeRequest r) {
        return csi.controller().createVolume(new org.csiconsole.core.csi.CreateVolumeRequest(r.name(), r.capacityBytes(), 0, r.capabilities(),
                r.parameters(), r.mutableParameters(), Secrets.NONE, r.source(), List.of(), List.of()));
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
    public CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId, VolumeCapability capability,
                                                                    boolean readonly) {
        return csi.controller().controllerPublish(volumeId, nodeId, capability, readonly, Secrets.NONE, Map.of());
    }

    @Override
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId) {
        return csi.controller().controllerUnpublish(volumeId, nodeId, Secrets.NONE);
    }

    @Override
    public CompletableFuture<Void> nodeStage(NodeTarget t) {
        return asCo(() -> nodeDirectories.prepareStaging(t.stagingTargetPath()),
                () -> csi.node().nodeStage(new NodeStageRequest(t.volumeId(), t.publishContext(), t.stagingTargetPath(),
                        t.capability(), Secrets.NONE, Map.of())));
    }

    @Override
    public CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return csi.node().nodeUnstage(volumeId, stagingTargetPath);
    }

    @Override
    public CompletableFuture<Void> nodePublish(NodeTarget t) {
        return asCo(() -> nodeDirectories.prepareTargetParent(t.targetPath()),
                () -> csi.node().nodePublish(new NodePublishRequest(t.volumeId(), t.publishContext(), t.stagingTargetPath(),
                        t.targetPath(), t.capability(), t.readonly(), Secrets.NONE, Map.of())));
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
        });
    }

    @Override
    public CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return csi.node().nodeUnpublish(volumeId, targetPath);
    }

    @Override
    public CompletableFuture<Void> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
        return csi.controller().listSnapshotsPaced(sourceVolumeId == null ? "" : sourceVolumeId, 0, Secrets.NONE,
                p -> p.isEmpty() ? PageSink.READY : pages.accept(p));
    }

    @Override
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters) {
        return csi.controller().createSnapshot(sourceVolumeId, name, parameters, Secrets.NONE);
    }

    @Override
    public CompletableFuture<Void> deleteSnapshot(String snapshotId) {
        return csi.controller().deleteSnapshot(snapshotId, Secrets.NONE);
    }

    /** The groups named by {@code group_snapshot_id} in ListSnapshots, each read with GetVolumeGroupSnapshot. */
    @Override
    public CompletableFuture<List<GroupSnapshot>> listGroupSnapshots() {
        Map<String, List<String>> members = new LinkedHashMap<>();
        return listSnapshots(null, PageSink.unpaced(page -> {
            synchronized (members) {
                for (Snapshot s : page) {
                    if (!s.groupSnapshotId().isEmpty()) members.computeIfAbsent(s.groupSnapshotId(), k -> new ArrayList<>()).add(s.snapshotId());
                }
            }
        })).thenCompose(x -> {
            List<CompletableFuture<GroupSnapshot>> reads = new ArrayList<>();
            synchronized (members) {
                members.forEach((id, snaps) -> reads.add(csi.groupController().getGroupSnapshot(id, snaps, Secrets.NONE)));
            }
            return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
                    .thenApply(y -> reads.stream().map(CompletableFuture::join).toList());
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

    /** NodeGetInfo of the connected node (when there is a node service) plus every node id seen in published_node_ids. */
    @Override
    public CompletableFuture<List<NodeInfo>> listNodes() {
        Set<String> published = new LinkedHashSet<>();
        CompletableFuture<Void> seen = features().thenCompose(f -> f.available(org.csiconsole.core.port.Feature.LIST_VOLUMES)
                ? listVolumes(PageSink.unpaced(page -> {
                    synchronized (published) {
                        page.forEach(v -> published.addAll(v.publishedNodeIds()));
                    }
                })).exceptionally(e -> null)
                : CompletableFuture.completedFuture(null));
        return connectedNodes().thenCombine(seen, (mine, x) -> {
            synchronized (published) {
                return NodeInfo.withPublished(mine, published);
            }
        });
    }

    @Override
    public CompletableFuture<List<NodeInfo>> connectedNodes() {
        return features().thenCompose(f -> f.nodeSocket()
                ? csi.node().nodeInfo().handle((n, e) -> e == null ? List.of(n) : List.<NodeInfo>of())
                : CompletableFuture.completedFuture(List.<NodeInfo>of()));
    }

    /** GetCapacity for all segments, then per segment known from the node and the volumes (up to {@value #MAX_CAPACITY_SEGMENTS}). */
    @Override
    public CompletableFuture<List<Capacity>> capacity() {
        Set<Topology> segments = new LinkedHashSet<>();
        return connectedNodes().exceptionally(e -> List.of()).thenCompose(nodes -> {
            nodes.stream().map(NodeInfo::accessibleTopology).filter(Objects::nonNull)
                    .filter(t -> !t.segments().isEmpty()).forEach(segments::add);
            return listVolumes(PageSink.unpaced(page -> {
                synchronized (segments) {
                    for (Volume v : page) segments.addAll(v.accessibleTopology());
                }
            })).exceptionally(e -> null);
        }).thenCompose(x -> {
            List<Topology> ask = new ArrayList<>();
            ask.add(null);
            synchronized (segments) {
                segments.stream().filter(t -> !t.segments().isEmpty()).limit(MAX_CAPACITY_SEGMENTS).forEach(ask::add);
            }
            List<CompletableFuture<Capacity>> calls = ask.stream().map(t -> csi.controller().getCapacity(List.of(), Map.of(), t)).toList();
            return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
                    .thenApply(y -> calls.stream().map(CompletableFuture::join).toList());
        });
    }

    @Override
    public CompletableFuture<Capacity> capacity(Topology topology, Map<String, String> parameters) {
        return csi.controller().getCapacity(List.of(), parameters == null ? Map.of() : parameters, topology);
    }
}
