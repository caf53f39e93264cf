package org.csiconsole.views.table;

import atlantafx.base.controls.CustomTextField;
import atlantafx.base.controls.Spacer;
import atlantafx.base.theme.Styles;
import atlantafx.base.theme.Tweaks;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * The console's resource table: a virtualized, sortable {@link TableView} over a
 * {@link ResourceTableModel}, with a filter box, a row count, a column chooser and an optional
 * master-detail property pane. Views build one per resource kind:
 *
 * <pre>{@code
 * ResourceTable<Volume> table = new ResourceTable<>(model, List.of(
 *         Column.of("name", "Name", Volume::name).width(220),
 *         Column.of("size", "Size", Volume::capacityBytes).format(ByteSize::human).alignRight()))
 *     .withDetail(v -> List.of(DetailRow.of("Volume id", v.volumeId())), Volume::name)
 *     .withEmptyState(Material2MZ.STORAGE, "No volumes", "Create one with Ctrl+N.");
 * }</pre>
 *
 * <p>Sorting hands the columns' value comparators to the model (the table's sort policy), so a
 * sort costs one comparator call per comparison and no cell objects; with many rows the model
 * sorts off the UI thread (see {@link ResourceTableModel}). Ctrl+C copies the selected rows as
 * tab-separated text ({@link #copySelectedRows()}); the first column's cells, like those of
 * {@link Column#identifier()} columns, drop the middle of a text too long for them and show it
 * whole in their tooltip. The first column (the name) stays in sight while the table scrolls right
 * ({@link PinnedColumn}). Rows are selected several at a time (Shift or Ctrl with a click or the
 * arrows, Ctrl+A); {@link #withRowMenu} adds their context menu. Node ids: {@code table-filter}, {@code table-count},
 * {@code table-columns}, {@code table-detail}.
 */
public final class ResourceTable<T> extends BorderPane {
    /** The id of the rows' menu item that copies the selected rows as text ({@link #withRowMenu}). */
    public static final String COPY_AS_TEXT_ID = "row-copy-text";
    /** Least time between two appends to a large table: the scroll bar and row count follow four times a second. */
    static final Duration APPEND_INTERVAL = Duration.ofMillis(250);
    private static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private final ResourceTableModel<T> model;
    private final TableView<T> table = new TableView<>();
    private final CustomTextField filter = new CustomTextField();
    private final HBox toolbar = new HBox(8);
    private final HBox extra = new HBox(6);
    private final MenuButton columnChooser = new MenuButton();
    private final StackPane placeholder = new StackPane();
    private EmptyState empty = new EmptyState(Material2AL.INBOX, "Nothing here yet", "");
    private final EmptyState noMatch = new EmptyState(Material2MZ.SEARCH_OFF, "No rows match the filter", "");
    private final EmptyState unavailable = new EmptyState(Material2AL.BLOCK, "Not offered by this connection", "");
    private final EmptyState pending = new EmptyState(Material2AL.HOURGLASS_EMPTY, "", "");
    private DetailPane<T> detail;
    /** The rows the detail pane shows (the lead row alone, or the selected rows); null before the first or to redraw. */
    private List<T> shownInDetail;
    private Function<? super List<T>, List<DetailRow>> summary = rows -> List.of();
    private final javafx.beans.property.BooleanProperty detailShown = new javafx.beans.property.SimpleBooleanProperty(this, "detailShown", true);
    private final javafx.beans.property.BooleanProperty detailGivesWay = new javafx.beans.property.SimpleBooleanProperty(this, "detailGivesWay", false);
    /** While the blank row of {@link #primeWhenFirstShown} is shown: sort order changes leave the model alone. */
    private boolean priming;
    /** Keeps the name column in sight while scrolling right; null for a table without columns. */
    private PinnedColumn<T> pinned;

    public ResourceTable(ResourceTableModel<T> model, List<Column<T, ?>> columns) {
        this.model = model;
        getStyleClass().add(ConsoleStyles.RESOURCE_TABLE);

        table.setItems(model.rows());
        NextPulse frames = new NextPulse();
        model.pace(frames, APPEND_INTERVAL, System::nanoTime);
        primeWhenFirstShown(frames);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getStyleClass().addAll(Styles.DENSE, Tweaks.EDGE_TO_EDGE, Styles.STRIPED);
        for (Column<T, ?> c : columns) table.getColumns().add(c.build(table.getColumns().isEmpty()));
        pinned = columns.isEmpty() ? null : new PinnedColumn<>(table, table.getColumns().get(0), columns.get(0).build(true));
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (COPY.match(e)) {
                copySelectedRows();
                e.consume();
            }
        });
        table.setSortPolicy(tv -> {
            if (!priming) model.setComparator(comparatorFor(tv.getSortOrder()));
            return true;
        });
        // A filter, sort or refresh replaces the rows in one change; the selected rows stay selected
        // (see SelectionKeeper), and rows the filter hides leave the selection.
        model.setPublisher(new SelectionKeeper<>(table, model));
        table.setPlaceholder(placeholder);

        buildFilter();
        buildColumnChooser();
        Label count = new Label();
        count.setId("table-count");
        count.getStyleClass().add(ConsoleStyles.MUTED);
        count.textProperty().bind(Bindings.createStringBinding(() -> countText(
                model.shownCount().get(), model.totalCount().get()), model.shownCount(), model.totalCount()));
        extra.setAlignment(Pos.CENTER_LEFT);
        toolbar.getChildren().addAll(filter, extra, new Spacer(), count, columnChooser);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add(ConsoleStyles.TABLE_TOOLBAR);
        toolbar.setPadding(new Insets(6, 8, 6, 8));
        setTop(toolbar);
        setCenter(tableArea());

        Button clear = new Button("Clear the filter");
        clear.getStyleClass().addAll(Styles.FLAT, Styles.ACCENT);
        clear.setOnAction(e -> filter.clear());
        noMatch.with(clear);
        noMatch.messageLabel().textProperty().bind(Bindings.concat(
                "Nothing contains all the words of \u201c", model.filterTextProperty(), "\u201d."));
        model.totalCount().addListener((o, a, b) -> updatePlaceholder());
        updatePlaceholder();
    }

    /** The split between the table and its detail pane; null without {@link #withDetail}. */
    private SplitPane detailSplit;
    /** The table's share of the width beside the detail pane, kept while the pane is closed. */
    private final double[] divider = {0.64};

    /**
     * Gives the table {@code tableShare} of the width beside the detail pane ({@link #withDetail}), the
     * pane the rest (0.64 unless told): for a table whose rows are read in the pane (long problems and
     * next steps) more than in its columns.
     */
    public ResourceTable<T> detailShare(double tableShare) {
        divider[0] = tableShare;
        if (detailSplit != null && detailSplit.getItems().size() > 1) detailSplit.setDividerPositions(tableShare);
        return this;
    }

    /** Adds a property pane beside the table showing {@code rows} for the selected row. */
    public ResourceTable<T> withDetail(Function<? super T, List<DetailRow>> rows, Function<? super T, String> title) {
        detail = new DetailPane<>(rows, title);
        detail.setId("table-detail");
        detail.show(null);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> showDetail());
        table.getSelectionModel().getSelectedItems().addListener((javafx.beans.InvalidationListener) o -> showDetail());
        SplitPane split = new SplitPane(tableArea(), detail);
        detailSplit = split;
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(divider[0]);
        SplitPane.setResizableWithParent(detail, false);
        split.getStyleClass().add(ConsoleStyles.MASTER_DETAIL);
        setCenter(split);
        // The detail pane gives way to the columns: closed and opened from the table's tool bar, remembered with the layout.
        javafx.beans.InvalidationListener place = o -> {
            boolean shown = detailShown.get() && !detailGivesWay.get();
            if (!shown && split.getItems().contains(detail)) {
                divider[0] = split.getDividerPositions()[0];
                split.getItems().remove(detail);
            } else if (shown && !split.getItems().contains(detail)) {
                split.getItems().add(detail);
                split.setDividerPositions(divider[0]);
            }
        };
        detailShown.addListener(place);
        detailGivesWay.addListener(place);
        javafx.scene.control.ToggleButton toggle = new javafx.scene.control.ToggleButton(null, Icons.of(Material2MZ.VERTICAL_SPLIT));
        toggle.setId("table-detail-toggle");
        toggle.getStyleClass().addAll(Styles.FLAT, Styles.BUTTON_ICON);
        toggle.setTooltip(new Tooltip("Show or hide the selected row's details beside the table"));
        toggle.selectedProperty().bindBidirectional(detailShown);
        toolbar.getChildren().add(toolbar.getChildren().indexOf(columnChooser), toggle);
        return this;
    }

    /**
     * Marks {@code column} as shown or hidden by the view, not the person: its visibility is not
     * remembered with the layout (one connection's note column stays out of another's table).
     */
    public void viewDecidesVisibility(TableColumn<T, ?> column) {
        column.getProperties().put(LayoutKeeper.VIEW_DECIDES_VISIBILITY, Boolean.TRUE);
    }

    /** Room a table needs beside its rows: the column headers and a horizontal scroll bar, in pixels. */
    static final double HEADER_AND_SCROLL_BAR = 52;

    /**
     * Keeps room for {@code rows} rows: the table's least height (with the row height the
     * stylesheet gives) grows to them, so what shares a split pane with it gives way first. A
     * table shows at least 8 rows at 1280×800.
     */
    public ResourceTable<T> keepRowsInSight(int rows) {
        table.minHeightProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                () -> rows * rowHeight() + HEADER_AND_SCROLL_BAR, table.fixedCellSizeProperty()));
        return this;
    }

    /**
     * As {@link #keepRowsInSight}, but never room for more rows than the table holds: for a table of few rows beside a
     * pane that needs the height more (Capacity's bars).
     */
    public ResourceTable<T> keepHeldRowsInSight(int rows) {
        table.minHeightProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                () -> Math.max(1, Math.min(rows, model.rows().size())) * rowHeight() + HEADER_AND_SCROLL_BAR,
                table.fixedCellSizeProperty(), javafx.beans.binding.Bindings.size(model.rows())));
        return this;
    }

    private double rowHeight() {
        return table.getFixedCellSize() > 0 ? table.getFixedCellSize() : 28;
    }

    /**
     * While {@code condition} holds, the detail pane is out of sight whatever the person chose, and
     * that choice is neither changed nor remembered otherwise (a side panel of the view takes its room).
     */
    public ResourceTable<T> detailGivesWayWhile(javafx.beans.value.ObservableBooleanValue condition) {
        detailGivesWay.bind(condition);
        return this;
    }

    /** Whether the detail pane ({@link #withDetail}) is shown beside the table; the person toggles it from the table's tool bar. */
    public javafx.beans.property.BooleanProperty detailShownProperty() {
        return detailShown;
    }

    /** What the table says when it holds no rows at all. */
    public ResourceTable<T> withEmptyState(Ikon icon, String title, String message) {
        empty = new EmptyState(icon, title, message);
        updatePlaceholder();
        return this;
    }

    /**
     * As {@link #withEmptyState(Ikon, String, String)}, saying {@code note} instead of {@code message}
     * while the note is not empty.
     */
    public ResourceTable<T> withEmptyState(Ikon icon, String title, String message, ObservableValue<String> note) {
        withEmptyState(icon, title, message);
        EmptyState shown = empty;
        shown.messageLabel().textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> note.getValue() == null || note.getValue().isEmpty() ? message : note.getValue(), note));
        return this;
    }

    /**
     * What the table says while its listing is not offered by the connection (a driver that does
     * not advertise the capability): {@code reason} in place of the empty state; an empty reason
     * brings the usual placeholder back.
     */
    public ResourceTable<T> withUnavailableReason(javafx.beans.value.ObservableValue<String> reason) {
        unavailable.messageLabel().textProperty().bind(reason);
        reason.addListener((o, a, b) -> updatePlaceholder());
        updatePlaceholder();
        return this;
    }

    /**
     * What the table says while it holds no rows and its listing has not answered completely:
     * {@code title} ("Reading volumes…", or "No volumes shown" after a read that failed) with
     * {@code message}, in place of the empty state, which is kept for a complete answer of none.
     * An empty title brings the usual placeholder back.
     */
    public ResourceTable<T> withPendingState(ObservableValue<String> title, ObservableValue<String> message) {
        pending.titleLabel().textProperty().bind(title);
        pending.messageLabel().textProperty().bind(message);
        title.addListener((o, a, b) -> updatePlaceholder());
        updatePlaceholder();
        return this;
    }

    /** The placeholder shown while the listing is not offered ({@link #withUnavailableReason}), to add actions that still work. */
    public EmptyState unavailableState() {
        return unavailable;
    }

    /**
     * Opens {@code menu} (the rows' actions) on a right-click over the table, selecting the row
     * under the pointer first when it is not selected, and on Shift+F10 or the ContextMenu key
     * beside the lead selected row (see {@link RowMenu}). The menu gets "Copy as text" at its end:
     * the selected rows as tab-separated text with a header line ({@link #copySelectedRows}).
     */
    public ResourceTable<T> withRowMenu(javafx.scene.control.ContextMenu menu) {
        if (menu.getItems().stream().noneMatch(i -> COPY_AS_TEXT_ID.equals(i.getId()))) {
            // Every table's menu ends with copying what is selected, as Ctrl+C does.
            javafx.scene.control.MenuItem copy = new javafx.scene.control.MenuItem("Copy as text");
            copy.setId(COPY_AS_TEXT_ID);
            copy.setOnAction(e -> copySelectedRows());
            copy.disableProperty().bind(Bindings.isEmpty(table.getSelectionModel().getSelectedItems()));
            if (!menu.getItems().isEmpty()) menu.getItems().add(new javafx.scene.control.SeparatorMenuItem());
            menu.getItems().add(copy);
        }
        RowMenu.install(table, menu);
        return this;
    }

    /**
     * Restores the layout remembered under {@code key} in {@code layouts} (column order, widths,
     * visibility, sort; see {@link TableLayout} for columns added or removed since) and from now on
     * keeps the table's layout there as the person changes it.
     *
     * @param key the view kind, e.g. {@code volumes}
     */
    public ResourceTable<T> rememberLayout(TableLayouts layouts, String key) {
        new LayoutKeeper<>(table, layouts, key, () -> priming, detail == null ? null : detailShown).start();
        return this;
    }

    /**
     * Makes the tool bar dense (2 px above and below, small controls) for a table that shares a little height, such as
     * the call trace in the bottom panel: every 28 px saved is a row more in sight. Call after the tool bar's items
     * are added ({@link #withToolbarItems}, {@link #withDetail}).
     */
    public ResourceTable<T> compactToolbar() {
        toolbar.setPadding(new Insets(2, 8, 2, 8));
        for (Node n : toolbar.getChildren()) small(n);
        for (Node n : extra.getChildren()) small(n);
        return this;
    }

    private static void small(Node n) {
        if (n instanceof javafx.scene.control.Control && !n.getStyleClass().contains(Styles.SMALL)) n.getStyleClass().add(Styles.SMALL);
    }

    /** Adds controls (view-specific buttons) to the toolbar, after the filter box. */
    public ResourceTable<T> withToolbarItems(Node... nodes) {
        extra.getChildren().addAll(nodes);
        return this;
    }

    /**
     * Puts the selected rows on the clipboard as plain text in TSV form (see {@link RowsAsText}):
     * the visible columns' titles, then one line per selected row. Ctrl+C (Cmd+C) in the table does
     * this. Nothing selected leaves the clipboard as it was.
     *
     * @return the text copied, empty when nothing was selected
     */
    public String copySelectedRows() {
        String text = RowsAsText.selectedRows(table);
        if (!text.isEmpty()) CopyButton.copy(text);
        return text;
    }

    /** Redraws the detail pane for the selected row (after details loaded in the background changed). */
    public void refreshDetail() {
        shownInDetail = null;
        showDetail();
    }

    /**
     * What the detail pane says of two or more selected rows under their count, e.g. their total
     * size; their names follow. Default none.
     */
    public ResourceTable<T> withSelectionSummary(Function<? super List<T>, List<DetailRow>> summary) {
        this.summary = java.util.Objects.requireNonNull(summary);
        refreshDetail();
        return this;
    }

    /**
     * Shows the selection in the detail pane, unless it shows those very rows already: one change of the
     * selection tells both the selected item's and the selected items' listeners, and the pane is built once.
     */
    private void showDetail() {
        if (detail == null) return;
        List<T> selected = table.getSelectionModel().getSelectedItems().stream().filter(java.util.Objects::nonNull).toList();
        T lead = table.getSelectionModel().getSelectedItem();
        List<T> shown = selected.size() > 1 ? selected : java.util.Collections.singletonList(lead);
        if (sameRows(shown, shownInDetail)) return;
        shownInDetail = shown;
        if (selected.size() > 1) detail.showMany(selected, summary.apply(selected));
        else detail.show(lead);
    }

    /** True when {@code a} and {@code b} hold the same row instances in the same order. */
    private static <T> boolean sameRows(List<T> a, List<T> b) {
        if (b == null || a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }

    public TableView<T> tableView() {
        return table;
    }

    public CustomTextField filterField() {
        return filter;
    }

    public MenuButton columnChooser() {
        return columnChooser;
    }

    public ResourceTableModel<T> model() {
        return model;
    }

    public ReadOnlyObjectProperty<T> selectedItemProperty() {
        return table.getSelectionModel().selectedItemProperty();
    }

    /** Moves keyboard focus to the filter box and selects its text. */
    public void focusFilter() {
        filter.requestFocus();
        filter.selectAll();
    }

    private void buildFilter() {
        filter.setId("table-filter");
        filter.setPromptText("Filter");
        filter.setLeft(Icons.of(Material2MZ.SEARCH));
        Button clear = new Button(null, Icons.of(Material2AL.CLEAR, 14));
        clear.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        clear.setCursor(Cursor.DEFAULT);
        clear.setFocusTraversable(false);
        clear.visibleProperty().bind(filter.textProperty().isNotEmpty());
        clear.setOnAction(e -> filter.clear());
        filter.setRight(clear);
        filter.setPrefWidth(260);
        filter.setTooltip(new Tooltip("Rows containing every word typed (Ctrl+F)"));
        filter.textProperty().bindBidirectional(model.filterTextProperty());
        // Tab goes from the filter to the rows it filters, not through the tool bar's buttons: the keyboard reaches
        // the rows (arrows, Shift+F10) in one key. The first row is made the lead when none is, so the arrows and
        // the row menu have a row to act on; Shift+Tab goes back.
        filter.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() != javafx.scene.input.KeyCode.TAB || e.isShiftDown() || e.isControlDown()) return;
            if (table.getItems().isEmpty()) return;
            e.consume();
            table.requestFocus();
            if (table.getSelectionModel().isEmpty()) table.getSelectionModel().select(0);
            table.getFocusModel().focus(table.getSelectionModel().getSelectedIndex());
        });
    }

    private void buildColumnChooser() {
        columnChooser.setId("table-columns");
        columnChooser.setGraphic(Icons.of(Material2MZ.VIEW_COLUMN));
        columnChooser.getStyleClass().addAll(Styles.FLAT, Styles.BUTTON_ICON);
        columnChooser.setTooltip(new Tooltip("Choose columns"));
        for (TableColumn<T, ?> col : table.getColumns()) {
            CheckMenuItem item = new CheckMenuItem(col.getText());
            item.setId("column-" + col.getId());
            item.selectedProperty().bindBidirectional(col.visibleProperty());
            columnChooser.getItems().add(item);
        }
    }

    /**
     * The first rows a table shows cost far more than later ones: their skins are built and their
     * styles matched against the theme for the first time. For the first table in the JVM that was
     * 170 to 280 ms of FX-thread time when the first page of a listing arrived (the same with 1,000
     * rows as with 100,000). So when the table first appears with no rows, it lays out one blank row
     * for one frame: opening the view takes about 45 ms more FX-thread time, and the first page then
     * takes 50 to 90 ms (scripts/benchmark-volumes.sh, "window and view shown" and "first load").
     */
    private void primeWhenFirstShown(NextPulse frames) {
        table.sceneProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Scene> o, Scene old, Scene scene) {
                if (scene == null) return;
                table.sceneProperty().removeListener(this);
                if (!model.rows().isEmpty()) return;
                List<T> blank = new ArrayList<>();
                blank.add(null);
                // Changing the items clears the sort order: keep the model's order and put it back after.
                List<TableColumn<T, ?>> order = List.copyOf(table.getSortOrder());
                priming = true;
                table.setItems(FXCollections.observableList(blank));
                // The next frame lays the blank row out; the one after puts the real rows back.
                frames.execute(() -> frames.execute(() -> {
                    table.setItems(model.rows());
                    table.getSortOrder().setAll(order);
                    priming = false;
                }));
            }
        });
    }

    /** The table, with the pinned name column over its left edge when it has one. */
    private Node tableArea() {
        return pinned == null ? table : pinned.area();
    }

    private void updatePlaceholder() {
        boolean none = model.totalCount().get() == 0;
        Node wanted = !none ? noMatch
                : !unavailable.messageLabel().getText().isEmpty() ? unavailable
                : !pending.titleLabel().getText().isEmpty() ? pending : empty;
        // Replacing the placeholder's child re-lays out and redraws the whole table, so only on a change.
        if (placeholder.getChildren().size() != 1 || placeholder.getChildren().get(0) != wanted) {
            placeholder.getChildren().setAll(wanted);
        }
    }

    @SuppressWarnings("unchecked")
    private Comparator<T> comparatorFor(List<TableColumn<T, ?>> order) {
        Comparator<T> result = null;
        for (TableColumn<T, ?> col : order) {
            if (!(col.getUserData() instanceof Column<?, ?> spec)) continue;
            Comparator<T> c = ((Column<T, ?>) spec).rowComparator();
            if (col.getSortType() == TableColumn.SortType.DESCENDING) c = c.reversed();
            result = result == null ? c : result.thenComparing(c);
        }
        return result;
    }

    static String countText(int shown, int total) {
        String rows = total == 1 ? " row" : " rows";
        return shown == total ? ByteSize.grouped(total) + rows
                : ByteSize.grouped(shown) + " of " + ByteSize.grouped(total) + rows;
    }
}
