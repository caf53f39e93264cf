package org.csiconsole.core.reference.csi;

import csi.v1.Csi;
import csi.v1.GroupControllerGrpc;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.GroupSnapshotRecord;
import org.csiconsole.core.reference.array.VolumeGroupRecord;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.fault.Faults;

/**
 * CSI GroupController service (spec "Group Controller Service RPC", v1.12): group snapshots.
 * Source volumes must live on one array (FAILED_PRECONDITION otherwise); a snapshot_ids list that
 * does not match the members is INVALID_ARGUMENT on delete and get; a missing group snapshot is OK
 * on delete and NOT_FOUND on get.
 */
public final class GroupControllerService extends GroupControllerGrpc.GroupControllerImplBase {
    private static final String SVC = "csi.v1.GroupController/";
    private final ArrayModel model;
    private final Faults faults;

    public GroupControllerService(ArrayModel model, Faults faults) {
        this.model = model;
        this.faults = faults;
    }

    private Csi.VolumeGroupSnapshot groupOf(GroupSnapshotRecord g) {
        var b = Csi.VolumeGroupSnapshot.newBuilder().setGroupSnapshotId(g.id())
                .setCreationTime(CsiMessages.ts(g.createdAtMs())).setReadyToUse(g.readyToUse());
        for (String sid : g.snapshotIds()) {
            model.snapshots().get(sid).ifPresent(s -> b.addSnapshots(CsiMessages.snapshotOf(s)));
        }
        return b.build();
    }

    @Override
    public void groupControllerGetCapabilities(Csi.GroupControllerGetCapabilitiesRequest req,
                                               StreamObserver<Csi.GroupControllerGetCapabilitiesResponse> out) {
        Rpc.run(out, faults, SVC + "GroupControllerGetCapabilities", null, () ->
                Csi.GroupControllerGetCapabilitiesResponse.newBuilder().addCapabilities(
                        Csi.GroupControllerServiceCapability.newBuilder().setRpc(
                                Csi.GroupControllerServiceCapability.RPC.newBuilder().setType(
                                        Csi.GroupControllerServiceCapability.RPC.Type.CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT)))
                        .build());
    }

    @Override
    public void createVolumeGroupSnapshot(Csi.CreateVolumeGroupSnapshotRequest req,
                                          StreamObserver<Csi.CreateVolumeGroupSnapshotResponse> out) {
        Rpc.run(out, faults, SVC + "CreateVolumeGroupSnapshot", req.getName().isEmpty() ? null : "gsnap:" + req.getName(), () -> {
            Rpc.require(req.getName(), "name", "CreateVolumeGroupSnapshot");
            if (req.getSourceVolumeIdsCount() == 0) {
                throw Rpc.invalid("source_volume_ids is required in CreateVolumeGroupSnapshot but was empty.");
            }
            List<String> ids = req.getSourceVolumeIdsList().stream().distinct().sorted().toList();
            Optional<GroupSnapshotRecord> existing = model.groupSnapshots().all().stream()
                    .filter(g -> g.name().equals(req.getName())).findFirst();
            if (existing.isEmpty()) {
                String array = null;
                for (String id : ids) {
                    if (id.isEmpty()) {
                        throw Rpc.invalid("source_volume_ids contains an empty id.");
                    }
                    VolumeRecord v = model.volumes().get(id).orElseThrow(() -> Status.NOT_FOUND.withDescription(
                            "Source volume " + id + " does not exist.").asRuntimeException());
                    if (array != null && !array.equals(v.array())) {
                        throw Status.FAILED_PRECONDITION.withDescription("Source volumes are on arrays " + array
                                + " and " + v.array() + "; a group snapshot is taken on one array. "
                                + "Group volumes of one array only.").asRuntimeException();
                    }
                    array = v.array();
                }
            }
            String groupId = null;
            var groups = ids.stream().map(id -> model.groups().of(id).map(VolumeGroupRecord::id).orElse(""))
                    .collect(Collectors.toSet());
            if (groups.size() == 1 && !groups.contains("")) {
                groupId = groups.iterator().next();
            }
            GroupSnapshotRecord g = model.groupSnapshots().create(req.getName(), ids, groupId);
            return Csi.CreateVolumeGroupSnapshotResponse.newBuilder().setGroupSnapshot(groupOf(g)).build();
        });
    }

    @Override
    public void deleteVolumeGroupSnapshot(Csi.DeleteVolumeGroupSnapshotRequest req,
                                          StreamObserver<Csi.DeleteVolumeGroupSnapshotResponse> out) {
        Rpc.run(out, faults, SVC + "DeleteVolumeGroupSnapshot", req.getGroupSnapshotId(), () -> {
            Rpc.require(req.getGroupSnapshotId(), "group_snapshot_id", "DeleteVolumeGroupSnapshot");
            model.groupSnapshots().delete(req.getGroupSnapshotId(), req.getSnapshotIdsList());
            return Csi.DeleteVolumeGroupSnapshotResponse.getDefaultInstance();
        });
    }

    @Override
    public void getVolumeGroupSnapshot(Csi.GetVolumeGroupSnapshotRequest req,
                                       StreamObserver<Csi.GetVolumeGroupSnapshotResponse> out) {
        Rpc.run(out, faults, SVC + "GetVolumeGroupSnapshot", null, () -> {
            Rpc.require(req.getGroupSnapshotId(), "group_snapshot_id", "GetVolumeGroupSnapshot");
            GroupSnapshotRecord g = model.groupSnapshots().get(req.getGroupSnapshotId()).orElseThrow(() -> Status.NOT_FOUND
                    .withDescription("Group snapshot " + req.getGroupSnapshotId() + " does not exist.")
                    .asRuntimeException());
            if (req.getSnapshotIdsCount() > 0
                    && !new HashSet<>(req.getSnapshotIdsList()).equals(new HashSet<>(g.snapshotIds()))) {
                throw Rpc.invalid("snapshot_ids do not match the members of group snapshot " + g.id() + " ("
                        + g.snapshotIds() + ").");
            }
            return Csi.GetVolumeGroupSnapshotResponse.newBuilder().setGroupSnapshot(groupOf(g)).build();
        });
    }
}
