package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.table.TableLayout;
import org.csiconsole.views.table.TableLayouts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A table's column order, widths, visibility and sort are kept per key and come back in a new table. */
@ExtendWith(ApplicationExtension.class)
class TableLayoutFxTest {
    record Row(String name, long size, String pool) {
    }

    private StackPane root;

    @Start
    void start(Stage stage) {
        root = new StackPane();
        stage.setScene(new Scene(root, 800, 400));
        stage.show();
    }

    private static ResourceTable<Row> table(TableLayouts layouts) {
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        model.append(List.of(new Row("a", 3, "ssd"), new Row("b", 1, "hdd"), new Row("c", 2, "ssd")));
        return new ResourceTable<>(model, List.<Column<Row, ?>>of(
                Column.of("name", "Name", Row::name).width(150),
                Column.of("size", "Size", Row::size).width(100),
                Column.of("pool", "Pool", Row::pool).width(100)))
                .rememberLayout(layouts, "rows");
    }

    private static List<String> ids(ResourceTable<Row> t) {
        return t.tableView().getColumns().stream().map(TableColumn::getId).toList();
    }

    @Test
    void aColumnGivenEightyPixelsKeepsThemWhenShownBeforeItsRowsArrive(FxRobot robot) throws Exception {
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        ResourceTable<Row> table = new ResourceTable<>(model, List.<Column<Row, ?>>of(
                Column.of("name", "Name", Row::name).width(150),
                Column.of("pool", "Pool", Row::pool).width(80)));
        robot.interact(() -> root.getChildren().setAll(table));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> model.append(List.of(new Row("a", 1, "ssd-gold-replicated"))));
        WaitForAsyncUtils.waitForFxEvents();

        // JavaFX would have fitted it to its header ("Pool", about 40 px) when it was first shown.
        assertThat(WaitForAsyncUtils.asyncFx(() -> table.tableView().getColumns().get(1).getWidth()).get(10, TimeUnit.SECONDS))
                .isGreaterThanOrEqualTo(80.0);
    }

    @Test
    void aResizedReorderedHiddenAndSortedLayoutComesBackInANewTable(FxRobot robot) throws Exception {
        TableLayouts layouts = new TableLayouts();
        ResourceTable<Row> first = table(layouts);
        robot.interact(() -> root.getChildren().setAll(first));
        robot.interact(() -> {
            var view = first.tableView();
            TableColumn<Row, ?> size = view.getColumns().get(1);
            view.resizeColumn(size, 60);
            view.getColumns().remove(size);
            view.getColumns().add(0, size);
            view.getColumns().get(2).setVisible(false);
            size.setSortType(TableColumn.SortType.DESCENDING);
            view.getSortOrder().setAll(List.of(size));
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(FxWait.onFx(() -> ids(first))).containsExactly("size", "name", "pool");

        ResourceTable<Row> second = table(new TableLayouts(layouts.all()));
        robot.interact(() -> root.getChildren().setAll(second));
        WaitForAsyncUtils.waitForFxEvents();
        var view = second.tableView();
        FxWait.eventually(() -> {
            assertThat(ids(second)).containsExactly("size", "name", "pool");
            assertThat(view.getColumns().get(0).getWidth()).isEqualTo(160.0);
            assertThat(view.getColumns().get(2).isVisible()).isFalse();
            assertThat(view.getSortOrder()).extracting(TableColumn::getId).containsExactly("size");
            assertThat(view.getSortOrder().get(0).getSortType()).isEqualTo(TableColumn.SortType.DESCENDING);
        });
        FxWait.until(() -> second.model().rows().stream().map(Row::name).toList().equals(List.of("a", "c", "b")));
    }

    @Test
    void aLayoutNamingColumnsTheTableLacksAppliesToTheColumnsItHasAndLeavesNewOnesInPlace(FxRobot robot) throws Exception {
        TableLayouts layouts = new TableLayouts(Map.of("rows", new TableLayout(
                List.of(new TableLayout.ColumnState("retired", 90, true),
                        new TableLayout.ColumnState("pool", 210, true),
                        new TableLayout.ColumnState("name", Double.NaN, true)),
                List.of(new TableLayout.SortKey("retired", false), new TableLayout.SortKey("pool", true)))));
        ResourceTable<Row> t = table(layouts);
        robot.interact(() -> root.getChildren().setAll(t));
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.eventually(() -> {
            assertThat(ids(t)).as("size was not in the saved layout: it keeps its default index").containsExactly("pool", "size", "name");
            assertThat(t.tableView().getColumns().get(0).getWidth()).isEqualTo(210.0);
            assertThat(t.tableView().getColumns().get(2).getWidth()).as("a width that is not a number keeps the default").isEqualTo(150.0);
            assertThat(t.tableView().getSortOrder()).extracting(TableColumn::getId).containsExactly("pool");
            assertThat(layouts.get("rows").orElseThrow().columns()).extracting(TableLayout.ColumnState::id)
                    .as("what is remembered now is the table's own layout").containsExactly("pool", "size", "name");
        });
    }

    private static ResourceTable<Row> withDetailAndNote(TableLayouts layouts, boolean noteShown) {
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        model.append(List.of(new Row("a", 3, "ssd")));
        ResourceTable<Row> t = new ResourceTable<>(model, List.<Column<Row, ?>>of(
                Column.of("name", "Name", Row::name).width(150),
                Column.of("note", "Note", Row::pool).width(100)))
                .withDetail(r -> List.of(), Row::name);
        TableColumn<Row, ?> note = t.tableView().getColumns().get(1);
        t.viewDecidesVisibility(note);
        note.setVisible(noteShown);
        return t.rememberLayout(layouts, "rows");
    }

    @Test
    void aClosedDetailPaneStaysClosedInTheNextTableAndAViewDecidedColumnDoesNotCarryOver(FxRobot robot) throws Exception {
        TableLayouts layouts = new TableLayouts();
        // The first connection's driver cannot list: its table shows the note column.
        ResourceTable<Row> first = withDetailAndNote(layouts, true);
        robot.interact(() -> root.getChildren().setAll(first));
        robot.clickOn("#table-detail-toggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(FxWait.onFx(() -> first.lookup("#table-detail") == null || first.lookup("#table-detail").getScene() == null)).isTrue();

        ResourceTable<Row> second = withDetailAndNote(new TableLayouts(layouts.all()), false);
        robot.interact(() -> root.getChildren().setAll(second));
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.eventually(() -> {
            assertThat(second.detailShownProperty().get()).as("the detail pane stays closed").isFalse();
            assertThat(second.lookup("#table-detail")).isNull();
            assertThat(second.tableView().getColumns().get(1).isVisible()).as("the other connection's note column").isFalse();
        });
        robot.clickOn("#table-detail-toggle");
        FxWait.eventually(() -> assertThat(second.lookup("#table-detail")).isNotNull());
    }
}
