package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Screenshots of every resource view of the demo connection in a real window: each view with its
 * first row selected, in light ({@code 20-...}) then dark ({@code 30-...}), and the create-volume
 * dialog. The window is 1600×1000 unless {@code -Dtour.size=1280x800} says otherwise. Run by
 * {@code scripts/screenshots.sh} after {@link ScreenshotTour}, at both sizes.
 */
public final class ViewsTour {
    private ViewsTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;

        @Override
        public void start(Stage stage) throws Exception {
            Path config = Files.createTempDirectory("csi-console-view-shots");
            console = new Console(stage, new LaunchOptions(true, null, null), config, Platform::runLater);
            console.show();
            stage.setX(0);
            stage.setY(0);
            String[] size = System.getProperty("tour.size", "1600x1000").split("x");
            stage.setWidth(Integer.parseInt(size[0]));
            stage.setHeight(Integer.parseInt(size[1]));
            Path out = Path.of(getParameters().getRaw().isEmpty() ? "shots" : getParameters().getRaw().get(0));
            Files.createDirectories(out);
            Thread tour = new Thread(() -> run(out), "views-tour");
            tour.setDaemon(true);
            tour.start();
        }

        private void run(Path out) {
            try {
                ConnectionModel demo = awaitDemo();
                shootEveryView(demo, out, 20);
                onFx(() -> console.workbench().navigator().select(demo, ResourceKind.VOLUMES));
                awaitRows();
                Platform.runLater(() -> console.workbench().selectedView().createAction().run());
                waitFrames(20);
                shoot(out, "28-create-volume-dialog");
                onFx(ViewsTour::closeDialogs);
                onFx(() -> console.themes().themeProperty().set(Theme.DARK));
                shootEveryView(demo, out, 30);
            } catch (Exception e) {
                System.err.println("Views tour failed: " + e);
            } finally {
                Platform.runLater(Platform::exit);
            }
        }

        /** Each resource view of {@code demo} with its first row selected, numbered from {@code first}. */
        private void shootEveryView(ConnectionModel demo, Path out, int first) throws Exception {
            int n = first;
            for (ResourceKind kind : ResourceKind.values()) {
                onFx(() -> console.workbench().navigator().select(demo, kind));
                awaitRows();
                onFx(() -> {
                    if (console.workbench().selectedView() instanceof StorageTableView<?> v && !v.table().tableView().getItems().isEmpty()) {
                        v.table().tableView().getSelectionModel().select(0);
                    }
                });
                shoot(out, (n++) + "-" + kind.name().toLowerCase().replace('_', '-'));
            }
        }

        private ConnectionModel awaitDemo() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                AtomicReference<ConnectionModel> found = new AtomicReference<>();
                onFx(() -> console.connections().stream()
                        .filter(c -> c.profile().kind() == ConnectionKind.DEMO && c.storage() != null)
                        .findFirst().ifPresent(found::set));
                if (found.get() != null) return found.get();
                waitFrames(30);
            }
            throw new IllegalStateException("the demo connection did not come up within 60 s");
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

    private static void closeDialogs() {
        for (Window w : List.copyOf(Window.getWindows())) {
            if (w instanceof Stage s && s.getOwner() != null) s.close();
        }
    }
}
