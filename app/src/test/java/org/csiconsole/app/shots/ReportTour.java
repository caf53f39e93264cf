package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.trouble.Probe;
import org.csiconsole.core.trouble.ProbeOptions;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.ProbeTarget;
import org.csiconsole.core.trouble.ReportFiles;
import org.csiconsole.core.trouble.TroubleReport;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Screenshots of a saved report opened offline ({@code --open report.json}) at 1280×800: the
 * Troubleshoot perspective's Report page, then the report's read-only connection in the usual views
 * (volumes with a row selected, plugin, snapshots, hosts and nodes) and its recorded calls
 * ({@code 70-...}). The report is made first by probing the bundled reference plugin, seeded with
 * the demo, which is then stopped. Run by {@code scripts/screenshots.sh}.
 */
public final class ReportTour {
    private ReportTour() {
    }

    public static void main(String[] args) throws Exception {
        Path report = writeReport(Files.createTempDirectory("cc-report"));
        String out = args.length == 0 ? "shots" : args[0];
        Application.launch(Tour.class, out, report.toString());
    }

    /** Probes the demo-seeded reference plugin on a unix socket under {@code dir} and writes its report there. */
    static Path writeReport(Path dir) throws Exception {
        Path socket = Files.createDirectories(dir.resolve("plugins")).resolve("csi.sock");
        try (ReferencePlugin plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.DEMO).nodeId("node-1")
                .nodePaths(NodePaths.Mode.HOST).start()) {
            plugin.serve(socket, Optional.empty());
            CallTrace calls = new CallTrace(50_000);
            ProbeReport probe = Probe.run(ProbeTarget.of(new Endpoint.Unix(socket)), ProbeOptions.defaults().withKubeletRoot(dir), calls,
                    e -> { });
            ReportFiles.write(new TroubleReport(TroubleReport.FORMAT, "0.1.0", Instant.now(), ReportFiles.environment(), probe.endpoint(),
                    null, probe, null, calls.snapshot(), null), dir.resolve("case"));
        }
        return dir.resolve("case").resolve(ReportFiles.JSON_NAME);
    }

    /** The tour; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;

        @Override
        public void start(Stage stage) throws Exception {
            Path out = Path.of(getParameters().getRaw().get(0));
            String report = getParameters().getRaw().get(1);
            Files.createDirectories(out);
            console = new Console(stage, new LaunchOptions(false, null, null, null, null, report),
                    Files.createTempDirectory("csi-console-report-shots"), Platform::runLater);
            console.show();
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1280);
            stage.setHeight(800);
            Thread tour = new Thread(() -> run(out), "report-tour");
            tour.setDaemon(true);
            tour.start();
        }

        private void run(Path out) {
            try {
                ConnectionModel report = awaitReport();
                waitFrames(30);
                shoot(out, "70-report-checks");
                int n = 71;
                for (ResourceKind kind : new ResourceKind[] {ResourceKind.VOLUMES, ResourceKind.PLUGIN, ResourceKind.SNAPSHOTS,
                        ResourceKind.HOSTS}) {
                    onFx(() -> console.workbench().navigator().select(report, kind));
                    awaitRows();
                    onFx(() -> {
                        if (console.workbench().selectedView() instanceof StorageTableView<?> v && !v.table().tableView().getItems().isEmpty()) {
                            v.table().tableView().getSelectionModel().select(0);
                        }
                    });
                    shoot(out, (n++) + "-report-" + kind.name().toLowerCase().replace('_', '-'));
                }
                onFx(() -> console.workbench().traces().showRecorded(report));
                waitFrames(30);
                shoot(out, n + "-report-recorded-calls");
            } catch (Exception e) {
                System.err.println("Report tour failed: " + e);
            } finally {
                Platform.runLater(Platform::exit);
            }
        }

        private ConnectionModel awaitReport() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                AtomicReference<ConnectionModel> found = new AtomicReference<>();
                onFx(() -> console.connections().stream()
                        .filter(c -> c.profile().kind() == ConnectionKind.REPORT && c.stateProperty().get() == ConnectionState.OFFLINE)
                        .findFirst().ifPresent(found::set));
                if (found.get() != null) return found.get();
                waitFrames(30);
            }
            throw new IllegalStateException("the report's connection did not come up within 60 s");
        }

        private void awaitRows() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline) {
                AtomicBoolean ready = new AtomicBoolean();
                onFx(() -> {
                    ResourceView v = console.workbench().selectedView();
                    ready.set(!(v instanceof StorageTableView<?> t) || !t.model().loadingProperty().get()
                            && !t.table().tableView().getItems().isEmpty());
                });
                if (ready.get()) return;
                waitFrames(10);
            }
        }
    }
}
