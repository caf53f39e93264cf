package org.csiconsole.core.oddpeer;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import csi.v1.NodeGrpc;
import io.grpc.Server;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.endpoint.Endpoint;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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
 * <p>Counts the calls it receives per method, so tests can tell a call refused locally (never sent)
 * from one the driver refused. Other modules reuse it through core's test-jar.
 */
public final class MinimalCsiDriver implements AutoCloseable {
    /** The driver's name in GetPluginInfo. */
    public static final String NAME = "minimal.csi.example.com";
    /** The node_id NodeGetInfo reports. */
    public static final String NODE_ID = "minimal-node";

    /** Volumes by id ({@code min-<name>}), each 1 GiB unless the request asked for a size. */
    public final Map<String, Csi.Volume> volumes = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private Server server;

    /** Serves in process under {@code name}. */
    public Endpoint.InProcess startInProcess(String name) throws IOException {
        server = InProcessServerBuilder.forName(name).addService(identity()).addService(controller()).addService(node())
                .build().start();
        return new Endpoint.InProcess(name);
    }

    /** Calls received of {@code method} (bare name, e.g. {@code "ListVolumes"}). */
    public int calls(String method) {
        AtomicInteger n = calls.get(method);
        return n == null ? 0 : n.get();
    }

    /** Methods that received at least one call. */
    public Set<String> called() {
        return Set.copyOf(calls.keySet());
    }

    private void count(String method) {
        calls.computeIfAbsent(method, k -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public void close() throws InterruptedException {
        if (server != null) {
            server.shutdownNow();
            server.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private <T> void answer(StreamObserver<T> out, T value) {
        out.onNext(value);
        out.onCompleted();
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
