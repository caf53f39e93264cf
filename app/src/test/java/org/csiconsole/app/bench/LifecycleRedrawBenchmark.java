package org.csiconsole.app.bench;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.render.Java2dDiagramExporter;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.storage.CombinedStorage;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.lifecycle.LifecycleView;
import org.csiconsole.views.lifecycle.LifecycleViewModel;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How fast the lifecycle view shows a state change: the reference plugin in process (its records
 * make the state exact), the view in a stage, and NodeStageVolume / NodeUnstageVolume clicked in
 * turn. For each call it measures, on the FX thread, from the moment the call's completion reaches
 * the view to the end of the pulse that lays out the new state, and how many pulses that took
 * (1 = the next frame). Prints p50, p95 and max, and the share drawn within one frame.
 *
 * <p>{@code mvn -B -q -pl app -am process-test-classes -Plifecycle-benchmark} (headless, Monocle);
 * {@code -Dbench.calls=N} sets the number of calls (default 200).
 */
public final class LifecycleRedrawBenchmark {
    private static final VolumeCapability EXT4 = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");

    private LifecycleRedrawBenchmark() {
    }

    /** Accepts every form as filled in (the default paths), says no to confirmations. */
    private static final class AcceptForms implements DialogService {
        @Override
        public boolean confirm(String title, String message, String actionLabel) {
            return false;
        }

        @Override
        public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
            return false;
        }

        @Override
        public void showFailure(CallFailure failure) {
            System.err.println("failure: " + failure.describe());
        }

        @Override
        public void showInformation(String title, String message) {
        }

        @Override
        public boolean showForm(Form form) {
            return form.valid().get();
        }
    }

    public static void main(String[] args) throws Exception {
        int calls = Integer.getInteger("bench.calls", 200);
        Path state = Files.createTempDirectory("lifecycle-bench");
        ReferencePlugin plugin = ReferencePlugin.builder(state).seed(Seed.EMPTY).nodePaths(NodePaths.Mode.SANDBOX).start();
        plugin.startInProcess("lifecycle-bench");
        CsiClient client = CsiClient.open(new Endpoint.InProcess("lifecycle-bench"), Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
        CombinedStorage storage = new CombinedStorage(new CsiStorage(client, true), List.of(), null, null,
                id -> CompletableFuture.supplyAsync(() -> plugin.volumeOnNodes(id)));
        Volume v = storage.createVolume(new VolumeRequest("bench", 1L << 30, List.of(EXT4), Map.of(), Map.of(), null)).get(30, TimeUnit.SECONDS);
        storage.controllerPublish(v.volumeId(), "node-1", EXT4, false).get(30, TimeUnit.SECONDS);

        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        AtomicReference<LifecycleView> view = new AtomicReference<>();
        List<Long> nanos = Collections.synchronizedList(new ArrayList<>());
        List<Integer> pulses = Collections.synchronizedList(new ArrayList<>());
        List<Long> sync = Collections.synchronizedList(new ArrayList<>());
        AtomicLong pending = new AtomicLong();
        int[] pulsesSince = {0};
        CountDownLatch shown = new CountDownLatch(1);
        Platform.runLater(() -> {
            ConnectionModel c = new ConnectionModel(ConnectionProfile.demo());
            c.storageProperty().set(storage);
            TaskRunner tasks = new TaskRunner(Platform::runLater);
            ActionRunner actions = new ActionRunner(tasks, new Notifications(), new AcceptForms());
            LifecycleView lv = new LifecycleView(new LifecycleViewModel(FXCollections.observableArrayList(c),
                    m -> new VolumesViewModel(new ViewContext(m.storage(), actions, Platform::runLater, m.name(), m.changes())),
                    actions, List::of, Clock.systemDefaultZone(), new Java2dDiagramExporter()));
            lv.setAnimate(false);
            Stage stage = new Stage();
            Scene scene = new Scene((javafx.scene.Parent) lv.node(), 1280, 800);
            new ThemeManager(Theme.LIGHT).style(scene);
            stage.setScene(scene);
            stage.show();
            lv.activate();
            // The pulse that lays out the state set after a call's completion is the one that draws it.
            lv.model().setOnStateShown(done -> {
                sync.add(System.nanoTime() - done);
                pending.set(done);
                pulsesSince[0] = 0;
            });
            scene.addPostLayoutPulseListener(() -> {
                long done = pending.get();
                if (done == 0) return;
                pulsesSince[0]++;
                nanos.add(System.nanoTime() - done);
                pulses.add(pulsesSince[0]);
                pending.set(0);
            });
            view.set(lv);
            shown.countDown();
        });
        shown.await();
        LifecycleView lv = view.get();
        await(() -> lv.model().volumes().stream().anyMatch(x -> x.volumeId().equals(v.volumeId())));
        Platform.runLater(() -> lv.model().volumeProperty().set(
                lv.model().volumes().stream().filter(x -> x.volumeId().equals(v.volumeId())).findFirst().orElseThrow()));
        for (int i = 0; i < calls; i++) {
            String next = i % 2 == 0 ? "NodeStageVolume" : "NodeUnstageVolume";
            await(() -> enabled(lv, next));
            int before = nanos.size();
            Platform.runLater(() -> lv.model().take(next));
            await(() -> nanos.size() > before);
        }
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        List<Long> syncSorted = new ArrayList<>(sync);
        Collections.sort(syncSorted);
        long withinOne = pulses.stream().filter(p -> p <= 1).count();
        System.out.printf("Lifecycle view, %d state changes (NodeStageVolume / NodeUnstageVolume against the reference plugin):%n", sorted.size());
        System.out.printf("  call completed on the FX thread -> new state laid out: p50 %.2f ms, p95 %.2f ms, max %.2f ms%n",
                ms(sorted, 0.50), ms(sorted, 0.95), sorted.get(sorted.size() - 1) / 1e6);
        System.out.printf("  of which the view's own update before the pulse: p50 %.2f ms, p95 %.2f ms%n", ms(syncSorted, 0.5), ms(syncSorted, 0.95));
        System.out.printf("  drawn in the next frame: %d of %d (%.1f %%); most pulses taken: %d%n", withinOne, pulses.size(),
                100.0 * withinOne / pulses.size(), pulses.stream().mapToInt(Integer::intValue).max().orElse(0));
        Platform.exit();
        client.close();
        plugin.close();
        System.exit(0);
    }

    private static boolean enabled(LifecycleView lv, String id) {
        var e = lv.model().edges().get(id);
        return e != null && e.enabled() && !lv.model().busyProperty().get();
    }

    private static double ms(List<Long> sorted, double q) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(q * sorted.size()))) / 1e6;
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            AtomicReference<Boolean> ok = new AtomicReference<>(false);
            CountDownLatch read = new CountDownLatch(1);
            Platform.runLater(() -> {
                ok.set(condition.getAsBoolean());
                read.countDown();
            });
            read.await();
            if (ok.get()) return;
            if (System.nanoTime() > until) throw new IllegalStateException("timed out waiting for the lifecycle view");
            Thread.sleep(5);
        }
    }
}
