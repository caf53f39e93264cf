package org.csiconsole.core.oddpeer;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import csi.v1.NodeGrpc;
import io.grpc.BindableService;
import io.grpc.stub.StreamObserver;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An odd peer for tests: a CSI driver that serves only what the spec requires and advertises only
 * that, the way many small drivers do (democratic-csi's node-manual driver, csi-driver-host-path
 * with its optional features off). Identity: GetPluginInfo, GetPluginCapabilities (CONTROLLER_SERVICE
 * only: no GROUP_CONTROLLER_SERVICE, no VOLUME_ACCESSIBILITY_CONSTRAINTS, no expansion), Probe.
 * Controller: ControllerGetCapabilities (CREATE_DELETE_VOLUME only), CreateVolume, DeleteVolume.
 * Node: NodeGetCapabilities (none), NodeGetInfo, NodePublishVolume, NodeUnpublishVolume. Every other
 * RPC, ListVolumes, ListSnapshots, GetCapacity and ControllerExpandVolume among them, answers
 * UNIMPLEMENTED, and the GroupController service is not registered at all.
 *
 * <p>Other modules reuse it through core's test-jar.
 */
public final class MinimalCsiDriver extends OddPeer {
    /** The driver's name in GetPluginInfo. */
    public static final String NAME = "minimal.csi.example.com";
    /** The node_id NodeGetInfo reports. */
    public static final String NODE_ID = "minimal-node";

    /** Volumes by id ({@code min-<name>}), each 1 GiB unless the request asked for a size. */
    public final Map<String, Csi.Volume> volumes = new ConcurrentHashMap<>();

    @Override
    List<BindableService> services() {
        return List.of(identity(), controller(), node());
    }

    private IdentityGrpc.IdentityImplBase identity() {
        return new IdentityGrpc.IdentityImplBase() {
            @Override
            public void getPluginInfo(Csi.GetPluginInfoRequest req, StreamObserver<Csi.GetPluginInfoResponse> out) {
                count("GetPluginInfo");
                answer(out, Csi.GetPluginInfoResponse.newBuilder().setName(NAME).setVendorVersion("0.1.0").build());
            }

            @Override
            public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest req, StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
                count("GetPluginCapabilities");
                answer(out, Csi.GetPluginCapabilitiesResponse.newBuilder().addCapabilities(Csi.PluginCapability.newBuilder()
                        .setService(Csi.PluginCapability.Service.newBuilder().setType(Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE)))
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
                answer(out, Csi.ControllerGetCapabilitiesResponse.newBuilder().addCapabilities(Csi.ControllerServiceCapability.newBuilder()
                        .setRpc(Csi.ControllerServiceCapability.RPC.newBuilder()
                                .setType(Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_VOLUME))).build());
            }

            @Override
            public void createVolume(Csi.CreateVolumeRequest req, StreamObserver<Csi.CreateVolumeResponse> out) {
                count("CreateVolume");
                long size = req.getCapacityRange().getRequiredBytes() > 0 ? req.getCapacityRange().getRequiredBytes() : 1L << 30;
                Csi.Volume v = volumes.computeIfAbsent("min-" + req.getName(),
                        id -> Csi.Volume.newBuilder().setVolumeId(id).setCapacityBytes(size).build());
                answer(out, Csi.CreateVolumeResponse.newBuilder().setVolume(v).build());
            }

            @Override
            public void deleteVolume(Csi.DeleteVolumeRequest req, StreamObserver<Csi.DeleteVolumeResponse> out) {
                count("DeleteVolume");
                volumes.remove(req.getVolumeId());
                answer(out, Csi.DeleteVolumeResponse.getDefaultInstance());
            }

            @Override
            public void listVolumes(Csi.ListVolumesRequest req, StreamObserver<Csi.ListVolumesResponse> out) {
                count("ListVolumes");
                super.listVolumes(req, out);
            }

            @Override
            public void listSnapshots(Csi.ListSnapshotsRequest req, StreamObserver<Csi.ListSnapshotsResponse> out) {
                count("ListSnapshots");
                super.listSnapshots(req, out);
            }

            @Override
            public void getCapacity(Csi.GetCapacityRequest req, StreamObserver<Csi.GetCapacityResponse> out) {
                count("GetCapacity");
                super.getCapacity(req, out);
            }

            @Override
            public void controllerExpandVolume(Csi.ControllerExpandVolumeRequest req,
                                               StreamObserver<Csi.ControllerExpandVolumeResponse> out) {
                count("ControllerExpandVolume");
                super.controllerExpandVolume(req, out);
            }
        };
    }

    private NodeGrpc.NodeImplBase node() {
        return new NodeGrpc.NodeImplBase() {
            @Override
            public void nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest req, StreamObserver<Csi.NodeGetCapabilitiesResponse> out) {
                count("NodeGetCapabilities");
                answer(out, Csi.NodeGetCapabilitiesResponse.getDefaultInstance());
            }

            @Override
            public void nodeGetInfo(Csi.NodeGetInfoRequest req, StreamObserver<Csi.NodeGetInfoResponse> out) {
                count("NodeGetInfo");
                answer(out, Csi.NodeGetInfoResponse.newBuilder().setNodeId(NODE_ID).build());
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
