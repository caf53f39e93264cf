package org.csiconsole.core.storage.replication;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.SiteScope;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.storage.CsiStorage;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The replication sampler's figures (issue 19, "Benchmark"): with 10,000 replicated volumes on each
 * of two sites (10,000 pairs from site-a to site-b, each site served on a unix socket of its own by
 * the reference plugin in a child process), the time until both sites' first complete sample
 * (target at most 5 s) and the console process's CPU while sampling at the default interval (30 s;
 * target at most 5 % of one core). The child holds the plugin, so this process's CPU is the
 * sampling's alone: two samplers, their clients and their calls.
 *
 * <p>A driver has usually been serving for a while when a console connects, so before measuring,
 * a separate short-lived client process samples both sites twice: the plugin's code is compiled, this
 * process starts cold ({@code -Dbench.warmServer=false} measures against a cold plugin too). The
 * first sample is this cold process's; the CPU figure is the steady state, over
 * {@code -Dbench.seconds=S} (default 120: four rounds per site) after a first minute of rounds
 * (the just-in-time compiler's own work of the first rounds, printed apart).
 *
 * <p>Not a test; run with
 * {@code mvn -B -q -pl core/storage -am process-test-classes -Preplication-benchmark}.
 * {@code -Dbench.pairs=N} changes the size, {@code -Dbench.calls=true} prints per-call latency. The
 * GUI's FX-stall figure is measured apart, in the views.
 */
public final class ReplicationBenchmark {
    private ReplicationBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("serve")) {
            serve(Path.of(args[1]), Integer.parseInt(args[2]));
            return;
        }
        if (args.length > 0 && args[0].equals("warm")) {
            warm(Path.of(args[1]));
            return;
        }
        int pairs = Integer.getInteger("bench.pairs", 10_000);
        int seconds = Integer.getInteger("bench.seconds", 120);
        Path root = Path.of("target/replication-bench").toAbsolutePath();
        deleteTree(root);
        Files.createDirectories(root);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                ReplicationBenchmark.class.getName(), "serve", root.toString(), Integer.toString(pairs))
                .redirectErrorStream(true).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null && !line.equals("READY")) System.out.println("[plugin] " + line);
            if (line == null) throw new IllegalStateException("the plugin process ended before it was ready");
            if (!"false".equals(System.getProperty("bench.warmServer"))) {
                long w0 = System.nanoTime();
                Process warm = new ProcessBuilder(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                        ReplicationBenchmark.class.getName(), "warm", root.toString()).inheritIO().start();
                if (warm.waitFor() != 0) throw new IllegalStateException("the warm-up client failed");
                System.out.printf("plugin warmed by another client process: two rounds of both sites in %d ms%n",
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - w0));
            }
            measure(root, pairs, seconds);
        } finally {
            child.destroy();
            child.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** The warm-up client: samples both sites twice, as the console would, and ends. */
    private static void warm(Path root) throws Exception {
        List<AutoCloseable> open = new ArrayList<>();
        List<ScheduledReplicationSampler> samplers = samplers(root, new CallTrace(1), open);
        for (int round = 0; round < 2; round++) {
            CompletableFuture.allOf(samplers.stream().map(ScheduledReplicationSampler::sampleNow).toArray(CompletableFuture[]::new))
                    .get(10, TimeUnit.MINUTES);
        }
        samplers.forEach(ScheduledReplicationSampler::close);
        for (AutoCloseable c : open) c.close();
    }

    /** One sampler per site, each with its own CSI and csi-addons clients (added to {@code open}). */
    private static List<ScheduledReplicationSampler> samplers(Path root, CallTrace trace, List<AutoCloseable> open) {
        List<ScheduledReplicationSampler> samplers = new ArrayList<>();
        for (String site : new String[] {"site-a", "site-b"}) {
            Endpoint e = new Endpoint.Unix(root.resolve(site + ".sock"));
            CsiClient csi = CsiClient.open(e, Optional.empty(), CsiClientOptions.defaults(), trace);
            AddonsClient addons = AddonsClient.open(e, CsiClientOptions.defaults(), trace);
            open.add(csi);
            open.add(addons);
            samplers.add(ScheduledReplicationSampler.create(site, new CsiStorage(csi, true, addons).replication(site, null),
                    SamplerSettings.DEFAULT, null));
        }
        return samplers;
    }

    private static void measure(Path root, int pairs, int seconds) throws Exception {
        CallTrace trace = new CallTrace(Boolean.getBoolean("bench.calls") ? 100_000 : 1);
        List<AutoCloseable> open = new ArrayList<>();
        List<ScheduledReplicationSampler> samplers = samplers(root, trace, open);
        List<CompletableFuture<SampleRound>> first = new ArrayList<>();
        List<List<SampleRound>> rounds = new ArrayList<>();
        for (ScheduledReplicationSampler s : samplers) {
            CompletableFuture<SampleRound> f = new CompletableFuture<>();
            List<SampleRound> mine = java.util.Collections.synchronizedList(new ArrayList<>());
            rounds.add(mine);
            s.subscribe(round -> {
                mine.add(round);
                f.complete(round);
            });
            first.add(f);
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        samplers.forEach(ScheduledReplicationSampler::start);
        CompletableFuture.allOf(first.toArray(CompletableFuture[]::new)).get(10, TimeUnit.MINUTES);
        long firstMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        long firstCpuMs = TimeUnit.NANOSECONDS.toMillis(os.getProcessCpuTime() - cpu0);
        for (int i = 0; i < 2; i++) {
            SampleRound r = first.get(i).join();
            System.out.printf("%s: first round %d samples, complete=%s, %d ms%n", r.site(), r.samples().size(), r.complete(), r.took().toMillis());
        }
        if (Boolean.getBoolean("bench.calls")) {
            Map<String, long[]> by = new java.util.TreeMap<>();
            for (var e : trace.snapshot()) {
                long[] a = by.computeIfAbsent(e.method() + " " + e.status(), k -> new long[3]);
                a[0]++;
                a[1] += e.duration().toMillis();
                a[2] = Math.max(a[2], e.duration().toMillis());
            }
            by.forEach((k, a) -> System.out.printf("  %-70s %6d calls, mean %d ms, max %d ms%n", k, a[0], a[1] / a[0], a[2]));
        }
        System.out.printf("First complete sample of both sites (%,d replicated volumes each): %d ms (target <= 5000 ms), CPU %d ms%n",
                pairs, firstMs, firstCpuMs);

        long cpu1 = os.getProcessCpuTime();
        long w1 = System.nanoTime();
        new CountDownLatch(1).await(60, TimeUnit.SECONDS);
        int warmRounds = rounds.stream().mapToInt(List::size).sum() - 2;
        System.out.printf("The first minute after it (%d rounds, the compiler still at work): CPU %.0f ms = %.2f %% of one core%n",
                warmRounds, (os.getProcessCpuTime() - cpu1) / 1e6, 100.0 * (os.getProcessCpuTime() - cpu1) / (System.nanoTime() - w1));
        long cpu2 = os.getProcessCpuTime();
        long w2 = System.nanoTime();
        new CountDownLatch(1).await(seconds, TimeUnit.SECONDS);
        double cpuMs = (os.getProcessCpuTime() - cpu2) / 1e6;
        double wallMs = (System.nanoTime() - w2) / 1e6;
        int n = rounds.stream().mapToInt(List::size).sum() - 2 - warmRounds;
        System.out.printf("Sampling at the default interval (%d s), the next %d s: %d rounds, CPU %.0f ms = %.2f %% of one core (target <= 5 %%)%n",
                SamplerSettings.DEFAULT.interval().toSeconds(), seconds, n, cpuMs, 100 * cpuMs / wallMs);
        samplers.forEach(ScheduledReplicationSampler::close);
        for (AutoCloseable c : open) c.close();
    }

    /** The child: seeds {@code pairs} replicated volumes on site-a and serves site-a and site-b, one socket each. */
    private static void serve(Path root, int pairs) throws Exception {
        ReferencePlugin plugin = ReferencePlugin.builder(root.resolve("state")).seed(Seed.EMPTY).start();
        long t0 = System.nanoTime();
        for (int i = 0; i < pairs; i++) {
            var v = plugin.model().volumes().create(new VolumeSpec("pvc-bench-" + i, "site-a", null, 1L << 30, false, "ext4", List.of(),
                    List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));
            plugin.model().replications().enable(v.id(), Map.of(), 0);
        }
        System.out.printf("seeded %,d pairs in %d ms%n", pairs, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        for (String site : new String[] {"site-a", "site-b"}) {
            plugin.serve(new ReferencePlugin.Sockets(root.resolve(site + ".sock"), Optional.empty(), Optional.empty(), Optional.empty())
                    .scopedTo(SiteScope.of(site)));
        }
        Runtime.getRuntime().addShutdownHook(new Thread(plugin::close));
        System.out.println("READY");
        System.out.flush();
        new CountDownLatch(1).await();
    }

    private static void deleteTree(Path p) throws Exception {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(x);
        }
    }
}
