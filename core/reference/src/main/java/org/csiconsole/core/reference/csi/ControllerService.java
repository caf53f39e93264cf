package org.csiconsole.core.reference.csi;

import static org.csiconsole.core.reference.csi.CsiMessages.cap;
import static org.csiconsole.core.reference.csi.CsiMessages.checkMutableKeys;
import static org.csiconsole.core.reference.csi.CsiMessages.conditionOf;
import static org.csiconsole.core.reference.csi.CsiMessages.snapshotOf;
import static org.csiconsole.core.reference.csi.CsiMessages.volumeOf;

import com.google.protobuf.Int64Value;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.ModelException;
import org.csiconsole.core.reference.array.SnapshotRecord;
import org.csiconsole.core.reference.array.StorageArray;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.csi.CsiMessages.Cap;
import org.csiconsole.core.reference.fault.Faults;

/**
 * CSI Controller service (spec "Controller Service RPC", v1.12) over the array model. Error codes
 * follow each RPC's error table; creates are idempotent by name, deletes by id; a second call on a
 * volume while one is in flight gets ABORTED.
 *
 * <p>Sizes: capacity is rounded up to whole MiB; the default size (no capacity_range) is 1 GiB; the
 * maximum is 64 TiB ({@link ArrayModel#MAX_VOLUME_BYTES}). Paging tokens are the last id returned.
 */
public final class ControllerService extends ControllerGrpc.ControllerImplBase {
    static final long MIB = 1L << 20;
    /** Keys ControllerModifyVolume (and CreateVolume mutable_parameters) accepts. */
    public static final Set<String> MUTABLE_KEYS = Set.of("iops", "bandwidthMiBps", "qosPolicy", "dataReduction");
    private static final Pattern VOLUME_TOKEN = Pattern.compile("vol-\\d{8}");
    private static final Pattern SNAPSHOT_TOKEN = Pattern.compile("snap-\\d{8}");
    private static final String SVC = "csi.v1.Controller/";

    private final ArrayModel model;
    private final Faults faults;
    private final VolumeCreation creation;
    private final org.csiconsole.core.reference.SiteScope scope;

    public ControllerService(ArrayModel model, Faults faults) {
        this(model, faults, org.csiconsole.core.reference.SiteScope.ALL);
    }

    /** @param scope the array whose volumes ListVolumes lists ({@link org.csiconsole.core.reference.SiteScope}) */
    public ControllerService(ArrayModel model, Faults faults, org.csiconsole.core.reference.SiteScope scope) {
        this.model = model;
        this.faults = faults;
        this.creation = new VolumeCreation(model);
        this.scope = java.util.Objects.requireNonNull(scope, "scope");
    }

    // ------------------------------------------------------------------ volumes

    @Override
    public void createVolume(Csi.CreateVolumeRequest req, StreamObserver<Csi.CreateVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "CreateVolume", req.getName().isEmpty() ? null : "name:" + req.getName(),
                () -> creation.create(req));
    }

    @Override
    public void deleteVolume(Csi.DeleteVolumeRequest req, StreamObserver<Csi.DeleteVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "DeleteVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "DeleteVolume");
            model.volumes().delete(req.getVolumeId());
            return Csi.DeleteVolumeResponse.getDefaultInstance();
        });
    }

    @Override
    public void controllerPublishVolume(Csi.ControllerPublishVolumeRequest req,
                                        StreamObserver<Csi.ControllerPublishVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "ControllerPublishVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "ControllerPublishVolume");
            Rpc.require(req.getNodeId(), "node_id", "ControllerPublishVolume");
            if (!req.hasVolumeCapability()) {
                throw Rpc.invalid("volume_capability is required in ControllerPublishVolume but was not set.");
            }
            Cap c = cap(req.getVolumeCapability(), "ControllerPublishVolume");
            VolumeRecord v = model.volumes().get(req.getVolumeId()).orElseThrow(() -> Status.NOT_FOUND.withDescription(
                    "Volume " + req.getVolumeId() + " does not exist.").asRuntimeException());
            if (model.hosts().byNodeId(req.getNodeId()).isEmpty()) {
                throw Status.NOT_FOUND.withDescription("Node " + req.getNodeId()
                        + " does not exist on the array. Check the node_id reported by NodeGetInfo.").asRuntimeException();
            }
            checkCompatible(v, c, "ControllerPublishVolume");
            var p = model.publications().publish(v.id(), req.getNodeId(), c.mode(), req.getReadonly());
            return Csi.ControllerPublishVolumeResponse.newBuilder().putAllPublishContext(p.publishContext()).build();
        });
    }

    private static void checkCompatible(VolumeRecord v, Cap c, String rpc) {
        if (c.block() != v.block()) {
            throw Rpc.invalid("Volume " + v.id() + " is a " + (v.block() ? "block" : "mount") + " volume; "
                    + rpc + " asked for " + (c.block() ? "block" : "mount") + " access.");
        }
        if (!v.accessModes().contains(c.mode())) {
            throw Rpc.invalid("Volume " + v.id() + " supports access modes " + v.accessModes() + ", not "
                    + c.mode() + ".");
        }
    }

    @Override
    public void controllerUnpublishVolume(Csi.ControllerUnpublishVolumeRequest req,
                                          StreamObserver<Csi.ControllerUnpublishVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "ControllerUnpublishVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "ControllerUnpublishVolume");
            List<String> nodes = req.getNodeId().isEmpty() ? model.publications().nodeIds(req.getVolumeId())
                    : List.of(req.getNodeId());
            for (String n : nodes) {
                model.publications().unpublish(req.getVolumeId(), n);
            }
            return Csi.ControllerUnpublishVolumeResponse.getDefaultInstance();
        });
    }

    @Override
    public void validateVolumeCapabilities(Csi.ValidateVolumeCapabilitiesRequest req,
                                           StreamObserver<Csi.ValidateVolumeCapabilitiesResponse> out) {
        Rpc.run(out, faults, SVC + "ValidateVolumeCapabilities", null, () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "ValidateVolumeCapabilities");
            if (req.getVolumeCapabilitiesCount() == 0) {
                throw Rpc.invalid("volume_capabilities is required in ValidateVolumeCapabilities but was empty.");
            }
            List<Cap> caps = req.getVolumeCapabilitiesList().stream()
                    .map(c -> cap(c, "ValidateVolumeCapabilities")).toList();
            VolumeRecord v = model.volumes().get(req.getVolumeId()).orElseThrow(() -> Status.NOT_FOUND.withDescription(
                    "Volume " + req.getVolumeId() + " does not exist.").asRuntimeException());
            String problem = null;
            for (Cap c : caps) {
                if (c.block() != v.block()) {
                    problem = "volume is " + (v.block() ? "block" : "mount") + ", not " + (c.block() ? "block" : "mount");
                } else if (!v.accessModes().contains(c.mode())) {
                    problem = "access mode " + c.mode() + " is not one of " + v.accessModes();
                }
            }
            if (problem == null && !req.getParametersMap().isEmpty() && !req.getParametersMap().equals(v.parameters())) {
                problem = "parameters differ from those the volume was created with";
            }
            if (problem != null) {
                return Csi.ValidateVolumeCapabilitiesResponse.newBuilder().setMessage(problem).build();
            }
            return Csi.ValidateVolumeCapabilitiesResponse.newBuilder().setConfirmed(
                    Csi.ValidateVolumeCapabilitiesResponse.Confirmed.newBuilder()
                            .putAllVolumeContext(req.getVolumeContextMap())
                            .addAllVolumeCapabilities(req.getVolumeCapabilitiesList())
                            .putAllParameters(req.getParametersMap())
                            .putAllMutableParams(req.getMutableParamsMap())).build();
        });
    }

    @Override
    public void listVolumes(Csi.ListVolumesRequest req, StreamObserver<Csi.ListVolumesResponse> out) {
        Rpc.run(out, faults, SVC + "ListVolumes", null, () -> {
            if (req.getMaxEntries() < 0) {
                throw Rpc.invalid("max_entries must not be negative.");
            }
            String token = req.getStartingToken();
            if (!token.isEmpty() && !VOLUME_TOKEN.matcher(token).matches()) {
                throw Status.ABORTED.withDescription("starting_token '" + token
                        + "' is not a token this plugin issued. Restart listing without a token.").asRuntimeException();
            }
            int max = req.getMaxEntries() == 0 ? Integer.MAX_VALUE : req.getMaxEntries();
            List<VolumeRecord> page = scopedPage(token.isEmpty() ? null : token, max);
            var b = Csi.ListVolumesResponse.newBuilder();
            for (VolumeRecord v : page) {
                b.addEntries(Csi.ListVolumesResponse.Entry.newBuilder().setVolume(volumeOf(v, model.replications().context(v.id(), true)))
                        .setStatus(Csi.ListVolumesResponse.VolumeStatus.newBuilder()
                                .addAllPublishedNodeIds(model.publications().nodeIds(v.id()))
                                .setVolumeCondition(conditionOf(v))));
            }
            if (!page.isEmpty() && page.size() == max && model.volumes().hasAfter(page.get(page.size() - 1).id())) {
                b.setNextToken(page.get(page.size() - 1).id());
            }
            return b.build();
        });
    }

    /** Up to {@code max} volumes after {@code after} in id order, of the scoped array only. */
    private List<VolumeRecord> scopedPage(String after, int max) {
        if (!scope.scoped()) return model.volumes().after(after, max);
        List<VolumeRecord> out = new java.util.ArrayList<>();
        String from = after;
        while (out.size() < max) {
            List<VolumeRecord> chunk = model.volumes().after(from, Math.max(64, max - out.size()));
            if (chunk.isEmpty()) break;
            for (VolumeRecord v : chunk) {
                if (scope.includes(v.array()) && out.size() < max) out.add(v);
            }
            from = chunk.get(chunk.size() - 1).id();
            if (out.size() == max) break;
        }
        return out;
    }

    @Override
    public void getCapacity(Csi.GetCapacityRequest req, StreamObserver<Csi.GetCapacityResponse> out) {
        Rpc.run(out, faults, SVC + "GetCapacity", null, () -> {
            req.getVolumeCapabilitiesList().forEach(c -> cap(c, "GetCapacity"));
            // The array parameter narrows to one array as it places a volume (VolumeCreation).
            String site = req.getParametersMap().containsKey("array") ? req.getParametersMap().get("array")
                    : req.hasAccessibleTopology() ? req.getAccessibleTopology().getSegmentsMap().get(ArrayModel.TOPOLOGY_KEY) : null;
            String pool = req.getParametersMap().get("pool");
            long avail = 0;
            for (StorageArray a : model.arrays().all()) {
                if (site != null && !site.equals(a.name())) {
                    continue;
                }
                for (StorageArray.Pool p : a.pools()) {
                    if (pool == null ? p == a.pools().get(0) : pool.equals(p.name())) {
                        avail += model.arrays().availableBytes(a.name(), p.name());
                    }
                }
            }
            return Csi.GetCapacityResponse.newBuilder().setAvailableCapacity(avail)
                    .setMaximumVolumeSize(Int64Value.of(Math.min(avail, ArrayModel.MAX_VOLUME_BYTES)))
                    .setMinimumVolumeSize(Int64Value.of(MIB)).build();
        });
    }

    @Override
    public void controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest req,
                                          StreamObserver<Csi.ControllerGetCapabilitiesResponse> out) {
        var b = Csi.ControllerGetCapabilitiesResponse.newBuilder();
        for (var t : new Csi.ControllerServiceCapability.RPC.Type[] {
                Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_VOLUME,
                Csi.ControllerServiceCapability.RPC.Type.PUBLISH_UNPUBLISH_VOLUME,
                Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES,
                Csi.ControllerServiceCapability.RPC.Type.GET_CAPACITY,
                Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_SNAPSHOT,
                Csi.ControllerServiceCapability.RPC.Type.LIST_SNAPSHOTS,
                Csi.ControllerServiceCapability.RPC.Type.CLONE_VOLUME,
                Csi.ControllerServiceCapability.RPC.Type.PUBLISH_READONLY,
                Csi.ControllerServiceCapability.RPC.Type.EXPAND_VOLUME,
                Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES_PUBLISHED_NODES,
                Csi.ControllerServiceCapability.RPC.Type.VOLUME_CONDITION,
                Csi.ControllerServiceCapability.RPC.Type.GET_VOLUME,
                Csi.ControllerServiceCapability.RPC.Type.SINGLE_NODE_MULTI_WRITER,
                Csi.ControllerServiceCapability.RPC.Type.MODIFY_VOLUME,
                Csi.ControllerServiceCapability.RPC.Type.GET_SNAPSHOT}) {
            b.addCapabilities(Csi.ControllerServiceCapability.newBuilder()
                    .setRpc(Csi.ControllerServiceCapability.RPC.newBuilder().setType(t)));
        }
        Rpc.run(out, faults, SVC + "ControllerGetCapabilities", null, b::build);
    }

    // ------------------------------------------------------------------ snapshots

    @Override
    public void createSnapshot(Csi.CreateSnapshotRequest req, StreamObserver<Csi.CreateSnapshotResponse> out) {
        Rpc.run(out, faults, SVC + "CreateSnapshot", req.getSourceVolumeId(), () -> {
            Rpc.require(req.getSourceVolumeId(), "source_volume_id", "CreateSnapshot");
            Rpc.require(req.getName(), "name", "CreateSnapshot");
            SnapshotRecord s = model.snapshots().create(req.getName(), req.getSourceVolumeId());
            return Csi.CreateSnapshotResponse.newBuilder().setSnapshot(snapshotOf(s)).build();
        });
    }

    @Override
    public void deleteSnapshot(Csi.DeleteSnapshotRequest req, StreamObserver<Csi.DeleteSnapshotResponse> out) {
        Rpc.run(out, faults, SVC + "DeleteSnapshot", req.getSnapshotId(), () -> {
            Rpc.require(req.getSnapshotId(), "snapshot_id", "DeleteSnapshot");
            // spec.md "DeleteSnapshot Errors": "Snapshot is part of a group | 3 INVALID_ARGUMENT"
            Optional<SnapshotRecord> s = model.snapshots().get(req.getSnapshotId());
            if (s.isPresent() && s.get().groupSnapshotId() != null
                    && model.groupSnapshots().get(s.get().groupSnapshotId()).isPresent()) {
                throw Rpc.invalid("Snapshot " + req.getSnapshotId() + " is part of group snapshot "
                        + s.get().groupSnapshotId() + " and cannot be deleted alone. Call DeleteVolumeGroupSnapshot.");
            }
            model.snapshots().delete(req.getSnapshotId());
            return Csi.DeleteSnapshotResponse.getDefaultInstance();
        });
    }

    @Override
    public void listSnapshots(Csi.ListSnapshotsRequest req, StreamObserver<Csi.ListSnapshotsResponse> out) {
        Rpc.run(out, faults, SVC + "ListSnapshots", null, () -> {
            if (req.getMaxEntries() < 0) {
                throw Rpc.invalid("max_entries must not be negative.");
            }
            String token = req.getStartingToken();
            if (!token.isEmpty() && !SNAPSHOT_TOKEN.matcher(token).matches()) {
                throw Status.ABORTED.withDescription("starting_token '" + token
                        + "' is not a token this plugin issued. Restart listing without a token.").asRuntimeException();
            }
            List<SnapshotRecord> all;
            if (!req.getSnapshotId().isEmpty()) {
                all = model.snapshots().get(req.getSnapshotId()).map(List::of).orElse(List.of());
            } else if (!req.getSourceVolumeId().isEmpty()) {
                all = model.snapshots().of(req.getSourceVolumeId());
            } else {
                all = model.snapshots().all();
            }
            if (!req.getSnapshotId().isEmpty() && !req.getSourceVolumeId().isEmpty()) {
                all = all.stream().filter(s -> s.sourceVolumeId().equals(req.getSourceVolumeId())).toList();
            }
            int max = req.getMaxEntries() == 0 ? Integer.MAX_VALUE : req.getMaxEntries();
            var b = Csi.ListSnapshotsResponse.newBuilder();
            int n = 0;
            String last = null;
            boolean more = false;
            for (SnapshotRecord s : all) {
                if (!token.isEmpty() && s.id().compareTo(token) <= 0) {
                    continue;
                }
                if (n == max) {
                    more = true;
                    break;
                }
                b.addEntries(Csi.ListSnapshotsResponse.Entry.newBuilder().setSnapshot(snapshotOf(s)));
                last = s.id();
                n++;
            }
            if (more) {
                b.setNextToken(last);
            }
            return b.build();
        });
    }

    @Override
    public void getSnapshot(Csi.GetSnapshotRequest req, StreamObserver<Csi.GetSnapshotResponse> out) {
        Rpc.run(out, faults, SVC + "GetSnapshot", null, () -> {
            Rpc.require(req.getSnapshotId(), "snapshot_id", "GetSnapshot");
            SnapshotRecord s = model.snapshots().get(req.getSnapshotId()).orElseThrow(() -> Status.NOT_FOUND
                    .withDescription("Snapshot " + req.getSnapshotId() + " does not exist.").asRuntimeException());
            return Csi.GetSnapshotResponse.newBuilder().setSnapshot(snapshotOf(s)).build();
        });
    }

    // ------------------------------------------------------------------ expand, get, modify

    @Override
    public void controllerExpandVolume(Csi.ControllerExpandVolumeRequest req,
                                       StreamObserver<Csi.ControllerExpandVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "ControllerExpandVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "ControllerExpandVolume");
            if (!req.hasCapacityRange()) {
                throw Rpc.invalid("capacity_range is required in ControllerExpandVolume but was not set.");
            }
            long required = req.getCapacityRange().getRequiredBytes();
            long limit = req.getCapacityRange().getLimitBytes();
            if (required < 0 || limit < 0) {
                throw Rpc.invalid("capacity_range bytes must not be negative.");
            }
            if (limit > 0 && required > limit) {
                throw Status.OUT_OF_RANGE.withDescription("capacity_range required_bytes " + required
                        + " is larger than limit_bytes " + limit + ".").asRuntimeException();
            }
            VolumeRecord v = model.volumes().get(req.getVolumeId()).orElseThrow(() -> Status.NOT_FOUND.withDescription(
                    "Volume " + req.getVolumeId() + " does not exist.").asRuntimeException());
            if (req.hasVolumeCapability()) {
                Cap c = cap(req.getVolumeCapability(), "ControllerExpandVolume");
                if (c.block() != v.block()) {
                    throw Rpc.invalid("volume_capability access type does not match volume " + v.id() + ".");
                }
            }
            long target = (Math.max(required, 1) + MIB - 1) / MIB * MIB;
            if (limit > 0 && target > limit) {
                target = limit / MIB * MIB;
            }
            if (limit > 0 && v.capacityBytes() > limit) {
                throw Status.OUT_OF_RANGE.withDescription("Volume " + v.id() + " is already " + v.capacityBytes()
                        + " bytes, more than limit_bytes " + limit + "; volumes cannot shrink.").asRuntimeException();
            }
            VolumeRecord n = model.volumes().expand(v.id(), target);
            return Csi.ControllerExpandVolumeResponse.newBuilder().setCapacityBytes(n.capacityBytes())
                    .setNodeExpansionRequired(!n.block()).build();
        });
    }

    @Override
    public void controllerGetVolume(Csi.ControllerGetVolumeRequest req,
                                    StreamObserver<Csi.ControllerGetVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "ControllerGetVolume", null, () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "ControllerGetVolume");
            VolumeRecord v = model.volumes().get(req.getVolumeId()).orElseThrow(() -> Status.NOT_FOUND.withDescription(
                    "Volume " + req.getVolumeId() + " does not exist.").asRuntimeException());
            return Csi.ControllerGetVolumeResponse.newBuilder().setVolume(volumeOf(v, model.replications().context(v.id(), true)))
                    .setStatus(Csi.ControllerGetVolumeResponse.VolumeStatus.newBuilder()
                            .addAllPublishedNodeIds(model.publications().nodeIds(v.id()))
                            .setVolumeCondition(conditionOf(v))).build();
        });
    }

    @Override
    public void controllerModifyVolume(Csi.ControllerModifyVolumeRequest req,
                                       StreamObserver<Csi.ControllerModifyVolumeResponse> out) {
        Rpc.run(out, faults, SVC + "ControllerModifyVolume", req.getVolumeId(), () -> {
            Rpc.require(req.getVolumeId(), "volume_id", "ControllerModifyVolume");
            if (req.getMutableParamsCount() == 0) {
                throw Rpc.invalid("mutable_parameters is required in ControllerModifyVolume but was empty.");
            }
            checkMutableKeys(req.getMutableParamsMap(), "ControllerModifyVolume");
            String iops = req.getMutableParamsMap().get("iops");
            if (iops != null) {
                long value;
                try {
                    value = Long.parseLong(iops);
                } catch (NumberFormatException e) {
                    throw Rpc.invalid("mutable_parameters iops must be a whole number, was '" + iops + "'.");
                }
                if (value < 100 || value > 1_000_000) {
                    // spec.md "ControllerModifyVolume Errors": "Parameters not supported | 3 INVALID_ARGUMENT"
                    throw Rpc.invalid("mutable_parameters iops " + value
                            + " is outside what the array supports (100 to 1000000).");
                }
            }
            try {
                model.volumes().modify(req.getVolumeId(), new HashMap<>(req.getMutableParamsMap()), MUTABLE_KEYS);
            } catch (ModelException e) {
                throw Rpc.statusOf(e).asRuntimeException();
            }
            return Csi.ControllerModifyVolumeResponse.getDefaultInstance();
        });
    }
}
