package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The audit log's two figures (issue 18, "Benchmark"): the p99 latency of a durable append while 8
 * threads append at once (target at most 2 ms), and opening the log view on 100,000 entries, i.e.
 * open the file, read the first page and count (target at most 300 ms). Not a test; run with
 * {@code mvn -B -q -pl core/storage -am process-test-classes -Paudit-benchmark}. The log is written
 * under {@code target/audit-bench} (on the disk that holds the build, since fsync cost is the disk's).
 */
public final class AuditBenchmark {
    private static final int THREADS = 8;
    private static final int PER_THREAD = 1_000;
    private static final int ENTRIES = 100_000;

    private AuditBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : "target/audit-bench").toAbsolutePath();
        deleteTree(root);
        Files.createDirectories(root);
        fsyncLatency(root);
        appendLatency(root.resolve("append-full"), SqliteAuditLog.Sync.FULL);
        appendLatency(root.resolve("append-normal"), SqliteAuditLog.Sync.NORMAL);
        openOn100k(root.resolve("open"));
    }

    static AuditRecord record(int i) {
        String id = "pvc-" + String.format("%08d", i);
        return new AuditRecord(Instant.now(), new AuditOrigin("ann", "host-1", "site-" + (i % 4)), "unix:///csi/csi.sock", "grpc",
                "csi.v1.Controller/CreateVolume", Map.of("name", List.of(id), "volume_id", List.of("vol-" + i)),
                "name: \"" + id + "\"\ncapacity_range {\n  required_bytes: 1073741824\n}\nsecrets {\n  key: \"password\"\n  value: \"***\"\n}\n",
                i % 10 == 0 ? AuditOutcome.FAILED : AuditOutcome.OK, i % 10 == 0 ? "ALREADY_EXISTS" : "", "", 12, "c-" + i, 1);
    }

    /** What one sync of a small write costs on this disk: the floor of a durable append's latency. */
    private static void fsyncLatency(Path dir) throws Exception {
        long[] took = new long[1_000];
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(dir.resolve("fsync.probe"),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4096);
            for (int i = 0; i < took.length; i++) {
                b.clear();
                ch.write(b);
                long t0 = System.nanoTime();
                ch.force(false);
                took[i] = System.nanoTime() - t0;
            }
        }
        Arrays.sort(took);
        System.out.printf("disk: fsync of a 4 KiB append, p50 %.2f ms, p99 %.2f ms (the floor of a synced commit)%n", ms(took, 0.5), ms(took, 0.99));
    }

    private static void appendLatency(Path dir, SqliteAuditLog.Sync sync) throws Exception {
        try (SqliteAuditLog log = SqliteAuditLog.open(dir, sync)) {
            for (int i = 0; i < 500; i++) log.append(record(i)).join(); // warm-up
            long[][] took = new long[THREADS][PER_THREAD];
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                Thread th = new Thread(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int i = 0; i < PER_THREAD; i++) {
                        long t0 = System.nanoTime();
                        log.append(record(thread * PER_THREAD + i)).join();
                        took[thread][i] = System.nanoTime() - t0;
                    }
                });
                th.start();
                threads.add(th);
            }
            long wall0 = System.nanoTime();
            start.countDown();
            for (Thread th : threads) th.join();
            double wallS = (System.nanoTime() - wall0) / 1e9;
            long[] all = Arrays.stream(took).flatMapToLong(Arrays::stream).sorted().toArray();
            System.out.printf("audit append, %d threads x %d appends (WAL, synchronous=%s): p50 %.2f ms, p99 %.2f ms, max %.2f ms, %.0f appends/s (target p99 <= 2 ms)%n",
                    THREADS, PER_THREAD, sync, ms(all, 0.50), ms(all, 0.99), all[all.length - 1] / 1e6, all.length / wallS);
            if (!log.verify().intact()) throw new IllegalStateException("the chain broke under load");
        }
    }

    private static void openOn100k(Path dir) throws Exception {
        try (SqliteAuditLog log = SqliteAuditLog.open(dir)) {
            List<CompletableFuture<Void>> pending = new ArrayList<>(ENTRIES);
            for (int i = 0; i < ENTRIES; i++) pending.add(log.append(record(i)));
            CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(10, TimeUnit.MINUTES);
        }
        long[] runs = new long[7];
        for (int r = 0; r < runs.length; r++) {
            long t0 = System.nanoTime();
            try (SqliteAuditLog log = SqliteAuditLog.open(dir)) {
                int page = log.find(AuditQuery.FIRST_PAGE).size();
                long count = log.count(AuditQuery.FIRST_PAGE);
                runs[r] = System.nanoTime() - t0;
                if (page != 100 || count != ENTRIES) throw new IllegalStateException("read " + page + " of " + count);
            }
        }
        long first = runs[0];
        Arrays.sort(runs);
        long t0 = System.nanoTime();
        long filtered;
        try (SqliteAuditLog log = SqliteAuditLog.open(dir)) {
            log.find(AuditQuery.FIRST_PAGE.withTargetId("vol-99999"));
            filtered = log.count(AuditQuery.FIRST_PAGE.withTargetId("vol-99999"));
        }
        long filterNs = System.nanoTime() - t0;
        System.out.printf("audit view open on %,d entries (open + first page of 100 + count): first %.1f ms, median of %d %.1f ms (target <= 300 ms); "
                + "filtered by a volume id: %.1f ms (%d match)%n", ENTRIES, first / 1e6, runs.length, runs[runs.length / 2] / 1e6, filterNs / 1e6, filtered);
    }

    private static double ms(long[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] / 1e6;
    }

    private static void deleteTree(Path p) throws Exception {
        if (!Files.exists(p)) return;
        try (var walk = Files.walk(p)) {
            for (Path x : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(x);
        }
    }
}
