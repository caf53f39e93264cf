package org.csiconsole.app.bench;

import javafx.animation.AnimationTimer;
import javafx.beans.InvalidationListener;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Scale benchmark of the volumes view (issue 5, "Threading and scale"): 100,000 volumes from the
 * reference plugin served on a real unix socket by a separate {@code csi-console serve} process,
 * streamed by the CSI client (ListVolumes pages of 1,000) into {@link VolumesViewModel} and a shown
 * {@link VolumesView} table, headless under Monocle.
 *
 * <p>Run with one command from the repository root:
 * <pre>
 *   scripts/benchmark-volumes.sh            # 100,000 volumes
 *   scripts/benchmark-volumes.sh 20000      # another count
 *   BENCH_JAVA_OPTS=-Dbench.gaps=true scripts/benchmark-volumes.sh   # also every pulse gap over 40 ms
 *   BENCH_JAVA_OPTS=-Dbench.warmUp=true scripts/benchmark-volumes.sh # the console's table warm-up first
 * </pre>
 * The first run creates the volumes with CSI CreateVolume (in process, 64 in flight) in a state
 * folder under {@code app/target/bench-state} and keeps it for later runs.
 *
 * <p>Phases. The JVM warming up, reported apart: a first load, which lays out table rows for the
 * first time in the JVM, and a refresh right after it, while the JIT compilers are still busy with
 * what the first load ran. Then an unmeasured warm-up round (each step below once). Then, with
 * the rows loaded, as in a console that has been open a while: a refresh (F5), a refresh with a
 * sort in force, scrolling (a page per frame, then jumps), sorting, filtering and two idle seconds.
 * Last, a load into an emptied table with a sort in force (pages stream in and are merged into
 * the sorted rows; not a loaded state, so outside the stall target). A load into an empty table
 * is paced by the table ({@link org.csiconsole.core.call.PageSink}): the next page is asked for
 * once the last one reached it. A refresh of a table with rows reads at the driver's pace and
 * swaps the rows once. Before each refresh one volume is deleted and one created.
 *
 * <p>It prints: the seeding and load times; sort times (name, size, back to arrival order, through
 * the table's sort policy as a column click does) and filter times (a narrow filter, a broad one,
 * cleared), each measured on the FX thread including the list change reaching the table; per
 * phase the largest gap between two FX pulses (an {@link AnimationTimer}) and the largest delay of
 * a {@code Platform.runLater} probe sent every 5 ms, with the FX thread's CPU time within the
 * largest gap (the rest of the gap is time the thread waited for a core or for the GC); and the
 * heap used after a full GC with the 100,000 rows held. Targets (with the rows loaded): sort and
 * filter ≤ 200 ms, FX stall ≤ 50 ms, heap ≤ 300 MB (the script runs with {@code -Xmx512m}).
 */
public final class VolumesScaleBenchmark {
    private static final long MIB = 1L << 20;

    /** {@code -Dbench.gaps=true}: print every pulse gap over 40 ms with the CPU used in it, and the refresh's CPU per thread. */
    private static final boolean TRACE = Boolean.getBoolean("bench.gaps");

    private VolumesScaleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0].replace("_", "").replace(",", "")) : 100_000;
        Path stateDir = Path.of(args.length > 1 ? args[1] : "app/target/bench-state").toAbsolutePath();
        Path socketDir = Files.createTempDirectory("ccb");
        Path socket = socketDir.resolve("csi.sock");

        try (ReferencePlugin plugin = ReferencePlugin.builder(stateDir).seed(Seed.EMPTY).start()) {
            seed(plugin, count);
        }
        // Seeding (or counting what is seeded) read every volume in this JVM. Collect that now, so
        // the console below starts from a heap like a console's own, not with old-generation
        // garbage that mixed collections would reclaim during its first load.
        System.gc();
        // The plugin serves from a process of its own (csi-console serve), so the heap and GC
        // figures below are the console's alone, as with a real driver.
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
                "-cp", System.getProperty("java.class.path"), "org.csiconsole.app.Main", "serve",
                "--endpoint", "unix://" + socket, "--state-dir", stateDir.toString(), "--seed", "empty")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!org.csiconsole.core.session.SocketWatcher.accepting(socket)) {
                // Waits up to 100 ms for the server to exit, which would mean it failed to start.
                if (server.waitFor(100, TimeUnit.MILLISECONDS) || System.nanoTime() > until) {
                    throw new IllegalStateException("csi-console serve did not start");
                }
            }
            System.out.printf(Locale.ROOT, "plugin: csi-console serve (pid %d) on unix://%s%n", server.pid(), socket);
            CallTrace trace = new CallTrace();
            try (CsiClient csi = CsiClient.open(new Endpoint.Unix(socket), Optional.empty(),
                    CsiClientOptions.defaults().withPageSize(1000), trace)) {
                // Connected as the console connects (Sessions): proven with GetPluginInfo and its
                // capabilities read off the UI thread before any view asks for them.
                csi.identity().pluginInfo().thenCompose(info -> csi.refreshCapabilities()).get(30, TimeUnit.SECONDS);
                run(new CsiStorage(csi, false), count, trace);
            }
        } finally {
            server.destroy();
            server.waitFor(20, TimeUnit.SECONDS);
            Files.deleteIfExists(socket);
            Files.deleteIfExists(socketDir);
        }
        System.exit(0);
    }

    /** Creates volumes bench-NNNNNN until the plugin holds {@code count}; reuses an existing state. */
    private static void seed(ReferencePlugin plugin, int count) throws Exception {
        String name = "bench-seed";
        plugin.startInProcess(name);
        try (CsiClient csi = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults(), new CallTrace())) {
            AtomicLong have = new AtomicLong();
            csi.controller().listVolumes(1000, p -> have.addAndGet(p.size())).get(10, TimeUnit.MINUTES);
            if (have.get() >= count) {
                System.out.printf(Locale.ROOT, "seed: %,d volumes already in %s%n", have.get(), plugin.stateDir());
                return;
            }
            long start = System.nanoTime();
            Semaphore inFlight = new Semaphore(64);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicInteger done = new AtomicInteger();
            VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
            for (int i = (int) have.get(); i < count && failure.get() == null; i++) {
                inFlight.acquire();
                String vol = String.format(Locale.ROOT, "bench-%06d", i);
                csi.controller().createVolume(CreateVolumeRequest.of(vol, 1L << 30, cap)).whenComplete((v, e) -> {
                    if (e != null) failure.compareAndSet(null, e);
                    if (done.incrementAndGet() % 10_000 == 0) System.out.printf(Locale.ROOT, "seed: %,d created%n", done.get());
                    inFlight.release();
                });
            }
            inFlight.acquire(64);
            if (failure.get() != null) throw new IllegalStateException("seeding failed: " + failure.get().getMessage(), failure.get());
            System.out.printf(Locale.ROOT, "seed: created %,d volumes in %.1f s (CreateVolume, in process)%n",
                    done.get(), (System.nanoTime() - start) / 1e9);
        }
    }

    private static void run(CsiStorage storage, int count, CallTrace trace) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Stall stall = new Stall();
        AtomicReference<VolumesViewModel> vmRef = new AtomicReference<>();
        AtomicReference<VolumesView> viewRef = new AtomicReference<>();
        onFx(() -> {
            TaskRunner tasks = new TaskRunner(Platform::runLater);
            ActionRunner actions = new ActionRunner(tasks, new Notifications(), new NoDialogs());
            VolumesViewModel vm = new VolumesViewModel(new ViewContext(storage, actions, Platform::runLater, "bench"));
            VolumesView view = new VolumesView(vm);
            Stage stage = new Stage();
            Scene scene = new Scene(new javafx.scene.layout.StackPane(view.node()), 1400, 900);
            new ThemeManager(Theme.LIGHT).style(scene);
            stage.setScene(scene);
            stage.show();
            vmRef.set(vm);
            viewRef.set(view);
            stall.start();
            return null;
        });
        VolumesViewModel vm = vmRef.get();
        VolumesView view = viewRef.get();
        waitFrames(30);
        if (Boolean.getBoolean("bench.warmUp")) {
            // as the console does after its first frame (Console.show)
            onFx(() -> {
                org.csiconsole.app.gui.TableWarmUp.run(new ThemeManager(Theme.LIGHT));
                return null;
            });
            waitFrames(30);
        }
        Stall.Figures shownStall = stall.take("window shown");

        onFx(() -> {
            view.activate();
            return null;
        });
        // The first load lays out table rows for the first time in this JVM (class loading, CSS,
        // interpreted code), and the refresh right after it runs while the JIT compilers are still
        // busy with what the first load ran: both are the JVM warming up, reported apart.
        double coldMs = load(vm, count);
        Stall.Figures coldStall = stall.take("first load");
        churn(storage, vm);
        double firstRefreshMs = load(vm, count);
        Stall.Figures firstRefreshStall = stall.take("refresh right after");
        int loaded = onFx(() -> vm.table().totalCount().get());

        TableView<Volume> table = view.table().tableView();
        TableColumn<Volume, ?> nameCol = column(table, "Name");
        TableColumn<Volume, ?> sizeCol = column(table, "Size");
        ResourceTableModel<Volume> model = vm.table();

        // Warm-up round: the steps below once, unmeasured, so the figures are of a console that has
        // been open a while (JIT-compiled code), not of the first call of each path.
        long warmStart = System.nanoTime();
        timed(model, () -> table.getSortOrder().setAll(nameCol));
        timed(model, () -> nameCol.setSortType(TableColumn.SortType.DESCENDING));
        timed(model, () -> table.getSortOrder().setAll(sizeCol));
        timed(model, () -> table.getSortOrder().clear());
        timed(model, () -> model.setComparator(Comparator.comparing(Volume::volumeId)));
        timed(model, () -> model.setComparator(null));
        timed(model, () -> model.filterTextProperty().set("vol-0000421"));
        timed(model, () -> model.filterTextProperty().set("vol-0000"));
        timed(model, () -> model.filterTextProperty().set(""));
        onFx(() -> {
            nameCol.setSortType(TableColumn.SortType.ASCENDING);
            return null;
        });
        timed(model, () -> { });
        scroll(table, count);
        load(vm, count);
        CPU_MS.clear();
        stall.take("warm-up round");
        double warmMs = (System.nanoTime() - warmStart) / 1e6;

        // Refresh (F5) with 100,000 rows shown: they stay until the read is complete, then the new
        // rows (the same instances where nothing changed) replace them in one change. One volume
        // near the top is deleted and one created first, so every row below it moves up one place:
        // a refresh of unchanged storage changes nothing at all, which would measure nothing.
        churn(storage, vm);
        Map<String, Long> threadsBefore = threadCpu();
        long processBefore = processCpu();
        double loadMs = load(vm, count);
        if (TRACE) printCpu(threadsBefore, processBefore);
        Stall.Figures loadStall = stall.take("refresh");
        // The same with a sort in force: the new rows are sorted in the background, then swapped in.
        timed(model, () -> table.getSortOrder().setAll(nameCol));
        stall.take("sort by name");
        churn(storage, vm);
        double sortedLoadMs = load(vm, count);
        Stall.Figures sortedLoadStall = stall.take("sorted refresh");
        timed(model, () -> table.getSortOrder().clear());
        // Scrolling: a page down per frame, then jumps across the whole table.
        double scrollMs = scroll(table, count);
        Stall.Figures scrollStall = stall.take("scroll");
        // Two seconds with nothing to do: the pulse jitter of the machine itself.
        waitFrames(120);
        Stall.Figures idle = stall.take("idle");

        double sortName = timed(model, () -> table.getSortOrder().setAll(nameCol));
        double sortNameDesc = timed(model, () -> nameCol.setSortType(TableColumn.SortType.DESCENDING));
        double sortSize = timed(model, () -> table.getSortOrder().setAll(sizeCol));
        double sortNone = timed(model, () -> table.getSortOrder().clear());
        double sortModel = timed(model, () -> model.setComparator(Comparator.comparing(Volume::volumeId)));
        Stall.Figures sortStall = stall.take("sort");

        double filterNarrow = timed(model, () -> model.filterTextProperty().set("vol-0000421"));
        int narrowShown = onFx(() -> model.shownCount().get());
        double filterBroad = timed(model, () -> model.filterTextProperty().set("vol-0000"));
        int broadShown = onFx(() -> model.shownCount().get());
        double filterTyped = timed(model, () -> model.filterTextProperty().set("vol-00012"));
        double filterClear = timed(model, () -> model.filterTextProperty().set(""));
        Stall.Figures filterStall = stall.take("filter");

        // Last, as it leaves 100,000 new rows for the GC to promote: streaming into an emptied
        // table with a sort in force (a connection opened with a sort remembered). Each paced update
        // merges the pages read since into the sorted rows (in the background).
        timed(model, () -> table.getSortOrder().setAll(nameCol));
        onFx(() -> {
            vm.table().clear();
            return null;
        });
        waitFrames(10);
        stall.take("cleared");
        double sortedStreamMs = load(vm, count);
        Stall.Figures sortedStreamStall = stall.take("sorted streaming load");
        timed(model, () -> table.getSortOrder().clear());

        for (int i = 0; i < 3; i++) System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        int held = onFx(() -> vm.table().totalCount().get());

        double worstSort = max(sortName, sortNameDesc, sortSize, sortNone, sortModel);
        double worstFilter = max(filterNarrow, filterBroad, filterTyped, filterClear);
        Stall.Figures[] loadedPhases = {loadStall, sortedLoadStall, scrollStall, sortStall, filterStall};
        double worstGap = 0;
        double worstProbe = 0;
        for (Stall.Figures f : loadedPhases) {
            worstGap = Math.max(worstGap, f.frameGapMs);
            worstProbe = Math.max(worstProbe, f.probeDelayMs);
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "volumes loaded            %,d (ListVolumes pages of 1,000 over a unix socket)%n", loaded);
        System.out.println("JVM warming up (the first table rows this JVM lays out; the JIT still compiling after it):");
        phase("  window and view shown", Double.NaN, shownStall);
        phase("  first load", coldMs, coldStall);
        phase("  refresh right after", firstRefreshMs, firstRefreshStall);
        System.out.printf(Locale.ROOT, "  warm-up round           %.0f ms (the steps below once, a scroll and a refresh; unmeasured)%n", warmMs);
        System.out.println("With the rows loaded, in a console open a while:");
        phase("  refresh (F5)", loadMs, loadStall);
        phase("  refresh, sorted by name", sortedLoadMs, sortedLoadStall);
        phase("  scroll", scrollMs, scrollStall);
        phase("  sort (5 steps below)", Double.NaN, sortStall);
        phase("  filter (4 steps below)", Double.NaN, filterStall);
        phase("  idle two seconds", Double.NaN, idle);
        phase("  load sorted, table empty", sortedStreamMs, sortedStreamStall);
        System.out.printf(Locale.ROOT, "  largest refresh gap ended %s (UTC, to match with a recording)%n",
                java.time.Instant.ofEpochMilli(loadStall.gapClockMs));
        System.out.printf(Locale.ROOT, "sort by name              %.1f ms%s%n", sortName, cpu(0));
        System.out.printf(Locale.ROOT, "sort by name, descending  %.1f ms%s%n", sortNameDesc, cpu(1));
        System.out.printf(Locale.ROOT, "sort by size              %.1f ms%s%n", sortSize, cpu(2));
        System.out.printf(Locale.ROOT, "unsorted again            %.1f ms%s%n", sortNone, cpu(3));
        System.out.printf(Locale.ROOT, "sort by volume_id (model) %.1f ms%s%n", sortModel, cpu(4));
        System.out.printf(Locale.ROOT, "filter 'vol-0000421'      %.1f ms (%,d shown)%s%n", filterNarrow, narrowShown, cpu(5));
        System.out.printf(Locale.ROOT, "filter 'vol-0000'         %.1f ms (%,d shown)%s%n", filterBroad, broadShown, cpu(6));
        System.out.printf(Locale.ROOT, "filter 'vol-00012'        %.1f ms%s%n", filterTyped, cpu(7));
        System.out.printf(Locale.ROOT, "filter cleared            %.1f ms%s%n", filterClear, cpu(8));
        System.out.printf(Locale.ROOT, "heap after GC             %d MB (%,d rows held)%n", heap / MIB, held);
        System.out.printf(Locale.ROOT, "machine                   %d cores, load average %.1f at the end%n",
                Runtime.getRuntime().availableProcessors(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.println();
        System.out.printf(Locale.ROOT, "target sort   <= 200 ms   worst %.1f ms   %s%n", worstSort, worstSort <= 200 ? "met" : "MISSED");
        System.out.printf(Locale.ROOT, "target filter <= 200 ms   worst %.1f ms   %s%n", worstFilter, worstFilter <= 200 ? "met" : "MISSED");
        System.out.printf(Locale.ROOT, "target stall  <= 50 ms    rows loaded (refresh, sorted refresh, scroll, sort, filter): worst pulse gap %.1f ms, runLater delay %.1f ms   %s%n",
                worstGap, worstProbe, Math.max(worstGap, worstProbe) <= 50 ? "met" : "MISSED");
        System.out.printf(Locale.ROOT, "                          JVM warming up (first load, refresh right after): worst pulse gap %.1f ms%n",
                Math.max(coldStall.frameGapMs, firstRefreshStall.frameGapMs));
        System.out.printf(Locale.ROOT, "target heap   <= 300 MB   %d MB   %s%n", heap / MIB, heap <= 300 * MIB ? "met" : "MISSED");
        stall.stop();
        onFx(() -> {
            view.deactivate();
            return null;
        });
    }

    /**
     * Deletes the 11th volume of the listing and creates one (so the count stays), with the CSI
     * calls a person's delete and create make; the load times do not include it.
     */
    private static void churn(CsiStorage storage, VolumesViewModel vm) throws Exception {
        String victim = onFx(() -> vm.table().all().get(10).volumeId());
        storage.deleteVolume(victim).get(30, TimeUnit.SECONDS);
        storage.createVolume(new org.csiconsole.core.port.VolumeRequest("bench-churn-" + System.nanoTime(), 1L << 30,
                java.util.List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")), null, null, null))
                .get(30, TimeUnit.SECONDS);
        waitFrames(10);
    }

    /** Reads every volume again (F5) and returns the time in ms until all {@code count} rows are held. */
    private static double load(VolumesViewModel vm, int count) throws Exception {
        long start = System.nanoTime();
        CompletableFuture<Void> held = new CompletableFuture<>();
        InvalidationListener check = o -> {
            if (!vm.loadingProperty().get() && vm.table().totalCount().get() >= count) held.complete(null);
        };
        onFx(() -> {
            vm.loadingProperty().addListener(check);
            vm.table().totalCount().addListener(check);
            vm.refresh();
            return null;
        });
        double ms;
        try {
            held.get(10, TimeUnit.MINUTES);
            ms = (System.nanoTime() - start) / 1e6;
        } finally {
            onFx(() -> {
                vm.loadingProperty().removeListener(check);
                vm.table().totalCount().removeListener(check);
                return null;
            });
        }
        waitFrames(10);
        return ms;
    }

    /** One line of figures of a phase: its time (NaN: none), largest pulse gap with the FX CPU in it, largest runLater delay. */
    private static void phase(String name, double ms, Stall.Figures f) {
        System.out.printf(Locale.ROOT, "%-26s%s max FX pulse gap %6.1f ms (FX thread CPU in it %5.1f ms), max runLater delay %6.1f ms%n",
                name, Double.isNaN(ms) ? "         " : String.format(Locale.ROOT, "%,6.0f ms", ms), f.frameGapMs, f.gapCpuMs, f.probeDelayMs);
    }

    /**
     * Scrolls as a person does, one step per frame: 60 pages down from the top, then 60 jumps to
     * positions spread over the whole table (dragging the scroll bar). Returns the time in ms.
     */
    private static double scroll(TableView<Volume> table, int count) throws Exception {
        long start = System.nanoTime();
        int page = onFx(() -> table.getHeight() > 0 ? (int) (table.getHeight() / Math.max(1, table.getFixedCellSize())) : 30);
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 120; i++) {
            int to = i < 60 ? i * page : random.nextInt(count);
            onFx(() -> {
                table.scrollTo(to);
                return null;
            });
            waitFrames(1);
        }
        onFx(() -> {
            table.scrollTo(0);
            return null;
        });
        waitFrames(5);
        return (System.nanoTime() - start) / 1e6;
    }

    /** CPU time in ns of each live thread, by name and id. */
    private static Map<String, Long> threadCpu() {
        var mx = ManagementFactory.getThreadMXBean();
        Map<String, Long> cpu = new HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) cpu.put(t.getName() + "#" + t.getId(), mx.getThreadCpuTime(t.getId()));
        return cpu;
    }

    /** This process's CPU time in ns (all threads, the JVM's own included; the clock ticks in 10 ms). */
    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Prints the threads that used more than 20 ms of CPU since {@code before}, and what the JVM itself used (GC, JIT). */
    private static void printCpu(Map<String, Long> before, long processBefore) {
        long java = 0;
        for (var e : threadCpu().entrySet()) {
            long used = e.getValue() - before.getOrDefault(e.getKey(), 0L);
            java += used;
            if (used > 20_000_000L) System.out.printf(Locale.ROOT, "  CPU of thread %-36s %.0f ms%n", e.getKey(), used / 1e6);
        }
        long process = processCpu() - processBefore;
        System.out.printf(Locale.ROOT, "  CPU of the process %.0f ms, of which JVM threads (GC, JIT) %.0f ms%n", process / 1e6, (process - java) / 1e6);
    }

    private static TableColumn<Volume, ?> column(TableView<Volume> table, String text) {
        return table.getColumns().stream().filter(c -> text.equals(c.getText())).findFirst()
                .orElseThrow(() -> new IllegalStateException("no column " + text));
    }

    private static double max(double... v) {
        double m = 0;
        for (double d : v) m = Math.max(m, d);
        return m;
    }

    /** FX-thread CPU time of each {@link #timed} step, in ms, in call order. */
    private static final java.util.List<Double> CPU_MS = new java.util.ArrayList<>();

    /**
     * Runs {@code step} on the FX thread (as a column click or a key typed in the filter box does)
     * and returns the wall-clock time in ms from its start until the table's rows reflect it (the
     * model has published the filtered, sorted list to the table, whether that was computed on the
     * FX thread or in the background). The FX thread's CPU time over that span goes to
     * {@link #CPU_MS} (on a busy machine the wall clock includes time spent waiting for a core).
     */
    private static double timed(ResourceTableModel<Volume> model, Runnable step) throws Exception {
        waitFrames(5);
        var threads = ManagementFactory.getThreadMXBean();
        CompletableFuture<double[]> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            long cpu = threads.getCurrentThreadCpuTime();
            long t = System.nanoTime();
            try {
                step.run();
            } catch (Throwable e) {
                done.completeExceptionally(e);
                return;
            }
            // Completes on the FX thread right after the rows reached the table.
            model.settled().thenRun(() -> done.complete(new double[] {
                    (System.nanoTime() - t) / 1e6, (threads.getCurrentThreadCpuTime() - cpu) / 1e6}));
        });
        double[] r = done.get(2, TimeUnit.MINUTES);
        CPU_MS.add(r[1]);
        waitFrames(5);
        return r[0];
    }

    private static String cpu(int i) {
        return String.format(Locale.ROOT, "  (FX thread CPU %.1f ms)", CPU_MS.get(i));
    }

    static <T> T onFx(Supplier<T> work) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(work.get());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f.get(2, TimeUnit.MINUTES);
    }

    static void waitFrames(int frames) throws InterruptedException {
        CountDownLatch n = new CountDownLatch(frames);
        Platform.runLater(() -> new AnimationTimer() {
            @Override
            public void handle(long now) {
                n.countDown();
                if (n.getCount() == 0) stop();
            }
        }.start());
        n.await(30, TimeUnit.SECONDS);
    }

    /**
     * Watches the FX thread two ways: the gap between consecutive pulses of an {@link AnimationTimer},
     * and how late a {@code Platform.runLater} probe posted every 5 ms runs.
     */
    static final class Stall {
        /** Largest pulse gap and runLater delay (ms), and when that gap ended (ms after the window began). */
        record Figures(double frameGapMs, double probeDelayMs, double gapAtMs, long gapClockMs, double gapCpuMs) {
        }

        private final AtomicLong since = new AtomicLong(System.nanoTime());
        private final AtomicLong gapAt = new AtomicLong();
        private final AtomicLong gapClock = new AtomicLong();
        private final AtomicLong maxGap = new AtomicLong();
        private final AtomicLong gapCpu = new AtomicLong();
        private final AtomicLong maxDelay = new AtomicLong();
        private final ScheduledExecutorService prober = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fx-probe");
            t.setDaemon(true);
            return t;
        });
        private AnimationTimer timer;

        void start() {
            timer = new AnimationTimer() {
                private long last;
                private long lastCpu;
                private long lastRendererCpu;
                private long lastProcessCpu;

                @Override
                public void handle(long now) {
                    long t = System.nanoTime();
                    long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                    if (TRACE) {
                        long rendererCpu = rendererCpu();
                        long processCpu = processCpu();
                        if (last != 0 && t - last > 40_000_000L) {
                            System.out.printf(Locale.ROOT, "  gap %.1f ms at +%.0f ms (%s): CPU of FX thread %.1f ms, renderer %.1f ms, process %.0f ms%n",
                                    (t - last) / 1e6, (t - since.get()) / 1e6, java.time.LocalTime.now(), (cpu - lastCpu) / 1e6,
                                    (rendererCpu - lastRendererCpu) / 1e6, (processCpu - lastProcessCpu) / 1e6);
                        }
                        lastRendererCpu = rendererCpu;
                        lastProcessCpu = processCpu;
                    }
                    if (last != 0 && t - last > maxGap.get()) {
                        maxGap.set(t - last);
                        gapCpu.set(cpu - lastCpu);
                        gapAt.set(t - since.get());
                        gapClock.set(System.currentTimeMillis());
                    }
                    last = t;
                    lastCpu = cpu;
                }
            };
            timer.start();
            prober.scheduleAtFixedRate(() -> {
                long sent = System.nanoTime();
                Platform.runLater(() -> maxDelay.accumulateAndGet(System.nanoTime() - sent, Math::max));
            }, 5, 5, TimeUnit.MILLISECONDS);
        }

        private long rendererId = -1;

        /** CPU time in ns of JavaFX's render thread, which draws each frame after the FX thread's pulse. */
        private long rendererCpu() {
            if (rendererId < 0) {
                for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getName().startsWith("QuantumRenderer")) rendererId = t.getId();
            }
            return rendererId < 0 ? 0 : ManagementFactory.getThreadMXBean().getThreadCpuTime(rendererId);
        }

        void reset() {
            since.set(System.nanoTime());
            gapAt.set(0);
            maxGap.set(0);
            gapCpu.set(0);
            maxDelay.set(0);
        }

        /** The figures since the last take, and starts over; the trace marks where {@code phase} ended. */
        Figures take(String phase) {
            if (TRACE) System.out.printf(Locale.ROOT, "  -- end of %s (%s)%n", phase, java.time.LocalTime.now());
            Figures f = new Figures(maxGap.get() / 1e6, maxDelay.get() / 1e6, gapAt.get() / 1e6, gapClock.get(), gapCpu.get() / 1e6);
            reset();
            return f;
        }

        void stop() {
            prober.shutdownNow();
            Platform.runLater(timer::stop);
        }
    }
}
