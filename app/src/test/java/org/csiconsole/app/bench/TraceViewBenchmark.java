package org.csiconsole.app.bench;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.trace.CallTraceView;
import org.csiconsole.views.trace.CallTraceViewModel;
import org.csiconsole.views.trace.TraceFilter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Benchmark of the call trace view (issue 20, "Benchmark"): the live trace view shown in a
 * 1280×800 window, headless under Monocle, holding 10,000 calls (its default bound) while real
 * CSI calls arrive at 500 per second: the CSI client's call policy records them from the bundled
 * reference plugin (in process), a fifth of them failing (ControllerGetVolume of a volume that
 * does not exist: NOT_FOUND), a third made by tasks. Every call beyond the bound drops the oldest.
 *
 * <p>Run with one command from the repository root:
 * <pre>
 *   scripts/benchmark-trace.sh             # 10,000 calls held, 500 calls/s for 20 s
 *   scripts/benchmark-trace.sh 1000 20     # other rate and duration (calls/s, seconds)
 * </pre>
 *
 * <p>Phases: the trace is filled to its bound as fast as the client sends (64 in flight); then
 * calls arrive at the rate for the duration. For that phase it prints the largest gap between two
 * FX pulses (an AnimationTimer) and the largest delay of a {@code Platform.runLater} probe sent
 * every 5 ms, as {@link VolumesScaleBenchmark} measures them, against the target FX stall ≤ 50 ms;
 * the median and p99 pulse gap and how many were over 50 ms; the FX thread's CPU per second; the
 * longest GC pause; the calls recorded and the rows held. Then, the calls still arriving, a
 * person's steps: filter to the failures and back, group the calls by task and back, select the
 * newest call (its request and response JSON are built then, for the detail pane) and the one
 * before it; each step's time until shown and the FX thread's CPU in it.
 */
public final class TraceViewBenchmark {
    private static final double TARGET_MS = 50;

    private TraceViewBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rate = args.length > 0 ? Integer.parseInt(args[0].replace(",", "")) : 500;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int held = CallTrace.DEFAULT_CAPACITY;
        Path stateDir = Files.createTempDirectory("trace-bench");
        String name = "trace-bench-" + ProcessHandle.current().pid();
        try (ReferencePlugin plugin = ReferencePlugin.builder(stateDir).seed(Seed.DEMO).start()) {
            plugin.startInProcess(name);
            CallTrace trace = new CallTrace(held);
            try (CsiClient csi = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults(), trace)) {
                csi.identity().pluginInfo().thenCompose(i -> csi.refreshCapabilities()).get(30, TimeUnit.SECONDS);
                List<String> volumes = new ArrayList<>();
                csi.controller().listVolumes(100, page -> page.forEach(v -> {
                    synchronized (volumes) {
                        volumes.add(v.volumeId());
                    }
                })).get(30, TimeUnit.SECONDS);
                run(csi, trace, volumes.isEmpty() ? List.of("vol-none") : volumes, rate, seconds, held);
            }
        }
        System.exit(0);
    }

    private static void run(CsiClient csi, CallTrace trace, List<String> volumes, int rate, int seconds, int held) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        VolumesScaleBenchmark.Stall stall = new VolumesScaleBenchmark.Stall();
        CallTraceView view = VolumesScaleBenchmark.onFx(() -> {
            CallTraceView v = new CallTraceView(new CallTraceViewModel(trace, Platform::runLater, new NoDialogs()));
            Stage stage = new Stage();
            Scene scene = new Scene(new javafx.scene.layout.StackPane(v.node()), 1280, 800);
            new ThemeManager(Theme.LIGHT).style(scene);
            stage.setScene(scene);
            stage.show();
            v.activate();
            stall.start();
            return v;
        });
        VolumesScaleBenchmark.waitFrames(30);
        stall.take("window shown");
        Calls calls = new Calls(csi, trace, volumes);

        long fillStart = System.nanoTime();
        Semaphore inFlight = new Semaphore(64);
        while (calls.sent.get() < held) {
            for (int i = 0; i < 200; i++) {
                inFlight.acquire();
                calls.next().whenComplete((v, t) -> inFlight.release());
            }
        }
        inFlight.acquire(64);
        inFlight.release(64);
        double fillS = (System.nanoTime() - fillStart) / 1e9;
        waitForRows(view, held);
        VolumesScaleBenchmark.waitFrames(30);
        VolumesScaleBenchmark.Stall.Figures fillStall = stall.take("fill");

        TableView<TraceEntry> table = view.table().tableView();
        ToggleButton group = (ToggleButton) table.getScene().lookup("#trace-group");
        long recordedBefore = calls.sent.get();
        ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bench-sender");
            t.setDaemon(true);
            return t;
        });
        // A batch every 10 ms: the rate spread evenly, as a busy console's calls arrive.
        int perTick = Math.max(1, rate / 100);
        sender.scheduleAtFixedRate(() -> {
            for (int i = 0; i < perTick; i++) calls.next();
        }, 0, 10, TimeUnit.MILLISECONDS);
        Frames frames = VolumesScaleBenchmark.onFx(() -> {
            Frames f = new Frames();
            f.start();
            return f;
        });
        GcPauses gc = new GcPauses();
        long fxCpuStart = VolumesScaleBenchmark.onFx(() -> java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
        long phaseStart = System.nanoTime();
        long phaseEnd = phaseStart + TimeUnit.SECONDS.toNanos(seconds);
        sleepUntil(phaseEnd);
        double phaseS = (System.nanoTime() - phaseStart) / 1e9;
        double fxBusyMsPerS = (VolumesScaleBenchmark.onFx(() -> java.lang.management.ManagementFactory.getThreadMXBean()
                .getCurrentThreadCpuTime()) - fxCpuStart) / 1e6 / phaseS;
        long sentInPhase = calls.sent.get() - recordedBefore;
        VolumesScaleBenchmark.Stall.Figures phase = stall.take("calls arriving");
        List<Long> gaps = VolumesScaleBenchmark.onFx(frames::stopAndGet);
        gc.stop();

        // Then, with the calls still arriving, what a person does: each step's time until the table
        // shows its result, and the FX thread's CPU in the step itself.
        List<String> timings = new ArrayList<>();
        timings.add(timed("filter to failures", () -> view.model().filter().statusProperty().set(TraceFilter.FAILURES), view));
        timings.add(timed("every call again", () -> view.model().filter().clear(), view));
        timings.add(timed("group by task", () -> group.setSelected(true), view));
        timings.add(timed("by time again", () -> group.setSelected(false), view));
        timings.add(timed("select the newest call (its JSON built, the detail pane laid out)", () -> {
            table.getSelectionModel().clearAndSelect(table.getItems().size() - 1);
        }, view));
        timings.add(timed("select the call before it", () -> {
            table.getSelectionModel().clearAndSelect(table.getItems().size() - 2);
        }, view));
        VolumesScaleBenchmark.waitFrames(30);
        VolumesScaleBenchmark.Stall.Figures steps = stall.take("steps");
        sender.shutdown();
        sender.awaitTermination(10, TimeUnit.SECONDS);
        int rows = VolumesScaleBenchmark.onFx(() -> view.model().table().totalCount().get());
        String dropped = VolumesScaleBenchmark.onFx(() -> view.model().droppedNote().get());
        stall.stop();

        System.out.printf(Locale.ROOT, "trace view benchmark (1280x800, headless): %,d calls held, %,d calls/s for %d s%n", held, rate, seconds);
        System.out.printf(Locale.ROOT, "  fill to %,d calls: %.1f s (%,.0f calls/s), largest FX pulse gap %.1f ms%n",
                held, fillS, held / fillS, fillStall.frameGapMs());
        System.out.printf(Locale.ROOT, "  arriving: %,d calls in %.1f s (%,.0f calls/s, a fifth failing), %,d rows held; \"%s\"%n",
                sentInPhase, phaseS, sentInPhase / phaseS, rows, dropped);
        System.out.printf(Locale.ROOT, "  FX thread CPU while calls arrive: %.0f ms per second (%.0f%% of one core); load average %.1f on %d cores%n",
                fxBusyMsPerS, fxBusyMsPerS / 10, java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        long[] sorted = gaps.stream().mapToLong(Long::longValue).sorted().toArray();
        long over = gaps.stream().filter(g -> g > TARGET_MS * 1e6).count();
        System.out.printf(Locale.ROOT, "  FX pulse gaps while calls arrive: %,d frames, median %.1f ms, p99 %.1f ms, %d over %.0f ms;"
                        + " longest GC pause %.0f ms (%d pauses)%n",
                sorted.length, sorted.length == 0 ? 0 : sorted[sorted.length / 2] / 1e6,
                sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] / 1e6,
                over, TARGET_MS, gc.longestMs(), gc.count());
        double worst = Math.max(phase.frameGapMs(), phase.probeDelayMs());
        System.out.printf(Locale.ROOT, "  FX stall while calls arrive: largest pulse gap %.1f ms (FX thread CPU in it %.1f ms), "
                        + "largest runLater delay %.1f ms; target <= %.0f ms: %s%n",
                phase.frameGapMs(), phase.gapCpuMs(), phase.probeDelayMs(), TARGET_MS, worst <= TARGET_MS ? "met" : "NOT met");
        System.out.println("  then, calls still arriving:");
        for (String t : timings) System.out.println("    " + t);
        System.out.printf(Locale.ROOT, "    largest pulse gap over these steps %.1f ms (FX thread CPU in it %.1f ms)%n",
                steps.frameGapMs(), steps.gapCpuMs());
    }

    /** Every gap between two FX pulses, in ns. */
    private static final class Frames extends javafx.animation.AnimationTimer {
        private final List<Long> gaps = new ArrayList<>();
        private long last;

        @Override
        public void handle(long now) {
            long t = System.nanoTime();
            if (last != 0) gaps.add(t - last);
            last = t;
        }

        List<Long> stopAndGet() {
            super.stop();
            return gaps;
        }
    }

    /** The garbage collector's pauses, from its notifications. */
    private static final class GcPauses {
        private final java.util.concurrent.atomic.AtomicLong longest = new java.util.concurrent.atomic.AtomicLong();
        private final AtomicInteger count = new AtomicInteger();
        private final List<Runnable> removals = new ArrayList<>();

        GcPauses() {
            for (var bean : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
                if (!(bean instanceof javax.management.NotificationEmitter emitter)) continue;
                javax.management.NotificationListener l = (n, h) -> {
                    if (!com.sun.management.GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) return;
                    var info = com.sun.management.GarbageCollectionNotificationInfo.from(
                            (javax.management.openmbean.CompositeData) n.getUserData());
                    // G1's concurrent cycle runs beside the application; only pauses stop it.
                    if (info.getGcAction().contains("end of") && !info.getGcName().contains("Concurrent")) {
                        count.incrementAndGet();
                        longest.accumulateAndGet(info.getGcInfo().getDuration(), Math::max);
                    }
                };
                emitter.addNotificationListener(l, null, null);
                removals.add(() -> {
                    try {
                        emitter.removeNotificationListener(l);
                    } catch (javax.management.ListenerNotFoundException ignored) {
                        // already gone
                    }
                });
            }
        }

        void stop() {
            removals.forEach(Runnable::run);
        }

        double longestMs() {
            return longest.get();
        }

        int count() {
            return count.get();
        }
    }

    private static void waitForRows(CallTraceView view, int rows) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (VolumesScaleBenchmark.onFx(() -> view.table().tableView().getItems().size()) < rows && System.nanoTime() < until) {
            VolumesScaleBenchmark.waitFrames(5);
        }
    }

    /**
     * Runs {@code action} on the FX thread and waits until the table shows its result and the next
     * frame is laid out: that time, and the FX thread's CPU in the action itself.
     */
    private static String timed(String what, Runnable action, CallTraceView view) throws Exception {
        CompletableFuture<double[]> done = new CompletableFuture<>();
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        Platform.runLater(() -> {
            long t = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            action.run();
            double actionCpu = (threads.getCurrentThreadCpuTime() - cpu) / 1e6;
            view.model().table().settled().thenRun(() -> done.complete(new double[] {(System.nanoTime() - t) / 1e6, actionCpu}));
        });
        double[] r = done.get(1, TimeUnit.MINUTES);
        VolumesScaleBenchmark.waitFrames(20);
        return String.format(Locale.ROOT, "%s: %.1f ms until shown (FX thread CPU in the step %.1f ms)", what, r[0], r[1]);
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) TimeUnit.NANOSECONDS.sleep(wait);
    }

    /** The calls sent, in turn: plugin info, two volume reads, a volume that does not exist, a probe. */
    private static final class Calls {
        final CsiClient csi;
        final CallTrace trace;
        final List<String> volumes;
        final AtomicLong sent = new AtomicLong();
        final AtomicInteger turn = new AtomicInteger();

        Calls(CsiClient csi, CallTrace trace, List<String> volumes) {
            this.csi = csi;
            this.trace = trace;
            this.volumes = volumes;
        }

        CompletableFuture<?> next() {
            int n = turn.getAndIncrement();
            sent.incrementAndGet();
            // A third of the calls come from tasks, five calls each, as a person's actions would send them.
            CallOrigin origin = n % 15 < 5 ? new CallOrigin(1 + n / 15, "Task " + (1 + n / 15)) : CallOrigin.NONE;
            return trace.origins().within(origin, () -> switch (n % 5) {
                case 0 -> csi.identity().pluginInfo();
                case 1 -> csi.controller().getVolume(volumes.get((n + 1) % volumes.size())).exceptionally(t -> null);
                case 2 -> csi.controller().getVolume(volumes.get(n % volumes.size())).exceptionally(t -> null);
                case 3 -> csi.controller().getVolume("no-such-volume-" + n).exceptionally(t -> null);
                default -> csi.identity().probe();
            });
        }
    }
}
