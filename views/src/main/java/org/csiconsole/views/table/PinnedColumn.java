package org.csiconsole.views.table;

import javafx.beans.InvalidationListener;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.StackPane;
import atlantafx.base.theme.Styles;
import atlantafx.base.theme.Tweaks;
import org.csiconsole.views.theme.ConsoleStyles;

import java.util.List;

/**
 * Keeps a table's name column in sight while the table scrolls right. The resource tables have a
 * fixed row height, with which a row lays out cells only for the columns in view; so the pinned
 * column is a second, one-column {@link TableView} laid over the table's left edge while it is
 * scrolled right (and the name column is its first visible column): the same rows in the same
 * order, its vertical position bound to the table's. A click on it acts on the table's selection as
 * a click on the row would (Shift extends from the anchor, Ctrl toggles), and a right-click opens
 * the table's row menu. The table itself is unchanged (selection, sort, copy, layout, context menu); the overlay holds no
 * rows while hidden, so it costs nothing until the person scrolls right. Node id
 * {@code table-pinned}.
 */
final class PinnedColumn<T> {
    private final TableView<T> table;
    private final TableColumn<T, ?> column;
    private final TableView<T> overlay = new TableView<>();
    private final StackPane area;
    private final ObservableList<T> none = FXCollections.observableArrayList();
    private ScrollBar hbar;
    private VirtualFlow<?> flow;
    private VirtualFlow<?> overlayFlow;
    private boolean syncing;
    /** Where a Shift+click on the overlay extends the selection from: the row last clicked without Shift; -1 for none. */
    private int anchor = -1;

    /**
     * @param pinned a second control column built from the same {@link Column} as {@code column}
     */
    PinnedColumn(TableView<T> table, TableColumn<T, ?> column, TableColumn<T, ?> pinned) {
        this.table = table;
        this.column = column;
        overlay.setId("table-pinned");
        overlay.getStyleClass().addAll(Styles.DENSE, Tweaks.EDGE_TO_EDGE, Styles.STRIPED, ConsoleStyles.PINNED_TABLE);
        overlay.setFocusTraversable(false);
        overlay.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        overlay.setPlaceholder(new javafx.scene.layout.Region());
        pinned.setSortable(false);
        pinned.setReorderable(false);
        pinned.setResizable(false);
        pinned.textProperty().bind(column.textProperty());
        pinned.prefWidthProperty().bind(column.widthProperty());
        overlay.getColumns().add(pinned);
        overlay.prefWidthProperty().bind(column.widthProperty().add(2));
        overlay.maxWidthProperty().bind(overlay.prefWidthProperty());
        overlay.setItems(none);
        overlay.setVisible(false);
        area = new StackPane(table, overlay);
        StackPane.setAlignment(overlay, Pos.TOP_LEFT);
        // A click in the overlay selects in the table, which keeps the keyboard focus; the overlay's
        // own selection only mirrors the table's (its behaviour never sees the mouse).
        overlay.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        overlay.addEventFilter(MouseEvent.MOUSE_PRESSED, this::pressed);
        overlay.addEventFilter(MouseEvent.MOUSE_RELEASED, javafx.event.Event::consume);
        overlay.addEventFilter(MouseEvent.MOUSE_DRAGGED, javafx.event.Event::consume);
        // The row menu is the table's: a right-click on a pinned name opens it as on the row.
        overlay.addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, e -> {
            e.consume();
            javafx.event.Event.fireEvent(table, e.copyFor(table, table));
        });
        table.getSelectionModel().getSelectedIndices().addListener((ListChangeListener<Integer>) c -> mirrorSelection());
        table.skinProperty().addListener((o, a, b) -> attach());
        table.getVisibleLeafColumns().addListener((ListChangeListener<TableColumn<T, ?>>) c -> update());
        table.heightProperty().addListener((o, a, b) -> update());
    }

    private void pressed(MouseEvent e) {
        e.consume();
        table.requestFocus();
        TableRow<?> row = rowOf(e.getPickResult().getIntersectedNode());
        if (row == null || row.isEmpty() || row.getIndex() < 0 || row.getIndex() >= table.getItems().size()) return;
        int at = row.getIndex();
        var selection = table.getSelectionModel();
        if (e.getButton() == MouseButton.SECONDARY) {
            if (!selection.isSelected(at)) select(at);
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) return;
        if (e.isShiftDown()) {
            int from = anchor >= 0 && anchor < table.getItems().size() ? anchor : Math.max(0, selection.getSelectedIndex());
            selection.clearSelection();
            // The clicked row last: it becomes the lead.
            if (from <= at) selection.selectRange(from, at + 1);
            else selection.selectRange(from, at - 1);
            table.getFocusModel().focus(at);
        } else if (e.isShortcutDown()) {
            if (selection.isSelected(at)) selection.clearSelection(at);
            else selection.select(at);
            table.getFocusModel().focus(at);
            anchor = at;
        } else {
            select(at);
        }
    }

    private void select(int at) {
        table.getSelectionModel().clearAndSelect(at);
        table.getFocusModel().focus(at);
        anchor = at;
    }

    private static TableRow<?> rowOf(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (at instanceof TableRow<?> r) return r;
            if (at instanceof TableView<?>) return null;
        }
        return null;
    }

    /** The table with the overlay over its left edge: put this where the table goes. */
    Node area() {
        return area;
    }

    TableView<T> overlay() {
        return overlay;
    }

    private void attach() {
        if (table.getSkin() == null) return;
        for (Node n : table.lookupAll(".virtual-flow")) {
            if (n instanceof VirtualFlow<?> f && f.getParent() == table) flow = f;
        }
        if (flow == null) return;
        for (Node n : flow.getChildrenUnmodifiable()) {
            if (n instanceof ScrollBar s && s.getOrientation() == Orientation.HORIZONTAL) hbar = s;
        }
        if (hbar == null) return;
        InvalidationListener changed = o -> update();
        hbar.valueProperty().addListener(changed);
        hbar.visibleProperty().addListener(changed);
        update();
    }

    private void update() {
        boolean first = !table.getVisibleLeafColumns().isEmpty() && table.getVisibleLeafColumns().get(0) == column;
        boolean show = first && hbar != null && hbar.isVisible() && hbar.getValue() > 0 && flow != null;
        if (show) {
            // As tall as the table's rows are (the table's horizontal scroll bar stays uncovered).
            overlay.setMaxHeight(Math.max(0, table.getHeight() - hbar.getHeight()));
        }
        if (show == overlay.isVisible()) return;
        if (show) {
            overlay.setItems(table.getItems());
            overlay.setVisible(true);
            mirrorSelection();
            overlay.applyCss();
            overlay.layout();
            bindPosition();
        } else {
            unbindPosition();
            overlay.setVisible(false);
            overlay.setItems(none);
        }
    }

    private void bindPosition() {
        if (overlayFlow == null) {
            for (Node n : overlay.lookupAll(".virtual-flow")) {
                if (n instanceof VirtualFlow<?> f && f.getParent() == overlay) overlayFlow = f;
            }
        }
        if (overlayFlow != null) overlayFlow.positionProperty().bindBidirectional(flow.positionProperty());
    }

    private void unbindPosition() {
        if (overlayFlow != null) overlayFlow.positionProperty().unbindBidirectional(flow.positionProperty());
    }

    private void mirrorSelection() {
        if (!overlay.isVisible()) return;
        syncing = true;
        try {
            List<Integer> rows = List.copyOf(table.getSelectionModel().getSelectedIndices());
            overlay.getSelectionModel().clearSelection();
            if (!rows.isEmpty()) {
                int[] rest = rows.stream().skip(1).mapToInt(Integer::intValue).toArray();
                overlay.getSelectionModel().selectIndices(rows.get(0), rest);
            }
        } finally {
            syncing = false;
        }
    }
}
