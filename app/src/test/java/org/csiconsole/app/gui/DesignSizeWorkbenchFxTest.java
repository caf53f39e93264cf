package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.TableView;
import javafx.scene.control.ToolBar;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Window;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.fx.DesignSize;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.ActionMenu;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.Perspective;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console on the demo at the design size, 1280×800, with the bottom panel open, as a person sees it:
 * every perspective and every resource view keeps its main table's 8 rows and shows its figures whole,
 * and every dialog its command bar opens (forms, confirmations) is no taller than the screen, keeps its
 * buttons on it and cuts no figure. Each dialog is cancelled: nothing is sent.
 */
@ExtendWith(ApplicationExtension.class)
class DesignSizeWorkbenchFxTest {
    private Console console;
    /** The dialogs checked, by their window title. */
    private final List<String> dialogs = new ArrayList<>();
    private Stage stage;
    @TempDir
    Path temp;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        console = new Console(stage, LaunchOptions.DEMO, temp.resolve("config"), Platform::runLater,
                trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, temp.resolve("demo")));
        console.show();
    }

    @AfterEach
    void closeConsole() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
    }

    @Test
    void everyPerspectiveViewAndDialogFitsTheDesignSizeWithTheBottomPanelOpen(FxRobot robot) throws Exception {
        ConnectionModel demo = console.connections().get(0);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> demo.stateProperty().get() == ConnectionState.CONNECTED
                && demo.count(ResourceKind.VOLUMES).get() > 0);
        assertThat(FxWait.onFx(() -> Screen.getPrimary().getVisualBounds().getHeight())).as("the design size").isEqualTo(DesignSize.HEIGHT);
        robot.interact(() -> {
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1280);
            stage.setHeight(800);
            console.workbench().bottomShownProperty().set(true);
        });
        Map<String, List<String>> problems = new LinkedHashMap<>();

        for (ResourceKind kind : ResourceKind.values()) {
            StorageTableView<?> view = FxWait.onFx(() -> (StorageTableView<?>) console.workbench().open(demo, kind));
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !view.model().loadingProperty().get()
                    && view.model().table().totalCount().get() > 0);
            // a row selected, so that the commands on a selection open their dialogs too
            FxWait.until(() -> {
                if (view.model().selected() == null && !view.table().tableView().getItems().isEmpty()) {
                    view.table().tableView().getSelectionModel().clearAndSelect(0);
                }
                return view.model().selected() != null;
            });
            FxWait.afterLayout(view.node());
            List<String> found = new ArrayList<>(screenProblems(view.node()));
            for (ViewAction action : FxWait.onFx(() -> actions(view.node()))) {
                for (String p : dialogProblems(robot, action)) found.add(action.label() + ": " + p);
            }
            if (!found.isEmpty()) problems.put(kind.name(), found);
        }
        for (String id : FxWait.onFx(() -> console.workbench().perspectiveIds())) {
            if (id.equals(Perspective.RESOURCES)) continue;
            Node node = FxWait.onFx(() -> console.workbench().showPerspective(id).node());
            FxWait.afterLayout(node);
            WaitForAsyncUtils.waitForFxEvents();
            List<String> found = screenProblems(node);
            if (!found.isEmpty()) problems.put("perspective " + id, found);
        }
        List<String> help = dialogProblems(robot, () -> helpItem("Getting started").fire());
        if (!help.isEmpty()) problems.put("Help > Getting started", help);
        assertThat(problems).isEmpty();
        assertThat(dialogs).as("the dialogs checked").contains("Create volume", "Getting started")
                .anyMatch(t -> t.startsWith("Delete volume group ")).anyMatch(t -> t.startsWith("Delete snapshot")).hasSizeGreaterThan(15);
    }

    /**
     * Figures cut in {@code node}, and fewer than 8 rows in sight in its main table, once the layout settled: a
     * column widens to a figure's width in the layout pass after its cells first showed it.
     */
    private static List<String> screenProblems(Node node) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> problemsNow(node).isEmpty());
        } catch (TimeoutException stays) {
            // what is still wrong is reported below
        }
        return problemsNow(node);
    }

    private static List<String> problemsNow(Node node) throws Exception {
        return FxWait.onFx(() -> {
            List<String> out = new ArrayList<>(DesignSize.cutFigures(node));
            Optional<TableView<?>> table = DesignSize.mainTable(node);
            if (table.isPresent() && DesignSize.rowsInSight(table.get()) < DesignSize.rowsWanted(table.get())) {
                out.add("room for " + DesignSize.rowsInSight(table.get()) + " rows");
            }
            return out;
        });
    }

    /** The enabled commands of a view's command bar, its menus' entries included, but Refresh. */
    private static List<ViewAction> actions(Node view) {
        List<ViewAction> out = new ArrayList<>();
        ToolBar bar = (ToolBar) view.lookup("#view-commands");
        if (bar == null) return out;
        for (Node n : bar.getItems()) {
            if (n instanceof ActionButton b) out.add(b.action());
            if (n instanceof ActionMenu m) m.entries().forEach(e -> out.add(e.action()));
        }
        // an import opens the platform's file chooser, not a dialog of the console's (and none under Monocle)
        return out.stream().filter(a -> a.enabled().get() && !a.label().startsWith("Refresh") && !a.label().startsWith("Import")).toList();
    }

    /**
     * Runs {@code action}; when it opens a dialog (at once, or after a read), what is wrong with it at the design
     * size; the dialog is then closed unanswered.
     */
    private List<String> dialogProblems(FxRobot robot, ViewAction action) throws Exception {
        return dialogProblems(robot, (Runnable) action::run);
    }

    /** The Help menu's item {@code text} of the console's menu bar. */
    private MenuItem helpItem(String text) {
        MenuBar bar = (MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
        return bar.getMenus().stream().flatMap(m -> m.getItems().stream()).filter(i -> text.equals(i.getText())).findFirst().orElseThrow();
    }

    /** As {@link #dialogProblems(FxRobot, ViewAction)}, for what {@code open} opens. */
    private List<String> dialogProblems(FxRobot robot, Runnable open) throws Exception {
        List<Window> before = FxWait.onFx(() -> List.copyOf(Window.getWindows()));
        Platform.runLater(open);
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> Window.getWindows().stream().anyMatch(w -> w.isShowing() && !before.contains(w)));
        } catch (TimeoutException none) {
            return List.of(); // the command opened no dialog
        }
        Window dialog = FxWait.onFx(() -> Window.getWindows().stream().filter(w -> w.isShowing() && !before.contains(w)).findFirst().orElseThrow());
        FxWait.afterLayout(dialog.getScene().getRoot());
        WaitForAsyncUtils.waitForFxEvents();
        List<String> found = FxWait.onFx(() -> DesignSize.dialogProblems(dialog));
        dialogs.add(FxWait.onFx(() -> dialog instanceof Stage s ? s.getTitle() : ""));
        robot.interact(() -> {
            for (Window w : List.copyOf(Window.getWindows())) if (!before.contains(w)) w.hide();
        });
        WaitForAsyncUtils.waitForFxEvents();
        return found;
    }
}
