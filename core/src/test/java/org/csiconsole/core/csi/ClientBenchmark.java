package org.csiconsole.core.csi;

import com.google.protobuf.BoolValue;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Volume;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Client figures over a real unix socket (not part of {@code mvn verify}). Run from the repository root:
 *
 * <pre>
 * mvn -B -q -o -pl core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *   -Dexec.args="-Xmx1g -cp %classpath org.csiconsole.core.csi.ClientBenchmark"
 * </pre>
 *
 * It serves 100,000 volumes from pre-built pages (so the server costs little) and prints:
 * <ul>
 *   <li>ListVolumes of 100,000 volumes in pages of 1,000 into {@link Volume} records through
 *       {@link CsiClient#listVolumes}: median and best wall time after warm-up (target ≤ 0.5 s), and the
 *       heap growth for holding them all, measured after a GC (target ≤ 150 MB);</li>
 *   <li>unary Probe latency p50 / p99 through the client (target p50 ≤ 200 µs) and through the raw
 *       generated blocking stub on the same channel, and the facade's overhead (target ≤ 10 %);</li>
 *   <li>the same comparison for the whole listing, against two baselines: the raw stub paging without
 *       reading the entries (protobuf decodes strings lazily, so this also leaves out the conversion
 *       into records), and the raw stub converting each page into the same records, whose difference
 *       to the client is the call policy alone.</li>
 * </ul>
 */
public final class ClientBenchmark {
    private static final int VOLUMES = 100_000;
    private static final int PAGE = 1_000;

    private ClientBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "bench");
        Path sock = dir.resolve("csi.sock");
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        EventLoopGroup worker = new MultiThreadIoEventLoopGroup(2, EpollIoHandler.newFactory());
        List<Csi.ListVolumesResponse> pages = buildPages();
        Server server = NettyServerBuilder.forAddress(new DomainSocketAddress(sock.toString()))
                .channelType(EpollServerDomainSocketChannel.class).bossEventLoopGroup(boss).workerEventLoopGroup(worker)
                .directExecutor()
                .addService(new IdentityGrpc.IdentityImplBase() {
                    final Csi.ProbeResponse ready = Csi.ProbeResponse.newBuilder().setReady(BoolValue.of(true)).build();

                    @Override
                    public void probe(Csi.ProbeRequest request, StreamObserver<Csi.ProbeResponse> out) {
                        out.onNext(ready);
                        out.onCompleted();
                    }

                    @Override
                    public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest request,
                                                      StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
                        out.onNext(Csi.GetPluginCapabilitiesResponse.newBuilder().addCapabilities(Csi.PluginCapability.newBuilder()
                                .setService(Csi.PluginCapability.Service.newBuilder().setType(Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE)))
                                .build());
                        out.onCompleted();
                    }
                })
                .addService(new ControllerGrpc.ControllerImplBase() {
                    @Override
                    public void controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest request,
                                                          StreamObserver<Csi.ControllerGetCapabilitiesResponse> out) {
                        out.onNext(Csi.ControllerGetCapabilitiesResponse.newBuilder().addCapabilities(Csi.ControllerServiceCapability.newBuilder()
                                .setRpc(Csi.ControllerServiceCapability.RPC.newBuilder().setType(Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES)))
                                .build());
                        out.onCompleted();
                    }

                    @Override
                    public void listVolumes(Csi.ListVolumesRequest request, StreamObserver<Csi.ListVolumesResponse> out) {
                        int page = request.getStartingToken().isEmpty() ? 0 : Integer.parseInt(request.getStartingToken());
                        out.onNext(pages.get(page));
                        out.onCompleted();
                    }
                }).build().start();
        try {
            run(sock);
        } finally {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            worker.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            Files.deleteIfExists(sock);
            Files.deleteIfExists(dir);
        }
    }

    private static List<Csi.ListVolumesResponse> buildPages() {
        List<Csi.ListVolumesResponse> pages = new ArrayList<>();
        for (int p = 0; p < VOLUMES / PAGE; p++) {
            Csi.ListVolumesResponse.Builder b = Csi.ListVolumesResponse.newBuilder();
            for (int i = 0; i < PAGE; i++) {
                int n = p * PAGE + i;
                b.addEntries(Csi.ListVolumesResponse.Entry.newBuilder()
                        .setVolume(Csi.Volume.newBuilder().setVolumeId(String.format("pvc-%08d-6f1c-4b9e", n))
                                .setCapacityBytes((1L + n % 64) << 30).putVolumeContext("pool", "pool-" + (n % 4)))
                        .setStatus(Csi.ListVolumesResponse.VolumeStatus.newBuilder().addPublishedNodeIds("node-" + (n % 16))));
            }
            if (p + 1 < VOLUMES / PAGE) b.setNextToken(String.valueOf(p + 1));
            pages.add(b.build());
        }
        return pages;
    }

    private static void run(Path sock) throws Exception {
        CallTrace trace = new CallTrace(1_000);
        Endpoint.Unix ep = new Endpoint.Unix(sock);
        try (CsiClient client = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults(), trace)) {
            Connection raw = CsiClientOptions.defaults().channels().open(ep);
            try {
                client.capabilities().get();
                IdentityGrpc.IdentityBlockingStub rawIdentity = IdentityGrpc.newBlockingStub(raw.channel());
                ControllerGrpc.ControllerBlockingStub rawController = ControllerGrpc.newBlockingStub(raw.channel());

                // --- listing
                for (int i = 0; i < 5; i++) listFacade(client);
                for (int i = 0; i < 5; i++) listRaw(rawController, false);
                for (int i = 0; i < 5; i++) listRaw(rawController, true);
                long[] facade = new long[10];
                long[] rawList = new long[10];
                long[] rawMapped = new long[10];
                for (int i = 0; i < 10; i++) {
                    facade[i] = listFacade(client);
                    rawList[i] = listRaw(rawController, false);
                    rawMapped[i] = listRaw(rawController, true);
                }
                Arrays.sort(facade);
                Arrays.sort(rawList);
                Arrays.sort(rawMapped);
                MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
                System.gc();
                long before = mem.getHeapMemoryUsage().getUsed();
                List<Volume> held = new ArrayList<>(VOLUMES);
                client.listVolumes(PAGE, p -> {
                    synchronized (held) {
                        held.addAll(p);
                    }
                }).get();
                long peakNoGc = mem.getHeapMemoryUsage().getUsed() - before;
                System.gc();
                long retained = mem.getHeapMemoryUsage().getUsed() - before;
                if (held.size() != VOLUMES) throw new IllegalStateException("listed " + held.size());

                // --- unary
                int n = 20_000;
                for (int i = 0; i < n; i++) {
                    client.probe().get();
                    rawIdentity.probe(Csi.ProbeRequest.getDefaultInstance());
                }
                long[] f = new long[n];
                long[] r = new long[n];
                for (int i = 0; i < n; i++) {
                    long t0 = System.nanoTime();
                    client.probe().get();
                    long t1 = System.nanoTime();
                    rawIdentity.probe(Csi.ProbeRequest.getDefaultInstance());
                    long t2 = System.nanoTime();
                    f[i] = t1 - t0;
                    r[i] = t2 - t1;
                }
                Arrays.sort(f);
                Arrays.sort(r);

                System.out.println("CSI client benchmark over " + ep.text() + " (Java " + System.getProperty("java.version")
                        + ", " + Runtime.getRuntime().availableProcessors() + " CPUs)");
                System.out.printf("ListVolumes %,d volumes, pages of %,d, into records: median %.1f ms, best %.1f ms (target <= 500 ms)%n",
                        VOLUMES, PAGE, facade[5] / 1e6, facade[0] / 1e6);
                System.out.printf("  raw generated stub, same pages, no mapping: median %.1f ms, best %.1f ms; facade overhead %+.1f %% (median)%n",
                        rawList[5] / 1e6, rawList[0] / 1e6, 100.0 * (facade[5] - rawList[5]) / rawList[5]);
                System.out.printf("  raw generated stub, same pages, mapped into the same records: median %.1f ms, best %.1f ms;"
                                + " call-policy overhead %+.1f %% (median, target <= 10 %%)%n",
                        rawMapped[5] / 1e6, rawMapped[0] / 1e6, 100.0 * (facade[5] - rawMapped[5]) / rawMapped[5]);
                System.out.printf("  heap growth holding all %,d records after GC: %.1f MB (target <= 150 MB); used-heap rise before GC %.1f MB%n",
                        VOLUMES, retained / 1e6, peakNoGc / 1e6);
                System.out.printf("Unary Probe via CsiClient: p50 %.0f us, p99 %.0f us (target p50 <= 200 us)%n",
                        f[n / 2] / 1e3, f[n * 99 / 100] / 1e3);
                System.out.printf("Unary Probe via raw blocking stub: p50 %.0f us, p99 %.0f us; facade overhead %+.1f %% at p50 (target <= 10 %%)%n",
                        r[n / 2] / 1e3, r[n * 99 / 100] / 1e3, 100.0 * (f[n / 2] - r[n / 2]) / r[n / 2]);
            } finally {
                raw.close();
            }
        }
    }

    private static long listFacade(CsiClient client) throws Exception {
        long[] count = new long[1];
        long t0 = System.nanoTime();
        client.listVolumes(PAGE, p -> count[0] += p.size()).get();
        long t = System.nanoTime() - t0;
        if (count[0] != VOLUMES) throw new IllegalStateException("listed " + count[0]);
        return t;
    }

    /**
     * Pages through ListVolumes with the raw blocking stub; with {@code mapped}, each page is also
     * converted into the same domain records the client returns, so the difference to the client is
     * the call policy alone (deadline, retry, trace, guard, futures).
     */
    private static long listRaw(ControllerGrpc.ControllerBlockingStub stub, boolean mapped) {
        long t0 = System.nanoTime();
        String token = "";
        long count = 0;
        do {
            Csi.ListVolumesResponse r = stub.listVolumes(Csi.ListVolumesRequest.newBuilder().setMaxEntries(PAGE).setStartingToken(token).build());
            count += mapped ? CsiClient.volumes(r).size() : r.getEntriesCount();
            token = r.getNextToken();
        } while (!token.isEmpty());
        if (count != VOLUMES) throw new IllegalStateException("listed " + count);
        return System.nanoTime() - t0;
    }
}
