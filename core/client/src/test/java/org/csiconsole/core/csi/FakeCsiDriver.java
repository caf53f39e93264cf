package org.csiconsole.core.csi;

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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small, scriptable CSI driver for tests: Identity, Controller and Node over an in-process name or
 * a real unix socket. Volumes live in memory ({@code vol-N}). Tests can make a method fail with given
 * codes, hang, advertise fewer capabilities, answer UNIMPLEMENTED for a service, or break paging.
 * It records every request it receives and the highest number of mutating calls it saw in flight on
 * one volume at the same time. Other modules reuse it through core's test-jar.
 */
public final class FakeCsiDriver implements AutoCloseable {
    /** How ListVolumes hands out next_token. */
    public enum Paging { NORMAL, REPEAT_TOKEN, CYCLE }

    public volatile String name = "fake.csi.example.com";
    public volatile String version = "1.0.0";
    public final Set<Csi.ControllerServiceCapability.RPC.Type> controllerCaps =
            Collections.synchronizedSet(EnumSet.of(Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_VOLUME,
                    Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES,
                    Csi.ControllerServiceCapability.RPC.Type.PUBLISH_UNPUBLISH_VOLUME,
                    Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_SNAPSHOT,
                    Csi.ControllerServiceCapability.RPC.Type.LIST_SNAPSHOTS,
                    Csi.ControllerServiceCapability.RPC.Type.EXPAND_VOLUME,
                    Csi.ControllerServiceCapability.RPC.Type.GET_CAPACITY));
    public final Set<Csi.NodeServiceCapability.RPC.Type> nodeCaps =
            Collections.synchronizedSet(EnumSet.of(Csi.NodeServiceCapability.RPC.Type.STAGE_UNSTAGE_VOLUME,
                    Csi.NodeServiceCapability.RPC.Type.GET_VOLUME_STATS,
                    Csi.NodeServiceCapability.RPC.Type.VOLUME_CONDITION));
    /** When false the Node service answers UNIMPLEMENTED to everything (a controller-only socket). */
    public volatile boolean nodeService = true;
    /** When false the Controller service answers UNIMPLEMENTED to everything (a node-only socket). */
    public volatile boolean controllerService = true;
    public volatile Paging paging = Paging.NORMAL;
    /** Page size used when the request's max_entries is 0. */
    public volatile int defaultPageSize = 100;

    /** Volumes by id, in creation order. */
    public final Map<String, Csi.Volume> volumes = Collections.synchronizedMap(new java.util.LinkedHashMap<>());
    /**
     * The nodes each volume was published to by ControllerPublishVolume and not unpublished, by volume_id: what
     * ControllerGetVolume reports (its published_node_ids are required with PUBLISH_UNPUBLISH_VOLUME). ListVolumes
     * does not use it: it names node-1 for every volume without advertising LIST_VOLUMES_PUBLISHED_NODES, as a
     * careless driver might, which the console must not take for the driver's report.
     */
    public final Map<String, java.util.Set<String>> publishedTo = new ConcurrentHashMap<>();
    /** Every request received, by bare method name. */
    public final Map<String, List<Object>> requests = new ConcurrentHashMap<>();
    /** Number of calls received per bare method name. */
    public final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    /** Highest number of mutating calls seen in flight at once on any one volume. */
    public final AtomicInteger maxInFlightPerVolume = new AtomicInteger();

    private final Map<String, Queue<Status>> failures = new ConcurrentHashMap<>();
    private final Set<String> hanging = ConcurrentHashMap.newKeySet();
    private final List<StreamObserver<?>> hung = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final List<Server> servers = new ArrayList<>();
    private final List<EventLoopGroup> groups = new ArrayList<>();
    private volatile Runnable insideMutation = () -> { };

    /** Fills {@code n} volumes {@code vol-1..vol-n} of 1 GiB each. */
    public FakeCsiDriver withVolumes(int n) {
        for (int i = 1; i <= n; i++) {
            String id = "vol-" + i;
            volumes.put(id, Csi.Volume.newBuilder().setVolumeId(id).setCapacityBytes(1L << 30)
                    .putVolumeContext("pool", "default").build());
        }
        return this;
    }

    /** The next {@code codes.length} calls of {@code method} (bare name) fail with these codes, in order. */
    public void failNext(String method, Status... codes) {
        Queue<Status> q = failures.computeIfAbsent(method, k -> new ArrayDeque<>());
        synchronized (q) {
            Collections.addAll(q, codes);
        }
    }

    /** Calls of {@code method} never answer (until the client's deadline or cancellation). */
    public void hang(String method) {
        hanging.add(method);
    }

    /** Runs inside every mutating call while it counts as in flight (for tests that widen the window). */
    public void whileMutating(Runnable r) {
        insideMutation = r;
    }

    /** Observers of calls held by {@link #hang(String)}, in arrival order. */
    public List<StreamObserver<?>> hungObservers() {
        return List.copyOf(hung);
    }

    @SuppressWarnings("unchecked")
    public <T> List<T> requests(String method) {
        return (List<T>) (List<?>) requests.getOrDefault(method, List.of());
    }

    public int calls(String method) {
        AtomicInteger n = calls.get(method);
        return n == null ? 0 : n.get();
    }

    /** Serves in process under {@code name}; returns the endpoint. */
    public Endpoint.InProcess startInProcess(String name) throws IOException {
        Server s = InProcessServerBuilder.forName(name).addService(identity()).addService(controller()).addService(node())
                .build().start();
        servers.add(s);
        return new Endpoint.InProcess(name);
    }

    /** Serves on a unix socket at {@code path}; returns the endpoint. */
    public Endpoint.Unix startUnix(Path path) throws IOException {
        Files.deleteIfExists(path);
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        EventLoopGroup worker = new MultiThreadIoEventLoopGroup(2, EpollIoHandler.newFactory());
        groups.add(boss);
        groups.add(worker);
        Server s = NettyServerBuilder.forAddress(new DomainSocketAddress(path.toString()))
                .channelType(EpollServerDomainSocketChannel.class).bossEventLoopGroup(boss).workerEventLoopGroup(worker)
                .withChildOption(io.grpc.netty.shaded.io.netty.channel.ChannelOption.SO_KEEPALIVE, null) // no TCP options on a domain socket
                .addService(identity()).addService(controller()).addService(node()).build().start();
        servers.add(s);
        return new Endpoint.Unix(path);
    }

    /** Serves plaintext TCP on 127.0.0.1 at {@code port} (0 for a free one); returns the endpoint. */
    public Endpoint.Tcp startTcp(int port) throws IOException {
        Server s = NettyServerBuilder.forAddress(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port))
                .withOption(io.grpc.netty.shaded.io.netty.channel.ChannelOption.SO_REUSEADDR, true)
                .addService(identity()).addService(controller()).addService(node()).build().start();
        servers.add(s);
        java.net.InetSocketAddress bound = (java.net.InetSocketAddress) s.getListenSockets().get(0);
        return new Endpoint.Tcp("127.0.0.1", bound.getPort(), org.csiconsole.core.endpoint.TlsOptions.PLAINTEXT);
    }

    /** Serves in process under {@code name} with extra services next to the CSI ones (e.g. a csi-addons fake). */
    public Endpoint.InProcess startInProcess(String name, BindableService... extra) throws IOException {
        InProcessServerBuilder b = InProcessServerBuilder.forName(name);
        b.addService(identity()).addService(controller()).addService(node());
        for (BindableService s : extra) b.addService(s);
        Server s = b.build().start();
        servers.add(s);
        return new Endpoint.InProcess(name);
    }

    @Override
    public void close() {
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

    /** Records the request; returns false (after answering) when a scripted failure or hang applies. */
    private <T> boolean enter(String method, Object request, StreamObserver<T> out) {
        requests.computeIfAbsent(method, k -> new CopyOnWriteArrayList<>()).add(request);
        calls.computeIfAbsent(method, k -> new AtomicInteger()).incrementAndGet();
        Queue<Status> q = failures.get(method);
        if (q != null) {
            Status s;
            synchronized (q) {
                s = q.poll();
            }
            if (s != null) {
                out.onError(s.asRuntimeException());
                return false;
            }
        }
        if (hanging.contains(method)) {
            hung.add(out);
            return false;
        }
        return true;
    }

    private <T> void mutating(String volumeId, StreamObserver<T> out, java.util.function.Supplier<T> work) {
        AtomicInteger n = inFlight.computeIfAbsent(volumeId, k -> new AtomicInteger());
        int now = n.incrementAndGet();
        maxInFlightPerVolume.accumulateAndGet(now, Math::max);
        T result;
        try {
            insideMutation.run();
            result = work.get();
        } catch (io.grpc.StatusRuntimeException e) {
            n.decrementAndGet();
            out.onError(e);
            return;
        }
        n.decrementAndGet();
        out.onNext(result);
        out.onCompleted();
    }

    private static <T> void unimplemented(StreamObserver<T> out) {
        out.onError(Status.UNIMPLEMENTED.withDescription("not implemented").asRuntimeException());
    }

    private BindableService identity() {
        return new IdentityGrpc.IdentityImplBase() {
            @Override
            public void getPluginInfo(Csi.GetPluginInfoRequest req, StreamObserver<Csi.GetPluginInfoResponse> out) {
                if (!enter("GetPluginInfo", req, out)) return;
                out.onNext(Csi.GetPluginInfoResponse.newBuilder().setName(name).setVendorVersion(version)
                        .putManifest("commit", "abc123").build());
                out.onCompleted();
            }

            @Override
            public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest req, StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
                if (!enter("GetPluginCapabilities", req, out)) return;
                Csi.GetPluginCapabilitiesResponse.Builder b = Csi.GetPluginCapabilitiesResponse.newBuilder();
                if (controllerService) {
                    b.addCapabilities(Csi.PluginCapability.newBuilder().setService(Csi.PluginCapability.Service.newBuilder()
                            .setType(Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE)));
                }
                b.addCapabilities(Csi.PluginCapability.newBuilder().setVolumeExpansion(Csi.PluginCapability.VolumeExpansion.newBuilder()
                        .setType(Csi.PluginCapability.VolumeExpansion.Type.ONLINE)));
                out.onNext(b.build());
                out.onCompleted();
            }

            @Override
            public void probe(Csi.ProbeRequest req, StreamObserver<Csi.ProbeResponse> out) {
                if (!enter("Probe", req, out)) return;
                out.onNext(Csi.ProbeResponse.newBuilder().setReady(BoolValue.of(true)).build());
                out.onCompleted();
            }
        };
    }

    private BindableService controller() {
        return new ControllerGrpc.ControllerImplBase() {
            @Override
            public void controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest req,
                                                  StreamObserver<Csi.ControllerGetCapabilitiesResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("ControllerGetCapabilities", req, out)) return;
                Csi.ControllerGetCapabilitiesResponse.Builder b = Csi.ControllerGetCapabilitiesResponse.newBuilder();
                synchronized (controllerCaps) {
                    for (Csi.ControllerServiceCapability.RPC.Type t : controllerCaps) {
                        b.addCapabilities(Csi.ControllerServiceCapability.newBuilder().setRpc(
                                Csi.ControllerServiceCapability.RPC.newBuilder().setType(t)));
                    }
                }
                out.onNext(b.build());
                out.onCompleted();
            }

            @Override
            public void listVolumes(Csi.ListVolumesRequest req, StreamObserver<Csi.ListVolumesResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("ListVolumes", req, out)) return;
                List<Csi.Volume> all;
                synchronized (volumes) {
                    all = new ArrayList<>(volumes.values());
                }
                int start;
                try {
                    start = req.getStartingToken().isEmpty() ? 0 : Integer.parseInt(req.getStartingToken());
                } catch (NumberFormatException e) {
                    out.onError(Status.ABORTED.withDescription("bad token").asRuntimeException());
                    return;
                }
                int size = req.getMaxEntries() > 0 ? req.getMaxEntries() : defaultPageSize;
                int end = Math.min(all.size(), start + size);
                Csi.ListVolumesResponse.Builder b = Csi.ListVolumesResponse.newBuilder();
                for (int i = start; i < end; i++) {
                    b.addEntries(Csi.ListVolumesResponse.Entry.newBuilder().setVolume(all.get(i))
                            .setStatus(Csi.ListVolumesResponse.VolumeStatus.newBuilder().addPublishedNodeIds("node-1")));
                }
                if (end < all.size()) {
                    switch (paging) {
                        case REPEAT_TOKEN -> b.setNextToken(req.getStartingToken().isEmpty() ? String.valueOf(end) : req.getStartingToken());
                        case CYCLE -> b.setNextToken(start >= 2 * size ? String.valueOf(size) : String.valueOf(end));
                        default -> b.setNextToken(String.valueOf(end));
                    }
                }
                out.onNext(b.build());
                out.onCompleted();
            }

            @Override
            public void createVolume(Csi.CreateVolumeRequest req, StreamObserver<Csi.CreateVolumeResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("CreateVolume", req, out)) return;
                mutating("name:" + req.getName(), out, () -> {
                    String id = "vol-" + req.getName();
                    Csi.Volume v = Csi.Volume.newBuilder().setVolumeId(id)
                            .setCapacityBytes(req.getCapacityRange().getRequiredBytes()).putVolumeContext("pool", "default").build();
                    volumes.putIfAbsent(id, v);
                    return Csi.CreateVolumeResponse.newBuilder().setVolume(v).build();
                });
            }

            @Override
            public void deleteVolume(Csi.DeleteVolumeRequest req, StreamObserver<Csi.DeleteVolumeResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("DeleteVolume", req, out)) return;
                mutating(req.getVolumeId(), out, () -> {
                    volumes.remove(req.getVolumeId());
                    return Csi.DeleteVolumeResponse.getDefaultInstance();
                });
            }

            @Override
            public void controllerExpandVolume(Csi.ControllerExpandVolumeRequest req,
                                               StreamObserver<Csi.ControllerExpandVolumeResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("ControllerExpandVolume", req, out)) return;
                mutating(req.getVolumeId(), out, () -> {
                    Csi.Volume v = volumes.get(req.getVolumeId());
                    if (v == null) throw Status.NOT_FOUND.withDescription("no volume " + req.getVolumeId()).asRuntimeException();
                    volumes.put(v.getVolumeId(), v.toBuilder().setCapacityBytes(req.getCapacityRange().getRequiredBytes()).build());
                    return Csi.ControllerExpandVolumeResponse.newBuilder().setCapacityBytes(req.getCapacityRange().getRequiredBytes())
                            .setNodeExpansionRequired(true).build();
                });
            }

            @Override
            public void controllerPublishVolume(Csi.ControllerPublishVolumeRequest req,
                                                StreamObserver<Csi.ControllerPublishVolumeResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("ControllerPublishVolume", req, out)) return;
                mutating(req.getVolumeId(), out, () -> {
                    publishedTo.computeIfAbsent(req.getVolumeId(), k -> java.util.concurrent.ConcurrentHashMap.newKeySet()).add(req.getNodeId());
                    return Csi.ControllerPublishVolumeResponse.newBuilder().putPublishContext("lun", "7").build();
                });
            }

            @Override
            public void controllerUnpublishVolume(Csi.ControllerUnpublishVolumeRequest req,
                                                  StreamObserver<Csi.ControllerUnpublishVolumeResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("ControllerUnpublishVolume", req, out)) return;
                mutating(req.getVolumeId(), out, () -> {
                    java.util.Set<String> nodes = publishedTo.get(req.getVolumeId());
                    if (nodes != null) nodes.remove(req.getNodeId());
                    return Csi.ControllerUnpublishVolumeResponse.getDefaultInstance();
                });
            }

            @Override
            public void controllerGetVolume(Csi.ControllerGetVolumeRequest req, StreamObserver<Csi.ControllerGetVolumeResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("ControllerGetVolume", req, out)) return;
                Csi.Volume v = volumes.get(req.getVolumeId());
                if (v == null) {
                    out.onError(Status.NOT_FOUND.withDescription("no volume " + req.getVolumeId()).asRuntimeException());
                    return;
                }
                out.onNext(Csi.ControllerGetVolumeResponse.newBuilder().setVolume(v).setStatus(Csi.ControllerGetVolumeResponse.VolumeStatus
                        .newBuilder().addAllPublishedNodeIds(publishedTo.getOrDefault(req.getVolumeId(), java.util.Set.of()))).build());
                out.onCompleted();
            }

            @Override
            public void getCapacity(Csi.GetCapacityRequest req, StreamObserver<Csi.GetCapacityResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("GetCapacity", req, out)) return;
                out.onNext(Csi.GetCapacityResponse.newBuilder().setAvailableCapacity(1L << 40)
                        .setMaximumVolumeSize(com.google.protobuf.Int64Value.of(1L << 36)).build());
                out.onCompleted();
            }

            @Override
            public void listSnapshots(Csi.ListSnapshotsRequest req, StreamObserver<Csi.ListSnapshotsResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("ListSnapshots", req, out)) return;
                Csi.ListSnapshotsResponse.Builder b = Csi.ListSnapshotsResponse.newBuilder();
                for (int i = 1; i <= 3; i++) {
                    b.addEntries(Csi.ListSnapshotsResponse.Entry.newBuilder().setSnapshot(Csi.Snapshot.newBuilder()
                            .setSnapshotId("snap-" + i).setSourceVolumeId("vol-1").setSizeBytes(1L << 30).setReadyToUse(true)
                            .setCreationTime(com.google.protobuf.Timestamp.newBuilder().setSeconds(1_700_000_000L + i))));
                }
                out.onNext(b.build());
                out.onCompleted();
            }

            @Override
            public void createSnapshot(Csi.CreateSnapshotRequest req, StreamObserver<Csi.CreateSnapshotResponse> out) {
                if (!controllerService) { unimplemented(out); return; }
                if (!enter("CreateSnapshot", req, out)) return;
                mutating("snap:" + req.getName(), out, () -> Csi.CreateSnapshotResponse.newBuilder().setSnapshot(Csi.Snapshot.newBuilder()
                        .setSnapshotId("snap-" + req.getName()).setSourceVolumeId(req.getSourceVolumeId()).setReadyToUse(true)).build());
            }
        };
    }

    private BindableService node() {
        return new NodeGrpc.NodeImplBase() {
            @Override
            public void nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest req, StreamObserver<Csi.NodeGetCapabilitiesResponse> out) {
                if (!nodeService) { unimplemented(out); return; }
                if (!enter("NodeGetCapabilities", req, out)) return;
                Csi.NodeGetCapabilitiesResponse.Builder b = Csi.NodeGetCapabilitiesResponse.newBuilder();
                synchronized (nodeCaps) {
                    for (Csi.NodeServiceCapability.RPC.Type t : nodeCaps) {
                        b.addCapabilities(Csi.NodeServiceCapability.newBuilder().setRpc(Csi.NodeServiceCapability.RPC.newBuilder().setType(t)));
                    }
                }
                out.onNext(b.build());
                out.onCompleted();
            }

            @Override
            public void nodeGetInfo(Csi.NodeGetInfoRequest req, StreamObserver<Csi.NodeGetInfoResponse> out) {
                if (!nodeService) { unimplemented(out); return; }
                if (!enter("NodeGetInfo", req, out)) return;
                out.onNext(Csi.NodeGetInfoResponse.newBuilder().setNodeId("node-1").setMaxVolumesPerNode(64)
                        .setAccessibleTopology(Csi.Topology.newBuilder().putSegments("topology.example.com/zone", "a")).build());
                out.onCompleted();
            }

            @Override
            public void nodeStageVolume(Csi.NodeStageVolumeRequest req, StreamObserver<Csi.NodeStageVolumeResponse> out) {
                if (!nodeService) { unimplemented(out); return; }
                if (!enter("NodeStageVolume", req, out)) return;
                mutating(req.getVolumeId(), out, Csi.NodeStageVolumeResponse::getDefaultInstance);
            }

            @Override
            public void nodeGetVolumeStats(Csi.NodeGetVolumeStatsRequest req, StreamObserver<Csi.NodeGetVolumeStatsResponse> out) {
                if (!nodeService) { unimplemented(out); return; }
                if (!enter("NodeGetVolumeStats", req, out)) return;
                out.onNext(Csi.NodeGetVolumeStatsResponse.newBuilder()
                        .addUsage(Csi.VolumeUsage.newBuilder().setUnit(Csi.VolumeUsage.Unit.BYTES).setTotal(100).setUsed(40).setAvailable(60))
                        .setVolumeCondition(Csi.VolumeCondition.newBuilder().setAbnormal(false).setMessage("ok")).build());
                out.onCompleted();
            }
        };
    }
}
