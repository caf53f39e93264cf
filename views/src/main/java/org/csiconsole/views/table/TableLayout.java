package org.csiconsole.views.table;

import java.util.List;
import java.util.Objects;

/**
 * How a person left a {@link ResourceTable}: its columns in display order with their widths and
 * visibility, and the sort. Plain data, kept in the console's preferences per view kind and put
 * back when the view opens again ({@link ResourceTable#rememberLayout}).
 *
 * <p>Columns are named by their {@link Column#id()}, so a layout saved by another version of the
 * console still applies: ids it names that the table no longer has are ignored, and columns it
 * does not name keep their default place, width and visibility.
 *
 * @param columns the columns in display order; never null (entries without an id are dropped)
 * @param sort the sort keys, most significant first; never null (entries without an id are dropped)
 * @param detailHidden whether the person closed the detail pane beside the table (it gives the
 *                     columns the room at 1280×800); false in layouts saved before it was kept
 */
public record TableLayout(List<ColumnState> columns, List<SortKey> sort, boolean detailHidden) {
    /** Narrowest and widest width restored, in pixels: a damaged file cannot hide a column or push the others away. */
    static final double MIN_WIDTH = 24;
    static final double MAX_WIDTH = 2000;

    public TableLayout {
        columns = columns == null ? List.of() : columns.stream().filter(c -> c != null && c.id() != null).toList();
        sort = sort == null ? List.of() : sort.stream().filter(s -> s != null && s.id() != null).toList();
    }

    /** A layout with the detail pane shown. */
    public TableLayout(List<ColumnState> columns, List<SortKey> sort) {
        this(columns, sort, false);
    }

    /**
     * One column's state.
     *
     * @param id the column's {@link Column#id()}
     * @param width width in pixels; out of range or not a number keeps the column's default width
     * @param visible whether the column is shown
     */
    public record ColumnState(String id, double width, boolean visible) {
    }

    /**
     * One sort key.
     *
     * @param id the column's {@link Column#id()}
     * @param descending true for largest (or last) first
     */
    public record SortKey(String id, boolean descending) {
    }

    /** Whether {@code width} (pixels) is worth restoring. */
    static boolean usableWidth(double width) {
        return width >= MIN_WIDTH && width <= MAX_WIDTH;
    }

    /** The saved state of column {@code id}, or null when the layout does not name it. */
    ColumnState column(String id) {
        return columns.stream().filter(c -> Objects.equals(c.id(), id)).findFirst().orElse(null);
    }
}
