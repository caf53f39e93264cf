package org.csiconsole.app.bench;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.trouble.Discovery;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.ProbeOptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Troubleshooting benchmark (not part of {@code mvn verify}; run with
 * {@code mvn -B -q -pl app -am process-test-classes -Ptrouble-benchmark}):
 * <ol>
 *   <li>{@code csi-console probe} of the reference plugin holding 10,000 volumes on a unix socket:
 *       the wall time from starting the command (a new JVM, as a person types it) to its report on
 *       stdout, three runs; target at most 3 s;</li>
 *   <li>discovery on a host with 50 driver sockets ({@code <root>/plugins/d-NN/csi.sock}, each a small
 *       CSI driver): the discovery itself in this JVM, warm, and the {@code csi-console discover}
 *       command from start to exit; target at most 1 s.</li>
 * </ol>
 * A command runs in a new JVM with the command-line launcher's options (installer/package.sh,
 * {@code bin/csi-console-cli}: the serial collector, a heap that starts small, the client compiler
 * alone) on this class path, without the package's class-data archive, which maps only at
 * {@code /opt/csi-console}: the packaged command starts faster than measured here. With
 * {@code CSI_CONSOLE_BENCH_CLI=/usr/bin/csi-console} in the environment the commands run that
 * launcher instead (the installed package, archive and all).
 * The first run seeds {@code app/target/trouble-bench-state} with 10,000 CreateVolume calls and keeps it.
 */
public final class TroubleBenchmark {
    private static final int VOLUMES = 10_000;
    private static final int SOCKETS = 50;

    private TroubleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path state = Path.of(args.length > 0 ? args[0] : "target/trouble-bench-state").toAbsolutePath();
        String installed = System.getenv("CSI_CONSOLE_BENCH_CLI");
        System.out.println("commands run by: " + (installed != null && !installed.isBlank() ? installed
                : "a new JVM on this class path with the command-line launcher's options (no class-data archive)"));
        Path tmp = Files.createTempDirectory(Path.of("/tmp"), "ctb");
        Path data = Files.createDirectories(tmp.resolve("data"));
        try (ReferencePlugin plugin = ReferencePlugin.builder(state).seed(Seed.EMPTY).nodeId("node-1").start()) {
            seed(plugin);
            Path socket = tmp.resolve("csi.sock");
            plugin.serve(socket, Optional.empty());
            List<Double> walls = new ArrayList<>();
            String summary = "";
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                Result r = command(data, "probe", "--endpoint", "unix://" + socket, "--root-dir", tmp.resolve("kubelet").toString());
                walls.add((System.nanoTime() - t0) / 1e9);
                summary = r.lastLine();
                if (r.exit() > 1) throw new IllegalStateException("probe exited " + r.exit() + ":\n" + r.output());
            }
            System.out.printf(Locale.ROOT, "probe, %,d volumes, command to report: %s s (target <= 3 s)%n  %s%n", VOLUMES, times(walls), summary);
        }
        Path root = tmp.resolve("kubelet");
        List<FakeCsiDriver> drivers = new ArrayList<>();
        try {
            for (int i = 0; i < SOCKETS; i++) {
                FakeCsiDriver d = new FakeCsiDriver();
                d.name = String.format(Locale.ROOT, "d-%02d.csi.example.com", i);
                drivers.add(d);
                d.startUnix(Files.createDirectories(root.resolve(String.format(Locale.ROOT, "plugins/d-%02d", i))).resolve("csi.sock"));
            }
            List<Double> engine = new ArrayList<>();
            int found = 0;
            for (int i = 0; i < 4; i++) {
                DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), new CallTrace(), e -> { });
                if (i > 0) engine.add(r.took().toNanos() / 1e9);
                found = r.sockets().size();
            }
            List<Double> walls = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                Result r = command(data, "discover", "--root-dir", root.toString());
                walls.add((System.nanoTime() - t0) / 1e9);
                if (r.exit() != 0) throw new IllegalStateException("discover exited " + r.exit() + ":\n" + r.output());
            }
            System.out.printf(Locale.ROOT, "discover, %d sockets found: discovery %s s warm in process; command start to exit %s s (target <= 1 s)%n",
                    found, times(engine), times(walls));
        } finally {
            drivers.forEach(FakeCsiDriver::close);
        }
        System.exit(0);
    }

    private record Result(int exit, String output) {
        String lastLine() {
            String[] l = output.strip().split("\n");
            return l[l.length - 1];
        }
    }

    /** Runs {@code csi-console ARGS} ({@code CSI_CONSOLE_BENCH_CLI}, else a new JVM on this class path) and waits for it. */
    private static Result command(Path data, String... args) throws IOException, InterruptedException {
        String installed = System.getenv("CSI_CONSOLE_BENCH_CLI");
        List<String> cmd = new ArrayList<>(installed != null && !installed.isBlank() ? List.of(installed)
                : List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-XX:+UseSerialGC", "-Xms16m", "-XX:TieredStopAtLevel=1", "-Dfile.encoding=UTF-8",
                        "-cp", System.getProperty("java.class.path"), "org.csiconsole.app.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("CSI_CONSOLE_DATA_DIR", data.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("csi-console " + args[0] + " did not end in 60 s");
        }
        return new Result(p.exitValue(), out);
    }

    private static String times(List<Double> s) {
        StringBuilder b = new StringBuilder();
        for (double d : s) b.append(b.length() == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.2f", d));
        return b.toString();
    }

    /** Creates volumes trouble-NNNNN until the plugin holds 10,000; reuses an existing state. */
    private static void seed(ReferencePlugin plugin) throws Exception {
        String name = "trouble-bench-seed";
        plugin.startInProcess(name);
        try (CsiClient csi = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults(), new CallTrace())) {
            AtomicLong have = new AtomicLong();
            csi.controller().listVolumes(1000, p -> have.addAndGet(p.size())).get(10, TimeUnit.MINUTES);
            if (have.get() >= VOLUMES) {
                System.out.printf(Locale.ROOT, "seed: %,d volumes already in %s%n", have.get(), plugin.stateDir());
                return;
            }
            long start = System.nanoTime();
            Semaphore inFlight = new Semaphore(64);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicInteger done = new AtomicInteger();
            VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
            for (int i = (int) have.get(); i < VOLUMES && failure.get() == null; i++) {
                inFlight.acquire();
                csi.controller().createVolume(CreateVolumeRequest.of(String.format(Locale.ROOT, "trouble-%05d", i), 1L << 30, cap))
                        .whenComplete((v, e) -> {
                            if (e != null) failure.compareAndSet(null, e);
                            done.incrementAndGet();
                            inFlight.release();
                        });
            }
            inFlight.acquire(64);
            if (failure.get() != null) throw new IllegalStateException("seeding failed: " + failure.get().getMessage(), failure.get());
            System.out.printf(Locale.ROOT, "seed: created %,d volumes in %.1f s%n", done.get(), (System.nanoTime() - start) / 1e9);
        }
    }
}
