package org.csiconsole.views.fx;

import org.csiconsole.views.CssWarnings;
import org.csiconsole.views.FxWait;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.trace.CallTraceView;
import org.csiconsole.views.trace.CallTraceViewModel;
import org.csiconsole.views.trace.TraceFixtures;
import org.csiconsole.views.trace.TraceTools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.views.trace.TraceFixtures.call;

/** The trace view's filters narrow the table, failed calls stand out, and a call copies as a command. */
@ExtendWith(ApplicationExtension.class)
class CallTraceViewFxTest {
    private final CallTrace trace = new CallTrace();
    private CallTraceView view;

    @Start
    void start(Stage stage) {
        CallTraceViewModel model = new CallTraceViewModel(trace, Platform::runLater, new FakeDialogService());
        model.setTools(new TraceTools(TraceFixtures.commands(), new TraceFixtures.MemoryArchive(), Runnable::run),
                new ActionRunner(new TaskRunner(Platform::runLater), new Notifications(), new FakeDialogService()));
        view = new CallTraceView(model);
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1280, 400);
        new ThemeManager(Theme.LIGHT).style(scene);
        stage.setScene(scene);
        stage.show();
        view.activate();
    }

    @SuppressWarnings("unchecked")
    private TableView<TraceEntry> table(FxRobot robot) {
        return robot.lookup("#call-trace .table-view").match(n -> !"table-pinned".equals(n.getId())).queryAs(TableView.class);
    }

    private void recordMixed(FxRobot robot) throws Exception {
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-1");
        call(trace, "csi.v1.Controller/ControllerPublishVolume", "UNAVAILABLE", "vol-1");
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-2");
        call(trace, "csi.v1.Identity/GetPluginInfo", "OK", null);
        // The four rows in the table and laid out with their items, not only the items in the list.
        FxWait.until(() -> table(robot).getItems().size() == 4 && filledRows(robot).size() == 4);
    }

    private static List<TableRow<?>> filledRows(FxRobot robot) {
        List<TableRow<?>> rows = new java.util.ArrayList<>();
        for (TableRow<?> r : robot.lookup("#call-trace .table-row-cell").queryAllAs(TableRow.class)) {
            if (r.getItem() != null && r.isVisible() && !"table-pinned".equals(r.getTableView().getId())) rows.add(r);
        }
        return rows;
    }

    private static boolean failedState(TableRow<?> r) {
        return r.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass(ConsoleStyles.TRACE_FAILED_STATE));
    }

    private static javafx.scene.control.TableCell<?, ?> statusCell(TableRow<?> r) {
        return (javafx.scene.control.TableCell<?, ?>) r.lookupAll(".table-cell").stream()
                .filter(c -> c.getStyleClass().contains(ConsoleStyles.TRACE_STATUS)).findFirst().orElseThrow();
    }

    @Test
    void aFailedCallsRowIsTintedAndTheFailuresButtonShowsOnlyFailedCalls(FxRobot robot) throws Exception {
        recordMixed(robot);

        // The pseudo-class and the bold font come with the rows' and the cells' next CSS pass.
        FxWait.eventually(() -> {
            assertThat(filledRows(robot)).hasSize(4).allSatisfy(r -> assertThat(failedState(r))
                    .as("row of %s", r.getItem()).isEqualTo(((TraceEntry) r.getItem()).failed()));
            assertThat(filledRows(robot)).filteredOn(CallTraceViewFxTest::failedState).hasSize(1)
                    .allSatisfy(r -> assertThat(statusCell(r).getFont().getStyle()).as("the failed status is bold").containsIgnoringCase("bold"));
            assertThat(filledRows(robot)).filteredOn(r -> !failedState(r))
                    .allSatisfy(r -> assertThat(statusCell(r).getFont().getStyle()).doesNotContainIgnoringCase("bold"));
        });
        Button failures = robot.lookup("#trace-failures").queryAs(Button.class);
        FxWait.eventually(() -> assertThat(failures.getText()).isEqualTo("1 failed (a background read)")); // recorded without a task: the console's own read

        robot.clickOn(failures);
        WaitForAsyncUtils.waitForFxEvents();

        FxWait.eventually(() -> {
            assertThat(table(robot).getItems()).extracting(TraceEntry::shortMethod).containsExactly("ControllerPublishVolume");
            assertThat(robot.lookup("#trace-status").queryAs(ComboBox.class).getValue()).isEqualTo("Failures");
        });
    }

    @Test
    void aCallArrivingAsTheWindowClosesLeavesNoRowStyledWithoutTheThemesTokens(FxRobot robot) throws Exception {
        recordMixed(robot);
        TableView<TraceEntry> table = table(robot);
        Stage stage = (Stage) FxWait.onFx(() -> table.getScene().getWindow());
        try (CssWarnings css = CssWarnings.record()) {
            // The window closes in the same turn as the table takes the new call in, before it follows it.
            robot.interact(() -> table.getItems().addListener(new javafx.collections.ListChangeListener<TraceEntry>() {
                @Override
                public void onChanged(Change<? extends TraceEntry> c) {
                    table.getItems().removeListener(this);
                    stage.hide();
                }
            }));
            call(trace, "csi.v1.Node/NodeStageVolume", "OK", "vol-3");
            FxWait.until(() -> !stage.isShowing());
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(css.messages()).as("every token a row uses resolves").isEmpty();
        }
    }

    @Test
    void typingAVolumeIdAndChoosingAMethodNarrowTheCallsShown(FxRobot robot) throws Exception {
        recordMixed(robot);

        robot.clickOn("#trace-volume").write("vol-1");
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.eventually(() -> assertThat(table(robot).getItems()).extracting(TraceEntry::shortMethod)
                .containsExactly("CreateVolume", "ControllerPublishVolume"));

        @SuppressWarnings("unchecked")
        ComboBox<String> method = robot.lookup("#trace-method").queryAs(ComboBox.class);
        FxWait.eventually(() -> assertThat(method.getItems())
                .contains("csi.v1.Controller/CreateVolume", "csi.v1.Controller/ControllerPublishVolume"));
        robot.interact(() -> method.getSelectionModel().select("csi.v1.Controller/ControllerPublishVolume"));
        FxWait.eventually(() -> assertThat(table(robot).getItems()).extracting(TraceEntry::shortMethod).containsExactly("ControllerPublishVolume"));

        robot.interact(() -> view.model().filter().clear());
        FxWait.eventually(() -> {
            assertThat(robot.lookup("#trace-volume").queryAs(TextField.class).getText()).isEmpty();
            assertThat(method.getValue()).isEmpty();
            assertThat(table(robot).getItems()).hasSize(4);
        });
    }

    @Test
    void groupingByTaskPutsEachTasksCallsTogether(FxRobot robot) throws Exception {
        CallOrigin first = trace.origins().next("Create volume pvc-1");
        CallOrigin second = trace.origins().next("Delete volume pvc-2");
        call(trace, TraceFixtures.SOCKET, "csi.v1.Controller/CreateVolume", "OK", "vol-1", first);
        call(trace, TraceFixtures.SOCKET, "csi.v1.Controller/DeleteVolume", "OK", "vol-2", second);
        call(trace, TraceFixtures.SOCKET, "csi.v1.Controller/ControllerGetVolume", "OK", "vol-1", first);
        call(trace, TraceFixtures.SOCKET, "csi.v1.Identity/Probe", "OK", null, CallOrigin.NONE);
        FxWait.until(() -> table(robot).getItems().size() == 4);

        robot.clickOn("#trace-group");
        WaitForAsyncUtils.waitForFxEvents();

        FxWait.eventually(() -> assertThat(table(robot).getItems()).extracting(e -> e.origin().title())
                .containsExactly("Create volume pvc-1", "Create volume pvc-1", "Delete volume pvc-2", ""));
    }

    @Test
    void copyAsGrpcurlPutsTheSelectedCallsCommandOnTheClipboard(FxRobot robot) throws Exception {
        recordMixed(robot);
        robot.interact(() -> table(robot).getSelectionModel().select(0));

        robot.clickOn("#trace-copy");
        robot.clickOn("#copy-grpcurl");
        WaitForAsyncUtils.waitForFxEvents();

        FxWait.eventually(() -> assertThat(Clipboard.getSystemClipboard().getString()).isEqualTo("grpcurl csi.v1.Controller/CreateVolume"));
        FxWait.eventually(() -> assertThat(robot.lookup("#trace-message").queryAs(javafx.scene.control.Label.class).getText())
                .isEqualTo("Copied CreateVolume as grpcurl"));
    }

    @Test
    void theCopyMenuCopiesTheCallSelectedWhenItOpenedThoughTheSelectionChangesBeforeTheClick(FxRobot robot) throws Exception {
        recordMixed(robot);
        robot.interact(() -> table(robot).getSelectionModel().select(0));
        robot.interact(() -> Clipboard.getSystemClipboard().setContent(java.util.Map.of(javafx.scene.input.DataFormat.PLAIN_TEXT, "before")));

        robot.clickOn("#trace-copy");
        // While the pointer travels to the item, the table's selection goes (new calls arriving, a re-sort).
        robot.interact(() -> table(robot).getSelectionModel().clearSelection());
        robot.clickOn("#copy-grpcurl");
        WaitForAsyncUtils.waitForFxEvents();

        FxWait.eventually(() -> assertThat(Clipboard.getSystemClipboard().getString()).isEqualTo("grpcurl csi.v1.Controller/CreateVolume"));
    }

    @Test
    void theRowMenuKeepsItsLabelsShortWithWhyUnderThemSoItFitsA1280Screen(FxRobot robot) throws Exception {
        recordMixed(robot);
        robot.clickOn(filledRows(robot).get(0));
        robot.interact(() -> table(robot).getSelectionModel().clearAndSelect(0));

        robot.press(javafx.scene.input.KeyCode.SHIFT, javafx.scene.input.KeyCode.F10)
                .release(javafx.scene.input.KeyCode.F10, javafx.scene.input.KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();

        javafx.scene.Node curl = robot.lookup("#row-copy-curl").query();
        List<String> texts = robot.from(curl).lookup(".label").queryAllAs(javafx.scene.control.Label.class).stream()
                .map(javafx.scene.control.Label::getText).filter(t -> t != null && !t.isEmpty()).toList();
        assertThat(texts).as("the label, and the reason under it").containsExactly("Copy as curl", TraceFixtures.CURL_REASON);
        assertThat(curl.getScene().getWindow().getWidth()).as("the menu's width, well inside a 1280 px screen").isLessThan(800);
        javafx.scene.Node grpcurl = robot.lookup("#row-copy-grpcurl").query();
        assertThat(robot.from(grpcurl).lookup(".label").queryAllAs(javafx.scene.control.Label.class))
                .filteredOn(l -> l.isVisible() && l.getText() != null && !l.getText().isEmpty()).singleElement().satisfies(l -> {
                    assertThat(l.getText()).isEqualTo("Copy as grpcurl");
                    assertThat(l.getTooltip().getText()).as("the command, previewed").isEqualTo("grpcurl csi.v1.Controller/CreateVolume");
                });
        robot.press(javafx.scene.input.KeyCode.ESCAPE).release(javafx.scene.input.KeyCode.ESCAPE);
    }

    @Test
    void copyAsTextInTheRowMenuCopiesTheSelectedCallsWithAHeader(FxRobot robot) throws Exception {
        recordMixed(robot);
        robot.clickOn(filledRows(robot).get(0));
        robot.interact(() -> {
            Clipboard.getSystemClipboard().clear();
            table(robot).getSelectionModel().clearSelection();
            table(robot).getSelectionModel().selectIndices(0, 1);
        });

        robot.press(javafx.scene.input.KeyCode.SHIFT, javafx.scene.input.KeyCode.F10)
                .release(javafx.scene.input.KeyCode.F10, javafx.scene.input.KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#row-copy-text");
        WaitForAsyncUtils.waitForFxEvents();

        FxWait.eventually(() -> {
            List<String> lines = Clipboard.getSystemClipboard().getString().lines().toList();
            assertThat(lines).hasSize(3);
            assertThat(lines.get(0)).startsWith("Time\tTask\tMethod\tStatus");
            assertThat(lines.get(1)).contains("CreateVolume").contains("OK");
            assertThat(lines.get(2)).contains("ControllerPublishVolume").contains("UNAVAILABLE");
        });
    }
}
