package org.csiconsole.views.troubleshoot;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.Words;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.SocketRole;
import org.csiconsole.core.trouble.SocketState;
import org.csiconsole.core.trouble.TroubleEvent;
import org.csiconsole.core.trouble.TroubleshootPort;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.task.Progress;
import org.csiconsole.views.task.UiTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The Discover page, and the start page's "Drivers on this host": the sockets found on this node,
 * and connecting to a driver among them in one click.
 */
public final class DiscoverModel {
    private static final Logger LOG = LoggerFactory.getLogger(DiscoverModel.class);

    private final TroubleshootPort port;
    private final ActionRunner actions;
    private final Executor ui;
    private final StringProperty rootDir;
    private final BiFunction<String, String, String> connect;
    private final StringProperty paths = new SimpleStringProperty(this, "paths", "");
    private final ResourceTableModel<DiscoveredSocket> sockets;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyObjectWrapper<DiscoveryReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private String lastTitle = "";
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");

    DiscoverModel(TroubleshootPort port, ActionRunner actions, Executor ui, StringProperty rootDir,
                  BiFunction<String, String, String> connect) {
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

    /** The task title of the last discovery started (its calls are traced under it); empty before one. */
    String lastTitle() {
        return lastTitle;
    }

    /** The last discovery's report; null before one finished, while one runs, and after one failed. */
    public ReadOnlyObjectProperty<DiscoveryReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** Why the last discovery did not finish, as a sentence; empty when it finished or none ran. */
    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /** The kubelet root directory the next discovery searches, as typed (empty when nothing is: discovery then refuses). */
    public String rootDir() {
        return rootDir.get() == null ? "" : rootDir.get().strip();
    }

    /**
     * Looks again, as a task with a notification of its outcome and a failure dialog; each socket
     * shows as soon as it is done. Does nothing while a discovery runs.
     */
    public void discover() {
        start(false);
    }

    /**
     * Looks again, as a task but without a notification or a failure dialog: for the start page,
     * which shows the outcome itself ({@link #reportProperty()}, {@link #failureProperty()}). Does
     * nothing while a discovery runs.
     */
    public void scan() {
        start(true);
    }

    private void start(boolean quiet) {
        if (running.get()) return;
        Path root;
        try {
            root = TroubleshootViewModel.rootPath(rootDir);
        } catch (CallFailure f) {
            // an empty root is refused with a sentence, as the command line refuses --root-dir ""; nothing is looked at
            sockets.clear();
            report.set(null);
            failure.set(sentence(f.getMessage()) + " " + sentence(f.whatToDo()));
            status.set("Not discovered: " + failure.get());
            return;
        }
        List<Path> extra = Arrays.stream(paths.get() == null ? new String[0] : paths.get().split("[,\\s]+"))
                .filter(s -> !s.isBlank()).map(Path::of).toList();
        running.set(true);
        sockets.clear();
        report.set(null);
        failure.set("");
        status.set("Looking for sockets under " + root + "\u2026");
        String title = "Discover drivers under " + root;
        lastTitle = title;
        Function<Progress, CompletableFuture<DiscoveryReport>> work = p -> port.discover(root, extra, ev -> {
            if (ev instanceof TroubleEvent.SocketFound f) ui.execute(() -> sockets.append(List.of(f.socket())));
        });
        UiTask<DiscoveryReport> task = quiet ? actions.tasks().submit(title, work)
                : actions.run(null, title, work, DiscoverModel::summary, TroubleRows::severity);
        task.outcome().whenComplete((r, t) -> {
            if (r != null) {
                sockets.replaceAll(r.sockets());
                report.set(r);
                status.set(summary(r));
            } else {
                CallFailure f = Failures.of(title, t);
                // The person-started discovery reported the failure in a dialog already.
                if (quiet) LOG.warn("{}", f.describe());
                failure.set(sentence(f.getMessage()) + (f.whatToDo().isEmpty() ? "" : " " + sentence(f.whatToDo())));
                status.set("Discovery did not finish: " + failure.get());
            }
            // Last: whoever follows "running" finds the outcome already set.
            running.set(false);
        });
    }

    private static String sentence(String s) {
        return s.endsWith(".") ? s : s + ".";
    }

    /** What a discovery found, as the page's status line and its notification say it: sockets, problems, drivers ({@link DiscoveryReport#drivers()}). */
    static String summary(DiscoveryReport r) {
        return r.summary() + "; " + Words.count(r.drivers().size(), "driver") + " (" + Words.millis(r.took()) + ", " + r.when() + ")";
    }

    /** What {@code s} is in a few words ({@link DiscoveryReport#condition}), among the sockets found so far. */
    public String condition(DiscoveredSocket s) {
        return DiscoveryReport.condition(s, sockets.all());
    }

    /**
     * Empty when {@code s} can be connected to in one click, else why not: a socket nothing listens
     * on, a registration whose driver's endpoint is missing or stale ({@link CheckStatus#FAIL}: its
     * problem, as discovery words it), a socket that is no CSI driver's.
     */
    public Optional<String> whyNotConnect(DiscoveredSocket s) {
        return whyNotConnect(s == null ? List.of() : List.of(s));
    }

    /**
     * Empty when the {@code selected} sockets can be connected to in one click, else why not: exactly
     * one socket ({@link #whyNotConnect(DiscoveredSocket)}), since a connection reaches one driver
     * (several selected are refused with a sentence, never connected as the first of them alone).
     */
    public Optional<String> whyNotConnect(List<DiscoveredSocket> selected) {
        List<DiscoveredSocket> rows = selected.stream().filter(java.util.Objects::nonNull).toList();
        if (rows.isEmpty()) return Optional.of("Select a driver socket");
        if (rows.size() > 1) {
            return Optional.of(rows.size() + " sockets are selected: a connection reaches one driver. Select one socket, connect, "
                    + "then the next.");
        }
        DiscoveredSocket s = rows.get(0);
        if (s.state() != SocketState.LISTENING) {
            return Optional.of(s.path() + " is " + s.state().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + s.problem());
        }
        if (s.status() == CheckStatus.FAIL) return Optional.of(s.path() + " " + s.problem());
        if (s.role() == SocketRole.REGISTRATION && s.registration() != null && s.registration().address().isPresent()) {
            return Optional.empty();
        }
        if (s.role() != SocketRole.CSI) return Optional.of(s.path() + " is not a CSI driver's socket (" + s.role() + ")");
        return Optional.empty();
    }

    /**
     * Empty when {@code s} can be probed, else why not: any socket can, a stale or missing one too
     * (the probe's socket checks then say what is wrong and what to do).
     */
    public Optional<String> whyNotProbe(DiscoveredSocket s) {
        return whyNotProbe(s == null ? List.of() : List.of(s));
    }

    /**
     * Empty when the {@code selected} sockets can be probed, else why not: exactly one socket, since a probe checks one driver
     * (several selected are refused with a sentence, never probed as the first of them alone).
     */
    public Optional<String> whyNotProbe(List<DiscoveredSocket> selected) {
        List<DiscoveredSocket> rows = selected.stream().filter(java.util.Objects::nonNull).toList();
        if (rows.isEmpty()) return Optional.of("Select a socket");
        if (rows.size() > 1) {
            return Optional.of(rows.size() + " sockets are selected: the probe checks one driver at a time. "
                    + "Select one socket, probe it, then the next.");
        }
        return Optional.empty();
    }

    /** The endpoint to connect to or probe for {@code s}: a registration's driver endpoint, else the socket itself. */
    public static String endpointOf(DiscoveredSocket s) {
        return s.driverEndpoint();
    }

    /**
     * Adds a connection to the driver at the one selected socket, named by
     * {@link DiscoveredSocket#connectionName()}, and opens it (or opens the connection that already
     * reaches that endpoint); a notification says which. When the selection cannot be connected
     * ({@link #whyNotConnect(List)}), a notification says why and nothing is added.
     */
    public void connect(List<DiscoveredSocket> selected) {
        Optional<String> why = whyNotConnect(selected);
        if (why.isPresent()) {
            actions.notifications().warning("Not connected", sentence(why.get()));
            return;
        }
        DiscoveredSocket s = selected.stream().filter(java.util.Objects::nonNull).findFirst().orElseThrow();
        actions.notifications().info("Connect", connect.apply(s.connectionName(), endpointOf(s)));
    }

    /** As {@link #connect(List)} for one socket. */
    public void connect(DiscoveredSocket s) {
        connect(s == null ? List.of() : List.of(s));
    }
}
