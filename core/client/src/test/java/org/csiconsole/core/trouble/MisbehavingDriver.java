package org.csiconsole.core.trouble;

import com.google.protobuf.BoolValue;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import csi.v1.NodeGrpc;
import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.endpoint.Endpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A CSI driver for probe tests that can be told to misbehave one way at a time: not ready, a
 * repeating page token, overlapping pages (repeated ids), pages larger than max_entries, an invalid
 * name, capabilities that contradict each other or a service advertised but not served, a slow or a
 * hanging RPC. Serves Identity, Controller (capabilities, listings, capacity) and Node (capabilities,
 * info, stats) in process or on a unix socket; every other RPC answers UNIMPLEMENTED. Records the
 * methods it receives.
 */
final class MisbehavingDriver implements AutoCloseable {
    enum PageFault { NORMAL, REPEAT_TOKEN, DUPLICATE_IDS, IGNORE_MAX_ENTRIES }

    volatile String name = "misbehaving.csi.example.com";
    volatile String version = "1.2.3";
    /** Probe's ready: null leaves it unset. */
    volatile Boolean ready = true;
    volatile PageFault paging = PageFault.NORMAL;
    volatile int volumes = 25;
    volatile String nodeId = "node-1";
    /** Runs at the start of every call with its bare method name (a test moves its ticker here). */
    volatile Consumer<String> onCall = m -> { };
    final Set<Csi.PluginCapability.Service.Type> pluginServices = Collections.synchronizedSet(EnumSet.of(
            Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE, Csi.PluginCapability.Service.Type.VOLUME_ACCESSIBILITY_CONSTRAINTS));
    final Set<Csi.ControllerServiceCapability.RPC.Type> controllerCaps = Collections.synchronizedSet(EnumSet.of(
            Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_VOLUME, Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES,
            Csi.ControllerServiceCapability.RPC.Type.PUBLISH_UNPUBLISH_VOLUME,
            Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES_PUBLISHED_NODES,
            Csi.ControllerServiceCapability.RPC.Type.GET_CAPACITY, Csi.ControllerServiceCapability.RPC.Type.LIST_SNAPSHOTS,
            Csi.ControllerServiceCapability.RPC.Type.VOLUME_CONDITION));
    final Set<Csi.NodeServiceCapability.RPC.Type> nodeCaps = Collections.synchronizedSet(EnumSet.of(
            Csi.NodeServiceCapability.RPC.Type.STAGE_UNSTAGE_VOLUME, Csi.NodeServiceCapability.RPC.Type.GET_VOLUME_STATS));
    final Set<String> hanging = ConcurrentHashMap.newKeySet();
    final List<String> received = new CopyOnWriteArrayList<>();

    private final List<Server> servers = new ArrayList<>();
    private final List<EventLoopGroup> groups = new ArrayList<>();
    private final List<StreamObserver<?>> held = new CopyOnWriteArrayList<>();

    Endpoint.InProcess startInProcess(String inProcessName) throws IOException {
        servers.add(InProcessServerBuilder.forName(inProcessName).addService(identity()).addService(controller())
                .addService(node()).build().start());
        return new Endpoint.InProcess(inProcessName);
    }

    Endpoint.Unix startUnix(Path path, BindableService... extra) throws IOException {
        Files.deleteIfExists(path);
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        EventLoopGroup worker = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        groups.add(boss);
        groups.add(worker);
        NettyServerBuilder b = NettyServerBuilder.forAddress(new DomainSocketAddress(path.toString()))
                .channelType(EpollServerDomainSocketChannel.class).bossEventLoopGroup(boss).workerEventLoopGroup(worker)
                .withChildOption(ChannelOption.SO_KEEPALIVE, null)
                .addService(identity()).addService(controller()).addService(node());
        for (BindableService s : extra) b.addService(s);
        servers.add(b.build().start());
        return new Endpoint.Unix(path);
    }

    @Override
    public void close() {
        for (StreamObserver<?> o : held) {
            try {
                o.onError(Status.CANCELLED.asRuntimeException());
            } catch (RuntimeException e) {
                // already cancelled by the client
            }
        }
        for (Server s : servers) {
            s.shutdownNow();
            try {
                s.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (EventLoopGroup g : groups) g.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    /** Records the call; false when it is held unanswered. */
    private boolean enter(String method, StreamObserver<?> out) {
        received.add(method);
        onCall.accept(method);
        if (hanging.contains(method)) {
            held.add(out);
            return false;
        }
        return true;
    }

    private static <T> void reply(StreamObserver<T> out, T value) {
        out.onNext(value);
        out.onCompleted();
    }

    private Csi.Volume volume(int i) {
        return Csi.Volume.newBuilder().setVolumeId("vol-" + i).setCapacityBytes(1L << 30)
                .addAccessibleTopology(Csi.Topology.newBuilder().putSegments("topology.example.com/zone", "a")).build();
    }

    private BindableService identity() {
        return new IdentityGrpc.IdentityImplBase() {
            @Override
            public void getPluginInfo(Csi.GetPluginInfoRequest req, StreamObserver<Csi.GetPluginInfoResponse> out) {
                if (!enter("GetPluginInfo", out)) return;
                reply(out, Csi.GetPluginInfoResponse.newBuilder().setName(name).setVendorVersion(version).build());
            }

            @Override
            public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest req, StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
                if (!enter("GetPluginCapabilities", out)) return;
                Csi.GetPluginCapabilitiesResponse.Builder b = Csi.GetPluginCapabilitiesResponse.newBuilder();
                synchronized (pluginServices) {
                    for (Csi.PluginCapability.Service.Type t : pluginServices) {
                        b.addCapabilities(Csi.PluginCapability.newBuilder().setService(Csi.PluginCapability.Service.newBuilder().setType(t)));
                    }
                }
                reply(out, b.build());
            }

            @Override
            public void probe(Csi.ProbeRequest req, StreamObserver<Csi.ProbeResponse> out) {
                if (!enter("Probe", out)) return;
                Csi.ProbeResponse.Builder b = Csi.ProbeResponse.newBuilder();
                Boolean r = ready;
                if (r != null) b.setReady(BoolValue.of(r));
                reply(out, b.build());
            }
        };
    }

    private BindableService controller() {
        return new ControllerGrpc.ControllerImplBase() {
            @Override
            public void controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest req,
                                                  StreamObserver<Csi.ControllerGetCapabilitiesResponse> out) {
                if (!enter("ControllerGetCapabilities", out)) return;
                Csi.ControllerGetCapabilitiesResponse.Builder b = Csi.ControllerGetCapabilitiesResponse.newBuilder();
                synchronized (controllerCaps) {
                    for (Csi.ControllerServiceCapability.RPC.Type t : controllerCaps) {
                        b.addCapabilities(Csi.ControllerServiceCapability.newBuilder().setRpc(Csi.ControllerServiceCapability.RPC.newBuilder().setType(t)));
                    }
                }
                reply(out, b.build());
            }

            @Override
            public void listVolumes(Csi.ListVolumesRequest req, StreamObserver<Csi.ListVolumesResponse> out) {
                if (!enter("ListVolumes", out)) return;
                int start = req.getStartingToken().isEmpty() ? 0 : Integer.parseInt(req.getStartingToken());
                int n = volumes;
                int max = paging == PageFault.IGNORE_MAX_ENTRIES || req.getMaxEntries() == 0 ? n : req.getMaxEntries();
                int end = Math.min(n, start + max);
                Csi.ListVolumesResponse.Builder b = Csi.ListVolumesResponse.newBuilder();
                for (int i = start; i < end; i++) {
                    Csi.ListVolumesResponse.VolumeStatus.Builder st = Csi.ListVolumesResponse.VolumeStatus.newBuilder()
                            .setVolumeCondition(Csi.VolumeCondition.newBuilder().setAbnormal(false).setMessage("ok"));
                    if (i % 2 == 0) st.addPublishedNodeIds(nodeId);
                    b.addEntries(Csi.ListVolumesResponse.Entry.newBuilder().setVolume(volume(i + 1)).setStatus(st));
                }
                if (end < n) {
                    b.setNextToken(switch (paging) {
                        case REPEAT_TOKEN -> start == 0 ? String.valueOf(end) : req.getStartingToken();
                        case DUPLICATE_IDS -> String.valueOf(end - 1);
                        default -> String.valueOf(end);
                    });
                }
                reply(out, b.build());
            }

            @Override
            public void listSnapshots(Csi.ListSnapshotsRequest req, StreamObserver<Csi.ListSnapshotsResponse> out) {
                if (!enter("ListSnapshots", out)) return;
                Csi.ListSnapshotsResponse.Builder b = Csi.ListSnapshotsResponse.newBuilder();
                int start = req.getStartingToken().isEmpty() ? 0 : Integer.parseInt(req.getStartingToken());
                int max = req.getMaxEntries() == 0 ? 3 : req.getMaxEntries();
                int end = Math.min(3, start + max);
                for (int i = start; i < end; i++) {
                    b.addEntries(Csi.ListSnapshotsResponse.Entry.newBuilder().setSnapshot(Csi.Snapshot.newBuilder()
                            .setSnapshotId("snap-" + (i + 1)).setSourceVolumeId("vol-1").setReadyToUse(true)));
                }
                if (end < 3) b.setNextToken(String.valueOf(end));
                reply(out, b.build());
            }

            @Override
            public void getCapacity(Csi.GetCapacityRequest req, StreamObserver<Csi.GetCapacityResponse> out) {
                if (!enter("GetCapacity", out)) return;
                reply(out, Csi.GetCapacityResponse.newBuilder().setAvailableCapacity(1L << 40).build());
            }
        };
    }

    private BindableService node() {
        return new NodeGrpc.NodeImplBase() {
            @Override
            public void nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest req, StreamObserver<Csi.NodeGetCapabilitiesResponse> out) {
                if (!enter("NodeGetCapabilities", out)) return;
                Csi.NodeGetCapabilitiesResponse.Builder b = Csi.NodeGetCapabilitiesResponse.newBuilder();
                synchronized (nodeCaps) {
                    for (Csi.NodeServiceCapability.RPC.Type t : nodeCaps) {
                        b.addCapabilities(Csi.NodeServiceCapability.newBuilder().setRpc(Csi.NodeServiceCapability.RPC.newBuilder().setType(t)));
                    }
                }
                reply(out, b.build());
            }

            @Override
            public void nodeGetInfo(Csi.NodeGetInfoRequest req, StreamObserver<Csi.NodeGetInfoResponse> out) {
                if (!enter("NodeGetInfo", out)) return;
                reply(out, Csi.NodeGetInfoResponse.newBuilder().setNodeId(nodeId).setMaxVolumesPerNode(100)
                        .setAccessibleTopology(Csi.Topology.newBuilder().putSegments("topology.example.com/zone", "a")).build());
            }

            @Override
            public void nodeGetVolumeStats(Csi.NodeGetVolumeStatsRequest req, StreamObserver<Csi.NodeGetVolumeStatsResponse> out) {
                if (!enter("NodeGetVolumeStats", out)) return;
                reply(out, Csi.NodeGetVolumeStatsResponse.newBuilder()
                        .addUsage(Csi.VolumeUsage.newBuilder().setUnit(Csi.VolumeUsage.Unit.BYTES).setTotal(100).setUsed(10).setAvailable(90))
                        .setVolumeCondition(Csi.VolumeCondition.newBuilder().setAbnormal(false).setMessage("ok")).build());
            }
        };
    }
}
