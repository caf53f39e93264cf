package org.csiconsole.core.csi;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.CapabilityValidation;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The CSI Controller service (csi.proto v1.12.0, "Controller Service RPC") of one {@link CsiClient}: volumes,
 * publication, capacity and snapshots, sent on the controller connection. Calls needing a controller capability
 * the plugin does not advertise fail locally with {@link org.csiconsole.core.call.FailureKind#UNSUPPORTED} unless
 * the client view is {@link CsiClient#forced()}; mutating calls are serialized per volume, volume name, snapshot or
 * snapshot name.
 */
public final class CsiController {
    private final CsiConnection conn;
    private final CallMode mode;

    CsiController(CsiConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

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
        if (maxEntries < 0) return CsiConnection.invalid("ListVolumes", "max_entries must be 0 or more");
        return conn.gated(mode, CsiRpc.LIST_VOLUMES, () -> conn.policy.pages(conn.controller.channel(), CsiConnection.endpointText(conn.controller),
                ControllerGrpc.getListVolumesMethod(),
                token -> Csi.ListVolumesRequest.newBuilder().setMaxEntries(maxEntries).setStartingToken(token).build(),
                CsiController::volumes, Csi.ListVolumesResponse::getNextToken,
                new DistinctEntries<>("ListVolumes", "volume_id", Volume::volumeId, page),
                CallSpec.of(CallKind.LIST, "ListVolumes")));
    }

    /**
     * The {@code max_entries} this client uses for list calls that do not give their own
     * ({@link CsiClientOptions#pageSize()}); 0 lets the plugin choose.
     */
    public int pageSize() {
        return conn.pageSize;
    }

    /** ListVolumes collected into one list, with the client's default page size. */
    public CompletableFuture<List<Volume>> allVolumes() {
        List<Volume> all = new ArrayList<>();
        return listVolumes(conn.pageSize, p -> {
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
        return conn.call(mode, CsiRpc.CONTROLLER_GET_VOLUME, ControllerGrpc.getControllerGetVolumeMethod(),
                Csi.ControllerGetVolumeRequest.newBuilder().setVolumeId(volumeId).build(),
                CallSpec.of(CallKind.READ, "ControllerGetVolume " + volumeId))
                .thenApply(r -> CsiMapping.volume(r.getVolume(), r.getStatus().getPublishedNodeIdsList(),
                        r.getStatus().hasVolumeCondition() ? r.getStatus().getVolumeCondition() : null));
    }

    /** CreateVolume; needs CREATE_DELETE_VOLUME. Serialized per volume name. */
    public CompletableFuture<Volume> createVolume(CreateVolumeRequest req) {
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
        return conn.call(mode, CsiRpc.CREATE_VOLUME, ControllerGrpc.getCreateVolumeMethod(), b.build(),
                mutate("CreateVolume " + req.name(), InFlightGuard.volumeName(req.name())))
                .thenApply(r -> {
                    Volume v = CsiMapping.volume(r.getVolume(), req.name(), req.capabilities(), req.parameters(), List.of(), null);
                    conn.policy.names().learn(v);
                    return v;
                });
    }

    /** DeleteVolume; needs CREATE_DELETE_VOLUME. Deleting a volume that does not exist succeeds (spec: idempotent). */
    public CompletableFuture<Void> deleteVolume(String volumeId, Secrets secrets) {
        return conn.call(mode, CsiRpc.DELETE_VOLUME, ControllerGrpc.getDeleteVolumeMethod(),
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
        return conn.call(mode, CsiRpc.CONTROLLER_PUBLISH_VOLUME, ControllerGrpc.getControllerPublishVolumeMethod(),
                Csi.ControllerPublishVolumeRequest.newBuilder().setVolumeId(volumeId).setNodeId(nodeId)
                        .setVolumeCapability(CsiMapping.capability(capability)).setReadonly(readonly)
                        .putAllSecrets(secrets.values()).putAllVolumeContext(volumeContext).build(),
                mutate("ControllerPublishVolume " + volumeId + " to " + nodeId, InFlightGuard.volume(volumeId)))
                .thenApply(r -> Map.copyOf(r.getPublishContextMap()));
    }

    /** ControllerUnpublishVolume; needs PUBLISH_UNPUBLISH_VOLUME. An empty {@code nodeId} unpublishes from every node. */
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId, Secrets secrets) {
        return conn.call(mode, CsiRpc.CONTROLLER_UNPUBLISH_VOLUME, ControllerGrpc.getControllerUnpublishVolumeMethod(),
                Csi.ControllerUnpublishVolumeRequest.newBuilder().setVolumeId(volumeId).setNodeId(nodeId)
                        .putAllSecrets(secrets.values()).build(),
                mutate("ControllerUnpublishVolume " + volumeId + (nodeId.isEmpty() ? "" : " from " + nodeId),
                        InFlightGuard.volume(volumeId))).thenApply(r -> null);
    }

    /** ValidateVolumeCapabilities. */
    public CompletableFuture<CapabilityValidation> validateCapabilities(String volumeId, List<VolumeCapability> capabilities,
                                                                        Map<String, String> volumeContext,
                                                                        Map<String, String> parameters, Secrets secrets) {
        return conn.call(mode, CsiRpc.VALIDATE_VOLUME_CAPABILITIES, ControllerGrpc.getValidateVolumeCapabilitiesMethod(),
                Csi.ValidateVolumeCapabilitiesRequest.newBuilder().setVolumeId(volumeId)
                        .addAllVolumeCapabilities(CsiMapping.capabilities(capabilities)).putAllVolumeContext(volumeContext)
                        .putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "ValidateVolumeCapabilities " + volumeId))
                .thenApply(r -> new CapabilityValidation(r.hasConfirmed(), r.getMessage()));
    }

    /** ControllerExpandVolume; needs EXPAND_VOLUME. Sizes in bytes; {@code limitBytes} 0 means no limit. */
    public CompletableFuture<ExpandVolumeResult> expandVolume(String volumeId, long requiredBytes, long limitBytes,
                                                        VolumeCapability capability, Secrets secrets) {
        Csi.ControllerExpandVolumeRequest.Builder b = Csi.ControllerExpandVolumeRequest.newBuilder().setVolumeId(volumeId)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(requiredBytes).setLimitBytes(limitBytes))
                .putAllSecrets(secrets.values());
        if (capability != null) b.setVolumeCapability(CsiMapping.capability(capability));
        return conn.call(mode, CsiRpc.CONTROLLER_EXPAND_VOLUME, ControllerGrpc.getControllerExpandVolumeMethod(), b.build(),
                mutate("ControllerExpandVolume " + volumeId, InFlightGuard.volume(volumeId)))
                .thenApply(r -> new ExpandVolumeResult(r.getCapacityBytes(), r.getNodeExpansionRequired()));
    }

    /**
     * ControllerModifyVolume; needs MODIFY_VOLUME. Checked before sending: {@code mutable_parameters} is REQUIRED (CSI
     * spec "ControllerModifyVolume") and a key or value left empty is refused, since a driver may read an empty value
     * as "unset" and drop a limit; the future then fails with {@link CallFailure#refused} and nothing is sent.
     */
    public CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters, Secrets secrets) {
        String what = "ControllerModifyVolume " + volumeId;
        if (mutableParameters.isEmpty()) {
            return CompletableFuture.failedFuture(CallFailure.refused(what, "not sent: no mutable parameter was given",
                    "Give at least one parameter as key=value."));
        }
        for (Map.Entry<String, String> p : mutableParameters.entrySet()) {
            if (p.getKey().isBlank() || p.getValue().isBlank()) {
                return CompletableFuture.failedFuture(CallFailure.refused(what, "not sent: mutable_parameters["
                        + p.getKey() + "] has an empty " + (p.getKey().isBlank() ? "key" : "value")
                        + ", which a driver may read as \"unset\" and drop a limit",
                        "Give a value for every parameter, or leave the parameter out to keep it as it is."));
            }
        }
        return conn.call(mode, CsiRpc.CONTROLLER_MODIFY_VOLUME, ControllerGrpc.getControllerModifyVolumeMethod(),
                Csi.ControllerModifyVolumeRequest.newBuilder().setVolumeId(volumeId).putAllMutableParams(mutableParameters)
                        .putAllSecrets(secrets.values()).build(),
                mutate(what, InFlightGuard.volume(volumeId))).thenApply(r -> null);
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
        return conn.call(mode, CsiRpc.GET_CAPACITY, ControllerGrpc.getGetCapacityMethod(), b.build(), CallSpec.of(CallKind.READ, "GetCapacity"))
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
        if (maxEntries < 0) return CsiConnection.invalid("ListSnapshots", "max_entries must be 0 or more");
        return conn.gated(mode, CsiRpc.LIST_SNAPSHOTS, () -> conn.policy.pages(conn.controller.channel(), CsiConnection.endpointText(conn.controller),
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

    /**
     * ListSnapshots by {@code snapshot_id} (CSI spec: an unknown id gives an empty list, not NOT_FOUND); needs
     * LIST_SNAPSHOTS. Empty when the driver does not know the snapshot.
     */
    public CompletableFuture<java.util.Optional<Snapshot>> snapshotById(String snapshotId, Secrets secrets) {
        return conn.call(mode, CsiRpc.LIST_SNAPSHOTS, ControllerGrpc.getListSnapshotsMethod(),
                Csi.ListSnapshotsRequest.newBuilder().setSnapshotId(snapshotId).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "ListSnapshots " + snapshotId))
                .thenApply(r -> r.getEntriesList().stream().map(e -> CsiMapping.snapshot(e.getSnapshot(), ""))
                        .filter(x -> x.snapshotId().equals(snapshotId)).findFirst());
    }

    /** ListSnapshots of every volume. */
    public CompletableFuture<Void> listSnapshots(int maxEntries, Consumer<List<Snapshot>> page) {
        return listSnapshots("", maxEntries, page);
    }

    /** GetSnapshot (alpha); needs GET_SNAPSHOT. */
    public CompletableFuture<Snapshot> getSnapshot(String snapshotId, Secrets secrets) {
        return conn.call(mode, CsiRpc.GET_SNAPSHOT, ControllerGrpc.getGetSnapshotMethod(),
                Csi.GetSnapshotRequest.newBuilder().setSnapshotId(snapshotId).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "GetSnapshot " + snapshotId)).thenApply(r -> CsiMapping.snapshot(r.getSnapshot(), ""));
    }

    /** CreateSnapshot; needs CREATE_DELETE_SNAPSHOT. Serialized per snapshot name. */
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters,
                                                      Secrets secrets) {
        return conn.call(mode, CsiRpc.CREATE_SNAPSHOT, ControllerGrpc.getCreateSnapshotMethod(),
                Csi.CreateSnapshotRequest.newBuilder().setSourceVolumeId(sourceVolumeId).setName(name)
                        .putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                mutate("CreateSnapshot " + name + " of " + sourceVolumeId, InFlightGuard.snapshotName(name)))
                .thenApply(r -> CsiMapping.snapshot(r.getSnapshot(), name));
    }

    /** DeleteSnapshot; needs CREATE_DELETE_SNAPSHOT. */
    public CompletableFuture<Void> deleteSnapshot(String snapshotId, Secrets secrets) {
        return conn.call(mode, CsiRpc.DELETE_SNAPSHOT, ControllerGrpc.getDeleteSnapshotMethod(),
                Csi.DeleteSnapshotRequest.newBuilder().setSnapshotId(snapshotId).putAllSecrets(secrets.values()).build(),
                mutate("DeleteSnapshot " + snapshotId, InFlightGuard.snapshot(snapshotId))).thenApply(r -> null);
    }

    private CallSpec mutate(String what, String key) {
        return mode.apply(CallSpec.of(CallKind.MUTATE, what).locking(key));
    }
}
