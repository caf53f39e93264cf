package org.csiconsole.core.csi;

import com.google.protobuf.BoolValue;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Volume;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
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
 * mvn -B -q -o -pl core/client -am process-test-classes -Pclient-benchmark
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
    private static final int ROUNDS = 21;

    private ClientBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "bench");
        Path sock = dir.resolve("csi.sock");
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        EventLoopGroup worker = new MultiThreadIoEventLoopGroup(2, EpollIoHandler.newFactory());
        List<byte[]> pages = buildPages();
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
                .addService(controller(pages)).build().start();
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

    /**
     * A Controller service answering ControllerGetCapabilities (LIST_VOLUMES) and ListVolumes. The pages
     * are serialized once, up front, and sent as bytes, so the server, which shares this machine's cores
     * with the client, spends next to nothing per call and the figures are the client's.
     */
    private static ServerServiceDefinition controller(List<byte[]> pages) {
        MethodDescriptor<Csi.ListVolumesRequest, byte[]> list = ControllerGrpc.getListVolumesMethod()
                .toBuilder(ControllerGrpc.getListVolumesMethod().getRequestMarshaller(), new BytesMarshaller()).build();
        Csi.ControllerGetCapabilitiesResponse caps = Csi.ControllerGetCapabilitiesResponse.newBuilder()
                .addCapabilities(Csi.ControllerServiceCapability.newBuilder().setRpc(Csi.ControllerServiceCapability.RPC.newBuilder()
                        .setType(Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES)))
                .build();
        return ServerServiceDefinition.builder(ControllerGrpc.SERVICE_NAME)
                .addMethod(ControllerGrpc.getControllerGetCapabilitiesMethod(), ServerCalls.asyncUnaryCall((request, out) -> {
                    out.onNext(caps);
                    out.onCompleted();
                }))
                .addMethod(list, ServerCalls.asyncUnaryCall((request, out) -> {
                    int page = request.getStartingToken().isEmpty() ? 0 : Integer.parseInt(request.getStartingToken());
                    out.onNext(pages.get(page));
                    out.onCompleted();
                }))
                .build();
    }

    /** Sends pre-serialized messages as they are. */
    private static final class BytesMarshaller implements MethodDescriptor.Marshaller<byte[]> {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            throw new UnsupportedOperationException("the benchmark server only sends");
        }
    }

    private static List<byte[]> buildPages() {
        List<byte[]> pages = new ArrayList<>();
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
            pages.add(b.build().toByteArray());
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
                for (int i = 0; i < 5; i++) {
                    listFacade(client);
                    listRaw(rawController, false);
                    listRaw(rawController, true);
                }
                // Paired rounds in rotating order: each round times all three back to back, so drift in
                // the machine's load hits them alike; an overhead is the median of the per-round ratios.
                // Wall time on a shared virtual machine swings by tens of percent between identical
                // rounds (the host schedules other guests), so the overhead is also taken on the process's
                // CPU time, the work each listing costs: the server's share is the same for all three.
                Sample facade = new Sample(ROUNDS);
                Sample rawList = new Sample(ROUNDS);
                Sample rawMapped = new Sample(ROUNDS);
                for (int i = 0; i < ROUNDS; i++) {
                    for (int k = 0; k < 3; k++) {
                        System.gc(); // each listing starts from the same heap state, so collections hit all three alike
                        switch ((i + k) % 3) {
                            case 0 -> facade.time(i, () -> listFacade(client));
                            case 1 -> rawList.time(i, () -> listRaw(rawController, false));
                            default -> rawMapped.time(i, () -> listRaw(rawController, true));
                        }
                    }
                }
                MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
                System.gc();
                long before = mem.getHeapMemoryUsage().getUsed();
                List<Volume> held = new ArrayList<>(VOLUMES);
                client.controller().listVolumes(PAGE, p -> {
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
                    client.identity().probe().get();
                    rawIdentity.probe(Csi.ProbeRequest.getDefaultInstance());
                }
                long[] f = new long[n];
                long[] r = new long[n];
                for (int i = 0; i < n; i++) {
                    // alternate which goes first, so neither always follows the other
                    if (i % 2 == 0) {
                        f[i] = timeFacadeProbe(client);
                        r[i] = timeRawProbe(rawIdentity);
                    } else {
                        r[i] = timeRawProbe(rawIdentity);
                        f[i] = timeFacadeProbe(client);
                    }
                }
                Arrays.sort(f);
                Arrays.sort(r);

                System.out.println("CSI client benchmark over " + ep.text() + " (Java " + System.getProperty("java.version")
                        + ", " + Runtime.getRuntime().availableProcessors() + " CPUs)");
                System.out.printf("ListVolumes %,d volumes, pages of %,d, into records, %d rounds: wall median %.1f ms, best %.1f ms"
                                + " (target <= 500 ms); CPU median %.1f ms%n",
                        VOLUMES, PAGE, ROUNDS, facade.wallMedianMs(), facade.wallBestMs(), facade.cpuMedianMs());
                System.out.printf("  raw generated stub, same pages, no mapping: wall median %.1f ms, CPU median %.1f ms;"
                                + " facade overhead wall %+.1f %%, CPU %+.1f %%%n",
                        rawList.wallMedianMs(), rawList.cpuMedianMs(), facade.wallOverhead(rawList), facade.cpuOverhead(rawList));
                System.out.printf("  raw generated stub, same pages, mapped into the same records: wall median %.1f ms, CPU median %.1f ms;"
                                + " call-policy overhead wall %+.1f %%, CPU %+.1f %% (target <= 10 %%)%n",
                        rawMapped.wallMedianMs(), rawMapped.cpuMedianMs(), facade.wallOverhead(rawMapped), facade.cpuOverhead(rawMapped));
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

    /** Wall and process CPU time of each round of one way of listing. */
    private static final class Sample {
        private static final com.sun.management.OperatingSystemMXBean OS =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private final long[] wall;
        private final long[] cpu;

        Sample(int rounds) {
            wall = new long[rounds];
            cpu = new long[rounds];
        }

        void time(int round, java.util.concurrent.Callable<?> listing) throws Exception {
            long c0 = OS.getProcessCpuTime();
            long t0 = System.nanoTime();
            listing.call();
            wall[round] = System.nanoTime() - t0;
            cpu[round] = OS.getProcessCpuTime() - c0;
        }

        double wallMedianMs() {
            return median(wall) / 1e6;
        }

        double wallBestMs() {
            return Arrays.stream(wall).min().orElseThrow() / 1e6;
        }

        double cpuMedianMs() {
            return median(cpu) / 1e6;
        }

        /** Median over rounds of this sample's wall time against {@code base}'s in the same round, in percent. */
        double wallOverhead(Sample base) {
            return medianRatio(wall, base.wall);
        }

        double cpuOverhead(Sample base) {
            return medianRatio(cpu, base.cpu);
        }

        private static double medianRatio(long[] a, long[] b) {
            double[] r = new double[a.length];
            for (int i = 0; i < a.length; i++) r[i] = 100.0 * ((double) a[i] / b[i] - 1);
            Arrays.sort(r);
            return r[r.length / 2];
        }

        private static double median(long[] v) {
            long[] s = v.clone();
            Arrays.sort(s);
            return s[s.length / 2];
        }
    }

    private static long timeFacadeProbe(CsiClient client) throws Exception {
        long t0 = System.nanoTime();
        client.identity().probe().get();
        return System.nanoTime() - t0;
    }

    private static long timeRawProbe(IdentityGrpc.IdentityBlockingStub stub) {
        long t0 = System.nanoTime();
        stub.probe(Csi.ProbeRequest.getDefaultInstance());
        return System.nanoTime() - t0;
    }

    private static long listFacade(CsiClient client) throws Exception {
        long[] count = new long[1];
        long t0 = System.nanoTime();
        client.controller().listVolumes(PAGE, p -> count[0] += p.size()).get();
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
            count += mapped ? CsiController.volumes(r).size() : r.getEntriesCount();
            token = r.getNextToken();
        } while (!token.isEmpty());
        if (count != VOLUMES) throw new IllegalStateException("listed " + count);
        return System.nanoTime() - t0;
    }
}
