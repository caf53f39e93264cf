package org.csiconsole.views.fx;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.PlaceholderView;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchMenus;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class WorkbenchFxTest {
    private final CallTrace trace = new CallTrace();
    private final FakeDialogService dialogs = new FakeDialogService();
    private ThemeManager themes;
    private Workbench workbench;
    private ConnectionModel demo;

    @Start
    void start(Stage stage) {
        themes = new ThemeManager(Theme.LIGHT);
        demo = new ConnectionModel(ConnectionProfile.demo());
        demo.stateProperty().set(ConnectionState.DISCONNECTED);
        ObservableList<ConnectionModel> connections = FXCollections.observableArrayList(demo);
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater),
                new Notifications(), dialogs, themes, trace, new ViewRegistry());
        workbench = new Workbench(services, connections);
        stage.setScene(workbench.createScene(1200, 800));
        stage.show();
    }

    @Test
    void shellOpensWithNavigatorStartPageAndStatusBar(FxRobot robot) {
        assertThat(robot.lookup("#navigator").tryQuery()).isPresent();
        assertThat(robot.lookup(".tree-cell .label").queryAllAs(Label.class))
                .anySatisfy(l -> assertThat(l.getText()).isEqualTo("Demo"));
        assertThat(robot.lookup("#start-view").tryQuery()).isPresent();
        assertThat(robot.lookup("#status-state").queryAs(Label.class).getText()).isEqualTo("Demo: Disconnected");
        assertThat(robot.lookup("#status-endpoint").queryAs(Label.class).getText()).isEqualTo("inproc:demo");

        robot.interact(() -> demo.stateProperty().set(ConnectionState.RECONNECTING));
        assertThat(robot.lookup("#status-state").queryAs(Label.class).getText()).isEqualTo("Demo: Reconnecting");
    }

    @Test
    void aConnectionWaitingForItsSocketSaysSoInTheNavigatorAndTheStatusBar(FxRobot robot) {
        robot.interact(() -> demo.stateProperty().set(ConnectionState.WAITING));
        assertThat(robot.lookup("#navigator .tree-cell .label").queryAllAs(Label.class))
                .anySatisfy(l -> assertThat(l.getText()).isEqualTo("Socket missing, waiting for the driver"))
                .noneSatisfy(l -> assertThat(l.getText()).isEqualTo("Connecting"));
        assertThat(robot.lookup("#status-state").queryAs(Label.class).getText())
                .isEqualTo("Demo: Socket missing, waiting for the driver");
    }

    @Test
    void traceShowsARecordedCallAndItsRequestAndResponse(FxRobot robot) {
        trace.record("grpc", "unix:///run/csi/csi.sock", "csi.v1.Controller/CreateVolume", 2,
                "name: \"pvc-7\"\ncapacity_range { required_bytes: 1073741824 }", "",
                "UNAVAILABLE", false, Instant.now(), Duration.ofMillis(31));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<TraceEntry> table = robot.lookup("#call-trace .table-view").queryAs(TableView.class);
        assertThat(table.getItems()).singleElement().satisfies(e -> {
            assertThat(e.method()).isEqualTo("csi.v1.Controller/CreateVolume");
            assertThat(e.attempt()).isEqualTo(2);
        });
        robot.clickOn(robot.lookup("#call-trace .table-row-cell")
                .match((javafx.scene.control.TableRow<?> row) -> row.isVisible() && row.getItem() != null).queryAs(Node.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#table-detail .text-area").queryAllAs(TextArea.class))
                .anySatisfy(t -> assertThat(t.getText()).contains("pvc-7"));
    }

    @Test
    void traceListsCallsInTheOrderTheyStartedNotTheOrderTheyCompleted(FxRobot robot) {
        Instant t = Instant.parse("2026-11-24T10:00:00Z");
        trace.record("grpc", "inproc:demo", "csi.v1.Controller/ListVolumes", 1, "", "", "OK", true, t.plusMillis(5), Duration.ofMillis(2));
        trace.record("grpc", "inproc:demo", "csi.v1.Identity/GetPluginInfo", 1, "", "", "OK", true, t, Duration.ofMillis(40));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<TraceEntry> table = robot.lookup("#call-trace .table-view").queryAs(TableView.class);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getSortOrder()).extracting(c -> c.getId()).containsExactly("time");
        assertThat(table.getItems()).extracting(TraceEntry::method)
                .containsExactly("csi.v1.Identity/GetPluginInfo", "csi.v1.Controller/ListVolumes");
    }

    @Test
    void openingAResourceOfAnUnconnectedConnectionSaysSoAndDisabledActionsExplainThemselves(FxRobot robot) {
        robot.interact(() -> workbench.open(demo, ResourceKind.VOLUMES));
        assertThat(workbench.selectedView()).isInstanceOf(PlaceholderView.class);
        assertThat(robot.lookup("#placeholder-volumes").tryQuery()).isPresent();
        Button delete = robot.lookup("#tool-delete").queryAs(Button.class);
        assertThat(delete.isDisabled()).isTrue();
        StackPane wrapper = robot.lookup("#tool-delete-wrapper").queryAs(StackPane.class);
        assertThat(WorkbenchMenus.tooltipOf(wrapper).getText()).isEqualTo(demo.name() + " is not connected");

        robot.press(KeyCode.DELETE).release(KeyCode.DELETE);
        assertThat(dialogs.confirmations).isEmpty();

        robot.press(KeyCode.CONTROL, KeyCode.W).release(KeyCode.W, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#placeholder-volumes").tryQuery()).isEmpty();
    }

    @Test
    void navigatorOpensOneTabPerResourceKind(FxRobot robot) {
        robot.interact(() -> workbench.navigator().select(demo, ResourceKind.SNAPSHOTS));
        robot.interact(() -> workbench.navigator().select(demo, ResourceKind.HOSTS));
        robot.interact(() -> workbench.navigator().select(demo, ResourceKind.SNAPSHOTS));
        assertThat(workbench.centre().getTabs()).extracting(t -> t.getText())
                .containsExactly("Start", "Snapshots \u00b7 Demo", "Hosts and nodes \u00b7 Demo");
        assertThat(workbench.centre().getSelectionModel().getSelectedItem().getText()).isEqualTo("Snapshots \u00b7 Demo");
        robot.interact(() -> demo.count(ResourceKind.SNAPSHOTS).set(1234));
        assertThat(robot.lookup(".cc-nav-count").queryAllAs(Label.class)).anySatisfy(l -> assertThat(l.getText()).isEqualTo("1,234"));
    }

    @Test
    void ctrlFFocusesTheActiveViewsFilter(FxRobot robot) {
        robot.clickOn(robot.lookup("#call-trace .table-view").queryAs(Node.class));
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#call-trace #table-filter").queryAs(Node.class).isFocused()).isTrue();
    }

    @Test
    void ctrlShiftDTogglesTheTheme(FxRobot robot) {
        robot.clickOn("#start-view");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.D).release(KeyCode.D, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(themes.theme()).isEqualTo(Theme.DARK);
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Theme.DARK.userAgentStylesheet());
        assertThat(workbench.root().getStyleClass()).contains(ThemeManager.DARK_CLASS);

        robot.clickOn("#tool-theme");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(themes.theme()).isEqualTo(Theme.LIGHT);
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Theme.LIGHT.userAgentStylesheet());
        assertThat(workbench.root().getStyleClass()).doesNotContain(ThemeManager.DARK_CLASS);
    }
}
