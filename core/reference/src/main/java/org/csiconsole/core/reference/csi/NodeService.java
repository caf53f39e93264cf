package org.csiconsole.core.reference.csi;

import csi.v1.Csi;
import csi.v1.NodeGrpc;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.Optional;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.HostRecord;
import org.csiconsole.core.reference.array.NodeMount;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.fault.Faults;

/**
 * CSI Node service (spec "Node Service RPC", v1.12) for one node. Nothing is mounted:
 * NodePublishVolume creates {@code target_path} (a directory for the mount access type, an empty
 * file for block) and NodeUnpublishVolume deletes it again; {@code staging_target_path} belongs to
 * the CO. Where those paths are and who creates their parents is {@link NodePaths}' business.
 * Capabilities: STAGE_UNSTAGE_VOLUME, GET_VOLUME_STATS, EXPAND_VOLUME, VOLUME_CONDITION,
 * SINGLE_NODE_MULTI_WRITER.
 */
public final class NodeService extends NodeGrpc.NodeImplBase {
    private static final String SVC = "csi.v1.Node/";
    private final ArrayModel model;
    private final Faults faults;
    private final String nodeId;
    private final NodePaths paths;

    public NodeService(ArrayModel model, Faults faults, String nodeId, NodePaths paths) {
        this.model = model;
        this.faults = faults;
        this.nodeId = nodeId;
        this.paths = paths;
    }

    private VolumeRecord volume(String id) {
        return model.volumes().get(id).orElseThrow(() -> Status.NOT_FOUND.withDescription("Volume " + id
                + " does not exist.").asRuntimeException());
    }

    @Override
    public void nodeStageVolume(Csi.NodeStageVolumeRequest req, StreamObserver<Csi.NodeStageVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "NodeStageVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "NodeStageVolume");
            Rpc.require(req.getStagingTargetPath(), "staging_target_path", "NodeStageVolume");
            if (!req.hasVolumeCapability()) {
                throw Rpc.invalid("volume_capability is required in NodeStageVolume but was not set.");
            }
            CsiMessages.Cap c = CsiMessages.cap(req.getVolumeCapability(), "NodeStageVolume");
            VolumeRecord v = volume(req.getVolumeId());
            if (!v.accessModes().contains(c.mode())) {
                throw Status.FAILED_PRECONDITION.withDescription("Volume " + v.id() + " supports access modes "
                        + v.accessModes() + ", not " + c.mode() + ".").asRuntimeException();
            }
            String staging = req.getStagingTargetPath();
            paths.checkStaging(staging);
            model.nodeRecords().stage(new NodeMount(v.id(), nodeId, true, staging, "", false, c.block(),
                    c.block() ? "" : (c.fsType().isEmpty() ? v.fsType() : c.fsType()), c.mountFlags(), c.mode()));
            paths.staged(staging);
            return Csi.NodeStageVolumeResponse.getDefaultInstance();
        });
    }

    @Override
    public void nodeUnstageVolume(Csi.NodeUnstageVolumeRequest req,
                                  StreamObserver<Csi.NodeUnstageVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "NodeUnstageVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "NodeUnstageVolume");
            Rpc.require(req.getStagingTargetPath(), "staging_target_path", "NodeUnstageVolume");
            volume(req.getVolumeId());
            if (model.nodeRecords().unstage(req.getVolumeId(), nodeId, req.getStagingTargetPath())) {
                paths.unstaged(req.getStagingTargetPath());
            }
            return Csi.NodeUnstageVolumeResponse.getDefaultInstance();
        });
    }

    @Override
    public void nodePublishVolume(Csi.NodePublishVolumeRequest req, StreamObserver<Csi.NodePublishVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "NodePublishVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "NodePublishVolume");
            Rpc.require(req.getTargetPath(), "target_path", "NodePublishVolume");
            if (!req.hasVolumeCapability()) {
                throw Rpc.invalid("volume_capability is required in NodePublishVolume but was not set.");
            }
            CsiMessages.Cap c = CsiMessages.cap(req.getVolumeCapability(), "NodePublishVolume");
            VolumeRecord v = volume(req.getVolumeId());
            if (req.getStagingTargetPath().isEmpty()) {
                throw Status.FAILED_PRECONDITION.withDescription("staging_target_path is not set, but this plugin "
                        + "has STAGE_UNSTAGE_VOLUME: call NodeStageVolume and pass its staging_target_path.")
                        .asRuntimeException();
            }
            if (!v.accessModes().contains(c.mode())) {
                throw Status.FAILED_PRECONDITION.withDescription("Volume " + v.id() + " supports access modes "
                        + v.accessModes() + ", not " + c.mode() + ".").asRuntimeException();
            }
            if (c.mode().equals("MULTI_NODE_READER_ONLY") || c.mode().equals("SINGLE_NODE_READER_ONLY")) {
                if (!req.getReadonly()) {
                    throw Rpc.invalid("Access mode " + c.mode() + " is read-only; set readonly=true.");
                }
            }
            String target = req.getTargetPath();
            boolean fresh = model.nodeRecords().publishedAt(v.id(), nodeId, target).isEmpty();
            if (fresh) {
                paths.checkTarget(target, c.block());
            }
            model.nodeRecords().publish(new NodeMount(v.id(), nodeId, false, target, req.getStagingTargetPath(),
                    req.getReadonly(), c.block(), c.block() ? "" : (c.fsType().isEmpty() ? v.fsType() : c.fsType()),
                    c.mountFlags(), c.mode()), true);
            try {
                paths.placeTarget(target, c.block());
            } catch (RuntimeException e) {
                if (fresh) {
                    model.nodeRecords().unpublish(v.id(), nodeId, target);
                }
                throw e;
            }
            return Csi.NodePublishVolumeResponse.getDefaultInstance();
        });
    }

    @Override
    public void nodeUnpublishVolume(Csi.NodeUnpublishVolumeRequest req,
                                    StreamObserver<Csi.NodeUnpublishVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "NodeUnpublishVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "NodeUnpublishVolume");
            Rpc.require(req.getTargetPath(), "target_path", "NodeUnpublishVolume");
            volume(req.getVolumeId());
            if (model.nodeRecords().publishedAt(req.getVolumeId(), nodeId, req.getTargetPath()).isPresent()) {
                paths.removeTarget(req.getTargetPath());
                model.nodeRecords().unpublish(req.getVolumeId(), nodeId, req.getTargetPath());
            }
            return Csi.NodeUnpublishVolumeResponse.getDefaultInstance();
        });
    }

    @Override
    public void nodeGetVolumeStats(Csi.NodeGetVolumeStatsRequest req,
                                   StreamObserver<Csi.NodeGetVolumeStatsResponse> out) {
        Rpc.run(out, faults, SVC + "NodeGetVolumeStats", null, () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "NodeGetVolumeStats");
            Rpc.require(req.getVolumePath(), "volume_path", "NodeGetVolumeStats");
            VolumeRecord v = volume(req.getVolumeId());
            Optional<NodeMount> m = model.nodeRecords().at(v.id(), nodeId, req.getVolumePath());
            if (m.isEmpty()) {
                throw Status.NOT_FOUND.withDescription("Volume " + v.id() + " is not staged or published at "
                        + req.getVolumePath() + " on node " + nodeId + ".").asRuntimeException();
            }
            var b = Csi.NodeGetVolumeStatsResponse.newBuilder();
            b.addUsage(Csi.VolumeUsage.newBuilder().setUnit(Csi.VolumeUsage.Unit.BYTES)
                    .setTotal(v.capacityBytes()).setUsed(v.usedBytes())
                    .setAvailable(v.capacityBytes() - v.usedBytes()));
            if (!v.block()) {
                long inodes = Math.max(1024, v.capacityBytes() / 16384);
                long usedInodes = Math.min(inodes, v.usedBytes() / 65536 + 11);
                b.addUsage(Csi.VolumeUsage.newBuilder().setUnit(Csi.VolumeUsage.Unit.INODES)
                        .setTotal(inodes).setUsed(usedInodes).setAvailable(inodes - usedInodes));
            }
            b.setVolumeCondition(Csi.VolumeCondition.newBuilder().setAbnormal(v.abnormal())
                    .setMessage(v.conditionMessage()));
            return b.build();
        });
    }

    @Override
    public void nodeExpandVolume(Csi.NodeExpandVolumeRequest req, StreamObserver<Csi.NodeExpandVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "NodeExpandVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "NodeExpandVolume");
            Rpc.require(req.getVolumePath(), "volume_path", "NodeExpandVolume");
            VolumeRecord v = volume(req.getVolumeId());
            if (model.nodeRecords().at(v.id(), nodeId, req.getVolumePath()).isEmpty()) {
                throw Status.NOT_FOUND.withDescription("Volume " + v.id() + " is not staged or published at "
                        + req.getVolumePath() + " on node " + nodeId + ".").asRuntimeException();
            }
            long required = req.getCapacityRange().getRequiredBytes();
            long limit = req.getCapacityRange().getLimitBytes();
            if (required < 0 || limit < 0) {
                throw Rpc.invalid("capacity_range bytes must not be negative (required_bytes " + required
                        + ", limit_bytes " + limit + ").");
            }
            if (req.hasVolumeCapability()) {
                // spec.md "NodeExpandVolume Errors": "Exceeds capabilities | 3 INVALID_ARGUMENT"
                CsiMessages.Cap c = CsiMessages.cap(req.getVolumeCapability(), "NodeExpandVolume");
                if (c.block() != v.block()) {
                    throw Rpc.invalid("Volume " + v.id() + " is a " + (v.block() ? "block" : "mount")
                            + " volume; NodeExpandVolume asked for " + (c.block() ? "block" : "mount") + " access.");
                }
            }
            if (required > v.capacityBytes()) {
                throw Status.OUT_OF_RANGE.withDescription("required_bytes " + required + " exceeds the volume's "
                        + v.capacityBytes() + " bytes. Call ControllerExpandVolume first.").asRuntimeException();
            }
            if (limit > 0 && v.capacityBytes() > limit) {
                throw Status.OUT_OF_RANGE.withDescription("The volume is " + v.capacityBytes()
                        + " bytes, more than limit_bytes " + limit + ".").asRuntimeException();
            }
            return Csi.NodeExpandVolumeResponse.newBuilder().setCapacityBytes(v.capacityBytes()).build();
        });
    }

    @Override
    public void nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest req,
                                    StreamObserver<Csi.NodeGetCapabilitiesResponse> out) {
        var b = Csi.NodeGetCapabilitiesResponse.newBuilder();
        for (var t : new Csi.NodeServiceCapability.RPC.Type[] {
                Csi.NodeServiceCapability.RPC.Type.STAGE_UNSTAGE_VOLUME,
                Csi.NodeServiceCapability.RPC.Type.GET_VOLUME_STATS,
                Csi.NodeServiceCapability.RPC.Type.EXPAND_VOLUME,
                Csi.NodeServiceCapability.RPC.Type.VOLUME_CONDITION,
                Csi.NodeServiceCapability.RPC.Type.SINGLE_NODE_MULTI_WRITER}) {
            b.addCapabilities(Csi.NodeServiceCapability.newBuilder()
                    .setRpc(Csi.NodeServiceCapability.RPC.newBuilder().setType(t)));
        }
        Rpc.run(out, faults, SVC + "NodeGetCapabilities", null, b::build);
    }

    @Override
    public void nodeGetInfo(Csi.NodeGetInfoRequest req, StreamObserver<Csi.NodeGetInfoResponse> out) {
        Rpc.run(out, faults, SVC + "NodeGetInfo", null, () -> {
            Optional<HostRecord> h = model.hosts().byNodeId(nodeId);
            var b = Csi.NodeGetInfoResponse.newBuilder().setNodeId(nodeId)
                    .setMaxVolumesPerNode(h.map(HostRecord::maxVolumes).orElse(0L));
            h.ifPresent(host -> b.setAccessibleTopology(Csi.Topology.newBuilder().putAllSegments(host.topology())));
            return b.build();
        });
    }
}
