package org.csiconsole.core.oddpeer;

import com.google.protobuf.Int64Value;
import com.google.protobuf.Timestamp;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import csi.v1.NodeGrpc;
import io.grpc.BindableService;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

import java.util.List;
import java.util.Map;

/**
 * An odd peer for tests: a CSI driver whose answers are legal or nearly so but odd, the way real
 * drivers fill them (csi-driver-host-path, democratic-csi, ceph-csi). Its listings hold:
 * <ul>
 *   <li>an entry without volume_id / snapshot_id (required by the spec; a console leaves it out);
 *   <li>{@code published_node_ids: [""]} for an unpublished volume (csi-driver-host-path), and
 *       {@code ["node-a", "node-a", "", "node-b"]};
 *   <li>capacity_bytes and size_bytes 0 (unknown) and -1 (never legal);
 *   <li>an empty {@code accessible_topology} entry and a repeated one;
 *   <li>a 128-byte volume_id ({@link #LONG_ID}) and non-ASCII ids ({@link #UNICODE_ID});
 *   <li>a volume listed again on the next page, an empty page that still carries a next_token
 *       (democratic-csi pages from a cache), and a last page with next_token "";
 *   <li>snapshots not ready to use, without creation_time, and with Go's zero time (year 1).
 * </ul>
 * GetCapacity reports available_capacity 0 with minimum_volume_size 0 set (as csi-driver-host-path
 * does) and no maximum; NodeGetInfo reports max_volumes_per_node 0 (no limit) and an
 * accessible_topology without segments; Probe leaves {@code ready} unset. Other modules reuse it
 * through core's test-jar.
 */
public final class QuirkyCsiDriver extends OddPeer {
    public static final String NAME = "quirky.csi.example.com";
    /** A volume_id of exactly 128 bytes. */
    public static final String LONG_ID = "vol-" + "0123456789abcdef".repeat(8).substring(0, 124);
    /** A volume_id in several scripts, listed twice (on two pages). */
    public static final String UNICODE_ID = "卷-ünïcødé-💾-ボリューム";
    /** A snapshot_id outside ASCII. */
    public static final String UNICODE_SNAPSHOT_ID = "snap-ünï-📸";
    /** The node_id NodeGetInfo reports. */
    public static final String NODE_ID = "nœud-α";
    /** The volumes a console shows after normalizing the listing, in order. */
    public static final List<String> SHOWN_VOLUME_IDS = List.of("vol-unpublished", LONG_ID, UNICODE_ID, "vol-last");
    /** The snapshots a console shows after normalizing the listing, in order. */
    public static final List<String> SHOWN_SNAPSHOT_IDS = List.of("snap-unknown-size", "snap-go-zero-time", UNICODE_SNAPSHOT_ID);
    /** Seconds of Go's zero {@code time.Time} (0001-01-01T00:00:00Z) as a protobuf Timestamp. */
    public static final long GO_ZERO_TIME_SECONDS = -62135596800L;


    @Override
    List<BindableService> services() {
        return List.of(identity(), controller(), node());
    }

    private static Csi.ListVolumesResponse.Entry volume(String id, long bytes, List<String> nodes, Csi.Topology... topology) {
        Csi.Volume.Builder v = Csi.Volume.newBuilder().setVolumeId(id).setCapacityBytes(bytes);
        for (Csi.Topology t : topology) v.addAccessibleTopology(t);
        Csi.ListVolumesResponse.Entry.Builder e = Csi.ListVolumesResponse.Entry.newBuilder().setVolume(v);
        if (nodes != null) e.setStatus(Csi.ListVolumesResponse.VolumeStatus.newBuilder().addAllPublishedNodeIds(nodes));
        return e.build();
    }

    private static Csi.Topology zone(String zone) {
        Csi.Topology.Builder t = Csi.Topology.newBuilder();
        if (zone != null) t.putSegments("topology.quirky.example.com/zone", zone);
        return t.build();
    }

    /** The pages of ListVolumes by starting_token; max_entries is ignored, as a driver may. */
    private static final Map<String, Csi.ListVolumesResponse> VOLUME_PAGES = Map.of(
            "", Csi.ListVolumesResponse.newBuilder()
                    .addEntries(volume("", 1L << 30, List.of("node-a")))
                    .addEntries(volume("vol-unpublished", 0, List.of("")))
                    .addEntries(volume(LONG_ID, 5L << 30, List.of("node-a", "node-a", "", "node-b"), zone(null), zone("a"), zone("a")))
                    .addEntries(volume(UNICODE_ID, -1, null))
                    .setNextToken("page-2").build(),
            "page-2", Csi.ListVolumesResponse.newBuilder()
                    .addEntries(volume(UNICODE_ID, 2L << 30, List.of()))
                    .setNextToken("page-3").build(),
            "page-3", Csi.ListVolumesResponse.newBuilder().setNextToken("page-4").build(),
            "page-4", Csi.ListVolumesResponse.newBuilder()
                    .addEntries(volume("vol-last", 1L << 30, List.of("node-b")))
                    .setNextToken("").build());

    private static Csi.ListSnapshotsResponse.Entry snapshot(String id, long bytes, Timestamp created, boolean ready) {
        Csi.Snapshot.Builder s = Csi.Snapshot.newBuilder().setSnapshotId(id).setSourceVolumeId("vol-unpublished")
                .setSizeBytes(bytes).setReadyToUse(ready);
        if (created != null) s.setCreationTime(created);
        return Csi.ListSnapshotsResponse.Entry.newBuilder().setSnapshot(s).build();
    }

    private IdentityGrpc.IdentityImplBase identity() {
        return new IdentityGrpc.IdentityImplBase() {
            @Override
            public void getPluginInfo(Csi.GetPluginInfoRequest req, StreamObserver<Csi.GetPluginInfoResponse> out) {
                count("GetPluginInfo");
                answer(out, Csi.GetPluginInfoResponse.newBuilder().setName(NAME).setVendorVersion("0.0.0-dev+ünï").build());
            }

            @Override
            public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest req, StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
                count("GetPluginCapabilities");
                answer(out, Csi.GetPluginCapabilitiesResponse.newBuilder()
                        .addCapabilities(Csi.PluginCapability.newBuilder().setService(Csi.PluginCapability.Service.newBuilder()
                                .setType(Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE)))
                        .addCapabilities(Csi.PluginCapability.newBuilder().setService(Csi.PluginCapability.Service.newBuilder()
                                .setType(Csi.PluginCapability.Service.Type.VOLUME_ACCESSIBILITY_CONSTRAINTS)))
                        .build());
            }

            @Override
            public void probe(Csi.ProbeRequest req, StreamObserver<Csi.ProbeResponse> out) {
                count("Probe");
                answer(out, Csi.ProbeResponse.getDefaultInstance());
            }
        };
    }

    private ControllerGrpc.ControllerImplBase controller() {
        return new ControllerGrpc.ControllerImplBase() {
            @Override
            public void controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest req,
                                                  StreamObserver<Csi.ControllerGetCapabilitiesResponse> out) {
                count("ControllerGetCapabilities");
                Csi.ControllerGetCapabilitiesResponse.Builder b = Csi.ControllerGetCapabilitiesResponse.newBuilder();
                for (Csi.ControllerServiceCapability.RPC.Type t : List.of(Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES,
                        Csi.ControllerServiceCapability.RPC.Type.LIST_SNAPSHOTS, Csi.ControllerServiceCapability.RPC.Type.GET_CAPACITY,
                        Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_VOLUME,
                        Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_SNAPSHOT)) {
                    b.addCapabilities(Csi.ControllerServiceCapability.newBuilder()
                            .setRpc(Csi.ControllerServiceCapability.RPC.newBuilder().setType(t)));
                }
                answer(out, b.build());
            }

            @Override
            public void listVolumes(Csi.ListVolumesRequest req, StreamObserver<Csi.ListVolumesResponse> out) {
                count("ListVolumes");
                Csi.ListVolumesResponse page = VOLUME_PAGES.get(req.getStartingToken());
                if (page == null) {
                    out.onError(Status.ABORTED.withDescription("unknown starting_token").asRuntimeException());
                    return;
                }
                answer(out, page);
            }

            @Override
            public void listSnapshots(Csi.ListSnapshotsRequest req, StreamObserver<Csi.ListSnapshotsResponse> out) {
                count("ListSnapshots");
                answer(out, Csi.ListSnapshotsResponse.newBuilder()
                        .addEntries(snapshot("", 1L << 30, Timestamp.newBuilder().setSeconds(1_700_000_000L).build(), true))
                        .addEntries(snapshot("snap-unknown-size", 0, null, false))
                        .addEntries(snapshot("snap-go-zero-time", -1, Timestamp.newBuilder().setSeconds(GO_ZERO_TIME_SECONDS).build(), true))
                        .addEntries(snapshot(UNICODE_SNAPSHOT_ID, 1L << 30, Timestamp.newBuilder().setSeconds(1_700_000_000L).build(), true))
                        .addEntries(snapshot("snap-go-zero-time", -1, Timestamp.newBuilder().setSeconds(GO_ZERO_TIME_SECONDS).build(), true))
                        .build());
            }

            @Override
            public void getCapacity(Csi.GetCapacityRequest req, StreamObserver<Csi.GetCapacityResponse> out) {
                count("GetCapacity");
                answer(out, Csi.GetCapacityResponse.newBuilder().setAvailableCapacity(0).setMinimumVolumeSize(Int64Value.of(0)).build());
            }

            @Override
            public void createVolume(Csi.CreateVolumeRequest req, StreamObserver<Csi.CreateVolumeResponse> out) {
                count("CreateVolume");
                answer(out, Csi.CreateVolumeResponse.newBuilder().setVolume(Csi.Volume.newBuilder()
                        .setVolumeId("vol-" + req.getName()).setCapacityBytes(0)).build());
            }

            @Override
            public void deleteVolume(Csi.DeleteVolumeRequest req, StreamObserver<Csi.DeleteVolumeResponse> out) {
                count("DeleteVolume");
                answer(out, Csi.DeleteVolumeResponse.getDefaultInstance());
            }

            @Override
            public void createSnapshot(Csi.CreateSnapshotRequest req, StreamObserver<Csi.CreateSnapshotResponse> out) {
                count("CreateSnapshot");
                answer(out, Csi.CreateSnapshotResponse.newBuilder().setSnapshot(Csi.Snapshot.newBuilder()
                        .setSnapshotId("snap-" + req.getName()).setSourceVolumeId(req.getSourceVolumeId())
                        .setCreationTime(Timestamp.newBuilder().setSeconds(1_700_000_000L)).setReadyToUse(false)).build());
            }

            @Override
            public void deleteSnapshot(Csi.DeleteSnapshotRequest req, StreamObserver<Csi.DeleteSnapshotResponse> out) {
                count("DeleteSnapshot");
                answer(out, Csi.DeleteSnapshotResponse.getDefaultInstance());
            }
        };
    }

    private NodeGrpc.NodeImplBase node() {
        return new NodeGrpc.NodeImplBase() {
            @Override
            public void nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest req, StreamObserver<Csi.NodeGetCapabilitiesResponse> out) {
                count("NodeGetCapabilities");
                answer(out, Csi.NodeGetCapabilitiesResponse.newBuilder().addCapabilities(Csi.NodeServiceCapability.newBuilder()
                        .setRpc(Csi.NodeServiceCapability.RPC.newBuilder().setType(Csi.NodeServiceCapability.RPC.Type.GET_VOLUME_STATS)))
                        .build());
            }

            @Override
            public void nodeGetInfo(Csi.NodeGetInfoRequest req, StreamObserver<Csi.NodeGetInfoResponse> out) {
                count("NodeGetInfo");
                answer(out, Csi.NodeGetInfoResponse.newBuilder().setNodeId(NODE_ID).setMaxVolumesPerNode(0)
                        .setAccessibleTopology(Csi.Topology.getDefaultInstance()).build());
            }

            @Override
            public void nodeGetVolumeStats(Csi.NodeGetVolumeStatsRequest req, StreamObserver<Csi.NodeGetVolumeStatsResponse> out) {
                count("NodeGetVolumeStats");
                answer(out, Csi.NodeGetVolumeStatsResponse.newBuilder().addUsage(Csi.VolumeUsage.newBuilder()
                        .setUnit(Csi.VolumeUsage.Unit.BYTES)).build());
            }

            @Override
            public void nodePublishVolume(Csi.NodePublishVolumeRequest req, StreamObserver<Csi.NodePublishVolumeResponse> out) {
                count("NodePublishVolume");
                answer(out, Csi.NodePublishVolumeResponse.getDefaultInstance());
            }

            @Override
            public void nodeUnpublishVolume(Csi.NodeUnpublishVolumeRequest req, StreamObserver<Csi.NodeUnpublishVolumeResponse> out) {
                count("NodeUnpublishVolume");
                answer(out, Csi.NodeUnpublishVolumeResponse.getDefaultInstance());
            }
        };
    }
}
