package org.csiconsole.core.csi;

import com.google.protobuf.Descriptors;
import com.google.protobuf.ProtocolMessageEnum;
import com.google.protobuf.Timestamp;
import csi.v1.Csi;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.BlockMetadataPage;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeCondition;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.model.VolumeStats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Conversions between csi.v1 messages and core.model records, for the clients inside core (public
 * only so that the csi-addons client can share it). Unknown enum values map to UNKNOWN.
 *
 * <p>Real drivers send odd but legal data, and this is where it is normalized, once, for every view
 * and command: {@code published_node_ids} lose empty ids and repeats (csi-driver-host-path lists an
 * unpublished volume with {@code [""]}); {@code accessible_topology} loses empty segment maps and
 * repeats; a negative size counts as unknown (0; csi.proto: sizes are "never negative", 0 =
 * unknown); a {@code creation_time} that is unset, not after the Unix epoch (an unset time
 * converted, such as Go's zero {@code time.Time}) or beyond what {@link Instant} holds counts as
 * unknown (null); a {@code NodeGetInfoResponse.accessible_topology} without segments counts as not
 * reported, and a negative {@code max_volumes_per_node} as unset (0 = the CO decides).
 */
public final class CsiMapping {
    /** Context keys, pools and topology segments shared among the volumes of listings (see {@link Canonical}). */
    private static final Canonical SHARED = new Canonical(4096);

    private CsiMapping() {
    }

    public static PluginInfo pluginInfo(Csi.GetPluginInfoResponse r) {
        return new PluginInfo(r.getName(), r.getVendorVersion(), r.getManifestMap());
    }

    public static Volume volume(Csi.Volume v, List<String> publishedNodeIds, Csi.VolumeCondition condition) {
        return volume(v, "", List.of(), Map.of(), publishedNodeIds, condition);
    }

    public static Volume volume(Csi.Volume v, String name, List<VolumeCapability> caps, Map<String, String> parameters,
                         List<String> publishedNodeIds, Csi.VolumeCondition condition) {
        List<Topology> topo = topologies(v.getAccessibleTopologyList());
        VolumeCondition cond = condition == null ? null
                : !condition.getAbnormal() && condition.getMessage().isEmpty() ? VolumeCondition.NORMAL
                : new VolumeCondition(condition.getAbnormal(), condition.getMessage());
        // CSI has no replication field; a driver may report it in volume_context (ReplicationContextKeys)
        return new Volume(v.getVolumeId(), name, bytes(v.getCapacityBytes()), source(v.getContentSource()), caps, parameters,
                SHARED.map(v.getVolumeContextMap()), topo, nodeIds(publishedNodeIds), cond, "", Origin.CSI, null,
                org.csiconsole.core.replication.ReplicationContextKeys.read(v.getVolumeContextMap()));
    }

    /**
     * {@code published_node_ids} as the console shows them: without empty ids and without repeats,
     * in the order the plugin sent them (csi.proto {@code ListVolumesResponse.VolumeStatus}; a node
     * id is required to be non-empty wherever the spec uses one).
     */
    public static List<String> nodeIds(List<String> publishedNodeIds) {
        int n = publishedNodeIds.size();
        if (n == 0) return List.of();
        if (n == 1) {
            String id = publishedNodeIds.get(0);
            return id.isEmpty() ? List.of() : List.of(SHARED.of(id));
        }
        Set<String> out = new LinkedHashSet<>(n * 2);
        for (String id : publishedNodeIds) {
            if (!id.isEmpty()) out.add(SHARED.of(id));
        }
        return List.copyOf(out);
    }

    /** {@code accessible_topology} without segment maps that are empty and without repeats, in order. */
    static List<Topology> topologies(List<Csi.Topology> wire) {
        if (wire.isEmpty()) return List.of();
        List<Topology> out = new ArrayList<>(wire.size());
        for (Csi.Topology t : wire) {
            if (t.getSegmentsCount() == 0) continue;
            Topology one = SHARED.topology(t.getSegmentsMap());
            if (!out.contains(one)) out.add(one);
        }
        return out;
    }

    /** A size in bytes from the wire: negative (never legal) counts as unknown, 0. */
    static long bytes(long wire) {
        return Math.max(0, wire);
    }

    public static VolumeSource source(Csi.VolumeContentSource s) {
        switch (s.getTypeCase()) {
            case SNAPSHOT: return VolumeSource.snapshot(s.getSnapshot().getSnapshotId());
            case VOLUME: return VolumeSource.volume(s.getVolume().getVolumeId());
            default: return VolumeSource.NONE;
        }
    }

    public static Csi.VolumeContentSource source(VolumeSource s) {
        switch (s.kind()) {
            case SNAPSHOT:
                return Csi.VolumeContentSource.newBuilder()
                        .setSnapshot(Csi.VolumeContentSource.SnapshotSource.newBuilder().setSnapshotId(s.id())).build();
            case VOLUME:
                return Csi.VolumeContentSource.newBuilder()
                        .setVolume(Csi.VolumeContentSource.VolumeSource.newBuilder().setVolumeId(s.id())).build();
            default:
                return null;
        }
    }

    public static Snapshot snapshot(Csi.Snapshot s, String name) {
        return new Snapshot(s.getSnapshotId(), name, s.getSourceVolumeId(), bytes(s.getSizeBytes()),
                s.hasCreationTime() ? instant(s.getCreationTime()) : null, s.getReadyToUse(), s.getGroupSnapshotId(),
                Origin.CSI, null);
    }

    public static GroupSnapshot groupSnapshot(Csi.VolumeGroupSnapshot g, String name) {
        List<Snapshot> snaps = new ArrayList<>(g.getSnapshotsCount());
        for (Csi.Snapshot s : g.getSnapshotsList()) snaps.add(snapshot(s, ""));
        return new GroupSnapshot(g.getGroupSnapshotId(), name, snaps,
                g.hasCreationTime() ? instant(g.getCreationTime()) : null, g.getReadyToUse(), Origin.CSI);
    }

    /**
     * A wire timestamp as an instant; null when it does not name a real time: not after the Unix
     * epoch (an unset time converted by the plugin, e.g. Go's zero {@code time.Time}, year 1) or
     * beyond the range of {@link Instant}.
     */
    public static Instant instant(Timestamp t) {
        if (t.getSeconds() < 0 || (t.getSeconds() == 0 && t.getNanos() <= 0)) return null;
        try {
            return Instant.ofEpochSecond(t.getSeconds(), t.getNanos());
        } catch (java.time.DateTimeException | ArithmeticException e) {
            return null;
        }
    }

    public static Csi.VolumeCapability capability(VolumeCapability c) {
        Csi.VolumeCapability.Builder b = Csi.VolumeCapability.newBuilder()
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder()
                        .setMode(Csi.VolumeCapability.AccessMode.Mode.valueOf(c.accessMode().name())));
        if (c.accessType() == AccessType.BLOCK) {
            b.setBlock(Csi.VolumeCapability.BlockVolume.getDefaultInstance());
        } else {
            b.setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType(c.fsType()).addAllMountFlags(c.mountFlags()));
        }
        return b.build();
    }

    public static List<Csi.VolumeCapability> capabilities(List<VolumeCapability> caps) {
        List<Csi.VolumeCapability> out = new ArrayList<>(caps.size());
        for (VolumeCapability c : caps) out.add(capability(c));
        return out;
    }

    public static VolumeCapability capability(Csi.VolumeCapability c) {
        AccessMode mode = enumByName(AccessMode.class, c.getAccessMode().getMode().name(), AccessMode.UNKNOWN);
        switch (c.getAccessTypeCase()) {
            case BLOCK: return VolumeCapability.block(mode);
            case MOUNT: return new VolumeCapability(AccessType.MOUNT, mode, c.getMount().getFsType(), c.getMount().getMountFlagsList());
            default: return new VolumeCapability(AccessType.UNKNOWN, mode, "", List.of());
        }
    }

    public static Csi.Topology topology(Topology t) {
        return Csi.Topology.newBuilder().putAllSegments(t.segments()).build();
    }

    public static Capacity capacity(Csi.GetCapacityResponse r, Topology topology, Map<String, String> parameters) {
        return new Capacity(topology, parameters, bytes(r.getAvailableCapacity()),
                r.hasMaximumVolumeSize() ? bytes(r.getMaximumVolumeSize().getValue()) : null,
                r.hasMinimumVolumeSize() ? bytes(r.getMinimumVolumeSize().getValue()) : null);
    }

    public static NodeInfo nodeInfo(Csi.NodeGetInfoResponse r) {
        return new NodeInfo(r.getNodeId(), Math.max(0, r.getMaxVolumesPerNode()),
                r.hasAccessibleTopology() && r.getAccessibleTopology().getSegmentsCount() > 0
                        ? new Topology(r.getAccessibleTopology().getSegmentsMap()) : null);
    }

    public static VolumeStats stats(Csi.NodeGetVolumeStatsResponse r) {
        List<VolumeStats.Usage> usage = new ArrayList<>();
        for (Csi.VolumeUsage u : r.getUsageList()) {
            VolumeStats.Unit unit = enumByName(VolumeStats.Unit.class, u.getUnit().name(), VolumeStats.Unit.UNKNOWN);
            usage.add(new VolumeStats.Usage(unit, u.getAvailable(), u.getTotal(), u.getUsed()));
        }
        VolumeCondition c = r.hasVolumeCondition()
                ? new VolumeCondition(r.getVolumeCondition().getAbnormal(), r.getVolumeCondition().getMessage()) : null;
        return new VolumeStats(usage, c);
    }

    public static BlockMetadataPage blocks(Csi.BlockMetadataType type, long capacity, List<Csi.BlockMetadata> blocks) {
        List<BlockMetadataPage.Block> out = new ArrayList<>(blocks.size());
        for (Csi.BlockMetadata b : blocks) out.add(new BlockMetadataPage.Block(b.getByteOffset(), b.getSizeBytes()));
        return new BlockMetadataPage(type == Csi.BlockMetadataType.VARIABLE_LENGTH, capacity, out);
    }

    /** Maps an enum constant by name; returns {@code fallback} for names the model does not know. */
    public static <E extends Enum<E>> E enumByName(Class<E> type, String name, E fallback) {
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            return fallback;
        }
    }

    /** True when the proto enum value carries {@code alpha_enum_value}. */
    public static boolean alphaValue(ProtocolMessageEnum value) {
        Descriptors.EnumValueDescriptor d = value.getValueDescriptor();
        for (Map.Entry<Descriptors.FieldDescriptor, Object> e : d.getOptions().getAllFields().entrySet()) {
            if (e.getKey().isExtension() && e.getKey().getName().equals("alpha_enum_value") && Boolean.TRUE.equals(e.getValue())) {
                return true;
            }
        }
        return false;
    }
}
