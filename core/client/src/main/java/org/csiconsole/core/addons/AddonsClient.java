package org.csiconsole.core.addons;

import com.google.protobuf.Message;
import encryptionkeyrotation.EncryptionKeyRotation;
import encryptionkeyrotation.EncryptionKeyRotationControllerGrpc;
import fence.Fence;
import fence.FenceControllerGrpc;
import identity.IdentityGrpc;
import identity.IdentityProto;
import io.grpc.MethodDescriptor;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.call.LinkedFuture;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.call.Redactor;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeGroup;
import reclaimspace.ReclaimSpace;
import reclaimspace.ReclaimSpaceControllerGrpc;
import reclaimspace.ReclaimSpaceNodeGrpc;
import replication.Replication;
import volumegroup.VolumeGroupProto;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Typed client for a csi-addons sidecar (csi-addons/spec main: identity, replication, reclaimspace,
 * fence, volumegroup, encryptionkeyrotation), through the same {@link CallPolicy} as
 * {@link org.csiconsole.core.csi.CsiClient}. Returns {@code core.model} records.
 *
 * <p>Replication requests set both the deprecated {@code volume_id} (read by drivers built on
 * csi-addons v0.2.0) and {@code replication_source} (read by newer ones), so one console works with
 * both (csi-addons-replication.md; see core/src/main/proto/README.md). Capabilities come from the
 * csi-addons identity service, discovered once and refreshable; a call whose capability is not
 * advertised fails locally with {@link FailureKind#UNSUPPORTED} unless made through {@link #forced()}.
 * Mutating calls take the in-flight guard on the volume or group; pass the same guard as the CSI
 * client's (via {@link CsiClientOptions#guard()}) to serialize across both.
 */
public final class AddonsClient implements AutoCloseable {
    private final Connection conn;
    private final CallPolicy policy;
    private final AtomicReference<CompletableFuture<Set<AddonsCapability>>> caps;
    private final boolean force;
    private final LockMode lockMode;

    private AddonsClient(Connection conn, CallPolicy policy, AtomicReference<CompletableFuture<Set<AddonsCapability>>> caps,
                         boolean force, LockMode lockMode) {
        this.conn = conn;
        this.policy = policy;
        this.caps = caps;
        this.force = force;
        this.lockMode = lockMode;
    }

    /**
     * Opens a connection to the sidecar's endpoint (often {@code unix:///.../csi-addons.sock}).
     *
     * @throws CallFailure {@link FailureKind#ENDPOINT} when the endpoint fails its checks
     */
    public static AddonsClient open(Endpoint endpoint, CsiClientOptions options, CallTrace trace) {
        return over(options.channels().open(endpoint), options, trace);
    }

    /** A client over a connection made elsewhere; the client owns and closes it. */
    public static AddonsClient over(Connection conn, CsiClientOptions options, CallTrace trace) {
        CallPolicy policy = new CallPolicy(options.policy(), options.guard(), trace, new Redactor(), options.timer(),
                () -> ThreadLocalRandom.current().nextDouble());
        return new AddonsClient(conn, policy, new AtomicReference<>(), false, null);
    }

    /** A view that sends calls even when their capability is not advertised. */
    public AddonsClient forced() {
        return new AddonsClient(conn, policy, caps, true, lockMode);
    }

    /** A view whose mutating calls wait for, or fail fast on, a busy volume or group. */
    public AddonsClient withLockMode(LockMode mode) {
        return new AddonsClient(conn, policy, caps, force, Objects.requireNonNull(mode, "mode"));
    }

    public Endpoint endpoint() {
        return conn.endpoint();
    }

    @Override
    public void close() {
        conn.close();
    }

    // ---------------------------------------------------------------- identity

    /** GetIdentity. */
    public CompletableFuture<PluginInfo> identity() {
        return unary(IdentityGrpc.getGetIdentityMethod(), IdentityProto.GetIdentityRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "GetIdentity"))
                .thenApply(r -> new PluginInfo(r.getName(), r.getVendorVersion(), r.getManifestMap()));
    }

    /** Probe; true when ready (an unset {@code ready} counts as ready). */
    public CompletableFuture<Boolean> probe() {
        return unary(IdentityGrpc.getProbeMethod(), IdentityProto.ProbeRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "Probe")).thenApply(r -> !r.hasReady() || r.getReady().getValue());
    }

    /** Capabilities advertised by GetCapabilities; discovered once, then cached. */
    public CompletableFuture<Set<AddonsCapability>> capabilities() {
        CompletableFuture<Set<AddonsCapability>> c = caps.get();
        if (c != null && !c.isCompletedExceptionally() && !c.isCancelled()) return c;
        return refreshCapabilities();
    }

    /** Asks the sidecar for its capabilities again. */
    public CompletableFuture<Set<AddonsCapability>> refreshCapabilities() {
        CompletableFuture<Set<AddonsCapability>> f = unary(IdentityGrpc.getGetCapabilitiesMethod(),
                IdentityProto.GetCapabilitiesRequest.getDefaultInstance(), CallSpec.of(CallKind.PROBE, "GetCapabilities"))
                .thenApply(AddonsClient::capabilitySet);
        caps.set(f);
        return f;
    }

    static Set<AddonsCapability> capabilitySet(IdentityProto.GetCapabilitiesResponse r) {
        Set<AddonsCapability> out = EnumSet.noneOf(AddonsCapability.class);
        for (IdentityProto.Capability c : r.getCapabilitiesList()) {
            String name;
            switch (c.getTypeCase()) {
                case SERVICE: name = c.getService().getType().name(); break;
                case RECLAIM_SPACE: name = "RECLAIM_SPACE_" + c.getReclaimSpace().getType().name(); break;
                case NETWORK_FENCE: name = c.getNetworkFence().getType().name(); break;
                case VOLUME_REPLICATION: name = c.getVolumeReplication().getType().name(); break;
                case VOLUME_GROUP: name = c.getVolumeGroup().getType().name(); break;
                case ENCRYPTION_KEY_ROTATION: name = "ENCRYPTION_KEY_ROTATION"; break;
                default: continue;
            }
            AddonsCapability a = CsiMapping.enumByName(AddonsCapability.class, name, null);
            if (a != null) out.add(a);
        }
        return out;
    }

    // ---------------------------------------------------------------- replication

    /** EnableVolumeReplication. {@code parameters} come from the VolumeReplicationClass. */
    public CompletableFuture<Void> enableReplication(ReplicationSource source, String replicationId,
                                                     Map<String, String> parameters, Secrets secrets) {
        Replication.EnableVolumeReplicationRequest.Builder b = Replication.EnableVolumeReplicationRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return gated(AddonsCapability.VOLUME_REPLICATION, () -> unary(replication.ControllerGrpc.getEnableVolumeReplicationMethod(),
                b.build(), mutate("EnableVolumeReplication " + source, source))).thenApply(r -> null);
    }

    /** DisableVolumeReplication. */
    public CompletableFuture<Void> disableReplication(ReplicationSource source, String replicationId,
                                                      Map<String, String> parameters, Secrets secrets) {
        Replication.DisableVolumeReplicationRequest.Builder b = Replication.DisableVolumeReplicationRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return gated(AddonsCapability.VOLUME_REPLICATION, () -> unary(replication.ControllerGrpc.getDisableVolumeReplicationMethod(),
                b.build(), mutate("DisableVolumeReplication " + source, source))).thenApply(r -> null);
    }

    /** PromoteVolume: make this side primary; {@code force} when the peer is unreachable. */
    public CompletableFuture<Void> promote(ReplicationSource source, String replicationId, boolean force,
                                           Map<String, String> parameters, Secrets secrets) {
        Replication.PromoteVolumeRequest.Builder b = Replication.PromoteVolumeRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).setForce(force)
                .putAllParameters(parameters).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return gated(AddonsCapability.VOLUME_REPLICATION, () -> unary(replication.ControllerGrpc.getPromoteVolumeMethod(),
                b.build(), mutate("PromoteVolume " + source, source))).thenApply(r -> null);
    }

    /** DemoteVolume: make this side secondary. */
    public CompletableFuture<Void> demote(ReplicationSource source, String replicationId, boolean force,
                                          Map<String, String> parameters, Secrets secrets) {
        Replication.DemoteVolumeRequest.Builder b = Replication.DemoteVolumeRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).setForce(force)
                .putAllParameters(parameters).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return gated(AddonsCapability.VOLUME_REPLICATION, () -> unary(replication.ControllerGrpc.getDemoteVolumeMethod(),
                b.build(), mutate("DemoteVolume " + source, source))).thenApply(r -> null);
    }

    /** ResyncVolume; returns the {@code ready} flag (true when the resync finished). */
    public CompletableFuture<Boolean> resync(ReplicationSource source, String replicationId, boolean force,
                                             Map<String, String> parameters, Secrets secrets) {
        Replication.ResyncVolumeRequest.Builder b = Replication.ResyncVolumeRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).setForce(force)
                .putAllParameters(parameters).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return gated(AddonsCapability.VOLUME_REPLICATION, () -> unary(replication.ControllerGrpc.getResyncVolumeMethod(),
                b.build(), mutate("ResyncVolume " + source, source))).thenApply(Replication.ResyncVolumeResponse::getReady);
    }

    /** GetVolumeReplicationInfo: last sync time, duration, bytes and status. */
    public CompletableFuture<ReplicationInfo> replicationInfo(ReplicationSource source, String replicationId, Secrets secrets) {
        Replication.GetVolumeReplicationInfoRequest.Builder b = Replication.GetVolumeReplicationInfoRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return gated(AddonsCapability.VOLUME_REPLICATION, () -> unary(replication.ControllerGrpc.getGetVolumeReplicationInfoMethod(),
                b.build(), CallSpec.of(CallKind.READ, "GetVolumeReplicationInfo " + source)))
                .thenApply(AddonsClient::replicationInfo);
    }

    static ReplicationInfo replicationInfo(Replication.GetVolumeReplicationInfoResponse r) {
        Instant last = r.hasLastSyncTime() ? Instant.ofEpochSecond(r.getLastSyncTime().getSeconds(), r.getLastSyncTime().getNanos()) : null;
        Duration took = r.hasLastSyncDuration()
                ? Duration.ofSeconds(r.getLastSyncDuration().getSeconds(), r.getLastSyncDuration().getNanos()) : null;
        ReplicationHealth health = CsiMapping.enumByName(ReplicationHealth.class, r.getStatus().name(), ReplicationHealth.UNKNOWN);
        return new ReplicationInfo(last, took, r.hasLastSyncDuration() || r.getLastSyncBytes() != 0 ? r.getLastSyncBytes() : -1,
                health, r.getStatusMessage());
    }

    /** GetReplicationDestinationInfo; needs GET_REPLICATION_DESTINATION_INFO. */
    public CompletableFuture<ReplicationDestination> replicationDestination(ReplicationSource source, Secrets secrets) {
        return gated(AddonsCapability.GET_REPLICATION_DESTINATION_INFO, () -> unary(
                replication.ControllerGrpc.getGetReplicationDestinationInfoMethod(),
                Replication.GetReplicationDestinationInfoRequest.newBuilder().setReplicationSource(source(source))
                        .putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "GetReplicationDestinationInfo " + source)))
                .thenApply(r -> {
                    Replication.ReplicationDestination d = r.getReplicationDestination();
                    if (d.hasVolume()) return new ReplicationDestination(d.getVolume().getVolumeId(), "", Map.of());
                    return new ReplicationDestination("", d.getVolumegroup().getVolumeGroupId(), d.getVolumegroup().getVolumeIdsMap());
                });
    }

    private static Replication.ReplicationSource source(ReplicationSource s) {
        Replication.ReplicationSource.Builder b = Replication.ReplicationSource.newBuilder();
        if (s.group()) b.setVolumegroup(Replication.ReplicationSource.VolumeGroupSource.newBuilder().setVolumeGroupId(s.id()));
        else b.setVolume(Replication.ReplicationSource.VolumeSource.newBuilder().setVolumeId(s.id()));
        return b.build();
    }

    // ---------------------------------------------------------------- reclaim space

    /** ControllerReclaimSpace. */
    public CompletableFuture<SpaceReclaimed> reclaimSpace(String volumeId, Map<String, String> parameters, Secrets secrets) {
        return gated(AddonsCapability.RECLAIM_SPACE_OFFLINE, () -> unary(ReclaimSpaceControllerGrpc.getControllerReclaimSpaceMethod(),
                ReclaimSpace.ControllerReclaimSpaceRequest.newBuilder().setVolumeId(volumeId).putAllParameters(parameters)
                        .putAllSecrets(secrets.values()).build(),
                mutate("ControllerReclaimSpace " + volumeId, ReplicationSource.volume(volumeId))))
                .thenApply(r -> reclaimed(r.hasPreUsage(), r.getPreUsage(), r.hasPostUsage(), r.getPostUsage()));
    }

    /** NodeReclaimSpace on a published volume (online reclaim). */
    public CompletableFuture<SpaceReclaimed> nodeReclaimSpace(String volumeId, String volumePath, String stagingTargetPath,
                                                              VolumeCapability capability, Secrets secrets) {
        ReclaimSpace.NodeReclaimSpaceRequest.Builder b = ReclaimSpace.NodeReclaimSpaceRequest.newBuilder().setVolumeId(volumeId)
                .setVolumePath(volumePath).setStagingTargetPath(stagingTargetPath == null ? "" : stagingTargetPath)
                .putAllSecrets(secrets.values());
        if (capability != null) b.setVolumeCapability(CsiMapping.capability(capability));
        return gated(AddonsCapability.RECLAIM_SPACE_ONLINE, () -> unary(ReclaimSpaceNodeGrpc.getNodeReclaimSpaceMethod(), b.build(),
                mutate("NodeReclaimSpace " + volumeId, ReplicationSource.volume(volumeId))))
                .thenApply(r -> reclaimed(r.hasPreUsage(), r.getPreUsage(), r.hasPostUsage(), r.getPostUsage()));
    }

    private static SpaceReclaimed reclaimed(boolean hasPre, ReclaimSpace.StorageConsumption pre, boolean hasPost,
                                            ReclaimSpace.StorageConsumption post) {
        return new SpaceReclaimed(hasPre ? pre.getUsageBytes() : null, hasPost ? post.getUsageBytes() : null);
    }

    // ---------------------------------------------------------------- fence

    /** FenceClusterNetwork: block the given CIDRs from the storage. */
    public CompletableFuture<Void> fence(List<String> cidrs, Map<String, String> parameters, Secrets secrets) {
        Fence.FenceClusterNetworkRequest.Builder b = Fence.FenceClusterNetworkRequest.newBuilder().putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        cidrs.forEach(c -> b.addCidrs(Fence.CIDR.newBuilder().setCidr(c)));
        return gated(AddonsCapability.NETWORK_FENCE, () -> unary(FenceControllerGrpc.getFenceClusterNetworkMethod(), b.build(),
                fenceSpec("FenceClusterNetwork " + cidrs, cidrs))).thenApply(r -> null);
    }

    /** UnfenceClusterNetwork. */
    public CompletableFuture<Void> unfence(List<String> cidrs, Map<String, String> parameters, Secrets secrets) {
        Fence.UnfenceClusterNetworkRequest.Builder b = Fence.UnfenceClusterNetworkRequest.newBuilder().putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        cidrs.forEach(c -> b.addCidrs(Fence.CIDR.newBuilder().setCidr(c)));
        return gated(AddonsCapability.NETWORK_FENCE, () -> unary(FenceControllerGrpc.getUnfenceClusterNetworkMethod(), b.build(),
                fenceSpec("UnfenceClusterNetwork " + cidrs, cidrs))).thenApply(r -> null);
    }

    /** ListClusterFence: the CIDRs currently fenced. */
    public CompletableFuture<List<String>> listFences(Map<String, String> parameters, Secrets secrets) {
        return gated(AddonsCapability.NETWORK_FENCE, () -> unary(FenceControllerGrpc.getListClusterFenceMethod(),
                Fence.ListClusterFenceRequest.newBuilder().putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "ListClusterFence")))
                .thenApply(r -> r.getCidrsList().stream().map(Fence.CIDR::getCidr).toList());
    }

    private CallSpec fenceSpec(String what, List<String> cidrs) {
        CallSpec s = CallSpec.of(CallKind.MUTATE, what).locking(cidrs.stream().map(c -> "fence/" + c).toArray(String[]::new));
        return lockMode == null ? s : s.withLockMode(lockMode);
    }

    // ---------------------------------------------------------------- volume groups

    /** CreateVolumeGroup; needs VOLUME_GROUP. */
    public CompletableFuture<VolumeGroup> createVolumeGroup(String name, List<String> volumeIds, Map<String, String> parameters,
                                                            Secrets secrets) {
        CallSpec spec = CallSpec.of(CallKind.MUTATE, "CreateVolumeGroup " + name).locking(InFlightGuard.group("name/" + name));
        return gated(AddonsCapability.VOLUME_GROUP, () -> unary(volumegroup.ControllerGrpc.getCreateVolumeGroupMethod(),
                VolumeGroupProto.CreateVolumeGroupRequest.newBuilder().setName(name).addAllVolumeIds(volumeIds)
                        .putAllParameters(parameters).putAllSecrets(secrets.values()).build(), withMode(spec)))
                .thenApply(r -> volumeGroup(r.getVolumeGroup(), name));
    }

    /** ModifyVolumeGroupMembership: the group's members become exactly {@code volumeIds}; needs MODIFY_VOLUME_GROUP. */
    public CompletableFuture<VolumeGroup> modifyVolumeGroup(String volumeGroupId, List<String> volumeIds,
                                                            Map<String, String> parameters, Secrets secrets) {
        return gated(AddonsCapability.MODIFY_VOLUME_GROUP, () -> unary(volumegroup.ControllerGrpc.getModifyVolumeGroupMembershipMethod(),
                VolumeGroupProto.ModifyVolumeGroupMembershipRequest.newBuilder().setVolumeGroupId(volumeGroupId)
                        .addAllVolumeIds(volumeIds).putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                mutate("ModifyVolumeGroupMembership " + volumeGroupId, ReplicationSource.volumeGroup(volumeGroupId))))
                .thenApply(r -> volumeGroup(r.getVolumeGroup(), ""));
    }

    /** DeleteVolumeGroup; needs VOLUME_GROUP. */
    public CompletableFuture<Void> deleteVolumeGroup(String volumeGroupId, Secrets secrets) {
        return gated(AddonsCapability.VOLUME_GROUP, () -> unary(volumegroup.ControllerGrpc.getDeleteVolumeGroupMethod(),
                VolumeGroupProto.DeleteVolumeGroupRequest.newBuilder().setVolumeGroupId(volumeGroupId)
                        .putAllSecrets(secrets.values()).build(),
                mutate("DeleteVolumeGroup " + volumeGroupId, ReplicationSource.volumeGroup(volumeGroupId)))).thenApply(r -> null);
    }

    /** ControllerGetVolumeGroup; needs GET_VOLUME_GROUP. */
    public CompletableFuture<VolumeGroup> getVolumeGroup(String volumeGroupId, Secrets secrets) {
        return gated(AddonsCapability.GET_VOLUME_GROUP, () -> unary(volumegroup.ControllerGrpc.getControllerGetVolumeGroupMethod(),
                VolumeGroupProto.ControllerGetVolumeGroupRequest.newBuilder().setVolumeGroupId(volumeGroupId)
                        .putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "ControllerGetVolumeGroup " + volumeGroupId)))
                .thenApply(r -> volumeGroup(r.getVolumeGroup(), ""));
    }

    /** ListVolumeGroups, every page in order (repeated next_token detected); needs LIST_VOLUME_GROUPS. */
    public CompletableFuture<Void> listVolumeGroups(int maxEntries, Secrets secrets, Consumer<List<VolumeGroup>> page) {
        return gated(AddonsCapability.LIST_VOLUME_GROUPS, () -> policy.pages(conn.channel(), conn.endpoint().text(),
                volumegroup.ControllerGrpc.getListVolumeGroupsMethod(),
                token -> VolumeGroupProto.ListVolumeGroupsRequest.newBuilder().setMaxEntries(maxEntries).setStartingToken(token)
                        .putAllSecrets(secrets.values()).build(),
                r -> {
                    List<VolumeGroup> out = new ArrayList<>(r.getEntriesCount());
                    for (VolumeGroupProto.ListVolumeGroupsResponse.Entry e : r.getEntriesList()) out.add(volumeGroup(e.getVolumeGroup(), ""));
                    return out;
                }, VolumeGroupProto.ListVolumeGroupsResponse::getNextToken, PageSink.unpaced(page),
                CallSpec.of(CallKind.LIST, "ListVolumeGroups")));
    }

    static VolumeGroup volumeGroup(VolumeGroupProto.VolumeGroup g, String name) {
        List<Volume> vols = new ArrayList<>(g.getVolumesCount());
        for (csi.v1.Csi.Volume v : g.getVolumesList()) vols.add(CsiMapping.volume(v, List.of(), null));
        return new VolumeGroup(g.getVolumeGroupId(), name, "", vols, null, g.getVolumeGroupContextMap(), Origin.CSI);
    }

    // ---------------------------------------------------------------- encryption key rotation

    /** EncryptionKeyRotate; needs ENCRYPTION_KEY_ROTATION. The new key is sent as a secret and never traced. */
    public CompletableFuture<Void> rotateEncryptionKey(String volumeId, String volumePath, String encryptionKey,
                                                       Map<String, String> parameters, Secrets secrets, VolumeCapability capability) {
        EncryptionKeyRotation.EncryptionKeyRotateRequest.Builder b = EncryptionKeyRotation.EncryptionKeyRotateRequest.newBuilder()
                .setVolumeId(volumeId).setVolumePath(volumePath == null ? "" : volumePath)
                .setEncryptionKey(encryptionKey == null ? "" : encryptionKey).putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        if (capability != null) b.setVolumeCapability(CsiMapping.capability(capability));
        return gated(AddonsCapability.ENCRYPTION_KEY_ROTATION, () -> unary(
                EncryptionKeyRotationControllerGrpc.getEncryptionKeyRotateMethod(), b.build(),
                mutate("EncryptionKeyRotate " + volumeId, ReplicationSource.volume(volumeId)))).thenApply(r -> null);
    }

    // ---------------------------------------------------------------- plumbing

    private CallSpec mutate(String what, ReplicationSource s) {
        return withMode(CallSpec.of(CallKind.MUTATE, what)
                .locking(s.group() ? InFlightGuard.group(s.id()) : InFlightGuard.volume(s.id())));
    }

    private CallSpec withMode(CallSpec s) {
        return lockMode == null ? s : s.withLockMode(lockMode);
    }

    private <Q extends Message, R extends Message> CompletableFuture<R> unary(MethodDescriptor<Q, R> method, Q request, CallSpec spec) {
        return policy.unary(conn.channel(), conn.endpoint().text(), method, request, spec);
    }

    private <T> CompletableFuture<T> gated(AddonsCapability need, Supplier<CompletableFuture<T>> call) {
        if (force) return call.get();
        CompletableFuture<T> result = new LinkedFuture<>();
        AtomicReference<CompletableFuture<T>> inner = new AtomicReference<>();
        result.whenComplete((v, t) -> {
            CompletableFuture<T> i = inner.get();
            if (result.isCancelled() && i != null) i.cancel(true);
        });
        capabilities().whenComplete((set, t) -> {
            if (t != null) {
                CallFailure f = CallFailure.unwrap(t);
                result.completeExceptionally(f != null ? f : t);
                return;
            }
            if (!set.contains(need)) {
                result.completeExceptionally(new CallFailure(FailureKind.UNSUPPORTED, need.name(),
                        "not supported by this driver: its csi-addons sidecar does not advertise " + need.name(),
                        "Use a driver whose csi-addons sidecar advertises this capability, or force the call",
                        "not sent: capability " + need.name() + " not advertised"));
                return;
            }
            if (result.isDone()) return;
            CompletableFuture<T> f = call.get();
            inner.set(f);
            f.whenComplete((v, e) -> {
                if (e != null) {
                    CallFailure cf = CallFailure.unwrap(e);
                    result.completeExceptionally(cf != null ? cf : e);
                } else {
                    result.complete(v);
                }
            });
            if (result.isCancelled()) f.cancel(true);
        });
        return result;
    }

    /** Sentence saying why a capability is missing, or empty when advertised. */
    public CompletableFuture<Optional<String>> unsupportedReason(AddonsCapability need) {
        return capabilities().thenApply(set -> set.contains(need) ? Optional.empty()
                : Optional.of("not supported by this driver: its csi-addons sidecar does not advertise " + need.name()));
    }
}
