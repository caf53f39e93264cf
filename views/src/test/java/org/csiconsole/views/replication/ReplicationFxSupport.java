package org.csiconsole.views.replication;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.table.TableLayouts;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.model.ReplicationHealth.ERROR;
import static org.csiconsole.core.model.ReplicationHealth.HEALTHY;
import static org.csiconsole.core.model.ReplicationHealth.UNKNOWN;
import static org.csiconsole.core.model.VolumeReplicationRole.PRIMARY;
import static org.csiconsole.core.model.VolumeReplicationRole.SECONDARY;
import static org.csiconsole.views.replication.FakeReplication.sample;

/**
 * The replication view in a themed stage over two fake sites (site-a, site-b), with the real
 * JavaFX dialogs: vol-1 ↔ vol-1r consistent, vol-2 ↔ vol-2r a split brain, vol-3 whose partner is missing.
 */
public final class ReplicationFxSupport {
    public final FakeReplication.Port portA = new FakeReplication.Port("site-a");
    public final FakeReplication.Port portB = new FakeReplication.Port("site-b");
    public final FakeReplication.Services services = new FakeReplication.Services();
    public final javafx.collections.ObservableList<org.csiconsole.views.workbench.ConnectionModel> connections =
            javafx.collections.FXCollections.observableArrayList();
    public Stage stage;
    public ReplicationView view;

    public void show(Stage stage) {
        this.stage = stage;
        ThemeManager themes = new ThemeManager(Theme.LIGHT);
        FxDialogService dialogs = new FxDialogService(() -> stage, themes);
        ActionRunner actions = new ActionRunner(new TaskRunner(Platform::runLater), new Notifications(), dialogs);
        FxReplicationDialogs replication = new FxReplicationDialogs(dialogs, services.clock(), ZoneOffset.UTC);
        ReplicationViewModel model = new ReplicationViewModel(connections, services,
                m -> new ReplicationCommands(m, actions, replication), Platform::runLater, Runnable::run);
        view = new ReplicationView(model, new TableLayouts(), ZoneOffset.UTC);
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1280, 800);
        themes.style(scene);
        stage.setScene(scene);
        stage.show();
        connections.add(ReplicationFixture.connection("site-a", portA));
        connections.add(ReplicationFixture.connection("site-b", portB));
        view.activate();
    }

    /** Publishes the three pairs' rounds and waits for the five rows. */
    public void publish(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> services.samplers.size() == 2);
        robot.interact(() -> {
            services.samplers.get("site-a").publish(List.of(
                    sample("site-a", "vol-1", PRIMARY, HEALTHY, java.time.Duration.ofMinutes(2), "vol-1r", ""),
                    sample("site-a", "vol-2", PRIMARY, ERROR, java.time.Duration.ofMinutes(20), "vol-2r", "Split brain: both sides are primary."),
                    sample("site-a", "vol-3", PRIMARY, HEALTHY, java.time.Duration.ofMinutes(9), "vol-gone", "")));
            services.samplers.get("site-b").publish(List.of(
                    sample("site-b", "vol-1r", SECONDARY, UNKNOWN, null, "vol-1", ""),
                    sample("site-b", "vol-2r", PRIMARY, ERROR, java.time.Duration.ofMinutes(20), "vol-2", "")));
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> rows().getItems().size() == 5 && view.pairsTable().tableView().getItems().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
    }

    public TableView<ReplicationRow> rows() {
        return view.rowsTable().tableView();
    }

    public int indexOf(String site, String id) {
        List<ReplicationRow> items = rows().getItems();
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).site().name().equals(site) && items.get(i).source().id().equals(id)) return i;
        }
        throw new AssertionError("no row " + id);
    }

    public DialogPane dialog(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        return robot.lookup(".dialog-pane").queryAs(DialogPane.class);
    }

    public Button button(FxRobot robot, String text) throws Exception {
        DialogPane pane = dialog(robot);
        return pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                .filter(b -> text.equals(b.getText())).findFirst().orElseThrow(() -> new AssertionError("no button " + text));
    }

    /** Runs {@code action} later on the FX thread (it may open a modal dialog) and returns at once. */
    public static void later(Runnable action) {
        Platform.runLater(action);
    }

    public void closeDialogs(FxRobot robot) {
        robot.interact(() -> {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w != stage && w instanceof Stage s) s.close();
            }
        });
    }

    public static void assertShown(FxRobot robot, String query) {
        assertThat(robot.lookup(query).tryQuery()).as(query).isPresent();
    }
}
