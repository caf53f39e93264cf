package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToolBar;
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
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.trace.TraceFixtures;
import org.csiconsole.views.trace.TraceTools;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.PlaceholderView;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.StartSection;
import org.csiconsole.views.workbench.StatusBar;
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

import java.util.List;
import java.util.function.Predicate;

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
    void shellOpensWithNavigatorStartPageAndStatusBar(FxRobot robot) throws Exception {
        assertThat(robot.lookup("#navigator").tryQuery()).isPresent();
        FxWait.eventually(() -> assertThat(robot.lookup(".tree-cell .label").queryAllAs(Label.class))
                .anySatisfy(l -> assertThat(l.getText()).isEqualTo("Demo")));
        assertThat(robot.lookup("#start-view").tryQuery()).isPresent();
        assertThat(robot.lookup("#status-state").queryAs(Label.class).getText()).isEqualTo("Demo: Disconnected");
        assertThat(robot.lookup("#status-endpoint").queryAs(Label.class).getText()).isEqualTo("inproc:demo");

        robot.interact(() -> demo.stateProperty().set(ConnectionState.RECONNECTING));
        FxWait.eventually(() -> assertThat(robot.lookup("#status-state").queryAs(Label.class).getText()).isEqualTo("Demo: Reconnecting"));
    }

    @Test
    void theCallTraceAndTheStartPagesCardsLeftOutOfTheFirstFrameComeWhenTheStartFinishes(FxRobot robot) {
        assertThat(robot.lookup("#call-trace").tryQuery()).as("built with the scene by default").isPresent();
        assertThat(robot.lookup("#call-trace-pending").tryQuery()).isEmpty();

        ViewRegistry registry = new ViewRegistry().addStartSection(new StartSection("start-extra", "Extra", () -> new Label("extra")));
        Workbench deferred = new Workbench(new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater),
                new Notifications(), dialogs, themes, trace, registry), FXCollections.observableArrayList());
        Stage[] stage = new Stage[1];
        TraceTools tools = new TraceTools(TraceFixtures.commands(), new TraceFixtures.MemoryArchive(), Runnable::run);
        robot.interact(() -> {
            deferred.deferUntilShown();
            deferred.traces().setTools(tools);
            stage[0] = new Stage();
            stage[0].setScene(deferred.createScene(900, 600));
            stage[0].show();
        });
        try {
            Node root = deferred.root();
            assertThat(deferred.bottom().getTabs().get(0).getContent().getId()).as("not built for the first frame")
                    .isEqualTo("call-trace-pending");
            assertThat(robot.from(root).lookup("#navigator").tryQuery()).isPresent();
            assertThat(robot.from(root).lookup("#start-view").tryQuery()).isPresent();
            assertThat(robot.from(root).lookup("#start-extra").tryQuery()).as("a section's card waits for the first frame").isEmpty();
            assertThat(robot.from(root).lookup(".label").queryAllAs(Label.class)).as("so do the shortcuts")
                    .noneSatisfy(l -> assertThat(l.getText()).isEqualTo("Keyboard"));

            robot.interact(deferred::finishStart);
            assertThat(robot.from(root).lookup("#start-extra").tryQuery()).isPresent();
            assertThat(robot.from(root).lookup(".label").queryAllAs(Label.class))
                    .anySatisfy(l -> assertThat(l.getText()).isEqualTo("Keyboard"));
            assertThat(robot.from(root).lookup("#call-trace").tryQuery()).isPresent();
            assertThat(robot.from(root).lookup("#call-trace-pending").tryQuery()).isEmpty();
            Node built = robot.from(root).lookup("#call-trace").query();
            robot.interact(deferred::finishStart);
            assertThat((Object) robot.from(root).lookup("#call-trace").query()).as("a second call changes nothing").isSameAs(built);
            assertThat(deferred.bottom().trace().node()).isSameAs(built);
            assertThat(deferred.bottom().trace().model().tools()).as("the tools given before it was built").isSameAs(tools);
        } finally {
            robot.interact(() -> stage[0].close());
        }
    }

    @Test
    void theBarsTheBottomPanelAndTheStatusBarComeWhereTheirOutlinesStoodAndTheirShortcutsWorkThen(FxRobot robot) {
        Workbench deferred = new Workbench(new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater),
                new Notifications(), dialogs, themes, trace, new ViewRegistry()), FXCollections.observableArrayList(demo));
        Stage[] stage = new Stage[1];
        robot.interact(() -> {
            deferred.deferUntilShown();
            stage[0] = new Stage();
            stage[0].setScene(deferred.createScene(900, 600));
            stage[0].show();
        });
        try {
            Node root = deferred.root();
            Predicate<Node> barsPanelOrStatus = n -> n instanceof MenuBar || n instanceof ToolBar || n == deferred.bottom()
                    || n instanceof StatusBar;
            assertThat(robot.from(root).lookup(barsPanelOrStatus).tryQuery()).as("the first frame draws their outlines, not the controls")
                    .isEmpty();
            Bounds navigator = sceneBounds(deferred.navigator());
            Bounds centre = sceneBounds(deferred.centre());
            Bounds bars = sceneBounds(robot.from(root).lookup("#outline-bars").query());
            Bounds bottom = sceneBounds(robot.from(root).lookup("#outline-bottom-panel").query());
            Bounds status = sceneBounds(robot.from(root).lookup("#outline-status").query());

            robot.interact(deferred::finishStart);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(robot.from(root).lookup("#outline-bars").tryQuery()).isEmpty();
            assertThat(sceneBounds(deferred.navigator())).as("the navigator does not move").isEqualTo(navigator);
            assertThat(sceneBounds(deferred.centre())).as("nor the centre").isEqualTo(centre);
            Bounds menuBar = sceneBounds(deferred.menus().menuBar());
            Bounds toolBar = sceneBounds(deferred.menus().toolBar());
            assertThat(new BoundingBox(menuBar.getMinX(), menuBar.getMinY(), toolBar.getMaxX() - menuBar.getMinX(),
                    toolBar.getMaxY() - menuBar.getMinY())).as("the menu and tool bars fill their outline").isEqualTo(bars);
            assertThat(sceneBounds(deferred.bottom())).as("the bottom panel fills its outline").isEqualTo(bottom);
            assertThat(sceneBounds(robot.from(root).lookup(".cc-status-bar").query())).as("the status bar fills its outline").isEqualTo(status);

            robot.clickOn(robot.from(root).lookup("#start-view").queryAs(Node.class));
            robot.press(KeyCode.CONTROL, KeyCode.J).release(KeyCode.J, KeyCode.CONTROL);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(deferred.bottomShownProperty().get()).as("Ctrl+J, the View menu's accelerator, hides the bottom panel").isFalse();
        } finally {
            robot.interact(() -> stage[0].close());
        }
    }

    private static Bounds sceneBounds(Node node) {
        return node.localToScene(node.getLayoutBounds());
    }

    @Test
    void aConnectionWaitingForItsSocketSaysSoInTheNavigatorAndTheStatusBar(FxRobot robot) throws Exception {
        robot.interact(() -> demo.stateProperty().set(ConnectionState.WAITING));
        // The navigator's cell shows the new state when it is next laid out.
        FxWait.eventually(() -> assertThat(robot.lookup("#navigator .tree-cell .label").queryAllAs(Label.class))
                .anySatisfy(l -> assertThat(l.getText()).isEqualTo("Socket missing, waiting for the driver"))
                .noneSatisfy(l -> assertThat(l.getText()).isEqualTo("Connecting")));
        FxWait.eventually(() -> assertThat(robot.lookup("#status-state").queryAs(Label.class).getText())
                .isEqualTo("Demo: Socket missing, waiting for the driver"));
    }

    @Test
    void traceShowsARecordedCallAndItsRequestAndResponse(FxRobot robot) throws Exception {
        trace.record("grpc", "unix:///run/csi/csi.sock", "csi.v1.Controller/CreateVolume", 2,
                "name: \"pvc-7\"\ncapacity_range { required_bytes: 1073741824 }", "",
                "UNAVAILABLE", false, Instant.now(), Duration.ofMillis(31));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<TraceEntry> table = robot.lookup("#call-trace .table-view").queryAs(TableView.class);
        FxWait.until(() -> table.getItems().size() == 1);
        assertThat(FxWait.onFx(() -> List.copyOf(table.getItems()))).singleElement().satisfies(e -> {
            assertThat(e.method()).isEqualTo("csi.v1.Controller/CreateVolume");
            assertThat(e.attempt()).isEqualTo(2);
        });
        // A row that holds the call and has been laid out (the table primes blank rows first).
        java.util.function.Predicate<javafx.scene.control.TableRow<?>> shown =
                row -> row.isVisible() && row.getItem() != null && row.getHeight() > 0 && row.getParent() != null;
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> robot.lookup("#call-trace .table-row-cell").match(shown).tryQuery().isPresent()).get());
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(robot.lookup("#call-trace .table-row-cell").match(shown).queryAs(Node.class));
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> robot.lookup("#table-detail .text-area").queryAllAs(TextArea.class).stream()
                        .anyMatch(t -> t.getText().contains("pvc-7"))).get());
    }

    @Test
    void traceListsCallsInTheOrderTheyStartedNotTheOrderTheyCompleted(FxRobot robot) throws Exception {
        Instant t = Instant.parse("2026-11-24T10:00:00Z");
        trace.record("grpc", "inproc:demo", "csi.v1.Controller/ListVolumes", 1, "", "", "OK", true, t.plusMillis(5), Duration.ofMillis(2));
        trace.record("grpc", "inproc:demo", "csi.v1.Identity/GetPluginInfo", 1, "", "", "OK", true, t, Duration.ofMillis(40));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<TraceEntry> table = robot.lookup("#call-trace .table-view").queryAs(TableView.class);
        // new calls reach the table in batches, a few times a second
        FxWait.until(() -> table.getItems().size() == 2);
        FxWait.eventually(() -> {
            assertThat(table.getSortOrder()).extracting(c -> c.getId()).containsExactly("time");
            assertThat(table.getItems()).extracting(TraceEntry::method)
                    .containsExactly("csi.v1.Identity/GetPluginInfo", "csi.v1.Controller/ListVolumes");
        });
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
    void navigatorOpensOneTabPerResourceKind(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.navigator().select(demo, ResourceKind.SNAPSHOTS));
        robot.interact(() -> workbench.navigator().select(demo, ResourceKind.HOSTS));
        robot.interact(() -> workbench.navigator().select(demo, ResourceKind.SNAPSHOTS));
        assertThat(workbench.centre().getTabs()).extracting(t -> t.getText())
                .containsExactly("Start", "Snapshots \u00b7 Demo", "Hosts and nodes \u00b7 Demo");
        assertThat(workbench.centre().getSelectionModel().getSelectedItem().getText()).isEqualTo("Snapshots \u00b7 Demo");
        robot.interact(() -> demo.count(ResourceKind.SNAPSHOTS).set(1234));
        FxWait.eventually(() -> assertThat(robot.lookup(".cc-nav-count").queryAllAs(Label.class))
                .anySatisfy(l -> assertThat(l.getText()).isEqualTo("1,234")));
    }

    @Test
    void ctrlFFocusesTheActiveViewsFilter(FxRobot robot) throws Exception {
        robot.clickOn(robot.lookup("#call-trace .table-view").queryAs(Node.class));
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.eventually(() -> assertThat(robot.lookup("#call-trace #table-filter").queryAs(Node.class).isFocused()).isTrue());
    }

    @Test
    void ctrlShiftDTogglesTheTheme(FxRobot robot) {
        robot.clickOn("#start-view");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.D).release(KeyCode.D, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(themes.theme()).isEqualTo(Theme.DARK);
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Theme.DARK.userAgentStylesheet());
        assertThat(workbench.root().getStyleClass()).contains(ConsoleStyles.DARK);

        robot.clickOn("#tool-theme");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(themes.theme()).isEqualTo(Theme.LIGHT);
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Theme.LIGHT.userAgentStylesheet());
        assertThat(workbench.root().getStyleClass()).doesNotContain(ConsoleStyles.DARK);
    }

    @Test
    void ctrlJHidesTheBottomPanelAndBringsItBackAtTheSameHeight(FxRobot robot) {
        robot.interact(() -> workbench.setBottomDivider(0.7));
        assertThat(robot.lookup("#bottom-panel").tryQuery()).isPresent();
        robot.press(KeyCode.CONTROL, KeyCode.J).release(KeyCode.J, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#bottom-panel").tryQuery()).isEmpty();
        assertThat(workbench.bottomShownProperty().get()).isFalse();
        assertThat(workbench.bottomDivider()).isCloseTo(0.7, org.assertj.core.data.Offset.offset(0.01));

        robot.press(KeyCode.CONTROL, KeyCode.J).release(KeyCode.J, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#bottom-panel").tryQuery()).isPresent();
        assertThat(workbench.bottomDivider()).isCloseTo(0.7, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void showingTheTraceFromTheMenuBringsBackAHiddenBottomPanel(FxRobot robot) {
        robot.interact(() -> workbench.bottomShownProperty().set(false));
        robot.interact(() -> workbench.showBottom(org.csiconsole.views.workbench.BottomPanel::showTasks));
        assertThat(robot.lookup("#bottom-panel").tryQuery()).isPresent();
        assertThat(workbench.bottom().getSelectionModel().getSelectedIndex()).isEqualTo(1);
    }

    @Test
    void openViewsAreNamedByKeysThatReopenTheSameTabsAndSkipWhatIsGone(FxRobot robot) {
        robot.interact(() -> {
            workbench.open(demo, ResourceKind.VOLUMES);
            workbench.open(demo, ResourceKind.HOSTS);
            workbench.openStart();
        });
        assertThat(workbench.openViewKeys()).containsExactly("start", "Demo/VOLUMES", "Demo/HOSTS");
        assertThat(workbench.selectedViewKey()).isEqualTo("start");

        robot.interact(() -> {
            while (workbench.closeCurrentTab()) {
                // close every tab, as a fresh start would have none but the start page
            }
            workbench.restoreViews(java.util.List.of("Demo/HOSTS", "Gone array/VOLUMES", "Demo/NO_SUCH_KIND", "Demo/VOLUMES"),
                    "Demo/HOSTS");
        });
        assertThat(workbench.openViewKeys()).containsExactly("Demo/HOSTS", "Demo/VOLUMES");
        assertThat(workbench.selectedViewKey()).isEqualTo("Demo/HOSTS");
    }

    @Test
    void theTraceFollowsNewCallsUntilTheAdminScrollsUp(FxRobot robot) throws Exception {
        for (int i = 0; i < 200; i++) record(i);
        @SuppressWarnings("unchecked")
        TableView<TraceEntry> table = robot.lookup("#call-trace .table-view").queryAs(TableView.class);
        FxWait.until(() -> table.getItems().size() == 200);
        // The table scrolls to the newest call after it has taken the rows in, in a later pulse.
        FxWait.eventually(() -> assertThat(lastVisibleRow(robot)).as("the newest call is in sight").isEqualTo(199));

        robot.interact(() -> table.scrollTo(0));
        robot.moveTo(table).scroll(3, javafx.geometry.VerticalDirection.UP);
        WaitForAsyncUtils.waitForFxEvents();
        for (int i = 200; i < 210; i++) record(i);
        FxWait.until(() -> table.getItems().size() == 210);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(FxWait.onFx(() -> lastVisibleRow(robot))).as("scrolled up: the view stays where the admin put it").isLessThan(100);
    }

    private void record(int i) {
        trace.record("grpc", "unix:///run/csi/csi.sock", "csi.v1.Controller/ControllerGetVolume", 1, "volume_id: \"vol-" + i + "\"", "",
                "OK", true, Instant.parse("2026-11-25T08:00:00Z").plusMillis(i), Duration.ofMillis(2));
    }

    private static int lastVisibleRow(FxRobot robot) {
        // the trace table's own flow (the filter boxes' lists have flows too)
        javafx.scene.control.skin.VirtualFlow<?> flow = (javafx.scene.control.skin.VirtualFlow<?>) robot.lookup("#call-trace .table-view")
                .queryAs(TableView.class).lookup(".virtual-flow");
        return flow.getLastVisibleCell() == null ? -1 : flow.getLastVisibleCell().getIndex();
    }

    @Test
    void theNavigatorFollowsTheSelectedTab(FxRobot robot) {
        robot.interact(() -> {
            workbench.open(demo, ResourceKind.VOLUMES);
            workbench.open(demo, ResourceKind.HOSTS);
        });
        assertThat(workbench.navigator().tree().getSelectionModel().getSelectedItem().getValue())
                .isEqualTo(new org.csiconsole.views.workbench.NavItem.ResourceKindItem(demo, ResourceKind.HOSTS));
        robot.interact(() -> workbench.centre().getSelectionModel().select(1));
        assertThat(workbench.selectedViewKey()).isEqualTo("Demo/VOLUMES");
        assertThat(workbench.navigator().tree().getSelectionModel().getSelectedItem().getValue())
                .isEqualTo(new org.csiconsole.views.workbench.NavItem.ResourceKindItem(demo, ResourceKind.VOLUMES));
    }

    @Test
    void aSelectedRowStandsOutFromTheRowsAroundItInBothThemes(FxRobot robot) throws Exception {
        for (int i = 0; i < 3; i++) record(i);
        @SuppressWarnings("unchecked")
        TableView<TraceEntry> table = robot.lookup("#call-trace .table-view").queryAs(TableView.class);
        FxWait.until(() -> table.getItems().size() == 3);
        robot.interact(() -> table.getSelectionModel().select(1));
        for (Theme theme : Theme.values()) {
            robot.interact(() -> themes.themeProperty().set(theme));
            WaitForAsyncUtils.waitForFxEvents();
            // The rows are laid out and styled in a pulse: read their fills on the FX thread once they are.
            FxWait.eventually(() -> {
                java.util.Map<Boolean, javafx.scene.paint.Color> fills = new java.util.HashMap<>();
                for (javafx.scene.control.TableRow<?> row : robot.lookup("#call-trace .table-row-cell")
                        .queryAllAs(javafx.scene.control.TableRow.class)) {
                    if (row.getItem() == null || row.getBackground() == null || row.getBackground().getFills().isEmpty()) continue;
                    var fill = row.getBackground().getFills().get(row.getBackground().getFills().size() - 1).getFill();
                    if (fill instanceof javafx.scene.paint.Color c && row.getIndex() != 0) fills.put(row.isSelected(), c);
                }
                assertThat(fills).as(theme + ": a selected and an unselected row").containsKeys(true, false);
                assertThat(contrast(fills.get(true), fills.get(false))).as(theme + ": selected against unselected").isGreaterThanOrEqualTo(3.0);
            });
        }
    }

    @Test
    void aDeselectedRowsTextTakesTheCellsColourAgainInTheDarkTheme(FxRobot robot) throws Exception {
        for (int i = 0; i < 3; i++) record(i);
        @SuppressWarnings("unchecked")
        TableView<TraceEntry> table = robot.lookup("#call-trace .table-view").queryAs(TableView.class);
        FxWait.until(() -> table.getItems().size() == 3);
        robot.interact(() -> themes.themeProperty().set(Theme.DARK));
        robot.interact(() -> table.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> table.getSelectionModel().clearSelection());
        FxWait.eventually(() -> {
            List<String> wrong = FxWait.onFx(() -> {
                List<String> out = new java.util.ArrayList<>();
                for (javafx.scene.control.TableRow<?> row : robot.lookup("#call-trace .table-row-cell")
                        .queryAllAs(javafx.scene.control.TableRow.class)) {
                    if (row.getIndex() != 1) continue;
                    for (javafx.scene.Node n : row.lookupAll(".table-cell")) {
                        var cell = (javafx.scene.control.Labeled) n;
                        if (cell.getText() == null || cell.getText().isEmpty()) continue;
                        var text = (javafx.scene.text.Text) cell.lookup(".text");
                        if (!cell.getTextFill().equals(text.getFill())) out.add(cell.getText() + " drawn in " + text.getFill()
                                + ", its cell's colour " + cell.getTextFill());
                    }
                }
                return out;
            });
            assertThat(wrong).isEmpty();
        });
    }

    /** WCAG 2 contrast ratio of two colours. */
    private static double contrast(javafx.scene.paint.Color a, javafx.scene.paint.Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(javafx.scene.paint.Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
