package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.table.ResourceTableModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The name column stays at the table's left edge while the table scrolls right, with every row's
 * name drawn, under the console's stylesheets (whose fixed row height makes a row drop the cells
 * of columns out of view).
 */
@ExtendWith(ApplicationExtension.class)
class PinnedColumnFxTest {
    record Row(String name, String a, String b, String c, String d) {
    }

    private StackPane root;

    @Start
    void start(Stage stage) {
        root = new StackPane();
        Scene scene = new Scene(root, 500, 400);
        // The console's stylesheets: resource tables get their fixed row height from them.
        new org.csiconsole.views.theme.ThemeManager(org.csiconsole.views.theme.Theme.LIGHT).style(scene);
        stage.setScene(scene);
        stage.show();
    }

    private ResourceTable<Row> showTable(FxRobot robot) throws Exception {
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        model.append(IntStream.range(0, 200).mapToObj(i -> new Row("vol-" + i, "a" + i, "b" + i, "c" + i, "d" + i)).toList());
        ResourceTable<Row> table = new ResourceTable<>(model, List.<Column<Row, ?>>of(
                Column.of("name", "Name", Row::name).width(150),
                Column.of("a", "A", Row::a).width(200),
                Column.of("b", "B", Row::b).width(200),
                Column.of("c", "C", Row::c).width(200),
                Column.of("d", "D", Row::d).width(200)));
        robot.interact(() -> root.getChildren().setAll(table));
        // The rows in the table and a screenful of them drawn with their names.
        FxWait.until(() -> table.tableView().getItems() == model.rows() && nameCells(table).size() > 5);
        return table;
    }

    private static ScrollBar hbar(ResourceTable<Row> table) {
        return table.tableView().lookupAll(".scroll-bar").stream().filter(n -> n instanceof ScrollBar s
                && s.getOrientation() == Orientation.HORIZONTAL).map(ScrollBar.class::cast).findFirst().orElseThrow();
    }

    /** The name cells drawn in view: the table's own, or those of the pinned column laid over it. */
    private static List<TableCell<?, ?>> nameCells(ResourceTable<Row> table) {
        List<TableCell<?, ?>> cells = new ArrayList<>();
        Node overlay = table.lookup("#table-pinned");
        Node from = overlay != null && overlay.isVisible() ? overlay : table.tableView();
        for (Node n : from.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c && c.isVisible() && c.getTableColumn() != null && "name".equals(c.getTableColumn().getId())
                    && c.getText() != null && !c.getText().isEmpty()) cells.add(c);
        }
        return cells;
    }

    private static double left(Node n) {
        Bounds b = n.localToScene(n.getBoundsInLocal());
        return b.getMinX();
    }

    @Test
    void theNameColumnStaysAtTheLeftEdgeWhileTheTableScrollsRight(FxRobot robot) throws Exception {
        ResourceTable<Row> table = showTable(robot);
        double edge = FxWait.onFx(() -> left(nameCells(table).get(0)));
        int before = FxWait.onFx(() -> nameCells(table).size());
        assertThat(before).as("a screenful of names").isGreaterThan(5);

        robot.interact(() -> hbar(table).setValue(300));
        WaitForAsyncUtils.waitForFxEvents();

        // The overlay and the cells move in the layout pass after the scroll: wait for the state asserted.
        FxWait.eventually(() -> {
            List<TableCell<?, ?>> cells = nameCells(table);
            assertThat(cells).hasSize(before);
            assertThat(cells).allSatisfy(c -> assertThat(left(c)).isCloseTo(edge, within(1.0)));
            Node overlay = table.lookup("#table-pinned");
            assertThat(overlay.isVisible()).isTrue();
            TableColumnHeader header = overlay.lookupAll(".column-header").stream()
                    .filter(n -> n instanceof TableColumnHeader h && h.getTableColumn() != null && "name".equals(h.getTableColumn().getId()))
                    .map(TableColumnHeader.class::cast).findFirst().orElseThrow();
            assertThat(left(header)).isCloseTo(edge, within(1.0));
        });
        Node overlay = FxWait.onFx(() -> table.lookup("#table-pinned"));

        robot.interact(() -> table.tableView().scrollTo(150));
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.eventually(() -> {
            assertThat(nameCells(table)).as("rows scrolled into view show their names at the edge too")
                    .anySatisfy(c -> assertThat(c.getText()).isEqualTo("vol-150"))
                    .allSatisfy(c -> assertThat(left(c)).isCloseTo(edge, within(1.0)));
            TableCell<?, ?> pinned = nameCells(table).stream().filter(c -> "vol-150".equals(c.getText())).findFirst().orElseThrow();
            TableCell<?, ?> row = table.tableView().lookupAll(".table-cell").stream().map(n -> (TableCell<?, ?>) n)
                    .filter(c -> "a150".equals(c.getText())).findFirst().orElseThrow();
            assertThat(pinned.localToScene(pinned.getBoundsInLocal()).getMinY())
                    .as("the pinned name lines up with its row").isCloseTo(row.localToScene(row.getBoundsInLocal()).getMinY(), within(1.0));
        });
        TableCell<?, ?> pinned150 = FxWait.onFx(() -> nameCells(table).stream().filter(c -> "vol-150".equals(c.getText())).findFirst().orElseThrow());

        robot.clickOn(pinned150);
        assertThat(FxWait.onFx(() -> table.tableView().getSelectionModel().getSelectedItem().name()))
                .as("a click on a pinned name selects its row").isEqualTo("vol-150");

        robot.interact(() -> hbar(table).setValue(0));
        FxWait.afterLayout(table);
        assertThat(FxWait.onFx(overlay::isVisible)).as("back at the left, the table shows its own name column").isFalse();
    }

    @Test
    void theNameColumnMovedAwayFromTheFrontScrollsLikeTheOthers(FxRobot robot) throws Exception {
        ResourceTable<Row> table = showTable(robot);
        robot.interact(() -> {
            TableColumn<Row, ?> name = table.tableView().getColumns().get(0);
            table.tableView().getColumns().remove(name);
            table.tableView().getColumns().add(2, name);
            hbar(table).setValue(100);
        });
        FxWait.afterLayout(table);
        assertThat(FxWait.onFx(() -> table.lookup("#table-pinned").isVisible())).isFalse();
    }

    private static TableCell<?, ?> pinnedName(ResourceTable<Row> table, String name) {
        return nameCells(table).stream().filter(c -> name.equals(c.getText())).findFirst().orElseThrow();
    }

    private static List<String> selected(ResourceTable<Row> table) {
        return table.tableView().getSelectionModel().getSelectedItems().stream().map(Row::name).toList();
    }

    @Test
    void onThePinnedColumnShiftClickSelectsARangeCtrlClickAddsAndRightClickOpensTheRowMenu(FxRobot robot) throws Exception {
        ResourceTable<Row> table = showTable(robot);
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu(new javafx.scene.control.MenuItem("Delete"));
        robot.interact(() -> {
            table.withRowMenu(menu);
            hbar(table).setValue(300);
        });
        FxWait.eventually(() -> assertThat(table.lookup("#table-pinned").isVisible()).isTrue());
        FxWait.until(() -> nameCells(table).stream().anyMatch(c -> "vol-4".equals(c.getText())));

        robot.clickOn(FxWait.onFx(() -> pinnedName(table, "vol-1")));
        robot.press(javafx.scene.input.KeyCode.SHIFT).clickOn(FxWait.onFx(() -> pinnedName(table, "vol-4")))
                .release(javafx.scene.input.KeyCode.SHIFT);
        assertThat(FxWait.onFx(() -> selected(table))).containsExactly("vol-1", "vol-2", "vol-3", "vol-4");
        assertThat(FxWait.onFx(() -> table.tableView().getSelectionModel().getSelectedItem().name())).isEqualTo("vol-4");

        robot.press(javafx.scene.input.KeyCode.CONTROL).clickOn(FxWait.onFx(() -> pinnedName(table, "vol-0")))
                .release(javafx.scene.input.KeyCode.CONTROL);
        assertThat(FxWait.onFx(() -> selected(table))).containsExactlyInAnyOrder("vol-0", "vol-1", "vol-2", "vol-3", "vol-4");

        // As a desktop platform delivers a right-click: the button, then the context menu request at
        // that point (the headless test platform sends no request for a mouse button).
        TableCell<?, ?> cell = FxWait.onFx(() -> pinnedName(table, "vol-2"));
        robot.rightClickOn(cell);
        robot.interact(() -> {
            Bounds b = cell.localToScene(cell.getBoundsInLocal());
            Bounds s = cell.localToScreen(cell.getBoundsInLocal());
            javafx.event.Event.fireEvent(cell, new javafx.scene.input.ContextMenuEvent(
                    javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, b.getCenterX(), b.getCenterY(), s.getCenterX(), s.getCenterY(),
                    false, new javafx.scene.input.PickResult(cell, b.getCenterX(), b.getCenterY())));
        });
        FxWait.eventually(() -> assertThat(menu.isShowing()).as("the row menu opens on a pinned name").isTrue());
        assertThat(FxWait.onFx(() -> selected(table))).as("a right-click on a selected row keeps the selection").hasSize(5);
        robot.interact(menu::hide);
    }

    @Test
    void shiftF10OnATableScrolledRightOpensTheRowMenuInsideTheTable(FxRobot robot) throws Exception {
        ResourceTable<Row> table = showTable(robot);
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu(new javafx.scene.control.MenuItem("Delete"));
        robot.interact(() -> {
            table.withRowMenu(menu);
            table.tableView().getSelectionModel().select(2);
            table.tableView().requestFocus();
            hbar(table).setValue(hbar(table).getMax());
        });
        FxWait.afterLayout(table);
        robot.press(javafx.scene.input.KeyCode.SHIFT).type(javafx.scene.input.KeyCode.F10).release(javafx.scene.input.KeyCode.SHIFT);
        FxWait.eventually(() -> assertThat(menu.isShowing()).isTrue());
        Bounds t = FxWait.onFx(() -> table.tableView().localToScreen(table.tableView().getBoundsInLocal()));
        assertThat(FxWait.onFx(menu::getAnchorX)).as("at the table's left edge, not left of it")
                .isBetween(t.getMinX(), t.getMaxX());
        robot.interact(menu::hide);
    }
}
