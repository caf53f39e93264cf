package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.replication.ReplicationView;
import org.csiconsole.views.training.TrainingPerspective;
import org.csiconsole.views.training.TrainingView;
import org.csiconsole.views.volumes.VolumesView;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A two-site scenario (planned failover) in the Training perspective in a real window at 1280x800 (B*-*.png): its
 * Volumes tab with the seed's volume names (B1) and its Replication tab with both arrays as sites (B2). Run under
 * Xvfb like {@link ScreenshotTour}. Arguments: the output folder.
 */
public final class TrainingSitesTour {
    private TrainingSitesTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour itself; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;

        @Override
        public void start(Stage stage) throws Exception {
            Path tmp = Files.createTempDirectory(Path.of("/tmp"), "training-sites-tour");
            console = new Console(stage, LaunchOptions.DEMO, tmp.resolve("config"), Platform::runLater);
            console.show();
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1280);
            stage.setHeight(800);
            Path out = Path.of(getParameters().getRaw().isEmpty() ? "shots" : getParameters().getRaw().get(0));
            Files.createDirectories(out);
            Thread tour = new Thread(() -> run(out), "training-sites-tour");
            tour.setDaemon(true);
            tour.start();
        }

        @Override
        public void stop() {
            console.close();
        }

        private void run(Path out) {
            try {
                AtomicReference<TrainingView> view = new AtomicReference<>();
                onFx(() -> view.set((TrainingView) console.workbench().showPerspective(TrainingPerspective.ID)));
                until(() -> view.get().model().scenarios().stream().anyMatch(s -> s.id().equals("planned-failover")));
                onFx(() -> {
                    view.get().model().selectedProperty().set(view.get().model().scenarios().stream()
                            .filter(s -> s.id().equals("planned-failover")).findFirst().orElseThrow());
                    view.get().model().start();
                });
                until(() -> view.get().model().connectionProperty().get() != null
                        && view.get().model().connectionProperty().get().stateProperty().get() == ConnectionState.CONNECTED);
                until(() -> view.get().besideViews().get(0) instanceof VolumesView v
                        && v.viewModel().table().all().stream().anyMatch(x -> "erp-db".equals(x.name())));
                waitFrames(150);
                shoot(out, "B1-training-two-sites-volumes");
                AtomicReference<ReplicationView> replication = new AtomicReference<>();
                onFx(() -> {
                    replication.set((ReplicationView) view.get().besideViews().stream().filter(v -> v instanceof ReplicationView)
                            .findFirst().orElseThrow());
                    view.get().tabs().getSelectionModel().select(view.get().tabs().getTabs().stream()
                            .filter(t -> t.getUserData() == replication.get()).findFirst().orElseThrow());
                });
                until(() -> replication.get().model().table().all().stream().map(r -> r.site().site()).distinct().count() == 2);
                waitFrames(150);
                shoot(out, "B2-training-two-sites-replication");
            } catch (Exception e) {
                System.err.println("Training sites tour failed: " + e);
                e.printStackTrace();
            } finally {
                Platform.runLater(Platform::exit);
            }
        }

        /** Waits up to 60 s for {@code condition}, read on the FX thread. */
        private static void until(Callable<Boolean> condition) throws Exception {
            for (int i = 0; i < 600; i++) {
                AtomicReference<Boolean> holds = new AtomicReference<>(false);
                onFx(() -> {
                    try {
                        holds.set(condition.call());
                    } catch (Exception e) {
                        holds.set(false);
                    }
                });
                if (holds.get()) return;
                waitFrames(5);
            }
            throw new IllegalStateException("not reached in time");
        }
    }
}
