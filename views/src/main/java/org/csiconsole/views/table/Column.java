package org.csiconsole.views.table;

import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.csiconsole.views.theme.ConsoleStyles;
import javafx.geometry.Pos;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * One column of a {@link ResourceTable}, described without touching controls:
 * {@code Column.of("size", "Size", Volume::capacityBytes).format(ByteSize::human).tooltip(v -> v.capacityBytes() + " bytes").alignRight()}.
 *
 * <p>Sorting compares the raw values ({@link #comparator}), not the formatted text, so sizes sort
 * by bytes and times by instant.
 *
 * @param <T> the row type
 * @param <V> the value type
 */
public final class Column<T, V> {
    private final String id;
    private final String title;
    private final Function<? super T, ? extends V> value;
    private Function<? super V, String> format = v -> v == null ? "" : String.valueOf(v);
    private Function<? super T, String> tooltip;
    private Function<? super T, String> styleClass;
    private Comparator<? super V> comparator;
    /** The preferred width JavaFX gives a new column, and reads as "not set" (TableColumnBase.DEFAULT_WIDTH). */
    static final double JAVAFX_DEFAULT_WIDTH = 80;

    private double width = 140;
    private boolean visible = true;
    private boolean rightAligned;
    private boolean mono;
    private boolean identifier;
    private boolean whole;
    private boolean path;
    private Observable redrawnOn;

    private Column(String id, String title, Function<? super T, ? extends V> value) {
        this.id = Objects.requireNonNull(id);
        this.title = Objects.requireNonNull(title);
        this.value = Objects.requireNonNull(value);
    }

    /**
     * @param id stable id, used for remembering visibility and in tests
     * @param title the header text
     * @param value the cell value of a row
     */
    public static <T, V> Column<T, V> of(String id, String title, Function<? super T, ? extends V> value) {
        return new Column<>(id, title, value);
    }

    /** How a value reads in the cell (default {@code String.valueOf}, empty for null). */
    public Column<T, V> format(Function<? super V, String> f) {
        this.format = Objects.requireNonNull(f);
        return this;
    }

    /** Hover text for a row's cell, e.g. exact bytes behind a human size. */
    public Column<T, V> tooltip(Function<? super T, String> f) {
        this.tooltip = f;
        return this;
    }

    /** A style class for a row's cell (e.g. {@code cc-danger} for a failed status), or null. */
    public Column<T, V> styleClass(Function<? super T, String> f) {
        this.styleClass = f;
        return this;
    }

    /** The order of values; default natural order for {@link Comparable} values, else by text. Nulls last. */
    public Column<T, V> comparator(Comparator<? super V> c) {
        this.comparator = c;
        return this;
    }

    public Column<T, V> width(double px) {
        this.width = px;
        return this;
    }

    /** Hidden until chosen in the column chooser. */
    public Column<T, V> hidden() {
        this.visible = false;
        return this;
    }

    /** Right-aligned cells, for numbers; they are {@link #whole()} cells too. */
    public Column<T, V> alignRight() {
        this.rightAligned = true;
        this.whole = true;
        return this;
    }

    /**
     * Cells that never elide (numbers, sizes, ages, times, status codes): a cell whose text is
     * wider than the column widens the column to fit it, and the column's width never goes below
     * the widest such text seen since. "256 addresses" clipped reads "25"; an elided time loses its hour.
     */
    public Column<T, V> whole() {
        this.whole = true;
        return this;
    }

    /** Monospace cells, for ids and endpoints; they are {@link #identifier()} cells too. */
    public Column<T, V> mono() {
        this.mono = true;
        this.identifier = true;
        return this;
    }

    /**
     * Cells whose text must stay tellable apart when cut (names, ids): a cell too narrow drops the
     * middle of the text, not its end ({@code uxr-test-vol…clone-1}), and the tooltip holds the
     * full text (above the {@link #tooltip} text, if any). A table's first column is an identifier
     * column whether or not this is called.
     */
    public Column<T, V> identifier() {
        this.identifier = true;
        return this;
    }

    /**
     * Cells holding a file path, whose tellable part may sit anywhere but is most often near its end
     * (a driver's directory, a registration's file name): too narrow, they drop whole directories
     * from the middle ({@code /var/…/plugins_registry/rbd.csi.ceph.com-reg.sock}), keeping the file
     * name and the directories nearest it; only a file name and its directory wider than the cell
     * lose their start.
     * The tooltip and a copy hold the whole path. They are {@link #identifier()} cells too.
     */
    public Column<T, V> path() {
        this.path = true;
        this.identifier = true;
        return this;
    }

    /**
     * {@code path} as it fits {@code room} (as {@code width} measures text): whole when it fits; else
     * its first directory, an ellipsis and as many of its last segments as fit, the file name and
     * its directory at least; else an ellipsis and those last segments; else the end of the file
     * name and its directory after an ellipsis. The file's directory stays: {@code csi.sock} alone
     * tells no driver's socket from another's.
     */
    static String elidePath(String path, double room, ToDoubleFunction<String> width) {
        if (path == null || width.applyAsDouble(path) <= room) return path;
        String[] parts = path.split("/", -1);
        String head = parts.length > 2 && parts[0].isEmpty() ? "/" + parts[1] + "/\u2026/" : "";
        int least = Math.min(2, parts.length - 1);
        for (int keep = parts.length - 1; keep >= least; keep--) {
            String tail = String.join("/", Arrays.copyOfRange(parts, parts.length - keep, parts.length));
            if (!head.isEmpty() && keep <= parts.length - 3 && width.applyAsDouble(head + tail) <= room) return head + tail;
            if (keep < parts.length - 1 && width.applyAsDouble("\u2026/" + tail) <= room) return "\u2026/" + tail;
        }
        String last = String.join("/", Arrays.copyOfRange(parts, parts.length - Math.max(1, least), parts.length));
        for (int from = 1; from < last.length(); from++) {
            if (width.applyAsDouble("\u2026" + last.substring(from)) <= room) return "\u2026" + last.substring(from);
        }
        return "\u2026";
    }

    /**
     * Values that age while the row stays the same (an age, a time shown relative to now): the
     * cells in sight read their row again whenever {@code ticks} changes, and no other cell or
     * column is touched (a {@code TableView.refresh} rebuilds every row in sight, every column).
     */
    public Column<T, V> redrawnOn(Observable ticks) {
        this.redrawnOn = ticks;
        return this;
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    /** Orders rows by this column's values, ascending. */
    @SuppressWarnings("unchecked")
    public Comparator<T> rowComparator() {
        Comparator<? super V> c = comparator;
        if (c == null) {
            c = (a, b) -> {
                if (a instanceof Comparable<?> ca && a.getClass().isInstance(b)) return ((Comparable<Object>) ca).compareTo(b);
                return format.apply(a).compareToIgnoreCase(format.apply(b));
            };
        }
        Comparator<V> values = Comparator.nullsLast((Comparator<V>) c);
        return (x, y) -> values.compare(value.apply(x), value.apply(y));
    }

    /** The text of a row's cell, as the table shows it (empty for no value). */
    String text(T row) {
        V v = value.apply(row);
        String text = format.apply(v);
        return text == null ? "" : text;
    }

    /** A row's hover text: the full cell text for an identifier column, then the {@link #tooltip} text; null for none. */
    private String tooltipText(T row, boolean identifierCells) {
        String extra = tooltip == null ? null : tooltip.apply(row);
        String full = identifierCells ? text(row) : "";
        if (extra == null || extra.isEmpty()) return full.isEmpty() ? null : full;
        return full.isEmpty() ? extra : full + "\n" + extra;
    }

    /**
     * Builds the control column; the table's own sort is replaced by {@link #rowComparator()}.
     *
     * @param nameColumn true for the table's first column, whose cells are {@link #identifier()} cells
     */
    TableColumn<T, V> build(boolean nameColumn) {
        boolean identifierCells = identifier || nameColumn;
        TableColumn<T, V> col = new TableColumn<>(title);
        col.setId(id);
        col.setUserData(this);
        // JavaFX fits a column whose preferred width is its default (80 px) to the content its header
        // first sees (TableColumnHeader: "if the prefWidth has been set, we do not autosize"), which in
        // a table still filling is the header alone: "Site" came out 44 px wide and cut to "S...".
        col.setPrefWidth(width == JAVAFX_DEFAULT_WIDTH ? width + 1 : width);
        col.setVisible(visible);
        if (redrawnOn == null) {
            col.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue() == null ? null : value.apply(cd.getValue())));
        } else {
            // A binding per cell value, invalidated by the ticks: the cell showing it reads it again
            // (and recomputes its style and tooltip) on its next layout.
            Observable ticks = redrawnOn;
            col.setCellValueFactory(cd -> {
                T row = cd.getValue();
                return Bindings.createObjectBinding(() -> row == null ? null : value.apply(row), ticks);
            });
        }
        // One tooltip for the whole column, its text taken from the hovered cell's row when it
        // shows: a Tooltip is a popup with a scene and CSS of its own, too costly to build per
        // cell (tens of ms per screenful of rows when the table first fills). A control's tooltip
        // is shown with the window as its owner, not the cell, so the cells note which of them
        // the mouse entered last.
        SharedTip shared = tooltip == null && !identifierCells ? null : new SharedTip();
        if (shared != null) {
            shared.tip.setOnShowing(e -> {
                FormattedCell cell = shared.hovered;
                T row = cell == null || cell.getTableRow() == null ? null : cell.getTableRow().getItem();
                String text = row == null ? null : tooltipText(row, identifierCells);
                shared.tip.setText(text == null ? "" : text);
            });
        }
        col.setCellFactory(c -> new FormattedCell(shared, identifierCells));
        return col;
    }

    /** A column's one tooltip and the cell the mouse entered last. */
    private final class SharedTip {
        final Tooltip tip = new Tooltip();
        FormattedCell hovered;
    }

    /** Measures a whole cell's text (FX thread only). */
    private static final javafx.scene.text.Text MEASURE = new javafx.scene.text.Text();

    private final class FormattedCell extends TableCell<T, V> {
        private String appliedClass;
        /** The cell's whole text, before a {@link #path()} cell elides it. */
        private String full;

        private final Tooltip sharedTip;
        private final boolean identifierCells;

        FormattedCell(SharedTip shared, boolean identifierCells) {
            this.sharedTip = shared == null ? null : shared.tip;
            this.identifierCells = identifierCells;
            if (shared != null) addEventHandler(MouseEvent.MOUSE_ENTERED, e -> shared.hovered = this);
            if (identifierCells && !whole && !path) setTextOverrun(OverrunStyle.CENTER_WORD_ELLIPSIS);
            if (rightAligned) setAlignment(Pos.CENTER_RIGHT);
            if (mono) getStyleClass().add(ConsoleStyles.MONO);
        }

        @Override
        protected void updateItem(V item, boolean empty) {
            super.updateItem(item, empty);
            T row = empty || getTableRow() == null ? null : getTableRow().getItem();
            if (empty || row == null) {
                setText(null);
                setTooltip(null);
                applyClass(null);
                return;
            }
            full = format.apply(item);
            setText(full);
            if (sharedTip != null) {
                String text = tooltipText(row, identifierCells);
                Tooltip want = text == null || text.isEmpty() ? null : sharedTip;
                if (getTooltip() != want) setTooltip(want);
            }
            applyClass(styleClass == null ? null : styleClass.apply(row));
        }

        @Override
        protected void layoutChildren() {
            if (path && full != null && !isEmpty()) {
                // Measured with the cell's own font; setting the same text again changes nothing, so this settles.
                double room = getWidth() - snappedLeftInset() - snappedRightInset() - 2;
                MEASURE.setFont(getFont());
                String fit = elidePath(full, room, t -> {
                    MEASURE.setText(t);
                    return MEASURE.getLayoutBounds().getWidth();
                });
                if (!fit.equals(getText())) setText(fit);
            }
            super.layoutChildren();
            TableColumn<T, V> col = getTableColumn();
            if (!whole || col == null || isEmpty() || getText() == null || getText().isEmpty()) return;
            // A table cell's preferred width is its column's: the text is measured on its own.
            MEASURE.setText(getText());
            MEASURE.setFont(getFont());
            double needed = Math.ceil(MEASURE.getLayoutBounds().getWidth() + snappedLeftInset() + snappedRightInset() + 2);
            // The column grows (and stays at least as wide): the table scrolls sideways rather than cut a number.
            if (needed > col.getWidth() + 0.5 && needed > col.getMinWidth()) {
                col.setMinWidth(needed);
                // The wider column is laid out in a pass of its own; without one asked for, a still table kept
                // its cells at the old width (the figure cut) until the next mouse move or change.
                TableView<T> table = getTableView();
                if (table != null) javafx.application.Platform.runLater(table::requestLayout);
            }
        }

        /** Changes the state class only when it differs: any change of style classes restyles the cell from scratch. */
        private void applyClass(String wanted) {
            if (Objects.equals(wanted, appliedClass)) return;
            if (appliedClass != null) getStyleClass().remove(appliedClass);
            if (wanted != null) getStyleClass().add(wanted);
            appliedClass = wanted;
        }
    }
}
