package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.ActionMenu;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Several rows selected at once, actions on all of them, and the rows' context menu, in the volumes view. */
@ExtendWith(ApplicationExtension.class)
class MultiSelectFxTest {
    private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

    @Start
    void start(Stage stage) {
        fx.show(stage, c -> new VolumesView(new VolumesViewModel(c)));
    }

    @AfterEach
    void tearDown(FxRobot robot) {
        robot.interact(() -> fx.view.rowMenu().hide());
        fx.closeDialogs(robot);
    }

    private VolumesViewModel model() {
        return ((VolumesView) fx.view).viewModel();
    }

    /** Row {@code index} once it holds its item and has been laid out, so that a click lands on it. */
    private TableRow<?> row(FxRobot robot, int index) throws Exception {
        java.util.concurrent.Callable<java.util.Optional<TableRow<?>>> find = () -> robot.from(fx.table()).lookup(".table-row-cell")
                .queryAllAs(TableRow.class).stream()
                .filter(r -> r.getIndex() == index && !r.isEmpty() && r.getItem() != null && r.isVisible() && r.getHeight() > 0)
                .<TableRow<?>>map(r -> r).findFirst();
        FxWait.until(() -> find.call().isPresent());
        return FxWait.onFx(find).orElseThrow(() -> new AssertionError("no row " + index));
    }

    private List<String> selectedNames() throws Exception {
        return FxWait.onFx(() -> model().selectedRows().stream().map(Volume::name).toList());
    }

    @Test
    void shiftClickSelectsTheRowsBetweenAndShiftArrowsAndCtrlAChangeTheSelection(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn(row(robot, 0));
        robot.press(KeyCode.SHIFT).clickOn(row(robot, 2)).release(KeyCode.SHIFT);

        assertThat(FxWait.onFx(() -> List.copyOf(fx.table().getSelectionModel().getSelectedIndices()))).hasSize(3);
        assertThat(selectedNames()).containsExactlyInAnyOrder("pvc-web", "pvc-db", "pvc-logs");
        assertThat(FxWait.onFx(() -> model().selected().name())).as("the lead row is the one clicked last").isEqualTo("pvc-logs");

        robot.press(KeyCode.SHIFT).type(KeyCode.UP).release(KeyCode.SHIFT);
        assertThat(selectedNames()).containsExactlyInAnyOrder("pvc-web", "pvc-db");

        robot.clickOn(row(robot, 1));
        assertThat(selectedNames()).containsExactly("pvc-db");
        robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        assertThat(selectedNames()).hasSize(3);
    }

    @Test
    void aBulkDeleteReportsEachVolumeKeepsTheOneThatFailedAndShowsItsMessage(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.storage.failFor("deleteVolume", "vol-0002", FailureKind.FAILED_PRECONDITION,
                "volume vol-0002 still has snapshots", "Delete its snapshots first.");
        // pvc-db and pvc-logs: pvc-web is published to a node, so a delete with it is refused before anything is sent; pvc-logs
        // has its replication disabled first, as a replicated volume is not deleted
        fx.storage.withoutReplicationOf("vol-0003");
        robot.clickOn(row(robot, 1));
        robot.press(KeyCode.CONTROL).clickOn(row(robot, 2)).release(KeyCode.CONTROL);

        robot.clickOn("#volume-delete");
        fx.confirmByTyping(robot, "delete pvc-db, pvc-logs", "Delete");

        fx.assertResults(robot, "Deleted 1 of 2 volumes; 1 failed.",
                "pvc-db \u2192 Failed: deleteVolume: volume vol-0002 still has snapshots", "pvc-logs \u2192 OK");
        fx.press(robot, "Close");

        fx.awaitRows(2);
        assertThat(fx.firstColumn()).containsExactly("pvc-web", "pvc-db");
        // The notification and the task's end come with the outcome, on the FX thread.
        FxWait.eventually(() -> {
            assertThat(fx.notifications.items()).isNotEmpty();
            assertThat(fx.notifications.items().get(0).message()).isEqualTo("Deleted 1 of 2 volumes; 1 failed.");
            assertThat(fx.tasks.tasks().get(0).state()).isEqualTo(org.csiconsole.views.task.TaskState.DONE_WITH_ERRORS);
        });
    }

    @Test
    void singleRowActionsAreDisabledWithTheReasonWhileTwoAreSelected(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn(row(robot, 0));
        robot.press(KeyCode.CONTROL).clickOn(row(robot, 2)).release(KeyCode.CONTROL);

        for (String id : List.of("volume-expand", "volume-clone", "volume-modify")) {
            assertThat(fx.disabled(robot, id)).as(id).isTrue();
            assertThat(fx.tooltip(robot, id)).as(id).isEqualTo("Select one volume: 2 are selected.");
        }
        assertThat(fx.menuNote(robot, "volume-controller", 0)).isEqualTo("Select one volume: 2 are selected.");
        assertThat(fx.menuNote(robot, "volume-node", 0)).isEqualTo("Select one volume: 2 are selected.");
        assertThat(fx.disabled(robot, "volume-delete")).isFalse();
        assertThat(fx.disabled(robot, "volume-snapshot")).isFalse();

        robot.clickOn(row(robot, 1));
        assertThat(fx.disabled(robot, "volume-expand")).as("one selected again").isFalse();
    }

    @Test
    void shiftF10OpensAContextMenuWhoseItemsAreTheCommandBarsActions(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn(row(robot, 1));
        ContextMenu menu = fx.view.rowMenu();
        assertThat(menu.isShowing()).isFalse();

        robot.press(KeyCode.SHIFT).type(KeyCode.F10).release(KeyCode.SHIFT);
        FxWait.until(menu::isShowing);

        // The entries are read on the FX thread, where the menu's showing handler fills them in.
        FxWait.eventually(() -> assertThat(menuEntries(menu.getItems())).isEqualTo(barEntries(robot)).hasSize(24));
        assertThat(FxWait.onFx(() -> menuEntries(menu.getItems()))).contains("Delete: on", "Expand: on", "Unpublish from a node\u2026: off", "Validate capabilities\u2026: on");
        assertThat(FxWait.onFx(() -> menu.getItems().get(menu.getItems().size() - 1).getId()))
                .as("the menu ends with copying the selected rows").isEqualTo(org.csiconsole.views.table.ResourceTable.COPY_AS_TEXT_ID);
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !menu.isShowing());

        robot.type(KeyCode.CONTEXT_MENU);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, menu::isShowing);
    }

    @Test
    void tabFromTheFilterReachesTheRowsWithAVisibleRingAndShiftF10OpensTheMenuAtTheRow(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn(fx.view.table().filterField());
        robot.type(KeyCode.TAB);
        FxWait.until(() -> fx.table().isFocused());
        assertThat(FxWait.onFx(() -> fx.table().getSelectionModel().getSelectedIndex())).as("the first row is the lead").isZero();
        TableRow<?> first = row(robot, 0);
        FxWait.eventually(() -> assertThat(FxWait.onFx(() -> first.getBorder())).as("the focused row's ring").isNotNull()
                .satisfies(b -> assertThat(b.getStrokes()).isNotEmpty().allSatisfy(st -> {
                    assertThat(st.getTopStroke()).isNotEqualTo(javafx.scene.paint.Color.TRANSPARENT);
                    assertThat(st.getWidths().getTop()).isGreaterThanOrEqualTo(2);
                })));

        ContextMenu menu = fx.view.rowMenu();
        robot.press(KeyCode.SHIFT).type(KeyCode.F10).release(KeyCode.SHIFT);
        FxWait.until(menu::isShowing);
        javafx.geometry.Bounds at = FxWait.onFx(() -> first.localToScreen(first.getBoundsInLocal()));
        assertThat(FxWait.onFx(menu::getY)).as("beside the row, not at the screen's edge").isBetween(at.getMinY() - 1, at.getMaxY() + 40);
        assertThat(FxWait.onFx(menu::getX)).isGreaterThan(at.getMinX());
    }

    @Test
    void aKubernetesVolumeNameFitsTheNameColumnWhole(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        javafx.scene.control.TableCell<?, ?> cell = robot.from(fx.table()).lookup(".table-cell").queryAllAs(javafx.scene.control.TableCell.class)
                .stream().filter(c -> c.getTableColumn() != null && "Name".equals(c.getTableColumn().getText())).findFirst().orElseThrow();
        double needed = FxWait.onFx(() -> {
            javafx.scene.text.Text t = new javafx.scene.text.Text("pvc-8bce2c1e-4d1f-4a8e-9c0b-84cfeeeff5d0");
            t.setFont(cell.getFont());
            return t.getLayoutBounds().getWidth() + cell.snappedLeftInset() + cell.snappedRightInset();
        });
        assertThat(FxWait.onFx(() -> cell.getTableColumn().getWidth())).isGreaterThanOrEqualTo(needed);
    }

    @Test
    void theContextMenuRunsACommandFromTheKeyboard(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn(row(robot, 1));
        robot.moveTo("#view-status"); // the pointer away from where the menu opens, so it hovers no item
        ContextMenu menu = fx.view.rowMenu();
        robot.press(KeyCode.SHIFT).type(KeyCode.F10).release(KeyCode.SHIFT);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, menu::isShowing);

        // The arrows move through the commands (Expand is the second); Enter runs the one focused.
        for (int i = 0; i < 12 && !FxWait.onFx(() -> focusedItem(menu)).equals("row-menu-1"); i++) {
            robot.type(KeyCode.DOWN);
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertThat(FxWait.onFx(() -> focusedItem(menu))).isEqualTo("row-menu-1");
        robot.type(KeyCode.ENTER);

        FxWait.until(() -> robot.lookup("#form-size").tryQuery().isPresent());
        javafx.scene.control.DialogPane pane = fx.dialog(robot);
        assertThat(FxWait.onFx(() -> pane.getScene().getWindow())).isInstanceOf(Stage.class);
        assertThat(FxWait.onFx(() -> ((Stage) pane.getScene().getWindow()).getTitle())).contains("pvc-db");
        fx.press(robot, "Cancel");
    }

    @Test
    void aRightClickOnAnUnselectedRowSelectsItAloneAndOnASelectedRowKeepsTheSelection(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn(row(robot, 0));
        robot.press(KeyCode.CONTROL).clickOn(row(robot, 1)).release(KeyCode.CONTROL);
        ContextMenu menu = fx.view.rowMenu();

        rightClick(robot, row(robot, 1));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, menu::isShowing);
        assertThat(selectedNames()).containsExactlyInAnyOrder("pvc-web", "pvc-db");
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !menu.isShowing());

        rightClick(robot, row(robot, 2));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, menu::isShowing);
        assertThat(selectedNames()).containsExactly("pvc-logs");
    }

    @Test
    void severalSelectedRowsShowTheirCountTotalSizeAndNamesInTheDetailPane(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn(row(robot, 0));
        robot.press(KeyCode.SHIFT).clickOn(row(robot, 2)).release(KeyCode.SHIFT);
        long total = FxWait.onFx(() -> model().selectedRows().stream().mapToLong(Volume::capacityBytes).sum());

        FxWait.eventually(() -> {
            assertThat(((Label) fx.view.table().lookup("#detail-title")).getText()).isEqualTo("3 selected");
            assertThat(fx.view.table().lookup("#table-detail").lookupAll(".label").stream()
                    .map(n -> ((Label) n).getText()).toList())
                    .contains("Total size", org.csiconsole.views.resource.Texts.knownSizeWithBytes(total));
        });
        robot.clickOn(row(robot, 1));
        FxWait.eventually(() -> assertThat(((Label) fx.view.table().lookup("#detail-title")).getText()).isEqualTo("pvc-db"));
    }

    @Test
    void aFilterHidingSelectedRowsDropsThemFromTheSelection(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn(row(robot, 0));
        robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        assertThat(selectedNames()).hasSize(3);

        robot.interact(() -> fx.view.table().filterField().setText("pvc-db"));
        fx.awaitRows(1);
        assertThat(selectedNames()).containsExactly("pvc-db");
        assertThat(FxWait.onFx(() -> model().selected().name())).isEqualTo("pvc-db");

        robot.interact(() -> fx.view.table().filterField().setText(""));
        fx.awaitRows(3);
        assertThat(selectedNames()).as("hidden rows do not come back selected").containsExactly("pvc-db");
        assertThat(FxWait.onFx(() -> fx.table().getSelectionModel().getSelectedItems().size())).isEqualTo(1);
    }

    @Test
    void tabMovesFromOneCommandToTheNext(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.interact(() -> robot.lookup("#volume-create").query().requestFocus());
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(FxWait.onFx(() -> fx.stage.getScene().getFocusOwner().getId())).as("the next enabled command").isEqualTo("volume-controller");
    }

    private static String focusedItem(ContextMenu menu) {
        Node n = menu.getScene() == null ? null : menu.getScene().getFocusOwner();
        return n == null || n.getId() == null ? "" : n.getId();
    }

    /**
     * A right-click as a desktop platform delivers it: the secondary button pressed and released on
     * the row, then the context menu request at that point (the headless test platform sends no
     * context menu request for a mouse button, so it is fired here as the windowing system would).
     */
    private static void rightClick(FxRobot robot, TableRow<?> row) {
        robot.rightClickOn(row);
        robot.interact(() -> {
            javafx.geometry.Bounds b = row.localToScene(row.getBoundsInLocal());
            javafx.geometry.Bounds s = row.localToScreen(row.getBoundsInLocal());
            double x = b.getMinX() + 40, y = b.getCenterY();
            javafx.event.Event.fireEvent(row, new javafx.scene.input.ContextMenuEvent(
                    javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, x, y, s.getMinX() + 40, s.getCenterY(), false,
                    new javafx.scene.input.PickResult(row, x, y)));
        });
    }

    /** Each command of the bar as "label: on|off", menus' items in order. */
    private List<String> barEntries(FxRobot robot) {
        List<String> out = new ArrayList<>();
        for (Node n : robot.lookup("#view-commands").queryAs(ToolBar.class).getItems()) {
            if (n instanceof ActionButton b) out.add(b.action().label() + ": " + (b.action().enabled().get() ? "on" : "off"));
            if (n instanceof ActionMenu m) {
                m.entries().forEach(e -> out.add(e.action().label() + ": " + (e.action().enabled().get() ? "on" : "off")));
            }
        }
        return out;
    }

    private static List<String> menuEntries(List<MenuItem> items) {
        List<String> out = new ArrayList<>();
        for (MenuItem i : items) {
            if (i instanceof Menu m) out.addAll(menuEntries(m.getItems()));
            else if (org.csiconsole.views.table.ResourceTable.COPY_AS_TEXT_ID.equals(i.getId())) continue; // every table's, not the bar's
            else if (!(i instanceof javafx.scene.control.SeparatorMenuItem)) {
                out.add(((Label) ((VBox) i.getGraphic()).getChildren().get(0)).getText() + ": " + (i.isDisable() ? "off" : "on"));
            }
        }
        return out;
    }
}
