package org.csiconsole.views.troubleshoot;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.SocketRole;
import org.csiconsole.core.trouble.SocketState;
import org.csiconsole.core.trouble.TroubleEvent;
import org.csiconsole.core.trouble.TroubleshootPort;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.table.ResourceTableModel;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.BiConsumer;

/** The Discover page: the sockets found on this node, and connecting to a driver among them in one click. */
public final class DiscoverModel {
    private final TroubleshootPort port;
    private final ActionRunner actions;
    private final Executor ui;
    private final StringProperty rootDir;
    private final BiConsumer<String, String> connect;
    private final StringProperty paths = new SimpleStringProperty(this, "paths", "");
    private final ResourceTableModel<DiscoveredSocket> sockets;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");

    DiscoverModel(TroubleshootPort port, ActionRunner actions, Executor ui, StringProperty rootDir, BiConsumer<String, String> connect) {
        this.port = port;
        this.actions = actions;
        this.ui = ui;
        this.rootDir = rootDir;
        this.connect = connect;
        this.sockets = new ResourceTableModel<DiscoveredSocket>(TroubleRows::searchText, ForkJoinPool.commonPool(), ui,
                ResourceTableModel.DEFAULT_SYNC_LIMIT).keyedBy(DiscoveredSocket::path);
    }

    /** More places to look, separated by spaces or commas. */
    public StringProperty pathsProperty() {
        return paths;
    }

    public ResourceTableModel<DiscoveredSocket> sockets() {
        return sockets;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** What the last discovery found, in words. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Looks again; each socket shows as soon as it is done. */
    public void discover() {
        if (running.get()) return;
        Path root = TroubleshootViewModel.rootPath(rootDir);
        List<Path> extra = Arrays.stream(paths.get() == null ? new String[0] : paths.get().split("[,\\s]+"))
                .filter(s -> !s.isBlank()).map(Path::of).toList();
        running.set(true);
        sockets.clear();
        status.set("Looking for sockets under " + root + "\u2026");
        actions.run("Discover drivers under " + root, p -> port.discover(root, extra, ev -> {
            if (ev instanceof TroubleEvent.SocketFound f) ui.execute(() -> sockets.append(List.of(f.socket())));
        }), r -> summary(r)).outcome().whenComplete((r, t) -> {
            running.set(false);
            if (r != null) {
                sockets.replaceAll(r.sockets());
                status.set(summary(r));
            } else {
                status.set("Discovery did not finish.");
            }
        });
    }

    static String summary(DiscoveryReport r) {
        long drivers = r.sockets().stream().filter(s -> s.role() == SocketRole.CSI).count();
        long stale = r.sockets().stream().filter(s -> s.state() == SocketState.STALE).count();
        return r.sockets().size() + " socket(s): " + drivers + " CSI driver(s)" + (stale == 0 ? "" : ", " + stale + " stale")
                + " (" + r.took().toMillis() + " ms)";
    }

    /** Empty when {@code s} can be connected to in one click, else why not. */
    public Optional<String> whyNotConnect(DiscoveredSocket s) {
        if (s == null) return Optional.of("Select a driver socket");
        if (s.state() != SocketState.LISTENING) return Optional.of(s.path() + " is " + s.state().name().toLowerCase() + ": " + s.problem());
        if (s.role() == SocketRole.REGISTRATION && s.registration() != null && s.registration().endpoint().startsWith("/")) {
            return Optional.empty();
        }
        if (s.role() != SocketRole.CSI) return Optional.of(s.path() + " is not a CSI driver's socket (" + s.role() + ")");
        return Optional.empty();
    }

    /** The endpoint to connect to or probe for {@code s}: a registration's driver endpoint, else the socket itself. */
    public static String endpointOf(DiscoveredSocket s) {
        if (s.registration() != null && s.registration().endpoint().startsWith("/")) return "unix://" + s.registration().endpoint();
        return s.endpoint();
    }

    /** Adds a connection to the driver at {@code s} and opens it. */
    public void connect(DiscoveredSocket s) {
        if (whyNotConnect(s).isPresent()) return;
        String name = s.pluginName().isEmpty() ? s.path() : s.pluginName();
        connect.accept(name, endpointOf(s));
    }
}
