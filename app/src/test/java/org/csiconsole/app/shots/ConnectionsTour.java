package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;
import static org.csiconsole.app.shots.TourSteps.waitFrames;

import io.grpc.Server;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Side;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Dialog;
import javafx.scene.control.TreeCell;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.connection.ConnectionDialog;
import org.csiconsole.views.connection.ConnectionFormModel;
import org.csiconsole.views.connection.PasswordDialog;
import org.csiconsole.views.connection.TrustDialog;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.NavItem;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Screenshots of connections (40-*.png): several connections open at once (the demo, a driver on a
 * unix socket served by the reference plugin, a saved CSP array), the driver's socket going away
 * (reconnecting), the connection menu, the connection dialog for a CSI driver and for a CSP array,
 * the trust-on-first-use dialog and the password prompt. Run by {@code scripts/screenshots.sh}.
 */
public final class ConnectionsTour {
    private static final String SAMPLE_FINGERPRINT =
            "3A:F1:9C:07:5E:B2:44:D8:10:6A:C3:7F:29:E5:81:0B:D4:62:9A:1E:F7:53:C0:28:4B:E9:16:7D:A2:3C:85:F0";

    private ConnectionsTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
        private Console console;
        private Stage stage;
        private ReferencePlugin plugin;
        private Server server;
        private Path socket;

        @Override
        public void start(Stage stage) throws Exception {
            this.stage = stage;
            Path dir = Files.createTempDirectory("csi-");
            Path config = dir.resolve("config");
            new ProfileStore(config).put(ConnectionProfile.csp("array-a", "https://array-a.example:8080", "admin", "192.0.2.10"));
            Files.createDirectories(dir.resolve("plugins").resolve("csi.lab.example"));
            socket = dir.resolve("plugins").resolve("csi.lab.example").resolve("csi.sock");
            plugin = ReferencePlugin.builder(dir.resolve("driver-state")).seed(Seed.EMPTY).start();
            server = plugin.serve(socket, Optional.empty());
            console = new Console(stage, new LaunchOptions(true, "unix://" + socket, null), config, Platform::runLater,
                    trace -> new Sessions(Platform::runLater, trace, new Backoff(Duration.ofMillis(250), Duration.ofSeconds(2)),
                            Duration.ofMillis(200), dir.resolve("demo-state")));
            console.show();
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1600);
            stage.setHeight(1000);
            Path out = Path.of(getParameters().getRaw().isEmpty() ? "shots" : getParameters().getRaw().get(0));
            Files.createDirectories(out);
            Thread tour = new Thread(() -> run(out), "connections-tour");
            tour.setDaemon(true);
            tour.start();
        }

        @Override
        public void stop() {
            console.close();
            plugin.close();
        }

        private void run(Path out) {
            try {
                ConnectionModel endpoint = await(() -> console.connections().stream()
                        .filter(c -> c.profile().kind() == ConnectionKind.CSI && c.stateProperty().get() == ConnectionState.CONNECTED
                                && !c.pluginNameProperty().get().isEmpty()).findFirst().orElse(null));
                await(() -> console.connections().stream()
                        .filter(c -> c.profile().kind() == ConnectionKind.DEMO && c.storage() != null).findFirst().orElse(null));
                onFx(() -> selectConnection(endpoint));
                shoot(out, "40-connections");

                server.shutdownNow();
                server.awaitTermination(5, TimeUnit.SECONDS);
                Files.deleteIfExists(socket);
                await(() -> endpoint.stateProperty().get() == ConnectionState.RECONNECTING ? endpoint : null);
                shoot(out, "41-socket-gone-reconnecting");
                server = plugin.serve(socket, Optional.empty());
                await(() -> endpoint.stateProperty().get() == ConnectionState.CONNECTED ? endpoint : null);

                onFx(() -> showConnectionMenu(endpoint));
                shoot(out, "42-connection-menu");
                onFx(Tour::closeOwnedWindows);

                AtomicReference<Dialog<?>> dialog = new AtomicReference<>();
                onFx(() -> {
                    ConnectionFormModel m = new ConnectionFormModel(null, Set.of("Demo"));
                    m.nameProperty().set("lab driver");
                    m.socketPathProperty().set("/var/lib/kubelet/plugins/csi.example.com/csi.sock");
                    m.nodeSocketProperty().set("/var/lib/kubelet/plugins/csi.example.com/node.sock");
                    dialog.set(show(() -> new ConnectionDialog(m, false)));
                });
                shoot(out, "43-new-connection-csi");
                onFx(() -> dialog.get().close());
                onFx(() -> {
                    ConnectionFormModel m = new ConnectionFormModel(null, Set.of("Demo"));
                    m.kindProperty().set(ConnectionKind.CSP);
                    m.nameProperty().set("array-b");
                    m.cspUrlProperty().set("https://array-b.example:8080");
                    m.userProperty().set("admin");
                    m.arrayIpProperty().set("192.0.2.20");
                    m.cspTrustProperty().set(ConnectionFormModel.CspTrustChoice.PIN);
                    m.pinProperty().set("3A:F1:9C");
                    dialog.set(show(() -> new ConnectionDialog(m, false)));
                });
                shoot(out, "44-new-connection-csp");
                onFx(() -> dialog.get().close());
                onFx(() -> {
                    ConnectionFormModel m = new ConnectionFormModel(null, Set.of("Demo"));
                    m.withCspProperty().set(true);
                    m.nameProperty().set("hpe driver");
                    m.socketPathProperty().set("/var/lib/kubelet/plugins/csi.hpe.com/csi.sock");
                    m.cspUrlProperty().set("https://array-b.example:8080");
                    m.userProperty().set("admin");
                    m.arrayIpProperty().set("192.0.2.20");
                    dialog.set(show(() -> new ConnectionDialog(m, false)));
                });
                shoot(out, "44b-new-connection-csi-csp");
                onFx(() -> dialog.get().close());
                onFx(() -> dialog.set(show(() -> new TrustDialog("https://array-b.example:8080",
                        "CN=array-b.example, O=Storage Lab", SAMPLE_FINGERPRINT))));
                shoot(out, "45-trust-on-first-use");
                onFx(() -> dialog.get().close());
                onFx(() -> {
                    PasswordDialog d = new PasswordDialog("array-a", "admin", "https://array-a.example:8080");
                    d.input().setText("example");
                    dialog.set(show(() -> d));
                });
                shoot(out, "46-password");
                onFx(() -> dialog.get().close());
            } catch (Exception e) {
                System.err.println("Connections tour failed: " + e);
            } finally {
                Platform.runLater(Platform::exit);
            }
        }

        private void selectConnection(ConnectionModel c) {
            var tree = console.workbench().navigator().tree();
            for (var group : tree.getRoot().getChildren()) {
                for (var item : group.getChildren()) {
                    if (item.getValue() instanceof NavItem.ConnectionItem nc && nc.model() == c) {
                        tree.getSelectionModel().select(item);
                        return;
                    }
                }
            }
        }

        private void showConnectionMenu(ConnectionModel c) {
            selectConnection(c);
            for (var node : console.workbench().navigator().tree().lookupAll(".tree-cell")) {
                if (node instanceof TreeCell<?> cell && cell.getItem() instanceof NavItem.ConnectionItem nc && nc.model() == c) {
                    ContextMenu menu = cell.getContextMenu();
                    if (menu != null) menu.show(cell, Side.BOTTOM, 40, 0);
                    return;
                }
            }
        }

        private Dialog<?> show(Supplier<Dialog<?>> make) {
            FxDialogService service = new FxDialogService(() -> stage, console.themes());
            Dialog<?> d = service.prepare(make.get());
            d.show();
            return d;
        }

        private static void closeOwnedWindows() {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w instanceof ContextMenu m) m.hide();
            }
        }

        private static <T> T await(Supplier<T> probe) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                AtomicReference<T> found = new AtomicReference<>();
                onFx(() -> found.set(probe.get()));
                if (found.get() != null) return found.get();
                waitFrames(20);
            }
            throw new IllegalStateException("state not reached within 60 s");
        }
    }
}
