package org.csiconsole.core.reference.csi;

import com.google.protobuf.Timestamp;
import csi.v1.Csi;
import java.util.List;
import java.util.Map;
import org.csiconsole.core.reference.array.Publications;
import org.csiconsole.core.reference.array.SnapshotRecord;
import org.csiconsole.core.reference.array.VolumeRecord;

/**
 * Translation between CSI v1.12 messages and model records, shared by the Controller, Node and
 * GroupController services: volume capabilities in and out, Volume and Snapshot messages,
 * timestamps.
 */
final class CsiMessages {
    private CsiMessages() {
    }

    /** One validated VolumeCapability: access type, fs_type, mount_flags, access mode name. */
    record Cap(boolean block, String fsType, List<String> mountFlags, String mode) {
    }

    /** Validates one VolumeCapability: INVALID_ARGUMENT when access type or mode is missing. */
    static Cap cap(Csi.VolumeCapability c, String rpc) {
        if (!c.hasBlock() && !c.hasMount()) {
            throw Rpc.invalid("volume_capability in " + rpc + " has no access_type. Set block or mount.");
        }
        if (!c.hasAccessMode() || c.getAccessMode().getMode() == Csi.VolumeCapability.AccessMode.Mode.UNKNOWN
                || c.getAccessMode().getMode() == Csi.VolumeCapability.AccessMode.Mode.UNRECOGNIZED) {
            throw Rpc.invalid("volume_capability in " + rpc + " has no access_mode. Set one such as SINGLE_NODE_WRITER.");
        }
        return new Cap(c.hasBlock(), c.hasMount() ? c.getMount().getFsType() : "",
                c.hasMount() ? c.getMount().getMountFlagsList() : List.of(), c.getAccessMode().getMode().name());
    }

    /** The VolumeCapability a volume is created with, under access mode {@code mode}. */
    static Csi.VolumeCapability capOf(VolumeRecord v, String mode) {
        var b = Csi.VolumeCapability.newBuilder()
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder()
                        .setMode(Csi.VolumeCapability.AccessMode.Mode.valueOf(mode)));
        if (v.block()) {
            b.setBlock(Csi.VolumeCapability.BlockVolume.getDefaultInstance());
        } else {
            b.setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType(v.fsType())
                    .addAllMountFlags(v.mountFlags()));
        }
        return b.build();
    }

    /** A protobuf Timestamp of epoch milliseconds. */
    static Timestamp ts(long ms) {
        return Timestamp.newBuilder().setSeconds(Math.floorDiv(ms, 1000)).setNanos((int) Math.floorMod(ms, 1000) * 1_000_000).build();
    }

    /** The CSI Volume message of a volume: id, capacity_bytes, context, topology, content source. */
    static Csi.Volume volumeOf(VolumeRecord v) {
        return volumeOf(v, Map.of());
    }

    /**
     * As {@link #volumeOf(VolumeRecord)} with {@code replication} added to volume_context (the
     * replication keys of {@link org.csiconsole.core.replication.ReplicationContextKeys}).
     */
    static Csi.Volume volumeOf(VolumeRecord v, Map<String, String> replication) {
        var b = Csi.Volume.newBuilder().setVolumeId(v.id()).setCapacityBytes(v.capacityBytes())
                .putAllVolumeContext(replication)
                .putVolumeContext("array", v.array())
                .putVolumeContext("pool", v.pool())
                .putVolumeContext("serial", Publications.serialOf(v.id()))
                .addAccessibleTopology(Csi.Topology.newBuilder().putAllSegments(v.topology()));
        if (v.sourceSnapshotId() != null) {
            b.setContentSource(Csi.VolumeContentSource.newBuilder().setSnapshot(
                    Csi.VolumeContentSource.SnapshotSource.newBuilder().setSnapshotId(v.sourceSnapshotId())));
        } else if (v.sourceVolumeId() != null) {
            b.setContentSource(Csi.VolumeContentSource.newBuilder().setVolume(
                    Csi.VolumeContentSource.VolumeSource.newBuilder().setVolumeId(v.sourceVolumeId())));
        }
        return b.build();
    }

    /** The CSI VolumeCondition of a volume. */
    static Csi.VolumeCondition conditionOf(VolumeRecord v) {
        return Csi.VolumeCondition.newBuilder().setAbnormal(v.abnormal()).setMessage(v.conditionMessage()).build();
    }

    /** The CSI Snapshot message of a snapshot. */
    static Csi.Snapshot snapshotOf(SnapshotRecord s) {
        var b = Csi.Snapshot.newBuilder().setSnapshotId(s.id()).setSourceVolumeId(s.sourceVolumeId())
                .setSizeBytes(s.sizeBytes()).setReadyToUse(s.readyToUse()).setCreationTime(ts(s.createdAtMs()));
        if (s.groupSnapshotId() != null) {
            b.setGroupSnapshotId(s.groupSnapshotId());
        }
        return b.build();
    }

    /**
     * Checks mutable_parameters keys.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming a key outside {@link ControllerService#MUTABLE_KEYS}
     */
    static void checkMutableKeys(Map<String, String> params, String rpc) {
        for (String k : params.keySet()) {
            if (!ControllerService.MUTABLE_KEYS.contains(k)) {
                throw Rpc.invalid("mutable_parameters key " + k + " is not supported in " + rpc
                        + ". Supported keys: " + ControllerService.MUTABLE_KEYS.stream().sorted().toList() + ".");
            }
        }
    }
}
