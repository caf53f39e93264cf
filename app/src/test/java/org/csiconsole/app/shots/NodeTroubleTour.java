package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.app.gui.connect.Troubleshooting;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.FakeRegistrar;
import org.csiconsole.views.troubleshoot.DiscoverModel;
import org.csiconsole.views.troubleshoot.TroubleshootView;

import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The Troubleshoot perspective on a broken node, in a real window at 1280x800: under a kubelet root
 * of the tour's own, a good registration of the reference plugin (whose socket listens), a
 * registration whose driver's socket is missing, and a stale socket. Discover, the broken registration
 * selected (90-*.png), the stale
 * socket probed from it (91-*), the Report page right after (92-*) and after Save report (93-*).
 * Run under Xvfb like {@link ScreenshotTour}. Arguments: the output folder.
 */
public final class NodeTroubleTour {
    private NodeTroubleTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour itself; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;
        private ReferencePlugin plugin;
        private final List<FakeRegistrar> registrars = new ArrayList<>();

        @Override
        public void start(Stage stage) throws Exception {
            Path tmp = Files.createTempDirectory(Path.of("/tmp"), "cnt");
            Path root = tmp.resolve("kubelet");
            plugin = ReferencePlugin.builder(tmp.resolve("state")).seed(Seed.EMPTY).nodeId("node-1").start();
            Path socket = Files.createDirectories(root.resolve("plugins/" + ReferencePlugin.PLUGIN_NAME)).resolve("csi.sock");
            plugin.serve(socket, Optional.empty());
            Path registry = Files.createDirectories(root.resolve("plugins_registry"));
            registrars.add(new FakeRegistrar(registry.resolve(ReferencePlugin.PLUGIN_NAME + "-reg.sock"), ReferencePlugin.PLUGIN_NAME,
                    socket.toString()));
            Path gone = root.resolve("plugins/rbd.csi.ceph.com/csi.sock");
            registrars.add(new FakeRegistrar(registry.resolve("rbd.csi.ceph.com-reg.sock"), "rbd.csi.ceph.com", gone.toString()));
            Path stale = Files.createDirectories(root.resolve("plugins/cephfs.csi.ceph.com")).resolve("csi.sock");
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
            Thread tour = new Thread(() -> run(out, root, stale, tmp.resolve("case")), "node-trouble-tour");
            tour.setDaemon(true);
            tour.start();
        }

        @Override
        public void stop() throws Exception {
            console.close();
            for (FakeRegistrar r : registrars) r.close();
            plugin.close();
        }

        @SuppressWarnings("unchecked")
        private void run(Path out, Path root, Path stale, Path caseDir) {
            try {
                AtomicReference<TroubleshootView> view = new AtomicReference<>();
                onFx(() -> view.set(Troubleshooting.show(console.workbench())));
                DiscoverModel discover = view.get().model().discover();
                for (int i = 0; i < 100 && isRunning(discover); i++) waitFrames(5);
                onFx(() -> {
                    view.get().model().rootDirProperty().set(root.toString());
                    discover.discover();
                });
                for (int i = 0; i < 200 && (isRunning(discover) || discover.reportProperty().get() == null); i++) waitFrames(5);
                waitFrames(20);
                shoot(out, "90-discover-broken-node");
                onFx(() -> {
                    TableView<DiscoveredSocket> t = (TableView<DiscoveredSocket>) view.get().node().lookup("#discover-table .table-view");
                    t.getItems().stream().filter(s -> s.path().endsWith("rbd.csi.ceph.com-reg.sock")).findFirst()
                            .ifPresent(s -> t.getSelectionModel().select(s));
                });
                shoot(out, "90b-discover-broken-registration-selected");

                onFx(() -> {
                    TableView<DiscoveredSocket> t = (TableView<DiscoveredSocket>) view.get().node().lookup("#discover-table .table-view");
                    t.getItems().stream().filter(s -> s.path().equals(stale.toString())).findFirst()
                            .ifPresent(s -> t.getSelectionModel().select(s));
                });
                onFx(() -> ((javafx.scene.control.Button) view.get().node().lookup("#discover-probe")).fire());
                for (int i = 0; i < 200 && view.get().model().probe().reportProperty().get() == null; i++) waitFrames(5);
                waitFrames(20);
                shoot(out, "91-probe-of-a-stale-socket");

                onFx(() -> ((TabPane) view.get().node().lookup("#troubleshoot-tabs")).getSelectionModel().select(3));
                waitFrames(20);
                shoot(out, "92-report-page-after-the-probe");

                onFx(() -> view.get().model().saveReport(caseDir));
                for (int i = 0; i < 200 && !view.get().model().reports().reportNameProperty().get().startsWith(caseDir.toString()); i++) {
                    waitFrames(5);
                }
                waitFrames(20);
                shoot(out, "93-report-page-after-save");
            } catch (Exception e) {
                System.err.println("Node trouble tour failed: " + e);
            } finally {
                Platform.runLater(Platform::exit);
            }
        }

        private static boolean isRunning(DiscoverModel m) throws Exception {
            AtomicReference<Boolean> r = new AtomicReference<>();
            onFx(() -> r.set(m.runningProperty().get()));
            return r.get();
        }
    }
}
