package org.csiconsole.core.csi;

import com.google.protobuf.Message;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.GroupControllerGrpc;
import csi.v1.IdentityGrpc;
import csi.v1.NodeGrpc;
import csi.v1.SnapshotMetadataGrpc;
import io.grpc.MethodDescriptor;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.call.Redactor;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.endpoint.SocketDiagnostics;
import org.csiconsole.core.model.BlockMetadataPage;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.CapabilityValidation;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.ExpandResult;
import org.csiconsole.core.model.GroupControllerCapability;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeStats;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Typed client for a CSI v1.12 plugin: Identity, Controller, Node, GroupController and
 * SnapshotMetadata (csi.proto v1.12.0). Returns {@code core.model} records, never protobuf types.
 *
 * <p>Every call goes through one {@link CallPolicy}: deadline per kind, retries with backoff on
 * ABORTED / UNAVAILABLE / DEADLINE_EXCEEDED, one mutating call in flight per volume / snapshot /
 * group (see {@link #withLockMode(LockMode)}), trace with schema redaction, and failures as
 * {@link CallFailure} with the spec's condition and recovery text. Futures fail with
 * {@link CallFailure} only.
 *
 * <p>Capabilities are discovered once per connection ({@link #capabilities()}) and refreshed with
 * {@link #refreshCapabilities()}. A call whose capability the plugin does not advertise fails locally
 * with {@link FailureKind#UNSUPPORTED} ("not supported by this driver") without being sent, unless
 * made through {@link #forced()}. Node RPCs go to the node endpoint when one was given, else to the
 * controller endpoint (many drivers serve both on one socket).
 *
 * <p>{@link #forced()} and {@link #withLockMode(LockMode)} return views sharing the connections,
 * capabilities and policy; closing any of them closes the connections.
 */
public final class CsiClient implements AutoCloseable {
    private final Shared shared;
    private final boolean force;
    private final LockMode lockMode;

    /** Connections, policy and the capability cache shared by every view of one client. */
    private static final class Shared {
        final Connection controller;
        final Connection node;
        final CallPolicy policy;
        final int pageSize;
        final AtomicReference<CompletableFuture<CapabilitySet>> caps = new AtomicReference<>();

        Shared(Connection controller, Connection node, CallPolicy policy, int pageSize) {
            this.controller = controller;
            this.node = node;
            this.policy = policy;
            this.pageSize = pageSize;
        }
    }

    private CsiClient(Shared shared, boolean force, LockMode lockMode) {
        this.shared = shared;
        this.force = force;
        this.lockMode = lockMode;
    }

    /**
     * Opens the controller connection and, when given, a separate node connection. Unix sockets are
     * diagnosed first ({@link SocketDiagnostics}).
     *
     * @throws CallFailure {@link FailureKind#ENDPOINT} / {@link FailureKind#TLS} when a connection cannot be set up
     */
    public static CsiClient open(Endpoint controller, Optional<Endpoint> node, CsiClientOptions options, CallTrace trace) {
        Connection c = options.channels().open(controller);
        Connection n = null;
        try {
            if (node.isPresent() && !node.get().equals(controller)) n = options.channels().open(node.get());
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return over(c, Optional.ofNullable(n), options, trace);
    }

    /** A client over connections made elsewhere; the client owns and closes them. */
    public static CsiClient over(Connection controller, Optional<Connection> node, CsiClientOptions options, CallTrace trace) {
        CallPolicy policy = new CallPolicy(options.policy(), options.guard(), trace, new Redactor(), options.timer(),
                () -> java.util.concurrent.ThreadLocalRandom.current().nextDouble());
        return new CsiClient(new Shared(controller, node.orElse(null), policy, options.pageSize()), false, null);
    }

    /** A view of this client that sends calls even when the plugin does not advertise their capability. */
    public CsiClient forced() {
        return new CsiClient(shared, true, lockMode);
    }

    /** A view of this client whose mutating calls wait for, or fail fast on, a busy object. */
    public CsiClient withLockMode(LockMode mode) {
        return new CsiClient(shared, force, Objects.requireNonNull(mode, "mode"));
    }

    /** The controller endpoint. */
    public Endpoint endpoint() {
        return shared.controller.endpoint();
    }

    /** The node endpoint, when a separate one was given. */
    public Optional<Endpoint> nodeEndpoint() {
        return Optional.ofNullable(shared.node).map(Connection::endpoint);
    }

    /** The call trace this client records into. */
    public CallTrace trace() {
        return shared.policy.trace();
    }

    /** The in-flight guard this client takes. */
    public InFlightGuard guard() {
        return shared.policy.guard();
    }

    @Override
    public void close() {
        try {
            shared.controller.close();
        } finally {
            if (shared.node != null) shared.node.close();
        }
    }

    // ---------------------------------------------------------------- Identity

    /** GetPluginInfo: name, vendor version, manifest. */
    public CompletableFuture<PluginInfo> pluginInfo() {
        return call(CsiRpc.GET_PLUGIN_INFO, IdentityGrpc.getGetPluginInfoMethod(), Csi.GetPluginInfoRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "GetPluginInfo")).thenApply(CsiMapping::pluginInfo);
    }

    /**
     * Probe: true when the plugin reports ready (an unset {@code ready} counts as ready, as the spec says).
     * Fails with {@link FailureKind#UNAVAILABLE} (FAILED_PRECONDITION from the plugin maps to its own kind) when not healthy.
     */
    public CompletableFuture<Boolean> probe() {
        return call(CsiRpc.PROBE, IdentityGrpc.getProbeMethod(), Csi.ProbeRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "Probe")).thenApply(r -> !r.hasReady() || r.getReady().getValue());
    }

    /** The capabilities discovered on this connection; discovered on first use, then cached. */
    public CompletableFuture<CapabilitySet> capabilities() {
        CompletableFuture<CapabilitySet> c = shared.caps.get();
        if (c != null && !c.isCompletedExceptionally() && !c.isCancelled()) return c;
        return refreshCapabilities();
    }

    /**
     * Asks the plugin again: GetPluginCapabilities, then ControllerGetCapabilities when CONTROLLER_SERVICE is
     * advertised, NodeGetCapabilities (an UNIMPLEMENTED answer counts as no node service, any other answer,
     * an empty one included, as a node service: {@link CapabilitySet#nodeService()}) and
     * GroupControllerGetCapabilities when GROUP_CONTROLLER_SERVICE is advertised.
     */
    public CompletableFuture<CapabilitySet> refreshCapabilities() {
        CompletableFuture<CapabilitySet> f = discover();
        shared.caps.set(f);
        return f;
    }

    private CompletableFuture<CapabilitySet> discover() {
        Set<String> alpha = new HashSet<>();
        return unary(shared.controller, IdentityGrpc.getGetPluginCapabilitiesMethod(),
                Csi.GetPluginCapabilitiesRequest.getDefaultInstance(), CallSpec.of(CallKind.PROBE, "GetPluginCapabilities"))
                .thenCompose(pr -> {
                    Set<PluginCapability> plugin = EnumSet.noneOf(PluginCapability.class);
                    for (Csi.PluginCapability pc : pr.getCapabilitiesList()) {
                        if (pc.hasService()) {
                            Csi.PluginCapability.Service.Type t = pc.getService().getType();
                            add(plugin, PluginCapability.class, t.name(), t, alpha);
                        } else if (pc.hasVolumeExpansion()) {
                            Csi.PluginCapability.VolumeExpansion.Type t = pc.getVolumeExpansion().getType();
                            add(plugin, PluginCapability.class, "VOLUME_EXPANSION_" + t.name(), t, alpha);
                        }
                    }
                    CompletableFuture<Set<ControllerCapability>> ctrl = plugin.contains(PluginCapability.CONTROLLER_SERVICE)
                            ? unary(shared.controller, ControllerGrpc.getControllerGetCapabilitiesMethod(),
                            Csi.ControllerGetCapabilitiesRequest.getDefaultInstance(), CallSpec.of(CallKind.PROBE, "ControllerGetCapabilities"))
                            .thenApply(r -> {
                                Set<ControllerCapability> s = EnumSet.noneOf(ControllerCapability.class);
                                for (Csi.ControllerServiceCapability c : r.getCapabilitiesList()) {
                                    add(s, ControllerCapability.class, c.getRpc().getType().name(), c.getRpc().getType(), alpha);
                                }
                                return s;
                            })
                            : CompletableFuture.completedFuture(Set.of());
                    AtomicReference<Boolean> nodeAnswered = new AtomicReference<>(false);
                    CompletableFuture<Set<NodeCapability>> node = unary(nodeConnection(), NodeGrpc.getNodeGetCapabilitiesMethod(),
                            Csi.NodeGetCapabilitiesRequest.getDefaultInstance(), CallSpec.of(CallKind.PROBE, "NodeGetCapabilities"))
                            .<Set<NodeCapability>>thenApply(r -> {
                                nodeAnswered.set(true);
                                Set<NodeCapability> s = EnumSet.noneOf(NodeCapability.class);
                                for (Csi.NodeServiceCapability c : r.getCapabilitiesList()) {
                                    add(s, NodeCapability.class, c.getRpc().getType().name(), c.getRpc().getType(), alpha);
                                }
                                return s;
                            })
                            .exceptionally(t -> {
                                CallFailure f = CallFailure.unwrap(t);
                                if (f != null && f.kind() == FailureKind.UNSUPPORTED) return Set.of();
                                throw f != null ? f : new java.util.concurrent.CompletionException(t);
                            });
                    CompletableFuture<Set<GroupControllerCapability>> group = plugin.contains(PluginCapability.GROUP_CONTROLLER_SERVICE)
                            ? unary(shared.controller, GroupControllerGrpc.getGroupControllerGetCapabilitiesMethod(),
                            Csi.GroupControllerGetCapabilitiesRequest.getDefaultInstance(),
                            CallSpec.of(CallKind.PROBE, "GroupControllerGetCapabilities"))
                            .thenApply(r -> {
                                Set<GroupControllerCapability> s = EnumSet.noneOf(GroupControllerCapability.class);
                                for (Csi.GroupControllerServiceCapability c : r.getCapabilitiesList()) {
                                    add(s, GroupControllerCapability.class, c.getRpc().getType().name(), c.getRpc().getType(), alpha);
                                }
                                return s;
                            })
                            : CompletableFuture.completedFuture(Set.of());
                    return ctrl.thenCombine(node, (cs, ns) -> List.<Object>of(cs, ns))
                            .thenCombine(group, (l, gs) -> {
                                @SuppressWarnings("unchecked") Set<ControllerCapability> cs = (Set<ControllerCapability>) l.get(0);
                                @SuppressWarnings("unchecked") Set<NodeCapability> ns = (Set<NodeCapability>) l.get(1);
                                synchronized (alpha) {
                                    return new CapabilitySet(plugin, cs, ns, gs, alpha, nodeAnswered.get());
                                }
                            });
                });
    }

    private static <E extends Enum<E>> void add(Set<E> into, Class<E> type, String name,
                                                com.google.protobuf.ProtocolMessageEnum wire, Set<String> alpha) {
        if (name.endsWith("UNKNOWN") || name.endsWith("UNRECOGNIZED")) return;
        E e = CsiMapping.enumByName(type, name, null);
        if (e == null) return;
        into.add(e);
        if (CsiMapping.alphaValue(wire)) {
            synchronized (alpha) {
                alpha.add(e.name());
            }
        }
    }

    /**
     * Whether the plugin advertised what {@code rpc} needs, from the cached capabilities.
     *
     * @return empty when supported, else the sentence saying why not
     */
    public CompletableFuture<Optional<String>> unsupportedReason(CsiRpc rpc) {
        if (rpc.capability() == null) return CompletableFuture.completedFuture(Optional.empty());
        return capabilities().thenApply(caps -> reason(rpc, caps));
    }

    private static Optional<String> reason(CsiRpc rpc, CapabilitySet caps) {
        Enum<?> need = rpc.capability();
        boolean ok;
        String where;
        if (need instanceof ControllerCapability c) {
            ok = caps.has(c);
            where = "controller capability";
        } else if (need instanceof NodeCapability n) {
            ok = caps.has(n);
            where = "node capability";
        } else if (need instanceof GroupControllerCapability g) {
            ok = caps.has(g);
            where = "group controller capability";
        } else {
            ok = caps.has((PluginCapability) need);
            where = "plugin capability";
        }
        if (ok) return Optional.empty();
        return Optional.of(rpc.method() + " is not supported by this driver: it does not advertise the " + where + " " + need.name());
    }

    // ---------------------------------------------------------------- Controller

    /**
     * ListVolumes, every page in order to {@code page}; needs LIST_VOLUMES.
     *
     * @param maxEntries {@code max_entries} per page; 0 lets the plugin choose
     * @param page receives each page's volumes (on a gRPC thread; must not block)
     * @return completes after the last page; fails with {@link FailureKind#PROTOCOL} on a repeated next_token.
     *     Entries without volume_id and repeats of an id already listed are left out ({@link DistinctEntries})
     */
    public CompletableFuture<Void> listVolumes(int maxEntries, Consumer<List<Volume>> page) {
        return listVolumesPaced(maxEntries, PageSink.unpaced(page));
    }

    /**
     * ListVolumes paced by its consumer: the next page is requested once the stage {@code page}
     * returned for the previous one completes (CSI spec, "ListVolumes": {@code max_entries} and
     * {@code next_token}); needs LIST_VOLUMES.
     *
     * @param maxEntries {@code max_entries} per page; 0 lets the plugin choose
     * @param page receives each page's volumes (on a gRPC thread; must not block)
     * @return completes once the last page's stage has; fails with {@link FailureKind#PROTOCOL} on a
     *     repeated next_token, or with the failure of a stage {@code page} returned. Entries without
     *     volume_id and repeats of an id already listed are left out ({@link DistinctEntries})
     */
    public CompletableFuture<Void> listVolumesPaced(int maxEntries, PageSink<Volume> page) {
        if (maxEntries < 0) return invalid("ListVolumes", "max_entries must be 0 or more");
        return gated(CsiRpc.LIST_VOLUMES, () -> shared.policy.pages(shared.controller.channel(), endpointText(shared.controller),
                ControllerGrpc.getListVolumesMethod(),
                token -> Csi.ListVolumesRequest.newBuilder().setMaxEntries(maxEntries).setStartingToken(token).build(),
                CsiClient::volumes, Csi.ListVolumesResponse::getNextToken,
                new DistinctEntries<>("ListVolumes", "volume_id", Volume::volumeId, page),
                CallSpec.of(CallKind.LIST, "ListVolumes")));
    }

    /**
     * The {@code max_entries} this client uses for list calls that do not give their own
     * ({@link CsiClientOptions#pageSize()}); 0 lets the plugin choose.
     */
    public int pageSize() {
        return shared.pageSize;
    }

    /** ListVolumes collected into one list, with the client's default page size. */
    public CompletableFuture<List<Volume>> allVolumes() {
        List<Volume> all = new ArrayList<>();
        return listVolumes(shared.pageSize, p -> {
            synchronized (all) {
                all.addAll(p);
            }
        }).thenApply(v -> List.copyOf(all));
    }

    static List<Volume> volumes(Csi.ListVolumesResponse r) {
        List<Volume> out = new ArrayList<>(r.getEntriesCount());
        for (Csi.ListVolumesResponse.Entry e : r.getEntriesList()) {
            Csi.ListVolumesResponse.VolumeStatus st = e.getStatus();
            out.add(CsiMapping.volume(e.getVolume(), st.getPublishedNodeIdsList(),
                    st.hasVolumeCondition() ? st.getVolumeCondition() : null));
        }
        return out;
    }

    /** ControllerGetVolume (alpha); needs GET_VOLUME. */
    public CompletableFuture<Volume> getVolume(String volumeId) {
        return call(CsiRpc.CONTROLLER_GET_VOLUME, ControllerGrpc.getControllerGetVolumeMethod(),
                Csi.ControllerGetVolumeRequest.newBuilder().setVolumeId(volumeId).build(),
                CallSpec.of(CallKind.READ, "ControllerGetVolume " + volumeId))
                .thenApply(r -> CsiMapping.volume(r.getVolume(), r.getStatus().getPublishedNodeIdsList(),
                        r.getStatus().hasVolumeCondition() ? r.getStatus().getVolumeCondition() : null));
    }

    /** CreateVolume; needs CREATE_DELETE_VOLUME. Serialized per volume name. */
    public CompletableFuture<Volume> createVolume(VolumeRequest req) {
        Csi.CreateVolumeRequest.Builder b = Csi.CreateVolumeRequest.newBuilder()
                .setName(req.name())
                .addAllVolumeCapabilities(CsiMapping.capabilities(req.capabilities()))
                .putAllParameters(req.parameters())
                .putAllSecrets(req.secrets().values())
                .putAllMutableParams(req.mutableParameters());
        if (req.requiredBytes() > 0 || req.limitBytes() > 0) {
            b.setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(req.requiredBytes()).setLimitBytes(req.limitBytes()));
        }
        Csi.VolumeContentSource src = CsiMapping.source(req.source());
        if (src != null) b.setVolumeContentSource(src);
        if (!req.requisite().isEmpty() || !req.preferred().isEmpty()) {
            Csi.TopologyRequirement.Builder t = Csi.TopologyRequirement.newBuilder();
            req.requisite().forEach(x -> t.addRequisite(CsiMapping.topology(x)));
            req.preferred().forEach(x -> t.addPreferred(CsiMapping.topology(x)));
            b.setAccessibilityRequirements(t);
        }
        return call(CsiRpc.CREATE_VOLUME, ControllerGrpc.getCreateVolumeMethod(), b.build(),
                mutate("CreateVolume " + req.name(), InFlightGuard.volumeName(req.name())))
                .thenApply(r -> CsiMapping.volume(r.getVolume(), req.name(), req.capabilities(), req.parameters(), List.of(), null));
    }

    /** DeleteVolume; needs CREATE_DELETE_VOLUME. Deleting a volume that does not exist succeeds (spec: idempotent). */
    public CompletableFuture<Void> deleteVolume(String volumeId, Secrets secrets) {
        return call(CsiRpc.DELETE_VOLUME, ControllerGrpc.getDeleteVolumeMethod(),
                Csi.DeleteVolumeRequest.newBuilder().setVolumeId(volumeId).putAllSecrets(secrets.values()).build(),
                mutate("DeleteVolume " + volumeId, InFlightGuard.volume(volumeId))).thenApply(r -> null);
    }

    /**
     * ControllerPublishVolume; needs PUBLISH_UNPUBLISH_VOLUME.
     *
     * @return the {@code publish_context} to pass to NodeStageVolume / NodePublishVolume
     */
    public CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId, VolumeCapability capability,
                                                                   boolean readonly, Secrets secrets, Map<String, String> volumeContext) {
        return call(CsiRpc.CONTROLLER_PUBLISH_VOLUME, ControllerGrpc.getControllerPublishVolumeMethod(),
                Csi.ControllerPublishVolumeRequest.newBuilder().setVolumeId(volumeId).setNodeId(nodeId)
                        .setVolumeCapability(CsiMapping.capability(capability)).setReadonly(readonly)
                        .putAllSecrets(secrets.values()).putAllVolumeContext(volumeContext).build(),
                mutate("ControllerPublishVolume " + volumeId + " to " + nodeId, InFlightGuard.volume(volumeId)))
                .thenApply(r -> Map.copyOf(r.getPublishContextMap()));
    }

    /** ControllerUnpublishVolume; needs PUBLISH_UNPUBLISH_VOLUME. An empty {@code nodeId} unpublishes from every node. */
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId, Secrets secrets) {
        return call(CsiRpc.CONTROLLER_UNPUBLISH_VOLUME, ControllerGrpc.getControllerUnpublishVolumeMethod(),
                Csi.ControllerUnpublishVolumeRequest.newBuilder().setVolumeId(volumeId).setNodeId(nodeId)
                        .putAllSecrets(secrets.values()).build(),
                mutate("ControllerUnpublishVolume " + volumeId + (nodeId.isEmpty() ? "" : " from " + nodeId),
                        InFlightGuard.volume(volumeId))).thenApply(r -> null);
    }

    /** ValidateVolumeCapabilities. */
    public CompletableFuture<CapabilityValidation> validateCapabilities(String volumeId, List<VolumeCapability> capabilities,
                                                                        Map<String, String> volumeContext,
                                                                        Map<String, String> parameters, Secrets secrets) {
        return call(CsiRpc.VALIDATE_VOLUME_CAPABILITIES, ControllerGrpc.getValidateVolumeCapabilitiesMethod(),
                Csi.ValidateVolumeCapabilitiesRequest.newBuilder().setVolumeId(volumeId)
                        .addAllVolumeCapabilities(CsiMapping.capabilities(capabilities)).putAllVolumeContext(volumeContext)
                        .putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "ValidateVolumeCapabilities " + volumeId))
                .thenApply(r -> new CapabilityValidation(r.hasConfirmed(), r.getMessage()));
    }

    /** ControllerExpandVolume; needs EXPAND_VOLUME. Sizes in bytes; {@code limitBytes} 0 means no limit. */
    public CompletableFuture<ExpandResult> expandVolume(String volumeId, long requiredBytes, long limitBytes,
                                                        VolumeCapability capability, Secrets secrets) {
        Csi.ControllerExpandVolumeRequest.Builder b = Csi.ControllerExpandVolumeRequest.newBuilder().setVolumeId(volumeId)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(requiredBytes).setLimitBytes(limitBytes))
                .putAllSecrets(secrets.values());
        if (capability != null) b.setVolumeCapability(CsiMapping.capability(capability));
        return call(CsiRpc.CONTROLLER_EXPAND_VOLUME, ControllerGrpc.getControllerExpandVolumeMethod(), b.build(),
                mutate("ControllerExpandVolume " + volumeId, InFlightGuard.volume(volumeId)))
                .thenApply(r -> new ExpandResult(r.getCapacityBytes(), r.getNodeExpansionRequired()));
    }

    /** ControllerModifyVolume; needs MODIFY_VOLUME. */
    public CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters, Secrets secrets) {
        return call(CsiRpc.CONTROLLER_MODIFY_VOLUME, ControllerGrpc.getControllerModifyVolumeMethod(),
                Csi.ControllerModifyVolumeRequest.newBuilder().setVolumeId(volumeId).putAllMutableParams(mutableParameters)
                        .putAllSecrets(secrets.values()).build(),
                mutate("ControllerModifyVolume " + volumeId, InFlightGuard.volume(volumeId))).thenApply(r -> null);
    }

    /**
     * GetCapacity; needs GET_CAPACITY.
     *
     * @param capabilities capabilities the capacity is for; may be empty
     * @param parameters create parameters the capacity is for; may be empty
     * @param topology segment the capacity is for; null for all
     */
    public CompletableFuture<Capacity> getCapacity(List<VolumeCapability> capabilities, Map<String, String> parameters,
                                                   Topology topology) {
        Csi.GetCapacityRequest.Builder b = Csi.GetCapacityRequest.newBuilder()
                .addAllVolumeCapabilities(CsiMapping.capabilities(capabilities)).putAllParameters(parameters);
        if (topology != null) b.setAccessibleTopology(CsiMapping.topology(topology));
        return call(CsiRpc.GET_CAPACITY, ControllerGrpc.getGetCapacityMethod(), b.build(), CallSpec.of(CallKind.READ, "GetCapacity"))
                .thenApply(r -> CsiMapping.capacity(r, topology, parameters));
    }

    /**
     * ListSnapshots, every page in order; needs LIST_SNAPSHOTS.
     *
     * @param sourceVolumeId only snapshots of this volume; empty for all
     * @param maxEntries {@code max_entries} per page; 0 lets the plugin choose
     */
    public CompletableFuture<Void> listSnapshots(String sourceVolumeId, int maxEntries, Consumer<List<Snapshot>> page) {
        return listSnapshots(sourceVolumeId, maxEntries, Secrets.NONE, page);
    }

    /** ListSnapshots with credentials ({@code secrets}, for plugins that need them to list). */
    public CompletableFuture<Void> listSnapshots(String sourceVolumeId, int maxEntries, Secrets secrets, Consumer<List<Snapshot>> page) {
        return listSnapshotsPaced(sourceVolumeId, maxEntries, secrets, PageSink.unpaced(page));
    }

    /**
     * ListSnapshots paced by its consumer, like {@link #listVolumesPaced}; needs LIST_SNAPSHOTS.
     *
     * @param sourceVolumeId only snapshots of this volume; empty for all
     * @param maxEntries {@code max_entries} per page; 0 lets the plugin choose
     * @param secrets credentials, for plugins that need them to list; entries without snapshot_id
     *     and repeats of an id already listed are left out ({@link DistinctEntries})
     */
    public CompletableFuture<Void> listSnapshotsPaced(String sourceVolumeId, int maxEntries, Secrets secrets, PageSink<Snapshot> page) {
        if (maxEntries < 0) return invalid("ListSnapshots", "max_entries must be 0 or more");
        return gated(CsiRpc.LIST_SNAPSHOTS, () -> shared.policy.pages(shared.controller.channel(), endpointText(shared.controller),
                ControllerGrpc.getListSnapshotsMethod(),
                token -> Csi.ListSnapshotsRequest.newBuilder().setMaxEntries(maxEntries).setStartingToken(token)
                        .setSourceVolumeId(sourceVolumeId).putAllSecrets(secrets.values()).build(),
                r -> {
                    List<Snapshot> out = new ArrayList<>(r.getEntriesCount());
                    for (Csi.ListSnapshotsResponse.Entry e : r.getEntriesList()) out.add(CsiMapping.snapshot(e.getSnapshot(), ""));
                    return out;
                }, Csi.ListSnapshotsResponse::getNextToken,
                new DistinctEntries<>("ListSnapshots", "snapshot_id", Snapshot::snapshotId, page),
                CallSpec.of(CallKind.LIST, "ListSnapshots")));
    }

    /** ListSnapshots of every volume. */
    public CompletableFuture<Void> listSnapshots(int maxEntries, Consumer<List<Snapshot>> page) {
        return listSnapshots("", maxEntries, page);
    }

    /** GetSnapshot (alpha); needs GET_SNAPSHOT. */
    public CompletableFuture<Snapshot> getSnapshot(String snapshotId, Secrets secrets) {
        return call(CsiRpc.GET_SNAPSHOT, ControllerGrpc.getGetSnapshotMethod(),
                Csi.GetSnapshotRequest.newBuilder().setSnapshotId(snapshotId).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "GetSnapshot " + snapshotId)).thenApply(r -> CsiMapping.snapshot(r.getSnapshot(), ""));
    }

    /** CreateSnapshot; needs CREATE_DELETE_SNAPSHOT. Serialized per snapshot name. */
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters,
                                                      Secrets secrets) {
        return call(CsiRpc.CREATE_SNAPSHOT, ControllerGrpc.getCreateSnapshotMethod(),
                Csi.CreateSnapshotRequest.newBuilder().setSourceVolumeId(sourceVolumeId).setName(name)
                        .putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                mutate("CreateSnapshot " + name + " of " + sourceVolumeId, InFlightGuard.snapshotName(name)))
                .thenApply(r -> CsiMapping.snapshot(r.getSnapshot(), name));
    }

    /** DeleteSnapshot; needs CREATE_DELETE_SNAPSHOT. */
    public CompletableFuture<Void> deleteSnapshot(String snapshotId, Secrets secrets) {
        return call(CsiRpc.DELETE_SNAPSHOT, ControllerGrpc.getDeleteSnapshotMethod(),
                Csi.DeleteSnapshotRequest.newBuilder().setSnapshotId(snapshotId).putAllSecrets(secrets.values()).build(),
                mutate("DeleteSnapshot " + snapshotId, InFlightGuard.snapshot(snapshotId))).thenApply(r -> null);
    }

    // ---------------------------------------------------------------- GroupController

    /** CreateVolumeGroupSnapshot; needs CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT. Serialized per group name. */
    public CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds,
                                                                Map<String, String> parameters, Secrets secrets) {
        return call(CsiRpc.CREATE_VOLUME_GROUP_SNAPSHOT, GroupControllerGrpc.getCreateVolumeGroupSnapshotMethod(),
                Csi.CreateVolumeGroupSnapshotRequest.newBuilder().setName(name).addAllSourceVolumeIds(sourceVolumeIds)
                        .putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                mutate("CreateVolumeGroupSnapshot " + name, InFlightGuard.group("name/" + name)))
                .thenApply(r -> CsiMapping.groupSnapshot(r.getGroupSnapshot(), name));
    }

    /** DeleteVolumeGroupSnapshot; {@code snapshotIds} must list every member. */
    public CompletableFuture<Void> deleteGroupSnapshot(String groupSnapshotId, List<String> snapshotIds, Secrets secrets) {
        return call(CsiRpc.DELETE_VOLUME_GROUP_SNAPSHOT, GroupControllerGrpc.getDeleteVolumeGroupSnapshotMethod(),
                Csi.DeleteVolumeGroupSnapshotRequest.newBuilder().setGroupSnapshotId(groupSnapshotId).addAllSnapshotIds(snapshotIds)
                        .putAllSecrets(secrets.values()).build(),
                mutate("DeleteVolumeGroupSnapshot " + groupSnapshotId, InFlightGuard.group(groupSnapshotId))).thenApply(r -> null);
    }

    /** GetVolumeGroupSnapshot. */
    public CompletableFuture<GroupSnapshot> getGroupSnapshot(String groupSnapshotId, List<String> snapshotIds, Secrets secrets) {
        return call(CsiRpc.GET_VOLUME_GROUP_SNAPSHOT, GroupControllerGrpc.getGetVolumeGroupSnapshotMethod(),
                Csi.GetVolumeGroupSnapshotRequest.newBuilder().setGroupSnapshotId(groupSnapshotId).addAllSnapshotIds(snapshotIds)
                        .putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "GetVolumeGroupSnapshot " + groupSnapshotId))
                .thenApply(r -> CsiMapping.groupSnapshot(r.getGroupSnapshot(), ""));
    }

    // ---------------------------------------------------------------- SnapshotMetadata (alpha)

    /**
     * GetMetadataAllocated (alpha service): streams the allocated blocks of a snapshot; needs the plugin capability
     * SNAPSHOT_METADATA_SERVICE. Sent on the controller connection.
     *
     * @param startingOffset byte offset to start at
     * @param maxResults blocks per message, 0 for the plugin's choice
     */
    public CompletableFuture<Void> metadataAllocated(String snapshotId, long startingOffset, int maxResults, Secrets secrets,
                                                     Consumer<BlockMetadataPage> onPage) {
        return gated(CsiRpc.GET_METADATA_ALLOCATED, () -> shared.policy.serverStream(shared.controller.channel(),
                endpointText(shared.controller), SnapshotMetadataGrpc.getGetMetadataAllocatedMethod(),
                Csi.GetMetadataAllocatedRequest.newBuilder().setSnapshotId(snapshotId).setStartingOffset(startingOffset)
                        .setMaxResults(maxResults).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.STREAM, "GetMetadataAllocated " + snapshotId),
                r -> onPage.accept(CsiMapping.blocks(r.getBlockMetadataType(), r.getVolumeCapacityBytes(), r.getBlockMetadataList()))));
    }

    /** GetMetadataDelta (alpha service): streams the blocks changed between two snapshots. */
    public CompletableFuture<Void> metadataDelta(String baseSnapshotId, String targetSnapshotId, long startingOffset,
                                                 int maxResults, Secrets secrets, Consumer<BlockMetadataPage> onPage) {
        return gated(CsiRpc.GET_METADATA_DELTA, () -> shared.policy.serverStream(shared.controller.channel(),
                endpointText(shared.controller), SnapshotMetadataGrpc.getGetMetadataDeltaMethod(),
                Csi.GetMetadataDeltaRequest.newBuilder().setBaseSnapshotId(baseSnapshotId).setTargetSnapshotId(targetSnapshotId)
                        .setStartingOffset(startingOffset).setMaxResults(maxResults).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.STREAM, "GetMetadataDelta " + baseSnapshotId + ".." + targetSnapshotId),
                r -> onPage.accept(CsiMapping.blocks(r.getBlockMetadataType(), r.getVolumeCapacityBytes(), r.getBlockMetadataList()))));
    }

    // ---------------------------------------------------------------- Node

    /** NodeGetInfo. */
    public CompletableFuture<NodeInfo> nodeInfo() {
        return call(CsiRpc.NODE_GET_INFO, NodeGrpc.getNodeGetInfoMethod(), Csi.NodeGetInfoRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "NodeGetInfo")).thenApply(CsiMapping::nodeInfo);
    }

    /** NodeStageVolume; needs STAGE_UNSTAGE_VOLUME. */
    public CompletableFuture<Void> nodeStage(NodeStageRequest req) {
        return call(CsiRpc.NODE_STAGE_VOLUME, NodeGrpc.getNodeStageVolumeMethod(),
                Csi.NodeStageVolumeRequest.newBuilder().setVolumeId(req.volumeId()).putAllPublishContext(req.publishContext())
                        .setStagingTargetPath(req.stagingTargetPath()).setVolumeCapability(CsiMapping.capability(req.capability()))
                        .putAllSecrets(req.secrets().values()).putAllVolumeContext(req.volumeContext()).build(),
                node("NodeStageVolume " + req.volumeId(), req.volumeId())).thenApply(r -> null);
    }

    /** NodeUnstageVolume; needs STAGE_UNSTAGE_VOLUME. */
    public CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return call(CsiRpc.NODE_UNSTAGE_VOLUME, NodeGrpc.getNodeUnstageVolumeMethod(),
                Csi.NodeUnstageVolumeRequest.newBuilder().setVolumeId(volumeId).setStagingTargetPath(stagingTargetPath).build(),
                node("NodeUnstageVolume " + volumeId, volumeId)).thenApply(r -> null);
    }

    /** NodePublishVolume. */
    public CompletableFuture<Void> nodePublish(NodePublishRequest req) {
        return call(CsiRpc.NODE_PUBLISH_VOLUME, NodeGrpc.getNodePublishVolumeMethod(),
                Csi.NodePublishVolumeRequest.newBuilder().setVolumeId(req.volumeId()).putAllPublishContext(req.publishContext())
                        .setStagingTargetPath(req.stagingTargetPath()).setTargetPath(req.targetPath())
                        .setVolumeCapability(CsiMapping.capability(req.capability())).setReadonly(req.readonly())
                        .putAllSecrets(req.secrets().values()).putAllVolumeContext(req.volumeContext()).build(),
                node("NodePublishVolume " + req.volumeId(), req.volumeId())).thenApply(r -> null);
    }

    /** NodeUnpublishVolume. */
    public CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return call(CsiRpc.NODE_UNPUBLISH_VOLUME, NodeGrpc.getNodeUnpublishVolumeMethod(),
                Csi.NodeUnpublishVolumeRequest.newBuilder().setVolumeId(volumeId).setTargetPath(targetPath).build(),
                node("NodeUnpublishVolume " + volumeId, volumeId)).thenApply(r -> null);
    }

    /** NodeGetVolumeStats; needs GET_VOLUME_STATS. {@code stagingTargetPath} may be empty. */
    public CompletableFuture<VolumeStats> nodeVolumeStats(String volumeId, String volumePath, String stagingTargetPath) {
        return call(CsiRpc.NODE_GET_VOLUME_STATS, NodeGrpc.getNodeGetVolumeStatsMethod(),
                Csi.NodeGetVolumeStatsRequest.newBuilder().setVolumeId(volumeId).setVolumePath(volumePath)
                        .setStagingTargetPath(stagingTargetPath).build(),
                CallSpec.of(CallKind.READ, "NodeGetVolumeStats " + volumeId)).thenApply(CsiMapping::stats);
    }

    /** NodeExpandVolume; needs node EXPAND_VOLUME. Returns the new capacity in bytes (0 when unknown). */
    public CompletableFuture<ExpandResult> nodeExpand(String volumeId, String volumePath, long requiredBytes, long limitBytes,
                                                      String stagingTargetPath, VolumeCapability capability, Secrets secrets) {
        Csi.NodeExpandVolumeRequest.Builder b = Csi.NodeExpandVolumeRequest.newBuilder().setVolumeId(volumeId)
                .setVolumePath(volumePath).setStagingTargetPath(stagingTargetPath == null ? "" : stagingTargetPath)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(requiredBytes).setLimitBytes(limitBytes))
                .putAllSecrets(secrets.values());
        if (capability != null) b.setVolumeCapability(CsiMapping.capability(capability));
        return call(CsiRpc.NODE_EXPAND_VOLUME, NodeGrpc.getNodeExpandVolumeMethod(), b.build(),
                node("NodeExpandVolume " + volumeId, volumeId)).thenApply(r -> new ExpandResult(r.getCapacityBytes(), false));
    }

    // ---------------------------------------------------------------- plumbing

    private CallSpec mutate(String what, String key) {
        CallSpec s = CallSpec.of(CallKind.MUTATE, what).locking(key);
        return lockMode == null ? s : s.withLockMode(lockMode);
    }

    private CallSpec node(String what, String volumeId) {
        CallSpec s = CallSpec.of(CallKind.NODE, what).locking(InFlightGuard.volume(volumeId));
        return lockMode == null ? s : s.withLockMode(lockMode);
    }

    private Connection nodeConnection() {
        return shared.node != null ? shared.node : shared.controller;
    }

    private static String endpointText(Connection c) {
        return c.endpoint().text();
    }

    private <Q extends Message, R extends Message> CompletableFuture<R> call(CsiRpc rpc, MethodDescriptor<Q, R> method,
                                                                             Q request, CallSpec spec) {
        Connection conn = rpc.node() ? nodeConnection() : shared.controller;
        return gated(rpc, () -> unary(conn, method, request, spec));
    }

    private <Q extends Message, R extends Message> CompletableFuture<R> unary(Connection conn, MethodDescriptor<Q, R> method,
                                                                              Q request, CallSpec spec) {
        return shared.policy.unary(conn.channel(), endpointText(conn), method, request, spec)
                .exceptionallyCompose(t -> CompletableFuture.failedFuture(explain(conn, t)));
    }

    /** Replaces a bare UNAVAILABLE on a unix socket with what the socket diagnostics find. */
    private static Throwable explain(Connection conn, Throwable t) {
        CallFailure f = CallFailure.unwrap(t);
        if (f == null) return t;
        if (f.kind() == FailureKind.UNAVAILABLE && conn.endpoint() instanceof Endpoint.Unix u) {
            Optional<CallFailure> d = new SocketDiagnostics().check(u.path());
            if (d.isPresent()) {
                CallFailure e = d.get();
                return new CallFailure(e.kind(), f.what(), e.why(), e.whatToDo(), f.detail() + "; " + e.detail());
            }
        }
        return f;
    }

    private <T> CompletableFuture<T> gated(CsiRpc rpc, Supplier<CompletableFuture<T>> call) {
        if (force || rpc.capability() == null) return call.get();
        CompletableFuture<T> result = new org.csiconsole.core.call.LinkedFuture<>();
        AtomicReference<CompletableFuture<T>> inner = new AtomicReference<>();
        result.whenComplete((v, t) -> {
            CompletableFuture<T> i = inner.get();
            if (result.isCancelled() && i != null) i.cancel(true);
        });
        capabilities().whenComplete((caps, t) -> {
            if (t != null) {
                CallFailure f = CallFailure.unwrap(t);
                result.completeExceptionally(f == null ? t : new CallFailure(f.kind(), rpc.method(), f.why(), f.whatToDo(),
                        f.detail() + "; while reading the driver's capabilities (" + f.what() + ")"));
                return;
            }
            Optional<String> why = reason(rpc, caps);
            if (why.isPresent()) {
                result.completeExceptionally(new CallFailure(FailureKind.UNSUPPORTED, rpc.method(),
                        why.get().substring(rpc.method().length() + " is ".length()),
                        "Use a driver that advertises this capability; if you know the driver handles the call anyway, force it",
                        "not sent: capability " + rpc.capability().name() + " not advertised"));
                return;
            }
            if (result.isDone()) return;
            CompletableFuture<T> f = call.get();
            inner.set(f);
            f.whenComplete((v, e) -> {
                if (e != null) result.completeExceptionally(CallFailure.unwrap(e) != null ? CallFailure.unwrap(e) : e);
                else result.complete(v);
            });
            if (result.isCancelled()) f.cancel(true);
        });
        return result;
    }

    private static <T> CompletableFuture<T> invalid(String what, String why) {
        return CompletableFuture.failedFuture(new CallFailure(FailureKind.INVALID_ARGUMENT, what, why, "Fix the value and try again", ""));
    }
}
