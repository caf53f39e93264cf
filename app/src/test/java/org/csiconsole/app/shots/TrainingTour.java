package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.training.StepState;
import org.csiconsole.views.training.TrainingPerspective;
import org.csiconsole.views.training.TrainingView;
import org.csiconsole.views.workbench.ConnectionModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The Training perspective in a real window at 1280x800 with the bottom panel open (A0-*.png): scenario 1 started
 * beside the demo, its step pane before the first step's check holds (A1) and right after web-data is created on the
 * scenario's own connection (A2), and the step 1 hint revealed (A3). Run under Xvfb like {@link ScreenshotTour}.
 * Arguments: the output folder.
 */
public final class TrainingTour {
    private TrainingTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour itself; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;

        @Override
        public void start(Stage stage) throws Exception {
            Path tmp = Files.createTempDirectory(Path.of("/tmp"), "training-tour");
            console = new Console(stage, LaunchOptions.DEMO, tmp.resolve("config"), Platform::runLater);
            console.show();
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1280);
            stage.setHeight(800);
            Path out = Path.of(getParameters().getRaw().isEmpty() ? "shots" : getParameters().getRaw().get(0));
            Files.createDirectories(out);
            Thread tour = new Thread(() -> run(out), "training-tour");
            tour.setDaemon(true);
            tour.start();
        }

        @Override
        public void stop() {
            console.close();
        }

        private void run(Path out) {
            try {
                ConnectionModel demo = console.connections().get(0);
                until(() -> demo.stateProperty().get() == ConnectionState.CONNECTED);
                AtomicReference<TrainingView> view = new AtomicReference<>();
                onFx(() -> {
                    console.workbench().bottomShownProperty().set(true);
                    view.set((TrainingView) console.workbench().showPerspective(TrainingPerspective.ID));
                });
                until(() -> !view.get().model().scenarios().isEmpty());
                shoot(out, "A0-training-library");
                onFx(() -> {
                    view.get().model().selectedProperty().set(view.get().model().scenarios().get(0));
                    view.get().model().start();
                });
                until(() -> view.get().model().connectionProperty().get() != null
                        && view.get().model().connectionProperty().get().stateProperty().get() == ConnectionState.CONNECTED);
                waitFrames(150);
                until(() -> view.get().besideViews().get(0) instanceof org.csiconsole.views.volumes.VolumesView v
                        && !v.viewModel().table().all().isEmpty());
                waitFrames(150);
                shoot(out, "A1-training-step-pane-before");
                ConnectionModel training = view.get().model().connectionProperty().get();
                training.storage().createVolume(new VolumeRequest("web-data", 10L << 30,
                        List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")), Map.of(), Map.of(), VolumeSource.NONE)).get();
                until(() -> view.get().model().steps().get(0).state() == StepState.PASSED);
                waitFrames(150);
                shoot(out, "A2-training-step-pane-after-step-1-passed");
                onFx(() -> view.get().model().revealHint(view.get().model().steps().get(1).step().id()));
                waitFrames(150);
                shoot(out, "A3-training-hint-revealed");
            } catch (Exception e) {
                System.err.println("Training tour failed: " + e);
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
