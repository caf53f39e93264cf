package org.csiconsole.app.gui;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Dimension2D;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.trace.ShellTraceCommands;
import org.csiconsole.core.trace.TraceJsonLines;
import org.csiconsole.views.trace.TraceTools;
import org.csiconsole.app.gui.connect.ConnectionManager;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.OverrideMarks;
import org.csiconsole.views.audit.AuditView;
import org.csiconsole.views.audit.AuditViewModel;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.store.DataDirectory;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.connection.FxConnectionDialogs;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.StorageViews;
import org.csiconsole.views.table.TableLayouts;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.csiconsole.views.training.TrainingPerspective;
import org.csiconsole.views.training.TrainingViewModel;
import org.csiconsole.core.reference.training.ReferenceTraining;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * The composition root of the GUI: builds every service once, with constructors, and the workbench
 * on top of them. Nothing here is static; tests build their own {@code Console} with a temporary
 * config folder and a direct or FX executor.
 *
 * <p>Resource views are registered in {@link #registerViews}; a connection without a storage port
 * opens a placeholder that says so.
 */
public final class Console {
    private final Stage stage;
    private final PreferencesStore preferencesStore;
    private final Preferences preferences;
    private final ThemeManager themes;
    private final TableLayouts tableLayouts;
    private final CallTrace trace = new CallTrace();
    private LazyAuditLog audit;
    private ConnectionRecords records;
    /** The calls a person sends anyway against the console's refusal: the views announce them, the sessions' audit sink marks them. */
    private final OverrideMarks overrides;
    /** Where the Audit view's reads, exports and verifications run: one at a time, off the UI thread. */
    private final java.util.concurrent.ExecutorService auditReader = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "audit-reader");
        t.setDaemon(true);
        return t;
    });
    /** Where trace files are saved and read, and the .proto files for grpcurl written: off the UI thread. */
    private final java.util.concurrent.ExecutorService traceFiles = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "trace-files");
        t.setDaemon(true);
        return t;
    });
    private final Notifications notifications = new Notifications();
    /** Runs once the workbench shows: opens the report given with {@code --open}. */
    private Runnable afterShow = () -> { };
    private final TaskRunner tasks;
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private final Workbench workbench;
    private final Sessions sessions;
    private final ConnectionManager manager;
    private final Executor ui;
    private final List<ConnectionModel> loginOnShow = new ArrayList<>();
    private final ConsoleReplication replication;
    /** The Training perspective's model: its running scenario stops with the console; its folder is remembered. */
    private final TrainingViewModel training;
    /** The connections to open once the window's first frame is painted (the demo, the command line's, saved drivers). */
    private final List<ConnectionModel> connectOnShow = new ArrayList<>();
    private boolean closed;

    /**
     * @param stage the primary stage
     * @param options what to open
     * @param configDir the console's config folder (preferences, profiles)
     * @param ui the UI executor ({@code Platform::runLater})
     */
    public Console(Stage stage, LaunchOptions options, Path configDir, Executor ui) {
        this(stage, options, configDir, ui, new LazyAuditLog(DataDirectory.resolve()));
    }

    /**
     * As {@link #Console(Stage, LaunchOptions, Path, Executor)} with the audit log every session's
     * clients append to; the console closes it on {@link #close()}.
     *
     * @param audit the console's one audit log (its folder: {@code CSI_CONSOLE_DATA_DIR}, else the XDG data folder)
     */
    public Console(Stage stage, LaunchOptions options, Path configDir, Executor ui, LazyAuditLog audit) {
        this(stage, options, configDir, ui, audit, new OverrideMarks());
    }

    private Console(Stage stage, LaunchOptions options, Path configDir, Executor ui, LazyAuditLog audit, OverrideMarks overrides) {
        this(stage, options, configDir, ui, overrides, trace -> new Sessions(ui, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL,
                Sessions.defaultDemoStateDir(), overrides.marking(audit), audit));
        this.audit = audit;
        workbench.setRecords(audit);
        replication.keepHistoryIn(audit.dataDir());
        workbench.setAuditView(() -> {
            AuditViewModel model = new AuditViewModel(audit, auditReader, workbench.services().actions());
            model.offerConnections(workbench.connections());
            return new AuditView(model);
        });
    }

    /**
     * As {@link #Console(Stage, LaunchOptions, Path, Executor)} with the way sessions are opened
     * (tests pass a faster reconnect backoff).
     *
     * @param sessionsFactory builds the session opener over the console's call trace
     */
    public Console(Stage stage, LaunchOptions options, Path configDir, Executor ui,
                   java.util.function.Function<CallTrace, Sessions> sessionsFactory) {
        this(stage, options, configDir, ui, new OverrideMarks(), sessionsFactory);
    }

    private Console(Stage stage, LaunchOptions options, Path configDir, Executor ui, OverrideMarks overrides,
                    java.util.function.Function<CallTrace, Sessions> sessionsFactory) {
        this.overrides = overrides;
        this.stage = Objects.requireNonNull(stage);
        this.ui = Objects.requireNonNull(ui);
        this.preferencesStore = new PreferencesStore(configDir);
        this.preferences = preferencesStore.load();
        this.themes = new ThemeManager(preferences.theme());
        this.tableLayouts = new TableLayouts(preferences.tables());
        trace.setCapacity(preferences.traceCapacity());
        // Each task's calls are traced to it (the trace groups them by task).
        this.tasks = new TaskRunner(ui, java.time.Clock.systemUTC(), trace.origins());
        FxDialogService dialogs = new FxDialogService(() -> stage, themes);
        ViewRegistry views = new ViewRegistry();
        registerViews(views, new ActionRunner(tasks, notifications, dialogs), ui);
        WorkbenchServices services = new WorkbenchServices(ui, tasks, notifications, dialogs, themes, trace, views);
        this.sessions = sessionsFactory.apply(trace);
        this.manager = new ConnectionManager(connections, new ProfileStore(configDir), new FxConnectionDialogs(dialogs),
                dialogs, notifications, sessions);
        List<ConnectionModel> toOpen = addConnections(options, new ProfileStore(configDir));
        workbench = new Workbench(services, connections);
        workbench.setConnectionActions(manager);
        workbench.traces().setTools(new TraceTools(new ShellTraceCommands(DataDirectory.resolve().resolve("protos"), traceFiles),
                new TraceJsonLines(), traceFiles));
        workbench.setOnQuit(stage::close);
        workbench.setAboutText(org.csiconsole.app.AppVersion.aboutText());
        replication = new ConsoleReplication(manager, c -> records().book(c), overrides);
        workbench.addPerspective(replication.perspective(workbench, services.actions(), dialogs, tableLayouts));
        org.csiconsole.views.lifecycle.LifecyclePerspective.install(workbench, new org.csiconsole.core.render.Java2dDiagramExporter(),
                java.time.Clock.systemDefaultZone(), overrides, c -> records().known(c));
        // Training runs each scenario on a plugin of its own, as a connection of its own: the demo is not touched.
        training = TrainingPerspective.install(workbench, new ReferenceTraining(sessions.trainingStateDir(), sessions.io()),
                new ConsoleTraining(manager, sessions.io()),
                c -> replication.view(FXCollections.observableArrayList(c), workbench, services.actions(), dialogs, tableLayouts),
                new org.csiconsole.core.render.Java2dDiagramExporter(), java.time.Clock.systemDefaultZone(), overrides);
        if (preferences.trainingFolder() != null) training.folderProperty().set(Path.of(preferences.trainingFolder()));
        afterShow = org.csiconsole.app.gui.connect.Troubleshooting.install(workbench, manager, sessions, trace,
                new ActionRunner(tasks, notifications, dialogs), ui, options.openReport() == null ? null : Path.of(options.openReport()));
        connections.forEach(this::reopenWhenConnected);
        connections.addListener((javafx.collections.ListChangeListener<ConnectionModel>) c -> {
            while (c.next()) c.getAddedSubList().forEach(this::reopenWhenConnected);
        });
        connectOnShow.addAll(toOpen);
    }

    /**
     * The record of each connection, kept beside the audit log; in memory when the sessions were given by a test
     * (no audit log). Made on first use: the views and the replication perspective ask for it once the console is built.
     */
    private ConnectionRecords records() {
        if (records == null) records = new ConnectionRecords(audit, new org.csiconsole.core.storage.KubernetesExports(), audit);
        return records;
    }

    /** Where resource views plug in: one factory per {@link org.csiconsole.views.workbench.ResourceKind}. */
    private void registerViews(ViewRegistry views, ActionRunner actions, Executor ui) {
        // Every resource kind opens its storage view; a connection without a storage port opens a placeholder.
        StorageViews.registerAll(views, actions, ui, tableLayouts, c -> records().known(c), trace::snapshot, overrides);
    }

    /**
     * Adds the launch options' connections and the saved profiles to the navigator; returns those to
     * open once the window has painted its first frame ({@link #show()}): the demo, the command-line
     * endpoint and saved CSI drivers. Saved CSP arrays wait for Connect, since they ask for a
     * password; an array named on the command line asks for its login (user, array IP, password)
     * once the window shows.
     */
    private List<ConnectionModel> addConnections(LaunchOptions options, ProfileStore profiles) {
        List<ConnectionModel> toOpen = new ArrayList<>();
        if (options.demo()) toOpen.add(manager.add(ConnectionProfile.demo()));
        List<ConnectionProfile> saved;
        try {
            saved = profiles.load();
        } catch (CallFailure f) {
            notifications.warning("Saved connections", f.getMessage() + " " + f.whatToDo());
            saved = List.of();
        }
        if (options.endpoint() != null) toOpen.add(manager.add(commandLineCsi(options.endpoint(), saved)));
        if (options.cspUrl() != null) {
            ConnectionModel csp = manager.add(commandLineCsp(options, saved));
            manager.askLoginDetails(csp);
            loginOnShow.add(csp);
        }
        for (ConnectionProfile p : saved) {
            if (connections.stream().anyMatch(c -> c.name().equals(p.name()))) continue;
            ConnectionModel same = manager.sameTarget(p, null);
            if (same != null) {
                notifications.warning("Saved connections", "The saved connection " + p.name() + " connects to " + p.target()
                        + ", as " + same.name() + " does: it is not added a second time. Remove one of them to keep one.");
                continue;
            }
            ConnectionModel m = manager.add(p);
            if (p.kind() == ConnectionKind.CSP) {
                m.noteProperty().set("Not connected: right-click the connection and choose Connect (asks for the password).");
            } else {
                toOpen.add(m);
            }
        }
        return toOpen;
    }

    /**
     * The connection for {@code --endpoint}: the saved profile that reaches that driver when there is one
     * ({@link ConnectionProfile#sameTarget}: its name and its secrets), as for {@code --csp-url}; else a new,
     * unsaved one named after the address.
     */
    static ConnectionProfile commandLineCsi(String endpoint, List<ConnectionProfile> saved) {
        ConnectionProfile given = ConnectionProfile.csi(ConnectionProfile.addressName(endpoint), endpoint);
        return saved.stream().filter(given::sameTarget).findFirst().orElse(given);
    }

    /**
     * The connection for {@code --csp-url}: the saved profile of that CSP when there is one (so a
     * second start does not add the array twice), with the command line's user and array IP where
     * given; else a new, unsaved "CSP array".
     */
    static ConnectionProfile commandLineCsp(LaunchOptions options, List<ConnectionProfile> saved) {
        for (ConnectionProfile p : saved) {
            if (!p.isCspAt(options.cspUrl())) continue;
            return p.withLogin(options.cspUser() != null ? options.cspUser() : p.user(),
                    options.arrayIp() != null ? options.arrayIp() : p.arrayIp());
        }
        return ConnectionProfile.csp("CSP array", options.cspUrl(), options.cspUser(), options.arrayIp());
    }

    /**
     * A view shows the storage it was opened with: a view opened before {@code connection} had
     * storage shows a placeholder, and one opened before a Disconnect would call through the closed
     * channel. So whenever the connection's storage changes (connected, connected anew, disconnected),
     * its views are opened again over the new storage where they stand ({@link Workbench#reopenViews}).
     */
    private void reopenWhenConnected(ConnectionModel connection) {
        connection.storageProperty().addListener((o, old, now) -> workbench.reopenViews(connection));
    }

    /** Closes every connection, then the background threads. Idempotent. */
    public void close() {
        if (closed) return;
        closed = true;
        training.close();
        manager.close();
        sessions.close();
        replication.close();
        auditReader.shutdownNow();
        traceFiles.shutdown();
        if (audit != null) audit.close();
    }

    /** The audit log the sessions append to, for the Audit view; empty when the sessions were given by a test. */
    public java.util.Optional<org.csiconsole.core.audit.AuditLog> auditLog() {
        return java.util.Optional.ofNullable(audit);
    }

    public ConnectionManager manager() {
        return manager;
    }

    /** Shows the workbench in the stage, restoring the remembered window and dividers. */
    public void show() {
        // The call trace is built once the first frame is painted (it is empty until a connection opens).
        workbench.deferUntilShown();
        Dimension2D size = WindowPlacement.size(preferences);
        Scene scene = workbench.createScene(size.getWidth(), size.getHeight());
        boolean shown = stage.isShowing(); // the start shell's window: it stays where it is
        stage.setScene(scene);
        if (!shown) WindowPlacement.place(stage, preferences);
        stage.setOnHidden(e -> {
            saveLayout();
            close();
        });
        stage.show();
        workbench.navigatorDividerProperty().set(preferences.navigatorDivider());
        workbench.setBottomDivider(preferences.bottomDivider());
        workbench.bottomShownProperty().set(!preferences.bottomPanelHidden());
        workbench.restoreViews(preferences.openViews(), preferences.selectedView());
        // Connections open once the first frame is painted: the window does not wait for the demo's
        // plugin or a driver's socket, and they do not compete with it for the CPU. The login dialog
        // of a command-line array shows over the workbench, not before it.
        List<ConnectionModel> connect = List.copyOf(connectOnShow);
        List<ConnectionModel> login = List.copyOf(loginOnShow);
        connectOnShow.clear();
        loginOnShow.clear();
        StartupReport.afterFirstFrame(scene, StartupReport.PAINTED, () -> {
            if (closed) return;
            workbench.finishStart();
            // The window's icons (six PNG sizes to decode) reach the window manager after the first frame, which shows none of them.
            stage.getIcons().setAll(Icons.applicationIcons());
            connect.forEach(StartupReport::reportVolumes);
            connect.forEach(manager::connect);
            login.forEach(manager::connect);
            afterShow.run();
            // while the connections open in the background, the first large table's one-time costs
            ui.execute(() -> {
                if (!closed) TableWarmUp.run(themes);
            });
        });
    }

    /** Writes theme, window bounds, dividers, the bottom panel, the open views and the tables' layouts to the preferences file. */
    public void saveLayout() {
        boolean max = stage.isMaximized();
        preferencesStore.save(new Preferences(themes.theme(),
                max ? preferences.x() : stage.getX(), max ? preferences.y() : stage.getY(),
                max ? preferences.width() : stage.getWidth(), max ? preferences.height() : stage.getHeight(), max,
                workbench.navigatorDividerProperty().get(), workbench.bottomDivider(),
                !workbench.bottomShownProperty().get(), workbench.openViewKeys(), workbench.selectedViewKey(),
                tableLayouts.all(), trace.capacity(),
                training.folderProperty().get() == null ? null : training.folderProperty().get().toString()));
    }

    public Workbench workbench() {
        return workbench;
    }

    public CallTrace trace() {
        return trace;
    }

    public ThemeManager themes() {
        return themes;
    }

    public TaskRunner tasks() {
        return tasks;
    }

    public Notifications notifications() {
        return notifications;
    }

    public ObservableList<ConnectionModel> connections() {
        return connections;
    }

    public PreferencesStore preferencesStore() {
        return preferencesStore;
    }
}
