package org.csiconsole.views.fx;

import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
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

/** Long names stay tellable apart and whole, and names, ids and rows can be copied out of a resource table. */
@ExtendWith(ApplicationExtension.class)
class ResourceTableCopyFxTest {
    record Vol(String name, String id, long bytes) {
    }

    private static final String LONG = "uxr-test-vol-with-a-very-long-name-that-does-not-fit-clone-of-the-source";

    private StackPane root;

    @Start
    void start(Stage stage) {
        root = new StackPane();
        stage.setScene(new Scene(root, 700, 400));
        stage.show();
    }

    private static ResourceTable<Vol> table(ResourceTableModel<Vol> model) {
        return new ResourceTable<>(model, List.<Column<Vol, ?>>of(
                Column.<Vol, String>of("name", "Name", Vol::name).width(120).tooltip(v -> "volume_id " + v.id()),
                Column.<Vol, String>of("id", "Volume id", Vol::id).width(120).mono(),
                Column.<Vol, Long>of("size", "Size", Vol::bytes).format(b -> b + " B").width(80),
                Column.<Vol, String>of("note", "Note", v -> "a\tb").hidden()))
                .withDetail(v -> List.of(DetailRow.of("Volume id", v.id()), DetailRow.of("Size", v.bytes())), Vol::name);
    }

    private static ResourceTableModel<Vol> model() {
        ResourceTableModel<Vol> model = new ResourceTableModel<Vol>(Vol::name).keyedBy(Vol::id);
        model.append(List.of(new Vol("pvc-a", "vol-1", 1024), new Vol("pvc-b", "vol-2", 2048), new Vol(LONG, "vol-3", 4096)));
        return model;
    }

    @Test
    void ctrlCCopiesTheSelectedRowsAsTabSeparatedTextWithTheVisibleColumnsInTheirOrder(FxRobot robot) {
        ResourceTable<Vol> table = table(model());
        robot.interact(() -> root.getChildren().setAll(table));
        robot.clickOn(table.tableView());
        robot.interact(() -> {
            Clipboard.getSystemClipboard().clear();
            var tv = table.tableView();
            tv.getColumns().setAll(List.of(tv.getColumns().get(2), tv.getColumns().get(0), tv.getColumns().get(1), tv.getColumns().get(3)));
            tv.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
            tv.getSelectionModel().selectIndices(2, 0);
            tv.requestFocus();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();

        String copied = clipboard(robot);
        assertThat(copied).isEqualTo("Size\tName\tVolume id\n"
                + "1024 B\tpvc-a\tvol-1\n"
                + "4096 B\t" + LONG + "\tvol-3\n");
    }

    @Test
    void everyRowMenuEndsWithCopyAsTextWhichCopiesTheSelectedRowsWithAHeader(FxRobot robot) {
        javafx.scene.control.MenuItem action = new javafx.scene.control.MenuItem("Delete");
        ResourceTable<Vol> table = table(model()).withRowMenu(new javafx.scene.control.ContextMenu(action));
        robot.interact(() -> root.getChildren().setAll(table));
        robot.clickOn(table.tableView());
        robot.interact(() -> {
            Clipboard.getSystemClipboard().clear();
            table.tableView().getSelectionModel().selectIndices(0, 1);
            table.tableView().requestFocus();
        });

        robot.press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#" + ResourceTable.COPY_AS_TEXT_ID);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(clipboard(robot)).isEqualTo("Name\tVolume id\tSize\npvc-a\tvol-1\t1024 B\npvc-b\tvol-2\t2048 B\n");
    }

    @Test
    void ctrlCInASingleSelectionTableCopiesTheOneSelectedRowAndHiddenColumnsStayOut(FxRobot robot) {
        ResourceTable<Vol> table = table(model());
        robot.interact(() -> root.getChildren().setAll(table));
        robot.clickOn(table.tableView());
        robot.interact(() -> {
            Clipboard.getSystemClipboard().clear();
            table.tableView().getColumns().get(3).setVisible(true);
            table.tableView().getColumns().get(2).setVisible(false);
            table.tableView().getSelectionModel().select(1);
            table.tableView().requestFocus();
        });
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(clipboard(robot)).as("a tab inside a value becomes a space")
                .isEqualTo("Name\tVolume id\tNote\npvc-b\tvol-2\ta b\n");
    }

    @Test
    void theCopyButtonsOfTheDetailPaneCopyTheVolumeIdAndTheName(FxRobot robot) {
        ResourceTable<Vol> table = table(model());
        robot.interact(() -> {
            root.getChildren().setAll(table);
            Clipboard.getSystemClipboard().clear();
            table.tableView().getSelectionModel().select(2);
        });
        Button copyId = robot.lookup("#table-detail #copy-volume-id").queryButton();
        assertThat(copyId.getTooltip().getText()).isEqualTo("Copy volume id");
        assertThat(robot.lookup("#table-detail #copy-size").tryQuery()).as("no copy button for a size").isEmpty();

        robot.interact(copyId::fire);
        assertThat(clipboard(robot)).isEqualTo("vol-3");

        Button copyName = robot.lookup("#table-detail #copy-name").queryButton();
        assertThat(copyName.getTooltip().getText()).isEqualTo("Copy name");
        robot.interact(copyName::fire);
        assertThat(clipboard(robot)).isEqualTo(LONG);
    }

    @Test
    void theDetailHeaderWrapsALongNameInsteadOfCuttingIt(FxRobot robot) {
        ResourceTable<Vol> table = table(model());
        robot.interact(() -> {
            root.getChildren().setAll(table);
            table.tableView().getSelectionModel().select(2);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Label title = robot.lookup("#table-detail #detail-title").queryAs(Label.class);
        assertThat(title.getText()).isEqualTo(LONG);
        assertThat(title.isWrapText()).isTrue();
        var shown = robot.from(title).lookup(".text").queryAll().stream()
                .map(n -> ((javafx.scene.text.Text) n).getText()).toList();
        assertThat(shown).as("the text drawn is the whole name, with no ellipsis").containsExactly(LONG);
        assertThat(title.getHeight()).as("on more than one line").isGreaterThan(title.getFont().getSize() * 2);
    }

    @Test
    void aLongNameCellDropsTheMiddleOfTheNameAndItsTooltipHoldsTheWholeNameAboveTheColumnsOwnHoverText(FxRobot robot) throws Exception {
        ResourceTable<Vol> table = table(model());
        robot.interact(() -> root.getChildren().setAll(table));
        WaitForAsyncUtils.waitForFxEvents();
        // The cell of this table on screen: not a recycled cell outside the scene, nor one of another window.
        TableCell<?, ?> cell = robot.from(table.tableView()).lookup(".table-row-cell .table-cell").queryAll().stream()
                .map(n -> (TableCell<?, ?>) n)
                .filter(c -> LONG.equals(c.getText()) && c.getScene() != null && c.isVisible())
                .findFirst().orElseThrow();
        assertThat(cell.getTextOverrun()).isIn(OverrunStyle.CENTER_WORD_ELLIPSIS, OverrunStyle.CENTER_ELLIPSIS);
        var drawn = robot.from(cell).lookup(".text").queryAll().stream()
                .map(n -> ((javafx.scene.text.Text) n).getText()).toList();
        assertThat(drawn).singleElement().satisfies(text -> {
            assertThat(text).as("cut in the middle").contains(cell.getEllipsisString()).startsWith("uxr").endsWith("source");
        });

        assertThat(cell.getTooltip()).isNotNull();
        robot.moveTo(cell);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell.getTooltip().isShowing());
        // A popup reads as showing before its showing handlers (which fill in the text) have run on
        // the FX thread: read the text there once they have.
        WaitForAsyncUtils.waitForFxEvents();
        String[] text = new String[1];
        robot.interact(() -> text[0] = cell.getTooltip().getText());
        assertThat(text[0]).isEqualTo(LONG + "\nvolume_id vol-3");
    }

    private static String clipboard(FxRobot robot) {
        String[] text = new String[1];
        robot.interact(() -> text[0] = Clipboard.getSystemClipboard().getString());
        return text[0];
    }
}
