package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.views.replication.ReplicationRow;
import org.csiconsole.views.replication.ReplicationView;
import org.csiconsole.views.theme.Theme;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * Screenshots of the Replication perspective over the demo's seeded pairs in a real window (1280×800
 * unless {@code -Dtour.size} says otherwise): the volumes and groups, the site pairs, the force
 * confirmation of a split-brain volume, the planned-failover wizard after a dry run, the faults
 * panel, the force confirmation of a healthy secondary, the split-brain recovery wizard before and
 * after a survivor is chosen, the unplanned-failover wizard after a dry run, the rows of the split-brain
 * chip, light ({@code 50-...}) then dark ({@code 60-...}). Run by {@code scripts/screenshots.sh}.
 */
public final class ReplicationTour {
    private ReplicationTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;
        private ReplicationView view;

        @Override
        public void start(Stage stage) throws Exception {
            Path config = Files.createTempDirectory("csi-console-replication-shots");
            console = new Console(stage, new LaunchOptions(true, null, null), config, Platform::runLater);
            console.show();
            stage.setX(0);
            stage.setY(0);
            String[] size = System.getProperty("tour.size", "1280x800").split("x");
            stage.setWidth(Integer.parseInt(size[0]));
            stage.setHeight(Integer.parseInt(size[1]));
            Path out = Path.of(getParameters().getRaw().isEmpty() ? "shots" : getParameters().getRaw().get(0));
            Files.createDirectories(out);
            Thread tour = new Thread(() -> run(out), "replication-tour");
            tour.setDaemon(true);
            tour.start();
        }

        private void run(Path out) {
            try {
                onFx(() -> view = (ReplicationView) console.workbench().showPerspective("replication"));
                awaitRows();
                // Two more rounds, so the history shows a line.
                for (int i = 0; i < 2; i++) {
                    waitFrames(60);
                    onFx(() -> view.model().refresh());
                }
                waitFrames(60);
                onFx(() -> console.workbench().bottomShownProperty().set(false));
                tour(out, 50);
                onFx(() -> console.themes().themeProperty().set(Theme.DARK));
                tour(out, 60);
            } catch (Exception e) {
                System.err.println("Replication tour failed: " + e);
                e.printStackTrace();
            } finally {
                Platform.runLater(Platform::exit);
            }
        }

        private void tour(Path out, int n) throws Exception {
            onFx(() -> view.tabs().getSelectionModel().select(0));
            select(view.rowsTable().tableView(), r -> r.health() == ReplicationHealth.DEGRADED);
            waitFrames(30);
            shoot(out, n + "-replication-volumes");
            onFx(() -> view.showHistory(true));
            waitFrames(40);
            shoot(out, n + "-replication-history");
            onFx(() -> view.showHistory(false));
            onFx(() -> view.tabs().getSelectionModel().select(1));
            onFx(() -> {
                var t = view.pairsTable().tableView();
                for (int i = 0; i < t.getItems().size(); i++) {
                    if (t.getItems().get(i).mismatch() == PairMismatch.BOTH_PRIMARY) {
                        t.getSelectionModel().clearAndSelect(i);
                        t.scrollTo(Math.max(0, i - 3));
                        break;
                    }
                }
            });
            waitFrames(20);
            shoot(out, (n + 1) + "-replication-site-pairs");
            onFx(() -> view.tabs().getSelectionModel().select(0));
            select(view.rowsTable().tableView(), ReplicationRow::splitBrain);
            Platform.runLater(() -> view.model().commands().promoteForceAction().run());
            waitFrames(30);
            shoot(out, (n + 2) + "-replication-force");
            onFx(ReplicationTour::closeDialogs);
            select(view.rowsTable().tableView(), r -> r.mismatch() == PairMismatch.NONE && r.health() == ReplicationHealth.HEALTHY
                    && r.role() == org.csiconsole.core.model.VolumeReplicationRole.PRIMARY);
            Platform.runLater(() -> view.model().commands().wizardAction(WorkflowKind.PLANNED_FAILOVER).run());
            waitFrames(40);
            onFx(() -> {
                for (Window w : List.copyOf(Window.getWindows())) {
                    if (w instanceof Stage s && s.getOwner() != null) {
                        var dry = s.getScene().lookup(".dialog-pane");
                        if (dry instanceof javafx.scene.control.DialogPane p) {
                            p.getButtonTypes().stream().map(p::lookupButton)
                                    .filter(b -> b instanceof javafx.scene.control.Button x && "Dry run".equals(x.getText()))
                                    .findFirst().ifPresent(b -> ((javafx.scene.control.Button) b).fire());
                        }
                    }
                }
            });
            waitFrames(20);
            shoot(out, (n + 3) + "-replication-planned-failover");
            onFx(ReplicationTour::closeDialogs);
            waitFrames(10);
            onFx(() -> ((javafx.scene.control.ToggleButton) view.node().lookup("#repl-faults")).setSelected(true));
            waitFrames(40);
            shoot(out, (n + 4) + "-replication-faults");
            onFx(() -> ((javafx.scene.control.ToggleButton) view.node().lookup("#repl-faults")).setSelected(false));
            // Force on a healthy secondary beside a reachable primary: the split brain it creates.
            select(view.rowsTable().tableView(), r -> r.mismatch() == PairMismatch.NONE && r.health() == ReplicationHealth.HEALTHY
                    && r.role() == org.csiconsole.core.model.VolumeReplicationRole.SECONDARY);
            Platform.runLater(() -> view.model().commands().promoteForceAction().run());
            waitFrames(30);
            shoot(out, (n + 5) + "-replication-force-healthy-secondary");
            onFx(ReplicationTour::closeDialogs);
            // Split-brain recovery: no survivor, then site-a kept.
            select(view.rowsTable().tableView(), ReplicationRow::splitBrain);
            Platform.runLater(() -> view.model().commands().wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY).run());
            waitFrames(40);
            shoot(out, (n + 6) + "-replication-split-brain-no-survivor");
            onFx(() -> dialogNode("#wizard-keep-first").ifPresent(b -> ((javafx.scene.control.ToggleButton) b).fire()));
            waitFrames(30);
            shoot(out, (n + 7) + "-replication-split-brain-kept");
            onFx(ReplicationTour::closeDialogs);
            // An unplanned failover while site A answers, after a dry run.
            select(view.rowsTable().tableView(), r -> r.mismatch() == PairMismatch.NONE && r.health() == ReplicationHealth.HEALTHY
                    && r.role() == org.csiconsole.core.model.VolumeReplicationRole.PRIMARY);
            Platform.runLater(() -> view.model().commands().wizardAction(WorkflowKind.UNPLANNED_FAILOVER).run());
            waitFrames(40);
            onFx(() -> dialogButton("Dry run").ifPresent(javafx.scene.control.Button::fire));
            waitFrames(20);
            shoot(out, (n + 8) + "-replication-unplanned-failover");
            onFx(ReplicationTour::closeDialogs);
            waitFrames(10);
            // The split-brain chip clicked: only those rows.
            onFx(() -> view.showState(org.csiconsole.core.replication.ReplicationState.SPLIT_BRAIN));
            waitFrames(30);
            shoot(out, (n + 9) + "-replication-chip-split-brain");
            onFx(() -> view.showState(org.csiconsole.core.replication.ReplicationState.SPLIT_BRAIN));
        }

        private static java.util.Optional<javafx.scene.Node> dialogNode(String query) {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w instanceof Stage s && s.getOwner() != null && s.getScene().lookup(query) != null) {
                    return java.util.Optional.of(s.getScene().lookup(query));
                }
            }
            return java.util.Optional.empty();
        }

        private static java.util.Optional<javafx.scene.control.Button> dialogButton(String text) {
            return dialogNode(".dialog-pane").map(javafx.scene.control.DialogPane.class::cast).flatMap(p -> p.getButtonTypes().stream()
                    .map(p::lookupButton).filter(b -> b instanceof javafx.scene.control.Button x && text.equals(x.getText()))
                    .map(javafx.scene.control.Button.class::cast).findFirst());
        }

        private static void select(TableView<ReplicationRow> t, Predicate<ReplicationRow> which) throws InterruptedException {
            onFx(() -> {
                for (int i = 0; i < t.getItems().size(); i++) {
                    if (which.test(t.getItems().get(i))) {
                        t.getSelectionModel().clearAndSelect(i);
                        t.scrollTo(Math.max(0, i - 3));
                        return;
                    }
                }
            });
        }

        private void awaitRows() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (System.nanoTime() < deadline) {
                AtomicBoolean ready = new AtomicBoolean();
                onFx(() -> ready.set(view != null && view.model().pairs().all().size() > 0
                        && view.model().table().all().size() > 0));
                if (ready.get()) return;
                waitFrames(30);
            }
            System.err.println("No replication rows within 90 s");
        }
    }

    private static void closeDialogs() {
        for (Window w : List.copyOf(Window.getWindows())) {
            if (w instanceof Stage s && s.getOwner() != null) s.close();
        }
    }
}
