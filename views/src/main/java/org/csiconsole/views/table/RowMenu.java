package org.csiconsole.views.table;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The context menu of a table's rows. A right-click opens it at the pointer; on a row that is not
 * selected it first selects that row alone (as file managers do), on a selected row it keeps the
 * selection, so the menu acts on what is highlighted. Shift+F10 and the ContextMenu key open it
 * beside the lead selected row (or the table's top when nothing is selected), with keyboard focus
 * in the menu: arrows move, Enter runs, Escape closes.
 */
final class RowMenu {
    private RowMenu() {
    }

    static <T> void install(TableView<T> table, ContextMenu menu) {
        table.addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, e -> {
            e.consume();
            if (e.isKeyboardTrigger()) {
                showAtLead(table, menu);
                return;
            }
            TableRow<?> row = rowOf(e.getPickResult().getIntersectedNode());
            if (row != null && !row.isEmpty() && !table.getSelectionModel().isSelected(row.getIndex())) {
                table.getSelectionModel().clearAndSelect(row.getIndex());
            }
            menu.hide();
            menu.show(table, e.getScreenX(), e.getScreenY());
        });
        table.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.CONTEXT_MENU || (e.getCode() == KeyCode.F10 && e.isShiftDown())) {
                e.consume();
                showAtLead(table, menu);
            }
        });
    }

    /** Opens the menu below the lead selected row when it is in sight, else below the column headers. */
    static void showAtLead(TableView<?> table, ContextMenu menu) {
        if (menu.isShowing()) return;
        int lead = table.getSelectionModel().getSelectedIndex();
        Node anchor = table;
        for (Node n : table.lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> r && r.getIndex() == lead && lead >= 0 && r.isVisible() && !r.isEmpty()) {
                anchor = r;
                break;
            }
        }
        Bounds b = anchor.localToScreen(anchor.getBoundsInLocal());
        Bounds t = table.localToScreen(table.getBoundsInLocal());
        if (b == null || t == null) return;
        double y = anchor == table ? b.getMinY() + 28 : b.getMaxY();
        // A row of a table scrolled right starts left of the table (off screen when the table is
        // at the screen's left): the menu opens at the table's left edge, in sight.
        menu.show(table, Math.max(b.getMinX(), t.getMinX()) + 24, y);
    }

    private static TableRow<?> rowOf(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (at instanceof TableRow<?> r) return r;
            if (at instanceof TableView<?>) return null;
        }
        return null;
    }
}
