package org.csiconsole.core.reference;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Benchmark of the reference plugin served on a unix socket by a separate JVM (the same child as
 * the durability test), driven by 8 concurrent callers with the raw CSI stubs:
 * <ol>
 *   <li>CreateVolume+DeleteVolume pairs per second with 10,000 volumes present, every
 *       acknowledged operation committed to SQLite (WAL, synchronous=NORMAL: survives kill -9);
 *       target at least 1,000 pairs/s;</li>
 *   <li>ListVolumes of 100,000 volumes, paged by 5,000 and in one response; target at most 1 s;</li>
 *   <li>resident memory (VmRSS of the serving process, from /proc) at 100,000 volumes; target at
 *       most 400 MB.</li>
 * </ol>
 * Not part of {@code mvn verify}. Run from the repository root:
 * <pre>
 * mvn -B -q -o -pl core/reference -am process-test-classes -Preference-benchmark
 * </pre>
 * The serving JVM runs with {@code -Xmx192m -XX:+UseSerialGC}.
 */
public final class ReferenceBenchmark {
    static final long GIB = 1L << 30;
    static final int CALLERS = 8;

    private ReferenceBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("ref-bench");
        Path sock = dir.resolve("ref.sock");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-Xmx192m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), ServeMain.class.getName(), dir.resolve("state").toString(),
                sock.toString()).redirectErrorStream(true).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null && !line.equals("READY")) {
            System.out.println("server: " + line);
        }
        ExecutorService pool = Executors.newFixedThreadPool(CALLERS);
        try (SocketFixture s = new SocketFixture(sock)) {
            ControllerGrpc.ControllerBlockingStub c = ControllerGrpc.newBlockingStub(s.channel);
            long t = System.nanoTime();
            fill(pool, c, "base-", 10_000);
            System.out.printf("setup: 10,000 volumes created in %.1f s%n", (System.nanoTime() - t) / 1e9);

            int pairs = 20_000;
            AtomicInteger next = new AtomicInteger();
            t = System.nanoTime();
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < CALLERS; i++) {
                fs.add(pool.submit(() -> {
                    int n;
                    while ((n = next.getAndIncrement()) < pairs) {
                        String id = c.createVolume(CsiConformanceTest.create("pair-" + n, GIB).build()).getVolume().getVolumeId();
                        c.deleteVolume(Csi.DeleteVolumeRequest.newBuilder().setVolumeId(id).build());
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
            double secs = (System.nanoTime() - t) / 1e9;
            System.out.printf("create+delete pairs at 10,000 volumes, %d callers: %d pairs in %.2f s = %.0f pairs/s (target >= 1000)%n",
                    CALLERS, pairs, secs, pairs / secs);

            t = System.nanoTime();
            fill(pool, c, "more-", 90_000);
            System.out.printf("setup: 90,000 more volumes created in %.1f s%n", (System.nanoTime() - t) / 1e9);

            for (int round = 0; round < 8; round++) {
                t = System.nanoTime();
                int count = 0;
                String token = "";
                do {
                    var page = c.listVolumes(Csi.ListVolumesRequest.newBuilder().setMaxEntries(5000).setStartingToken(token).build());
                    count += page.getEntriesCount();
                    token = page.getNextToken();
                } while (!token.isEmpty());
                double paged = (System.nanoTime() - t) / 1e9;
                t = System.nanoTime();
                int one = c.listVolumes(Csi.ListVolumesRequest.getDefaultInstance()).getEntriesCount();
                double single = (System.nanoTime() - t) / 1e9;
                System.out.printf("ListVolumes round %d: %d volumes paged by 5,000 in %.3f s; %d in one response in %.3f s (target <= 1 s)%n",
                        round + 1, count, paged, one, single);
            }
            System.out.printf("server VmRSS at 100,000 volumes: %d MB (target <= 400 MB)%n", rssKb(child.pid()) / 1024);
        } finally {
            pool.shutdownNow();
            child.destroy();
            child.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static void fill(ExecutorService pool, ControllerGrpc.ControllerBlockingStub c, String prefix, int n)
            throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Future<?>> fs = new ArrayList<>();
        for (int i = 0; i < CALLERS; i++) {
            fs.add(pool.submit(() -> {
                int k;
                while ((k = next.getAndIncrement()) < n) {
                    c.createVolume(CsiConformanceTest.create(prefix + k, GIB).build());
                }
                return null;
            }));
        }
        for (Future<?> f : fs) {
            f.get();
        }
    }

    static long rssKb(long pid) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (l.startsWith("VmRSS:")) {
                return Long.parseLong(l.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
