package org.csiconsole.core.addons;

import identity.IdentityGrpc;
import identity.IdentityProto;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.Redactor;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeGroup;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * Typed client for a csi-addons sidecar (csi-addons/spec main: identity, replication, reclaimspace,
 * fence, volumegroup, encryptionkeyrotation), through the same {@link CallPolicy} as
 * {@link org.csiconsole.core.csi.CsiClient}. Returns {@code core.model} records.
 * Each csi-addons service has its own part ({@link #replicationService()}, {@link #reclaimSpaceService()},
 * {@link #fenceService()}, {@link #volumeGroupService()}, {@link #keyRotationService()}) over one shared
 * connection with one capability cache; this class hands them out and also delegates every call to them.
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
    private final AddonsConnection conn;
    private final CallMode mode;

    private AddonsClient(AddonsConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
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
        return new AddonsClient(new AddonsConnection(conn, policy), CallMode.DEFAULT);
    }

    /** A view that sends calls even when their capability is not advertised. */
    public AddonsClient forced() {
        return new AddonsClient(conn, mode.force());
    }

    /** A view whose mutating calls wait for, or fail fast on, a busy volume or group. */
    public AddonsClient withLockMode(LockMode mode) {
        return new AddonsClient(conn, this.mode.lockMode(mode));
    }

    public Endpoint endpoint() {
        return conn.connection.endpoint();
    }

    @Override
    public void close() {
        conn.close();
    }

    /** The replication service, in this view's mode. */
    public AddonsReplication replicationService() {
        return new AddonsReplication(conn, mode);
    }

    /** The reclaimspace services (controller and node), in this view's mode. */
    public AddonsReclaimSpace reclaimSpaceService() {
        return new AddonsReclaimSpace(conn, mode);
    }

    /** The network fence service, in this view's mode. */
    public AddonsFence fenceService() {
        return new AddonsFence(conn, mode);
    }

    /** The volume group service, in this view's mode. */
    public AddonsVolumeGroups volumeGroupService() {
        return new AddonsVolumeGroups(conn, mode);
    }

    /** The encryption key rotation service, in this view's mode. */
    public AddonsKeyRotation keyRotationService() {
        return new AddonsKeyRotation(conn, mode);
    }

    /** GetIdentity. */
    public CompletableFuture<PluginInfo> identity() {
        return conn.unary(IdentityGrpc.getGetIdentityMethod(), IdentityProto.GetIdentityRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "GetIdentity"))
                .thenApply(r -> new PluginInfo(r.getName(), r.getVendorVersion(), r.getManifestMap()));
    }

    /** Probe; true when ready (an unset {@code ready} counts as ready). */
    public CompletableFuture<Boolean> probe() {
        return conn.unary(IdentityGrpc.getProbeMethod(), IdentityProto.ProbeRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "Probe")).thenApply(r -> !r.hasReady() || r.getReady().getValue());
    }

    /** Capabilities advertised by GetCapabilities; discovered once, then cached. */
    public CompletableFuture<Set<AddonsCapability>> capabilities() {
        return conn.capabilities.get();
    }

    /** Asks the sidecar for its capabilities again. */
    public CompletableFuture<Set<AddonsCapability>> refreshCapabilities() {
        return conn.capabilities.refresh();
    }

    /** Sentence saying why a capability is missing, or empty when advertised. */
    public CompletableFuture<Optional<String>> unsupportedReason(AddonsCapability need) {
        return capabilities().thenApply(set -> AddonsConnection.reason(need, set));
    }

    /** See {@link AddonsReplication#enableReplication(ReplicationSource, String, Map, Secrets)}. */
    public CompletableFuture<Void> enableReplication(ReplicationSource source, String replicationId,
            Map<String, String> parameters, Secrets secrets) {
        return replicationService().enableReplication(source, replicationId, parameters, secrets);
    }

    /** See {@link AddonsReplication#disableReplication(ReplicationSource, String, Map, Secrets)}. */
    public CompletableFuture<Void> disableReplication(ReplicationSource source, String replicationId,
            Map<String, String> parameters, Secrets secrets) {
        return replicationService().disableReplication(source, replicationId, parameters, secrets);
    }

    /** See {@link AddonsReplication#promote(ReplicationSource, String, boolean, Map, Secrets)}. */
    public CompletableFuture<Void> promote(ReplicationSource source, String replicationId, boolean force,
            Map<String, String> parameters, Secrets secrets) {
        return replicationService().promote(source, replicationId, force, parameters, secrets);
    }

    /** See {@link AddonsReplication#demote(ReplicationSource, String, boolean, Map, Secrets)}. */
    public CompletableFuture<Void> demote(ReplicationSource source, String replicationId, boolean force,
            Map<String, String> parameters, Secrets secrets) {
        return replicationService().demote(source, replicationId, force, parameters, secrets);
    }

    /** See {@link AddonsReplication#resync(ReplicationSource, String, boolean, Map, Secrets)}. */
    public CompletableFuture<Boolean> resync(ReplicationSource source, String replicationId, boolean force,
            Map<String, String> parameters, Secrets secrets) {
        return replicationService().resync(source, replicationId, force, parameters, secrets);
    }

    /** See {@link AddonsReplication#replicationInfo(ReplicationSource, String, Secrets)}. */
    public CompletableFuture<ReplicationInfo> replicationInfo(ReplicationSource source, String replicationId,
            Secrets secrets) {
        return replicationService().replicationInfo(source, replicationId, secrets);
    }

    /** See {@link AddonsReplication#replicationDestination(ReplicationSource, Secrets)}. */
    public CompletableFuture<ReplicationDestination> replicationDestination(ReplicationSource source, Secrets secrets) {
        return replicationService().replicationDestination(source, secrets);
    }

    /** See {@link AddonsReclaimSpace#reclaimSpace(String, Map, Secrets)}. */
    public CompletableFuture<SpaceReclaimed> reclaimSpace(String volumeId, Map<String, String> parameters, Secrets secrets) {
        return reclaimSpaceService().reclaimSpace(volumeId, parameters, secrets);
    }

    /** See {@link AddonsReclaimSpace#nodeReclaimSpace(String, String, String, VolumeCapability, Secrets)}. */
    public CompletableFuture<SpaceReclaimed> nodeReclaimSpace(String volumeId, String volumePath,
            String stagingTargetPath, VolumeCapability capability, Secrets secrets) {
        return reclaimSpaceService().nodeReclaimSpace(volumeId, volumePath, stagingTargetPath, capability, secrets);
    }

    /** See {@link AddonsFence#fence(List, Map, Secrets)}. */
    public CompletableFuture<Void> fence(List<String> cidrs, Map<String, String> parameters, Secrets secrets) {
        return fenceService().fence(cidrs, parameters, secrets);
    }

    /** See {@link AddonsFence#unfence(List, Map, Secrets)}. */
    public CompletableFuture<Void> unfence(List<String> cidrs, Map<String, String> parameters, Secrets secrets) {
        return fenceService().unfence(cidrs, parameters, secrets);
    }

    /** See {@link AddonsFence#listFences(Map, Secrets)}. */
    public CompletableFuture<List<String>> listFences(Map<String, String> parameters, Secrets secrets) {
        return fenceService().listFences(parameters, secrets);
    }

    /** See {@link AddonsVolumeGroups#createVolumeGroup(String, List, Map, Secrets)}. */
    public CompletableFuture<VolumeGroup> createVolumeGroup(String name, List<String> volumeIds, Map<String,
            String> parameters, Secrets secrets) {
        return volumeGroupService().createVolumeGroup(name, volumeIds, parameters, secrets);
    }

    /** See {@link AddonsVolumeGroups#modifyVolumeGroup(String, List, Map, Secrets)}. */
    public CompletableFuture<VolumeGroup> modifyVolumeGroup(String volumeGroupId, List<String> volumeIds,
            Map<String, String> parameters, Secrets secrets) {
        return volumeGroupService().modifyVolumeGroup(volumeGroupId, volumeIds, parameters, secrets);
    }

    /** See {@link AddonsVolumeGroups#deleteVolumeGroup(String, Secrets)}. */
    public CompletableFuture<Void> deleteVolumeGroup(String volumeGroupId, Secrets secrets) {
        return volumeGroupService().deleteVolumeGroup(volumeGroupId, secrets);
    }

    /** See {@link AddonsVolumeGroups#getVolumeGroup(String, Secrets)}. */
    public CompletableFuture<VolumeGroup> getVolumeGroup(String volumeGroupId, Secrets secrets) {
        return volumeGroupService().getVolumeGroup(volumeGroupId, secrets);
    }

    /** See {@link AddonsVolumeGroups#listVolumeGroups(int, Secrets, Consumer)}. */
    public CompletableFuture<Void> listVolumeGroups(int maxEntries, Secrets secrets, Consumer<List<VolumeGroup>> page) {
        return volumeGroupService().listVolumeGroups(maxEntries, secrets, page);
    }

    /** See {@link AddonsKeyRotation#rotateEncryptionKey(String, String, String, Map, Secrets, VolumeCapability)}. */
    public CompletableFuture<Void> rotateEncryptionKey(String volumeId, String volumePath,
            String encryptionKey, Map<String, String> parameters, Secrets secrets, VolumeCapability capability) {
        return keyRotationService().rotateEncryptionKey(volumeId, volumePath, encryptionKey, parameters, secrets, capability);
    }
}
