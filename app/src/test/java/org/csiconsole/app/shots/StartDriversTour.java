package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.app.gui.connect.Troubleshooting;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.trouble.SocketRole;
import org.csiconsole.views.troubleshoot.DiscoverModel;
import org.csiconsole.views.troubleshoot.TroubleshootView;

import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The start page's "Drivers on this host" and an exercise playing on the lifecycle figure, in a
 * real window at 1280x800: the reference plugin serves on a socket under a kubelet root of its own,
 * beside a stale socket; the start page lists both (70-*.png); the exercise of the plugin, confirmed
 * by typing, plays its volume on the Exercise page's diagram (71-*, 72-*.png). Run under Xvfb like
 * {@link ScreenshotTour}. Arguments: the output folder.
 */
public final class StartDriversTour {
    private StartDriversTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour itself; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;
        private ReferencePlugin plugin;

        @Override
        public void start(Stage stage) throws Exception {
            Path tmp = Files.createTempDirectory(Path.of("/tmp"), "csd");
            Path root = tmp.resolve("kubelet");
            plugin = ReferencePlugin.builder(tmp.resolve("state")).seed(Seed.EMPTY).nodeId("node-1").start();
            Path socket = Files.createDirectories(root.resolve("plugins/csi.reference.example")).resolve("csi.sock");
            plugin.serve(socket, Optional.empty());
            Path stale = Files.createDirectories(root.resolve("plugins/gone.csi.example.com")).resolve("csi.sock");
            try (ServerSocketChannel s = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
                s.bind(UnixDomainSocketAddress.of(stale)); // closed: the file stays, nothing listens
            }
            console = new Console(stage, new LaunchOptions(false, null, null), tmp.resolve("config"), Platform::runLater);
            console.show();
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1280);
            stage.setHeight(800);
            Path out = Path.of(getParameters().getRaw().isEmpty() ? "shots" : getParameters().getRaw().get(0));
            Files.createDirectories(out);
            Thread tour = new Thread(() -> run(out, root), "start-drivers-tour");
            tour.setDaemon(true);
            tour.start();
        }

        @Override
        public void stop() {
            console.close();
            plugin.close();
        }

        private void run(Path out, Path root) {
            try {
                AtomicReference<TroubleshootView> view = new AtomicReference<>();
                onFx(() -> view.set(Troubleshooting.show(console.workbench())));
                DiscoverModel discover = view.get().model().discover();
                // The first discovery (of /var/lib/kubelet) ran once the window was up; look under this tour's root instead.
                for (int i = 0; i < 100 && isRunning(discover); i++) waitFrames(5);
                onFx(() -> {
                    view.get().model().rootDirProperty().set(root.toString());
                    console.workbench().openStart();
                    discover.scan();
                });
                for (int i = 0; i < 200 && (isRunning(discover) || discover.reportProperty().get() == null); i++) waitFrames(5);
                shoot(out, "80-start-drivers-on-this-host");

                String driver = discover.reportProperty().get().sockets().stream().filter(s -> s.role() == SocketRole.CSI)
                        .map(s -> s.pluginName()).findFirst().orElseThrow();
                onFx(() -> {
                    TroubleshootView v = Troubleshooting.show(console.workbench());
                    ((TabPane) v.node().lookup("#troubleshoot-tabs")).getSelectionModel().select(2);
                    v.model().endpointProperty().set(DiscoverModel.endpointOf(discover.reportProperty().get().sockets().stream()
                            .filter(s -> s.role() == SocketRole.CSI).findFirst().orElseThrow()));
                });
                // The typed confirmation is modal: answer it from here once it shows.
                Platform.runLater(() -> view.get().model().exercise().run());
                for (int i = 0; i < 100 && dialog() == null; i++) waitFrames(5);
                onFx(() -> {
                    DialogPane pane = dialog();
                    ((TextField) pane.lookup("#confirm-input")).setText(driver + "/default");
                    for (ButtonType t : pane.getButtonTypes()) {
                        if (t.getButtonData() == ButtonBar.ButtonData.OK_DONE) ((Button) pane.lookupButton(t)).fire();
                    }
                });
                waitFrames(40);
                shoot(out, "81-exercise-playing-on-the-lifecycle");
                waitFrames(600);
                shoot(out, "82-exercise-done-on-the-lifecycle");
            } catch (Exception e) {
                System.err.println("Start drivers tour failed: " + e);
            } finally {
                Platform.runLater(Platform::exit);
            }
        }

        private static boolean isRunning(DiscoverModel m) throws Exception {
            AtomicReference<Boolean> r = new AtomicReference<>();
            onFx(() -> r.set(m.runningProperty().get()));
            return r.get();
        }

        private static DialogPane dialog() {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w.getScene() != null && w.getScene().getRoot() instanceof DialogPane p) return p;
            }
            return null;
        }
    }
}
