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
import javafx.scene.control.TableView;
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
 * order, its vertical position bound to the table's, a click selecting the row in the table. The
 * table itself is unchanged (selection, sort, copy, layout, context menu); the overlay holds no
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
        // A click in the overlay selects the row in the table, which keeps the keyboard focus.
        overlay.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        overlay.getSelectionModel().getSelectedIndices().addListener((ListChangeListener<Integer>) c -> {
            if (syncing || !overlay.isVisible()) return;
            int at = overlay.getSelectionModel().getSelectedIndex();
            if (at >= 0 && !table.getSelectionModel().isSelected(at)) table.getSelectionModel().clearAndSelect(at);
            table.requestFocus();
        });
        table.getSelectionModel().getSelectedIndices().addListener((ListChangeListener<Integer>) c -> mirrorSelection());
        table.skinProperty().addListener((o, a, b) -> attach());
        table.getVisibleLeafColumns().addListener((ListChangeListener<TableColumn<T, ?>>) c -> update());
        table.heightProperty().addListener((o, a, b) -> update());
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
