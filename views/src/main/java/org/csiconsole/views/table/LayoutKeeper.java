package org.csiconsole.views.table;

import javafx.beans.InvalidationListener;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Puts a {@link TableLayout} on a table's columns and keeps the table's current layout in a
 * {@link TableLayouts} store under one key, updated on every resize, move, show/hide and sort.
 */
final class LayoutKeeper<T> {
    private final TableView<T> table;
    private final TableLayouts store;
    private final String key;
    private final BooleanSupplier paused;
    private final javafx.beans.property.BooleanProperty detailShown;
    private boolean applying;

    /**
     * Key in a {@link TableColumn}'s properties for a column whose visibility the view decides (a
     * note shown only for a driver that cannot list): it is neither saved nor put back, so one
     * connection's column does not show in another connection's table.
     */
    static final String VIEW_DECIDES_VISIBILITY = "cc.viewDecidesVisibility";

    /**
     * @param paused true while the table's sort order is changed for a reason of its own (not the person's)
     * @param detailShown whether the table's detail pane is shown; null for a table without one
     */
    LayoutKeeper(TableView<T> table, TableLayouts store, String key, BooleanSupplier paused,
                 javafx.beans.property.BooleanProperty detailShown) {
        this.table = table;
        this.store = store;
        this.key = key;
        this.paused = paused;
        this.detailShown = detailShown;
    }

    /** Applies the stored layout, if any, then follows the table's changes. */
    void start() {
        store.get(key).ifPresent(this::apply);
        InvalidationListener save = o -> save();
        table.getColumns().addListener(save);
        table.getSortOrder().addListener(save);
        if (detailShown != null) detailShown.addListener(save);
        for (TableColumn<T, ?> c : table.getColumns()) {
            c.widthProperty().addListener(save);
            c.visibleProperty().addListener(save);
            c.sortTypeProperty().addListener(save);
        }
        save();
    }

    private void save() {
        if (applying) return;
        TableLayout now = current(table);
        boolean detailHidden = detailShown != null && !detailShown.get();
        // While paused the sort order on screen is not the person's: keep the one stored.
        List<TableLayout.SortKey> sort = paused.getAsBoolean() ? store.get(key).map(TableLayout::sort).orElse(now.sort()) : now.sort();
        store.put(key, new TableLayout(now.columns(), sort, detailHidden));
    }

    private static boolean viewDecides(TableColumn<?, ?> c) {
        return Boolean.TRUE.equals(c.getProperties().get(VIEW_DECIDES_VISIBILITY));
    }

    /** The layout {@code table} shows now (the detail pane shown). */
    static <T> TableLayout current(TableView<T> table) {
        List<TableLayout.ColumnState> columns = new ArrayList<>();
        for (TableColumn<T, ?> c : table.getColumns()) {
            // Before the first layout a column's width is the control default, not yet its preferred width.
            double w = table.getSkin() != null ? c.getWidth() : c.getPrefWidth();
            columns.add(new TableLayout.ColumnState(c.getId(), w, c.isVisible() && !viewDecides(c)));
        }
        List<TableLayout.SortKey> sort = new ArrayList<>();
        for (TableColumn<T, ?> c : table.getSortOrder()) {
            sort.add(new TableLayout.SortKey(c.getId(), c.getSortType() == TableColumn.SortType.DESCENDING));
        }
        return new TableLayout(columns, sort);
    }

    /**
     * Puts {@code layout} on the table: the columns it names in its order, with their width and
     * visibility; the columns it does not name at their default index; ids the table does not have
     * are ignored. Then the sort keys it names, in order.
     */
    void apply(TableLayout layout) {
        applying = true;
        try {
            List<TableColumn<T, ?>> defaults = List.copyOf(table.getColumns());
            Map<String, TableColumn<T, ?>> byId = new LinkedHashMap<>();
            for (TableColumn<T, ?> c : defaults) byId.put(c.getId(), c);
            List<TableColumn<T, ?>> ordered = new ArrayList<>();
            for (TableLayout.ColumnState s : layout.columns()) {
                TableColumn<T, ?> c = byId.remove(s.id());
                if (c == null) continue;
                if (TableLayout.usableWidth(s.width())) c.setPrefWidth(s.width());
                if (!viewDecides(c)) c.setVisible(s.visible());
                ordered.add(c);
            }
            for (int i = 0; i < defaults.size(); i++) {
                TableColumn<T, ?> c = defaults.get(i);
                if (byId.containsKey(c.getId())) ordered.add(Math.min(i, ordered.size()), c);
            }
            table.getColumns().setAll(ordered);
            List<TableColumn<T, ?>> sort = new ArrayList<>();
            for (TableLayout.SortKey k : layout.sort()) {
                table.getColumns().stream().filter(c -> k.id().equals(c.getId()) && !sort.contains(c)).findFirst().ifPresent(c -> {
                    c.setSortType(k.descending() ? TableColumn.SortType.DESCENDING : TableColumn.SortType.ASCENDING);
                    sort.add(c);
                });
            }
            table.getSortOrder().setAll(sort);
            if (detailShown != null) detailShown.set(!layout.detailHidden());
        } finally {
            applying = false;
        }
    }
}
