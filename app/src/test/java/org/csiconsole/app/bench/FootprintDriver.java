package org.csiconsole.app.bench;

import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.store.ConfigDirectory;
import org.csiconsole.views.replication.PairRow;
import org.csiconsole.views.replication.ReplicationView;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A scripted use of the workbench in demo mode, for the footprint benchmark
 * ({@code scripts/benchmark-footprint.sh}, which samples the process's RSS and heap from outside):
 * the console built as {@code ConsoleApplication} builds it (the demo, the config folder of
 * {@code XDG_CONFIG_HOME}, the audit log of {@code CSI_CONSOLE_DATA_DIR}), then every resource view
 * of the demo opened and loaded, every perspective shown, the Audit view opened, the planned-failover
 * wizard run (a dry run, then Run) on a healthy pair, {@code -Dbench.traceCalls} (default 10,000)
 * GetVolume calls sent through the demo's port (each one a trace entry; the trace is shown), and the
 * resource tabs shown again. It prints one line per step ({@code step NAME}, then {@code idle}) and
 * then stays open, idle, until the process is ended.
 */
public final class FootprintDriver {
    private FootprintDriver() {
    }

    public static void main(String[] args) {
        try {
            use();
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1); // the FX thread would keep the process running
        }
    }

    private static void use() throws Exception {
        int traceCalls = Integer.getInteger("bench.traceCalls", 10_000);
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Platform.setImplicitExit(false);
        Console console = onFx(() -> {
            Stage stage = new Stage();
            Console c = new Console(stage, LaunchOptions.DEMO, ConfigDirectory.resolve(), Platform::runLater);
            c.show();
            return c;
        });
        step("shown");
        ConnectionModel demo = onFx(() -> console.connections().get(0));
        waitFor("the demo connects", 120, () -> demo.stateProperty().get() == ConnectionState.CONNECTED
                && demo.count(ResourceKind.VOLUMES).get() > 0);
        step("connected");

        for (ResourceKind kind : ResourceKind.values()) {
            StorageTableView<?> view = onFx(() -> {
                console.workbench().navigator().select(demo, kind);
                return console.workbench().selectedView() instanceof StorageTableView<?> v ? v : null;
            });
            if (view != null) waitFor(kind + " loads", 60, () -> !view.model().loadingProperty().get());
        }
        step("resource views");

        List<String> perspectives = onFx(() -> console.workbench().perspectiveIds());
        for (String id : perspectives) {
            onFx(() -> console.workbench().showPerspective(id));
            pause(2_000);
        }
        onFx(() -> console.workbench().openAudit());
        pause(2_000);
        step("perspectives " + perspectives);

        step(wizard(console));

        onFx(() -> {
            console.workbench().showBottom(org.csiconsole.views.workbench.BottomPanel::showTrace);
            return null;
        });
        sendCalls(onFx(demo::storage), traceCalls);
        waitFor("the trace holds the calls", 120, () -> console.trace().snapshot().size() >= Math.min(traceCalls, console.trace().capacity()));
        pause(2_000);
        step("trace " + console.trace().snapshot().size() + " entries");

        onFx(() -> console.workbench().showPerspective(perspectives.get(0)));
        System.out.println("idle");
        new CountDownLatch(1).await();
    }

    /** The planned-failover wizard on a healthy pair: a dry run, then Run, then closed. Returns what was done. */
    private static String wizard(Console console) throws Exception {
        ReplicationView view = onFx(() -> (ReplicationView) console.workbench().showPerspective("replication"));
        onFx(() -> {
            view.tabs().getSelectionModel().select(1);
            return null;
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        PairRow pair = null;
        while (pair == null && System.nanoTime() < deadline) {
            onFx(() -> {
                view.model().refresh();
                return null;
            });
            pause(3_000);
            pair = onFx(() -> view.model().pairs().all().stream()
                    .filter(p -> p.mismatch() == PairMismatch.NONE && p.sideA() != null && p.sideB() != null && !p.sideA().source().group()
                            && p.sideA().role() == VolumeReplicationRole.PRIMARY && p.sideA().health() == ReplicationHealth.HEALTHY)
                    .findFirst().orElse(null));
        }
        if (pair == null) return "wizard skipped: no healthy pair within 120 s";
        PairRow chosen = pair;
        // The wizard is a modal dialog (its own event loop): opened, and its buttons pressed, from runLater, not waited for.
        Platform.runLater(() -> {
            view.model().selectedPairs().setAll(chosen);
            view.model().commands().wizardAction(WorkflowKind.PLANNED_FAILOVER).run();
        });
        waitFor("the wizard opens", 30, () -> wizardPane() != null && button("Run") != null && !button("Run").isDisabled());
        Platform.runLater(() -> button("Dry run").fire());
        waitFor("the dry run ends", 60, () -> message().endsWith("Nothing was sent."));
        Platform.runLater(() -> button("Run").fire());
        waitFor("the run ends", 120, () -> message().startsWith("Done"));
        Platform.runLater(() -> {
            DialogPane pane = wizardPane();
            pane.getButtonTypes().stream().filter(t -> t.getButtonData() == ButtonBar.ButtonData.CANCEL_CLOSE)
                    .map(pane::lookupButton).map(Button.class::cast).findFirst()
                    .ifPresentOrElse(Button::fire, () -> pane.getScene().getWindow().hide());
        });
        return "wizard " + chosen.name();
    }

    /** The wizard's dialog pane (FX thread). */
    private static DialogPane wizardPane() {
        for (Window w : Window.getWindows()) {
            if (w.getScene() != null && w.getScene().getRoot() instanceof DialogPane p && p.lookup("#wizard-steps") != null) return p;
        }
        return null;
    }

    private static Button button(String text) {
        DialogPane pane = wizardPane();
        if (pane == null) return null;
        return pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                .filter(b -> text.equals(b.getText())).findFirst().orElse(null);
    }

    private static String message() {
        DialogPane pane = wizardPane();
        return pane == null ? "" : ((Label) pane.lookup("#wizard-message")).getText();
    }

    /** {@code n} GetVolume calls through the demo's port, 16 in flight: volumes that exist and one that does not, in turn. */
    private static void sendCalls(StorageService storage, int n) throws Exception {
        List<String> ids = new ArrayList<>();
        storage.listVolumes(org.csiconsole.core.call.PageSink.<org.csiconsole.core.model.Volume>unpaced(page -> page.forEach(v -> ids.add(v.volumeId()))))
                .get(60, TimeUnit.SECONDS);
        if (ids.isEmpty()) ids.add("no-volume");
        Semaphore inFlight = new Semaphore(16);
        for (int i = 0; i < n; i++) {
            inFlight.acquire();
            String id = i % 4 == 3 ? "no-such-volume-" + i : ids.get(i % ids.size());
            storage.getVolume(id).whenComplete((v, e) -> inFlight.release());
        }
        inFlight.acquire(16);
    }

    private static void step(String what) {
        System.out.println("step " + what);
    }

    private static void pause(long ms) throws InterruptedException {
        Thread.sleep(ms);
    }

    private static void waitFor(String what, long seconds, BooleanSupplier done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!onFx(done::getAsBoolean)) {
            if (System.nanoTime() > deadline) throw new IllegalStateException(String.format(Locale.ROOT, "%s: not within %d s", what, seconds));
            pause(200);
        }
    }

    private static <T> T onFx(Supplier<T> action) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(action.get());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f.get(60, TimeUnit.SECONDS);
    }
}
