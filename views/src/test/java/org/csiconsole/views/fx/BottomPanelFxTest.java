package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.BottomPanel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.views.trace.TraceFixtures.call;

/**
 * At 1280x800 the open bottom panel shows at least 8 calls of the trace, and the view above it keeps its least
 * height (its bars and 4 rows), wherever the divider is put or was remembered.
 */
@ExtendWith(ApplicationExtension.class)
class BottomPanelFxTest {
    private final CallTrace trace = new CallTrace();
    private Workbench workbench;
    private ConnectionModel demo;

    @Start
    void start(Stage stage) {
        demo = new ConnectionModel(ConnectionProfile.demo());
        FakeDialogService dialogs = new FakeDialogService();
        TaskRunner tasks = new TaskRunner(Platform::runLater);
        Notifications notifications = new Notifications();
        ActionRunner actions = new ActionRunner(tasks, notifications, dialogs);
        ViewRegistry views = new ViewRegistry().register(ResourceKind.VOLUMES, c -> new VolumesView(new VolumesViewModel(
                new ViewContext(new FakeStorage().seeded(), actions, Platform::runLater, "Demo"))));
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, tasks, notifications, dialogs,
                new ThemeManager(Theme.LIGHT), trace, views);
        workbench = new Workbench(services, FXCollections.observableArrayList(demo));
        stage.setScene(workbench.createScene(1280, DesignSize.HEIGHT));
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private static TableView<?> table(FxRobot robot, String within) {
        return robot.lookup(within + " .table-view").match(n -> !"table-pinned".equals(n.getId())).queryAs(TableView.class);
    }

    private int traceRows(FxRobot robot) throws Exception {
        FxWait.afterLayout(workbench.root());
        return FxWait.onFx(() -> DesignSize.rowsInSight(table(robot, "#bottom-panel")));
    }

    private int viewRows(FxRobot robot) throws Exception {
        FxWait.afterLayout(workbench.root());
        return FxWait.onFx(() -> DesignSize.rowsInSight(table(robot, "#centre")));
    }

    @Test
    void theOpenPanelShowsEightCallsAndTheViewAboveKeepsItsRowsWhereverTheDividerIs(FxRobot robot) throws Exception {
        for (int i = 0; i < 20; i++) call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-" + i);
        robot.interact(() -> workbench.open(demo, ResourceKind.VOLUMES));
        FxWait.until(() -> table(robot, "#bottom-panel").getItems().size() == 20);

        assertThat(traceRows(robot)).as("calls in sight at first").isGreaterThanOrEqualTo(BottomPanel.ROWS);
        assertThat(viewRows(robot)).as("the view's rows at first").isGreaterThanOrEqualTo(4);

        for (double remembered : new double[] {0.95, 0.05, Workbench.DEFAULT_BOTTOM_DIVIDER}) {
            robot.interact(() -> workbench.setBottomDivider(remembered));
            assertThat(traceRows(robot)).as("calls in sight with the divider at %s", remembered).isGreaterThanOrEqualTo(BottomPanel.ROWS);
            assertThat(viewRows(robot)).as("the view's rows with the divider at %s", remembered).isGreaterThanOrEqualTo(4);
        }

        robot.interact(() -> workbench.bottomShownProperty().set(false));
        assertThat(viewRows(robot)).as("with the panel hidden the view has the room").isGreaterThanOrEqualTo(DesignSize.ROWS);
        robot.interact(() -> workbench.bottomShownProperty().set(true));
        assertThat(traceRows(robot)).as("open again").isGreaterThanOrEqualTo(BottomPanel.ROWS);
    }
}
