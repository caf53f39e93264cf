package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.MenuButton;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.trace.CallTraceView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The call trace in a real window at 1280×800 (run under Xvfb by {@code scripts/screenshots.sh}):
 * the demo connection's own calls and a few tasks run against the bundled plugin (a create, a
 * publish, a read of a volume that does not exist), then the trace with a call's JSON and
 * commands, grouped by task, following the selected volume, in dark, and a saved trace opened
 * again offline (50-*.png).
 *
 * <p>Arguments: the output folder.
 */
public final class TraceTour {
    private TraceTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour itself; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;

        @Override
        public void start(Stage stage) throws Exception {
            Path config = Files.createTempDirectory("csi-console-trace-shots");
            console = new Console(stage, new LaunchOptions(true, null, null), config, Platform::runLater);
            console.show();
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1280);
            stage.setHeight(800);
            Path out = Path.of(getParameters().getRaw().isEmpty() ? "shots" : getParameters().getRaw().get(0));
            Files.createDirectories(out);
            Thread tour = new Thread(() -> run(out), "trace-tour");
            tour.setDaemon(true);
            tour.start();
        }

        private void run(Path out) {
            try {
                ConnectionModel demo = console.connections().get(0);
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (demo.storage() == null && System.nanoTime() < until) waitFrames(10);
                StorageService storage = demo.storage();
                TaskRunner tasks = console.tasks();
                CompletableFuture<?> created = new CompletableFuture<>();
                onFx(() -> tasks.submit("Create volume pvc-web", p -> storage.createVolume(new VolumeRequest("pvc-web", 10L << 30,
                        List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "xfs")), Map.of("array", "site-a"), Map.of(), null))
                        .thenCompose(v -> storage.controllerPublish(v.volumeId(), "node-1",
                                VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "xfs"), false))
                        .whenComplete((v, t) -> created.complete(null))));
                created.get(30, TimeUnit.SECONDS);
                CompletableFuture<?> missing = new CompletableFuture<>();
                onFx(() -> tasks.submit("Look up volume vol-gone", p -> storage.getVolume("vol-gone")
                        .whenComplete((v, t) -> missing.complete(null))));
                missing.get(30, TimeUnit.SECONDS);
                onFx(() -> {
                    console.workbench().setBottomDivider(0.36);
                    console.workbench().bottom().showTrace();
                });
                onFx(() -> select(e -> e.method().endsWith("/CreateVolume")));
                onFx(() -> scrollDetail(0.55));
                shoot(out, "50-trace-light");
                onFx(() -> ((javafx.scene.control.ToggleButton) trace().table().lookup("#trace-group")).setSelected(true));
                onFx(() -> select(e -> e.method().endsWith("/CreateVolume")));
                shoot(out, "51-trace-grouped-by-task");
                onFx(() -> {
                    ((javafx.scene.control.ToggleButton) trace().table().lookup("#trace-group")).setSelected(false);
                    select(e -> e.failed());
                    MenuButton copy = (MenuButton) trace().table().lookup("#trace-copy");
                    copy.show();
                });
                shoot(out, "52-trace-copy-menu");
                onFx(() -> ((MenuButton) trace().table().lookup("#trace-copy")).hide());
                onFx(() -> console.workbench().open(demo, ResourceKind.VOLUMES));
                waitFrames(60);
                onFx(() -> {
                    TableView<?> volumes = (TableView<?>) console.workbench().selectedView().node().lookup(".table-view");
                    for (int i = 0; i < volumes.getItems().size(); i++) {
                        Object row = volumes.getItems().get(i);
                        if (row instanceof org.csiconsole.core.model.Volume v && v.name().equals("pvc-web")) volumes.getSelectionModel().select(i);
                    }
                    trace().model().followSelectionProperty().set(true);
                });
                shoot(out, "53-trace-follows-selected-volume");
                onFx(() -> console.themes().themeProperty().set(Theme.DARK));
                onFx(() -> {
                    trace().model().followSelectionProperty().set(false);
                    trace().model().filter().clear();
                    select(e -> e.method().endsWith("/ControllerPublishVolume"));
                });
                onFx(() -> scrollDetail(0.5));
                shoot(out, "54-trace-dark");
                Path saved = Files.createTempFile("csi-console-trace", ".jsonl");
                CompletableFuture<?> written = new CompletableFuture<>();
                onFx(() -> trace().model().save(saved, false).outcome().whenComplete((v, t) -> written.complete(null)));
                written.get(30, TimeUnit.SECONDS);
                CompletableFuture<?> opened = new CompletableFuture<>();
                onFx(() -> console.workbench().traces().open(saved).outcome().whenComplete((v, t) -> opened.complete(null)));
                opened.get(30, TimeUnit.SECONDS);
                waitFrames(30);
                onFx(() -> {
                    if (console.workbench().selectedView() instanceof CallTraceView offline) {
                        TableView<TraceEntry> t = offline.table().tableView();
                        t.getSelectionModel().select(Math.min(3, t.getItems().size() - 1));
                    }
                });
                shoot(out, "55-trace-file-opened-offline-dark");
                onFx(() -> console.themes().themeProperty().set(Theme.LIGHT));
                shoot(out, "56-trace-file-opened-offline-light");
            } catch (Exception e) {
                System.err.println("Trace tour failed: " + e);
                e.printStackTrace();
            } finally {
                Platform.runLater(Platform::exit);
            }
        }

        /** Scrolls the trace's detail pane to {@code at} (0 top, 1 bottom), where the request and response are. */
        private void scrollDetail(double at) {
            if (trace().table().lookup("#table-detail") instanceof javafx.scene.control.ScrollPane pane) pane.setVvalue(at);
        }

        private CallTraceView trace() {
            return console.workbench().bottom().trace();
        }

        private void select(java.util.function.Predicate<TraceEntry> which) {
            TableView<TraceEntry> t = trace().table().tableView();
            for (int i = t.getItems().size() - 1; i >= 0; i--) {
                if (which.test(t.getItems().get(i))) {
                    t.getSelectionModel().clearAndSelect(i);
                    t.scrollTo(Math.max(0, i - 2));
                    return;
                }
            }
        }
    }
}
