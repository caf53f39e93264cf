package org.csiconsole.views.port;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.csp.NewHost;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeGroup;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The storage one connection offers to the views: CSI (controller, node, group controller),
 * csi-addons and CSP calls behind one UI-neutral port, over {@code core.model} records.
 *
 * <p>Rules for every method (see also the package documentation):
 * <ul>
 *   <li>It returns at once; the future completes on any thread.</li>
 *   <li>A failure completes the future exceptionally with a {@link CallFailure} whose kind follows
 *       the gRPC code or HTTP status (ABORTED → {@link FailureKind#BUSY}, UNAVAILABLE →
 *       {@link FailureKind#UNAVAILABLE}, NOT_FOUND → {@link FailureKind#NOT_FOUND}, ...), with the
 *       spec's condition text as {@code why} and its recovery behaviour as {@code whatToDo}.</li>
 *   <li>A call the connection cannot make (see {@link #features()}) fails with
 *       {@link FailureKind#UNSUPPORTED}; that is what every default method here does, so an
 *       implementation can offer a subset.</li>
 *   <li>Cancelling the returned future cancels the call; for listings it stops paging.</li>
 *   <li>Where a connection has both a CSI plugin and a CSP array, listings correlate the two: an
 *       object seen through both arrives once with {@link org.csiconsole.core.model.Origin#BOTH}.
 *       Changes go through CSI when the plugin advertises the call, else through the CSP.</li>
 * </ul>
 */
public interface StorageService {

    /** What the connection offers and why not (capabilities gate actions). Never fails; reads "not connected" when unknown. */
    CompletableFuture<Features> features();

    // ---- plugin -----------------------------------------------------------------------------

    /** Identity.GetPluginInfo (CSI spec, "GetPluginInfo"); for a CSP-only connection, the array's name and version. */
    default CompletableFuture<PluginInfo> pluginInfo() {
        return unsupported("GetPluginInfo");
    }

    /** csi-addons GetIdentity + GetCapabilities; empty when no csi-addons endpoint is connected. */
    default CompletableFuture<Optional<AddonsInfo>> addons() {
        return CompletableFuture.completedFuture(Optional.empty());
    }

    // ---- volumes ----------------------------------------------------------------------------

    /**
     * Lists every volume, streaming each page to {@code pages} as it arrives (CSI ListVolumes with
     * {@code next_token} paging; CSP {@code GET /volumes}). {@code pages} is called from any thread,
     * one call at a time, with non-empty lists; the next page is requested once the stage it
     * returned for the previous one completes ({@link PageSink}). The future completes when the last
     * page was taken; cancelling it stops after the current page.
     *
     * @return completes with nothing once done; fails with {@link CallFailure} (ABORTED on a stale
     *     {@code starting_token} is retried by the implementation from the start)
     */
    default CompletableFuture<Void> listVolumes(PageSink<Volume> pages) {
        return unsupported("ListVolumes");
    }

    /** ControllerGetVolume (GET_VOLUME) or CSP {@code GET /volumes/{id}}; NOT_FOUND when it is gone. */
    default CompletableFuture<Volume> getVolume(String volumeId) {
        return unsupported("ControllerGetVolume " + volumeId);
    }

    /**
     * CreateVolume (CSI spec, "CreateVolume"; idempotent by name) or CSP {@code POST /volumes}. A
     * request with a snapshot source is a clone from a snapshot, with a volume source a clone.
     *
     * @return the created volume; fails ALREADY_EXISTS when the name exists with other arguments,
     *     OUT_OF_RANGE for an unsupported size, RESOURCE_EXHAUSTED without room
     */
    default CompletableFuture<Volume> createVolume(VolumeRequest request) {
        return unsupported("CreateVolume " + request.name());
    }

    /** ControllerExpandVolume to {@code capacityBytes} (bytes, the new {@code required_bytes}) or a CSP resize. */
    default CompletableFuture<ExpandResult> expandVolume(String volumeId, long capacityBytes) {
        return unsupported("ControllerExpandVolume " + volumeId);
    }

    /** ControllerModifyVolume with new {@code mutable_parameters} (MODIFY_VOLUME). */
    default CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters) {
        return unsupported("ControllerModifyVolume " + volumeId);
    }

    /** DeleteVolume (idempotent: a missing volume succeeds) or CSP {@code DELETE /volumes/{id}}; FAILED_PRECONDITION while it has snapshots or is published, per plugin. */
    default CompletableFuture<Void> deleteVolume(String volumeId) {
        return unsupported("DeleteVolume " + volumeId);
    }

    /**
     * ControllerPublishVolume to {@code nodeId}.
     *
     * @return the {@code publish_context} for NodeStage/NodePublish; fails NOT_FOUND for an unknown
     *     node, FAILED_PRECONDITION when a single-node volume is published elsewhere, RESOURCE_EXHAUSTED
     *     when the node is at its volume limit
     */
    default CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId,
                                                                     VolumeCapability capability, boolean readonly) {
        return unsupported("ControllerPublishVolume " + volumeId);
    }

    /** ControllerUnpublishVolume from {@code nodeId} (idempotent). */
    default CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId) {
        return unsupported("ControllerUnpublishVolume " + volumeId);
    }

    /** NodeStageVolume on the connected node socket. */
    default CompletableFuture<Void> nodeStage(NodeTarget target) {
        return unsupported("NodeStageVolume " + target.volumeId());
    }

    /** NodeUnstageVolume on the connected node socket. */
    default CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return unsupported("NodeUnstageVolume " + volumeId);
    }

    /** NodePublishVolume on the connected node socket. */
    default CompletableFuture<Void> nodePublish(NodeTarget target) {
        return unsupported("NodePublishVolume " + target.volumeId());
    }

    /** NodeUnpublishVolume on the connected node socket. */
    default CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return unsupported("NodeUnpublishVolume " + volumeId);
    }

    /**
     * Publish records of a volume known to the connection: what a CSP publish returned (LUN, targets,
     * serial). Empty when none are known; never fails for a volume without records.
     */
    default CompletableFuture<List<PublishInfo>> publishInfo(String volumeId) {
        return CompletableFuture.completedFuture(List.of());
    }

    // ---- snapshots and groups -----------------------------------------------------------------

    /**
     * Lists snapshots, streaming pages like {@link #listVolumes} (CSI ListSnapshots, CSP
     * {@code GET /snapshots}).
     *
     * @param sourceVolumeId only snapshots of this volume ({@code source_volume_id}); null for all
     */
    default CompletableFuture<Void> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
        return unsupported("ListSnapshots");
    }

    /** CreateSnapshot of {@code sourceVolumeId} (idempotent by name) or CSP {@code POST /snapshots}. */
    default CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters) {
        return unsupported("CreateSnapshot " + name);
    }

    /** DeleteSnapshot (idempotent); FAILED_PRECONDITION while it is the source of a volume, per plugin. */
    default CompletableFuture<Void> deleteSnapshot(String snapshotId) {
        return unsupported("DeleteSnapshot " + snapshotId);
    }

    /** CSI group snapshots known to the connection (GetVolumeGroupSnapshot of the groups seen in ListSnapshots) and CSP snapshot groups as {@link GroupSnapshot}s. */
    default CompletableFuture<List<GroupSnapshot>> listGroupSnapshots() {
        return unsupported("List group snapshots");
    }

    /** CreateVolumeGroupSnapshot of {@code sourceVolumeIds} (CSI GroupController) or a CSP snapshot group. */
    default CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds,
                                                                 Map<String, String> parameters) {
        return unsupported("CreateVolumeGroupSnapshot " + name);
    }

    /** DeleteVolumeGroupSnapshot (with the member {@code snapshot_ids}) or CSP snapshot group delete. */
    default CompletableFuture<Void> deleteGroupSnapshot(GroupSnapshot groupSnapshot) {
        return unsupported("DeleteVolumeGroupSnapshot " + groupSnapshot.groupSnapshotId());
    }

    /** CSP volume groups with their members. */
    default CompletableFuture<List<VolumeGroup>> listVolumeGroups() {
        return unsupported("List volume groups");
    }

    /** CSP snapshot groups with members and replication status. */
    default CompletableFuture<List<SnapshotGroup>> listSnapshotGroups() {
        return unsupported("List snapshot groups");
    }

    // ---- hosts and nodes ----------------------------------------------------------------------

    /** CSP hosts ({@code GET /hosts}); the CHAP password is never part of a {@link Host}. */
    default CompletableFuture<List<Host>> listHosts() {
        return unsupported("List hosts");
    }

    /** CSP {@code POST /hosts}; the CHAP password in {@code host} is never logged or traced. */
    default CompletableFuture<Host> createHost(NewHost host) {
        return unsupported("Create host " + host.name());
    }

    /** CSP {@code DELETE /hosts/{id}}. */
    default CompletableFuture<Void> deleteHost(String hostId) {
        return unsupported("Delete host " + hostId);
    }

    /** CSP publish of a volume to a host ({@code PUT /volumes/{id}/actions/publish}) with an access protocol. */
    default CompletableFuture<PublishInfo> cspPublish(String volumeId, String hostUuid, AccessProtocol protocol) {
        return unsupported("Publish " + volumeId);
    }

    /** CSP unpublish of a volume from a host. */
    default CompletableFuture<Void> cspUnpublish(String volumeId, String hostUuid) {
        return unsupported("Unpublish " + volumeId);
    }

    /**
     * CSI nodes: the connected node's NodeGetInfo (with topology and volume limit) and every node id
     * seen in {@code published_node_ids} (those without topology, {@code maxVolumesPerNode} 0).
     */
    default CompletableFuture<List<NodeInfo>> listNodes() {
        return unsupported("List nodes");
    }

    /**
     * The node this connection's Node service runs on (NodeGetInfo), without listing volumes; an
     * empty list when no node socket is connected or NodeGetInfo fails.
     */
    default CompletableFuture<List<NodeInfo>> connectedNodes() {
        return CompletableFuture.completedFuture(List.of());
    }

    // ---- capacity -----------------------------------------------------------------------------

    /**
     * GetCapacity for every topology segment the connection knows (node topology, volumes'
     * accessible topology) times every parameter set it knows (at least the empty one).
     */
    default CompletableFuture<List<Capacity>> capacity() {
        return unsupported("GetCapacity");
    }

    /** GetCapacity for one segment ({@code null} for all) and parameter set. */
    default CompletableFuture<Capacity> capacity(Topology topology, Map<String, String> parameters) {
        return unsupported("GetCapacity");
    }

    /** A future failed with {@link FailureKind#UNSUPPORTED} for {@code what}. */
    static <T> CompletableFuture<T> unsupported(String what) {
        return CompletableFuture.failedFuture(new CallFailure(FailureKind.UNSUPPORTED, what,
                "this connection does not offer the call",
                "Use a connection whose plugin or array advertises it.", ""));
    }
}
