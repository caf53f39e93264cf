package org.csiconsole.core.csi;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallPolicy;
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
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeStats;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * Typed client for a CSI v1.12 plugin: Identity, Controller, Node, GroupController and
 * SnapshotMetadata (csi.proto v1.12.0). Returns {@code core.model} records, never protobuf types.
 * Each service has its own part ({@link #identity()}, {@link #controller()}, {@link #node()},
 * {@link #groupController()}, {@link #snapshotMetadata()}) over one shared connection with one
 * capability cache; this class hands them out and also delegates every call to them.
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
    private final CsiConnection conn;
    private final CallMode mode;

    private CsiClient(CsiConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
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
    public static CsiClient over(Connection controller, Optional<Connection> node, CsiClientOptions options,
            CallTrace trace) {
        CallPolicy policy = new CallPolicy(options.policy(), options.guard(), trace, new Redactor(), options.timer(),
                () -> ThreadLocalRandom.current().nextDouble());
        return new CsiClient(new CsiConnection(controller, node.orElse(null), policy, options.pageSize()), CallMode.DEFAULT);
    }

    /** A view of this client that sends calls even when the plugin does not advertise their capability. */
    public CsiClient forced() {
        return new CsiClient(conn, mode.force());
    }

    /** A view of this client whose mutating calls wait for, or fail fast on, a busy object. */
    public CsiClient withLockMode(LockMode mode) {
        return new CsiClient(conn, this.mode.lockMode(mode));
    }

    /** The Identity service, in this view's mode. */
    public CsiIdentity identity() {
        return new CsiIdentity(conn, mode);
    }

    /** The Controller service, in this view's mode. */
    public CsiController controller() {
        return new CsiController(conn, mode);
    }

    /** The Node service (on the node endpoint when one was given), in this view's mode. */
    public CsiNode node() {
        return new CsiNode(conn, mode);
    }

    /** The GroupController service, in this view's mode. */
    public CsiGroupController groupController() {
        return new CsiGroupController(conn, mode);
    }

    /** The SnapshotMetadata service (alpha), in this view's mode. */
    public CsiSnapshotMetadata snapshotMetadata() {
        return new CsiSnapshotMetadata(conn, mode);
    }

    /** The controller endpoint. */
    public Endpoint endpoint() {
        return conn.controller.endpoint();
    }

    /** The node endpoint, when a separate one was given. */
    public Optional<Endpoint> nodeEndpoint() {
        return Optional.ofNullable(conn.node).map(Connection::endpoint);
    }

    /** The call trace this client records into. */
    public CallTrace trace() {
        return conn.policy.trace();
    }

    /** The in-flight guard this client takes. */
    public InFlightGuard guard() {
        return conn.policy.guard();
    }

    @Override
    public void close() {
        conn.close();
    }

    /** The capabilities discovered on this connection; discovered on first use, then cached. */
    public CompletableFuture<CapabilitySet> capabilities() {
        return conn.capabilities.get();
    }

    /**
     * Asks the plugin again: GetPluginCapabilities, then ControllerGetCapabilities when CONTROLLER_SERVICE is
     * advertised, NodeGetCapabilities (an UNIMPLEMENTED answer counts as no node service, any other answer,
     * an empty one included, as a node service: {@link CapabilitySet#nodeService()}) and
     * GroupControllerGetCapabilities when GROUP_CONTROLLER_SERVICE is advertised.
     */
    public CompletableFuture<CapabilitySet> refreshCapabilities() {
        return conn.capabilities.refresh();
    }

    /**
     * Whether the plugin advertised what {@code rpc} needs, from the cached capabilities.
     *
     * @return empty when supported, else the sentence saying why not
     */
    public CompletableFuture<Optional<String>> unsupportedReason(CsiRpc rpc) {
        if (rpc.capability() == null) return CompletableFuture.completedFuture(Optional.empty());
        return capabilities().thenApply(caps -> CsiCapabilities.reason(rpc, caps));
    }

    /** See {@link CsiIdentity#pluginInfo()}. */
    public CompletableFuture<PluginInfo> pluginInfo() {
        return identity().pluginInfo();
    }

    /** See {@link CsiIdentity#probe()}. */
    public CompletableFuture<Boolean> probe() {
        return identity().probe();
    }

    /** See {@link CsiController#listVolumes(int, Consumer)}. */
    public CompletableFuture<Void> listVolumes(int maxEntries, Consumer<List<Volume>> page) {
        return controller().listVolumes(maxEntries, page);
    }

    /** See {@link CsiController#listVolumesPaced(int, PageSink)}. */
    public CompletableFuture<Void> listVolumesPaced(int maxEntries, PageSink<Volume> page) {
        return controller().listVolumesPaced(maxEntries, page);
    }

    /** See {@link CsiController#pageSize()}. */
    public int pageSize() {
        return controller().pageSize();
    }

    /** See {@link CsiController#allVolumes()}. */
    public CompletableFuture<List<Volume>> allVolumes() {
        return controller().allVolumes();
    }

    /** See {@link CsiController#getVolume(String)}. */
    public CompletableFuture<Volume> getVolume(String volumeId) {
        return controller().getVolume(volumeId);
    }

    /** See {@link CsiController#createVolume(CreateVolumeRequest)}. */
    public CompletableFuture<Volume> createVolume(CreateVolumeRequest req) {
        return controller().createVolume(req);
    }

    /** See {@link CsiController#deleteVolume(String, Secrets)}. */
    public CompletableFuture<Void> deleteVolume(String volumeId, Secrets secrets) {
        return controller().deleteVolume(volumeId, secrets);
    }

    /** See {@link CsiController#controllerPublish(String, String, VolumeCapability, boolean, Secrets, Map)}. */
    public CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId,
            VolumeCapability capability, boolean readonly,
            Secrets secrets, Map<String, String> volumeContext) {
        return controller().controllerPublish(volumeId, nodeId, capability, readonly, secrets, volumeContext);
    }

    /** See {@link CsiController#controllerUnpublish(String, String, Secrets)}. */
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId, Secrets secrets) {
        return controller().controllerUnpublish(volumeId, nodeId, secrets);
    }

    /** See {@link CsiController#validateCapabilities(String, List, Map, Map, Secrets)}. */
    public CompletableFuture<CapabilityValidation> validateCapabilities(String volumeId,
            List<VolumeCapability> capabilities, Map<String, String> volumeContext,
            Map<String, String> parameters, Secrets secrets) {
        return controller().validateCapabilities(volumeId, capabilities, volumeContext, parameters, secrets);
    }

    /** See {@link CsiController#expandVolume(String, long, long, VolumeCapability, Secrets)}. */
    public CompletableFuture<ExpandVolumeResult> expandVolume(String volumeId, long requiredBytes, long limitBytes,
            VolumeCapability capability, Secrets secrets) {
        return controller().expandVolume(volumeId, requiredBytes, limitBytes, capability, secrets);
    }

    /** See {@link CsiController#modifyVolume(String, Map, Secrets)}. */
    public CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters, Secrets secrets) {
        return controller().modifyVolume(volumeId, mutableParameters, secrets);
    }

    /** See {@link CsiController#getCapacity(List, Map, Topology)}. */
    public CompletableFuture<Capacity> getCapacity(List<VolumeCapability> capabilities, Map<String, String> parameters,
            Topology topology) {
        return controller().getCapacity(capabilities, parameters, topology);
    }

    /** See {@link CsiController#listSnapshots(String, int, Consumer)}. */
    public CompletableFuture<Void> listSnapshots(String sourceVolumeId, int maxEntries, Consumer<List<Snapshot>> page) {
        return controller().listSnapshots(sourceVolumeId, maxEntries, page);
    }

    /** See {@link CsiController#listSnapshots(String, int, Secrets, Consumer)}. */
    public CompletableFuture<Void> listSnapshots(String sourceVolumeId, int maxEntries, Secrets secrets,
            Consumer<List<Snapshot>> page) {
        return controller().listSnapshots(sourceVolumeId, maxEntries, secrets, page);
    }

    /** See {@link CsiController#listSnapshotsPaced(String, int, Secrets, PageSink)}. */
    public CompletableFuture<Void> listSnapshotsPaced(String sourceVolumeId, int maxEntries, Secrets secrets,
            PageSink<Snapshot> page) {
        return controller().listSnapshotsPaced(sourceVolumeId, maxEntries, secrets, page);
    }

    /** See {@link CsiController#listSnapshots(int, Consumer)}. */
    public CompletableFuture<Void> listSnapshots(int maxEntries, Consumer<List<Snapshot>> page) {
        return controller().listSnapshots(maxEntries, page);
    }

    /** See {@link CsiController#getSnapshot(String, Secrets)}. */
    public CompletableFuture<Snapshot> getSnapshot(String snapshotId, Secrets secrets) {
        return controller().getSnapshot(snapshotId, secrets);
    }

    /** See {@link CsiController#createSnapshot(String, String, Map, Secrets)}. */
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters,
            Secrets secrets) {
        return controller().createSnapshot(sourceVolumeId, name, parameters, secrets);
    }

    /** See {@link CsiController#deleteSnapshot(String, Secrets)}. */
    public CompletableFuture<Void> deleteSnapshot(String snapshotId, Secrets secrets) {
        return controller().deleteSnapshot(snapshotId, secrets);
    }

    /** See {@link CsiNode#nodeInfo()}. */
    public CompletableFuture<NodeInfo> nodeInfo() {
        return node().nodeInfo();
    }

    /** See {@link CsiNode#nodeStage(NodeStageRequest)}. */
    public CompletableFuture<Void> nodeStage(NodeStageRequest req) {
        return node().nodeStage(req);
    }

    /** See {@link CsiNode#nodeUnstage(String, String)}. */
    public CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return node().nodeUnstage(volumeId, stagingTargetPath);
    }

    /** See {@link CsiNode#nodePublish(NodePublishRequest)}. */
    public CompletableFuture<Void> nodePublish(NodePublishRequest req) {
        return node().nodePublish(req);
    }

    /** See {@link CsiNode#nodeUnpublish(String, String)}. */
    public CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return node().nodeUnpublish(volumeId, targetPath);
    }

    /** See {@link CsiNode#nodeVolumeStats(String, String, String)}. */
    public CompletableFuture<VolumeStats> nodeVolumeStats(String volumeId, String volumePath, String stagingTargetPath) {
        return node().nodeVolumeStats(volumeId, volumePath, stagingTargetPath);
    }

    /** See {@link CsiNode#nodeExpand(String, String, long, long, String, VolumeCapability, Secrets)}. */
    public CompletableFuture<ExpandVolumeResult> nodeExpand(String volumeId, String volumePath, long requiredBytes,
            long limitBytes,
            String stagingTargetPath, VolumeCapability capability, Secrets secrets) {
        return node().nodeExpand(volumeId, volumePath, requiredBytes, limitBytes, stagingTargetPath, capability, secrets);
    }

    /** See {@link CsiGroupController#createGroupSnapshot(String, List, Map, Secrets)}. */
    public CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds,
            Map<String, String> parameters,
            Secrets secrets) {
        return groupController().createGroupSnapshot(name, sourceVolumeIds, parameters, secrets);
    }

    /** See {@link CsiGroupController#deleteGroupSnapshot(String, List, Secrets)}. */
    public CompletableFuture<Void> deleteGroupSnapshot(String groupSnapshotId, List<String> snapshotIds, Secrets secrets) {
        return groupController().deleteGroupSnapshot(groupSnapshotId, snapshotIds, secrets);
    }

    /** See {@link CsiGroupController#getGroupSnapshot(String, List, Secrets)}. */
    public CompletableFuture<GroupSnapshot> getGroupSnapshot(String groupSnapshotId, List<String> snapshotIds,
            Secrets secrets) {
        return groupController().getGroupSnapshot(groupSnapshotId, snapshotIds, secrets);
    }

    /** See {@link CsiSnapshotMetadata#metadataAllocated(String, long, int, Secrets, Consumer)}. */
    public CompletableFuture<Void> metadataAllocated(String snapshotId, long startingOffset, int maxResults,
            Secrets secrets, Consumer<BlockMetadataPage> onPage) {
        return snapshotMetadata().metadataAllocated(snapshotId, startingOffset, maxResults, secrets, onPage);
    }

    /** See {@link CsiSnapshotMetadata#metadataDelta(String, String, long, int, Secrets, Consumer)}. */
    public CompletableFuture<Void> metadataDelta(String baseSnapshotId, String targetSnapshotId,
            long startingOffset, int maxResults,
            Secrets secrets, Consumer<BlockMetadataPage> onPage) {
        return snapshotMetadata().metadataDelta(baseSnapshotId, targetSnapshotId, startingOffset, maxResults, secrets, onPage);
    }
}
