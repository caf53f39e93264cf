package org.csiconsole.app.gui;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.ProfileStore;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.storage.StorageViews;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;

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
    private final CallTrace trace = new CallTrace();
    private final Notifications notifications = new Notifications();
    private final TaskRunner tasks;
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private final Workbench workbench;

    /**
     * @param stage the primary stage
     * @param options what to open
     * @param configDir the console's config folder (preferences, profiles)
     * @param ui the UI executor ({@code Platform::runLater})
     */
    public Console(Stage stage, LaunchOptions options, Path configDir, Executor ui) {
        this.stage = Objects.requireNonNull(stage);
        this.preferencesStore = new PreferencesStore(configDir);
        this.preferences = preferencesStore.load();
        this.themes = new ThemeManager(preferences.theme());
        this.tasks = new TaskRunner(ui);
        FxDialogService dialogs = new FxDialogService(() -> stage, themes);
        ViewRegistry views = new ViewRegistry();
        registerViews(views, new ActionRunner(tasks, notifications, dialogs), ui);
        WorkbenchServices services = new WorkbenchServices(ui, tasks, notifications, dialogs, themes, trace, views);
        connections.setAll(openConnections(options, new ProfileStore(configDir)));
        workbench = new Workbench(services, connections);
        workbench.setOnQuit(stage::close);
    }

    /** Where resource views plug in: one factory per {@link org.csiconsole.views.workbench.ResourceKind}. */
    private void registerViews(ViewRegistry views, ActionRunner actions, Executor ui) {
        // Every resource kind opens its storage view; a connection without a storage port opens a placeholder.
        StorageViews.registerAll(views, actions, ui);
    }

    private List<ConnectionModel> openConnections(LaunchOptions options, ProfileStore profiles) {
        List<ConnectionModel> list = new ArrayList<>();
        if (options.endpoint() != null) {
            list.add(notWired(ConnectionProfile.csi("Endpoint", options.endpoint()), "CSI client"));
        }
        if (options.cspUrl() != null) {
            list.add(notWired(ConnectionProfile.csp("CSP array", options.cspUrl(), "", ""), "CSP client"));
        }
        if (options.demo()) {
            list.add(notWired(ConnectionProfile.demo(), "bundled reference plugin"));
        }
        try {
            for (ConnectionProfile p : profiles.load()) {
                if (list.stream().noneMatch(c -> c.name().equals(p.name()))) {
                    list.add(notWired(p, p.kind() == org.csiconsole.core.session.ConnectionKind.CSP ? "CSP client" : "CSI client"));
                }
            }
        } catch (CallFailure f) {
            notifications.warning("Saved connections", f.getMessage() + " " + f.whatToDo());
        }
        return list;
    }

    private static ConnectionModel notWired(ConnectionProfile profile, String missing) {
        ConnectionModel m = new ConnectionModel(profile);
        m.stateProperty().set(ConnectionState.DISCONNECTED);
        m.noteProperty().set("Not connected: the " + missing + " is not part of this build yet.");
        return m;
    }

    /** Shows the workbench in the stage, restoring the remembered window and dividers. */
    public void show() {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = workbench.createScene(Math.min(preferences.width(), screen.getWidth()),
                Math.min(preferences.height(), screen.getHeight()));
        stage.setScene(scene);
        stage.setTitle("CSI Console");
        stage.getIcons().setAll(Icons.applicationIcons());
        stage.setMinWidth(720);
        stage.setMinHeight(480);
        if (preferences.hasPosition() && onSomeScreen(preferences)) {
            stage.setX(preferences.x());
            stage.setY(preferences.y());
        } else {
            stage.centerOnScreen();
        }
        stage.setMaximized(preferences.maximized());
        stage.setOnHidden(e -> saveLayout());
        stage.show();
        workbench.navigatorDividerProperty().set(preferences.navigatorDivider());
        workbench.bottomDividerProperty().set(preferences.bottomDivider());
    }

    private static boolean onSomeScreen(Preferences p) {
        return !Screen.getScreensForRectangle(new Rectangle2D(p.x(), p.y(), Math.max(1, p.width()), Math.max(1, p.height()))).isEmpty();
    }

    /** Writes theme, window bounds and dividers to the preferences file. */
    public void saveLayout() {
        boolean max = stage.isMaximized();
        preferencesStore.save(new Preferences(themes.theme(),
                max ? preferences.x() : stage.getX(), max ? preferences.y() : stage.getY(),
                max ? preferences.width() : stage.getWidth(), max ? preferences.height() : stage.getHeight(), max,
                workbench.navigatorDividerProperty().get(), workbench.bottomDividerProperty().get()));
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
