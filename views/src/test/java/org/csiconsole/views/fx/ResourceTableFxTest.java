package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.scene.Scene;
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

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A resource table shown for the first time with no rows primes its row styles with one blank row for one frame. */
@ExtendWith(ApplicationExtension.class)
class ResourceTableFxTest {
    record Row(String name) {
    }

    private StackPane root;

    @Start
    void start(Stage stage) {
        root = new StackPane();
        stage.setScene(new Scene(root, 600, 400));
        stage.show();
    }

    private static ResourceTable<Row> table(ResourceTableModel<Row> model) {
        return new ResourceTable<>(model, List.<Column<Row, ?>>of(Column.of("name", "Name", Row::name)));
    }

    @Test
    void anEmptyTableLaysOutOneBlankRowWhenFirstShownThenShowsItsRows(FxRobot robot) throws Exception {
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        ResourceTable<Row> table = table(model);
        robot.interact(() -> {
            root.getChildren().setAll(table);
            assertThat(table.tableView().getItems()).as("primed").hasSize(1).containsOnlyNulls();
            model.append(List.of(new Row("pvc-web")));
        });
        FxWait.until(() -> table.tableView().getItems() == model.rows());
        assertThat(FxWait.onFx(() -> List.copyOf(table.tableView().getItems()))).extracting(Row::name).containsExactly("pvc-web");
        // The row's cell takes its text when the table next lays out its rows.
        FxWait.eventually(() -> assertThat(robot.lookup(".table-row-cell .table-cell").queryAll())
                .anySatisfy(cell -> assertThat(((javafx.scene.control.TableCell<?, ?>) cell).getText()).isEqualTo("pvc-web")));
    }

    @Test
    void aLongIdInTheDetailPaneStaysOnOneLineWholeInItsTooltipAndASentenceWraps(FxRobot robot) throws Exception {
        String id = "pvc-e8aa39b5-52f2-3ba6-833a-687f87d02cc7-with-a-suffix-longer-than-the-pane";
        String sentence = "published to node-1 (reported by the driver) and staged on node-2 by this console a while ago";
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        ResourceTable<Row> table = table(model).withDetail(r -> List.of(org.csiconsole.views.table.DetailRow.of("Name", id),
                org.csiconsole.views.table.DetailRow.of("Published to", sentence), org.csiconsole.views.table.DetailRow.of("Size", "53687091200")),
                Row::name);
        robot.interact(() -> {
            root.getChildren().setAll(table);
            model.append(List.of(new Row("pvc-web")));
        });
        FxWait.until(() -> table.tableView().getItems() == model.rows() && !model.rows().isEmpty());
        robot.interact(() -> table.tableView().getSelectionModel().select(0));
        FxWait.afterLayout(table);
        javafx.scene.control.Label name = FxWait.onFx(() -> (javafx.scene.control.Label) table.lookupAll(".label").stream()
                .filter(n -> n instanceof javafx.scene.control.Label l && id.equals(l.getText())).findFirst().orElseThrow());
        javafx.scene.control.Label published = FxWait.onFx(() -> (javafx.scene.control.Label) table.lookupAll(".label").stream()
                .filter(n -> n instanceof javafx.scene.control.Label l && sentence.equals(l.getText())).findFirst().orElseThrow());
        javafx.scene.control.Label size = FxWait.onFx(() -> (javafx.scene.control.Label) table.lookupAll(".label").stream()
                .filter(n -> n instanceof javafx.scene.control.Label l && "53687091200".equals(l.getText())).findFirst().orElseThrow());
        assertThat(name.isWrapText()).as("an id does not break at a hyphen").isFalse();
        assertThat(name.getTextOverrun()).isEqualTo(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
        assertThat(name.getTooltip().getText()).isEqualTo(id);
        assertThat(published.isWrapText()).as("words wrap").isTrue();
        assertThat(size.isWrapText()).as("a figure is never cut").isTrue();
    }

    @Test
    void aSortOrderSetBeforeTheTableIsShownSurvivesThePriming(FxRobot robot) throws Exception {
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        ResourceTable<Row> table = table(model);
        var name = table.tableView().getColumns().get(0);
        robot.interact(() -> {
            name.setSortType(javafx.scene.control.TableColumn.SortType.DESCENDING);
            table.tableView().getSortOrder().setAll(List.of(name));
            root.getChildren().setAll(table);
            model.append(List.of(new Row("a"), new Row("c"), new Row("b")));
        });
        FxWait.until(() -> table.tableView().getItems() == model.rows());
        assertThat(FxWait.onFx(() -> List.copyOf(table.tableView().getSortOrder()))).containsExactly(name);
        assertThat(FxWait.onFx(() -> List.copyOf(model.rows()))).extracting(Row::name).containsExactly("c", "b", "a");
    }

    @Test
    void aTableShownWithRowsIsNotPrimed(FxRobot robot) {
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        model.append(List.of(new Row("pvc-db")));
        ResourceTable<Row> table = table(model);
        robot.interact(() -> {
            root.getChildren().setAll(table);
            assertThat(table.tableView().getItems()).isSameAs(model.rows());
        });
    }

    record Vol(String id, long bytes) {
    }

    @Test
    void theSelectedRowStaysSelectedByItsKeyAcrossSortsFiltersAndAReload(FxRobot robot) {
        ResourceTableModel<Vol> model = new ResourceTableModel<Vol>(Vol::id).keyedBy(Vol::id);
        model.append(List.of(new Vol("vol-a", 1), new Vol("vol-b", 2), new Vol("vol-c", 3)));
        ResourceTable<Vol> table = new ResourceTable<>(model, List.<Column<Vol, ?>>of(Column.of("id", "Id", Vol::id)));
        var selection = table.tableView().getSelectionModel();
        robot.interact(() -> {
            root.getChildren().setAll(table);
            selection.select(1);
        });
        assertThat(selection.getSelectedItem()).isEqualTo(new Vol("vol-b", 2));

        robot.interact(() -> model.setComparator(java.util.Comparator.comparingLong(Vol::bytes).reversed()));
        assertThat(selection.getSelectedItem()).isEqualTo(new Vol("vol-b", 2));
        assertThat(selection.getSelectedIndex()).isEqualTo(1);

        robot.interact(() -> {
            var read = model.load();
            read.page(List.of(new Vol("vol-a", 1), new Vol("vol-b", 20), new Vol("vol-c", 3)));
            read.finish();
        });
        assertThat(table.tableView().getItems()).extracting(Vol::id).containsExactly("vol-b", "vol-c", "vol-a");
        assertThat(selection.getSelectedItem()).as("the row read again, with its new size").isEqualTo(new Vol("vol-b", 20));
        assertThat(selection.getSelectedIndex()).isEqualTo(0);

        robot.interact(() -> model.filterTextProperty().set("vol-b"));
        assertThat(selection.getSelectedItem()).as("still in sight through the filter").isEqualTo(new Vol("vol-b", 20));
        robot.interact(() -> model.filterTextProperty().set("vol-c"));
        assertThat(selection.getSelectedItem()).as("hidden by the filter: no longer selected, so no action can reach it").isNull();
        robot.interact(() -> model.filterTextProperty().set(""));
        assertThat(selection.getSelectedItem()).isNull();
    }

    @Test
    void aTableWhoseListingIsNotOfferedSaysWhyInsteadOfItsEmptyState(FxRobot robot) throws Exception {
        ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name);
        javafx.beans.property.SimpleStringProperty reason = new javafx.beans.property.SimpleStringProperty("");
        ResourceTable<Row> table = table(model).withEmptyState(org.kordamp.ikonli.material2.Material2AL.INBOX, "No rows", "Create one.")
                .withUnavailableReason(reason);
        robot.interact(() -> root.getChildren().setAll(table));
        // The placeholder joins the scene when the new table is first laid out.
        FxWait.eventually(() -> assertThat(robot.lookup(".cc-empty-title").queryAll()).extracting(n -> ((javafx.scene.control.Label) n).getText())
                .containsExactly("No rows"));

        robot.interact(() -> reason.set("The plugin does not advertise LIST_VOLUMES (ControllerGetCapabilities)."));
        FxWait.eventually(() -> {
            assertThat(robot.lookup(".cc-empty-title").queryAll()).extracting(n -> ((javafx.scene.control.Label) n).getText())
                    .containsExactly("Not offered by this connection");
            assertThat(robot.lookup(".cc-empty-message").queryAll()).extracting(n -> ((javafx.scene.control.Label) n).getText())
                    .containsExactly("The plugin does not advertise LIST_VOLUMES (ControllerGetCapabilities).");
        });

        robot.interact(() -> reason.set(""));
        FxWait.eventually(() -> assertThat(robot.lookup(".cc-empty-title").queryAll()).extracting(n -> ((javafx.scene.control.Label) n).getText())
                .containsExactly("No rows"));
    }
}
