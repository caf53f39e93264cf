package org.csiconsole.views.table;

import javafx.geometry.Insets;
import org.csiconsole.views.theme.ConsoleStyles;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.List;
import java.util.function.Function;

/**
 * The property pane of a {@link ResourceTable}: the selected row's {@link DetailRow}s; with more
 * than one row selected, how many ("4 selected"), the table's summary of them (their total size)
 * and their names.
 */
final class DetailPane<T> extends ScrollPane {
    private final Function<? super T, List<DetailRow>> rows;
    private final Function<? super T, String> title;
    private final EmptyState nothingSelected = new EmptyState(Material2AL.INFO, "No selection",
            "Select a row to see its properties here.");

    DetailPane(Function<? super T, List<DetailRow>> rows, Function<? super T, String> title) {
        this.rows = rows;
        this.title = title;
        getStyleClass().add(ConsoleStyles.DETAIL_PANE);
        setFitToWidth(true);
        setFitToHeight(true);
        setMinWidth(220);
    }

    void show(T item) {
        if (item == null) {
            setContent(nothingSelected);
            return;
        }
        render(title.apply(item), rows.apply(item), true);
    }

    /** Names listed for a selection of many; the rest are counted. */
    static final int NAMES_LISTED = 50;

    /** Shows {@code items} (two or more): their count, {@code summary} and their names. */
    void showMany(List<? extends T> items, List<DetailRow> summary) {
        List<DetailRow> all = new java.util.ArrayList<>(summary);
        StringBuilder names = new StringBuilder();
        items.stream().limit(NAMES_LISTED).forEach(i -> names.append(title.apply(i)).append('\n'));
        if (items.size() > NAMES_LISTED) names.append("and ").append(items.size() - NAMES_LISTED).append(" more");
        all.add(DetailRow.block("Selected", names.toString().strip()));
        render(items.size() + " selected", all, false);
    }

    private void render(String name, List<DetailRow> detailRows, boolean copyName) {
        Label heading = new Label(name);
        heading.setId("detail-title");
        heading.getStyleClass().add(ConsoleStyles.DETAIL_TITLE);
        wrap(heading);
        HBox header = new HBox(4, heading);
        header.setAlignment(Pos.TOP_LEFT);
        HBox.setHgrow(heading, Priority.ALWAYS);
        if (copyName && name != null && !name.isEmpty()) header.getChildren().add(CopyButton.of("name", name));
        GridPane grid = new GridPane();
        grid.getStyleClass().add(ConsoleStyles.PROPERTY_GRID);
        grid.setHgap(12);
        grid.setVgap(6);
        ColumnConstraints keyCol = new ColumnConstraints();
        keyCol.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints valueCol = new ColumnConstraints();
        valueCol.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(keyCol, valueCol);
        VBox box = new VBox(12, header, grid);
        box.setPadding(new Insets(12, 14, 12, 14));
        int r = 0;
        for (DetailRow row : detailRows) {
            if (row.block() && !row.value().isEmpty()) {
                Label key = new Label(row.label());
                key.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
                TextArea text = new TextArea(row.value().isEmpty() ? "(empty)" : row.value());
                text.setEditable(false);
                text.setWrapText(true);
                text.setPrefRowCount(Math.max(3, Math.min(14, (int) row.value().lines().count() + 1)));
                // A request or response keeps its rows: the pane scrolls instead of squeezing each box to two lines.
                text.setMinHeight(Region.USE_PREF_SIZE);
                text.getStyleClass().add(ConsoleStyles.MONO);
                VBox.setVgrow(text, Priority.SOMETIMES);
                box.getChildren().addAll(key, text);
            } else {
                Label key = new Label(row.label());
                key.getStyleClass().add(ConsoleStyles.PROPERTY_KEY);
                // A key reads whole ("Virtual domain", "Max volumes"); the value beside it wraps.
                key.setMinWidth(Region.USE_PREF_SIZE);
                Label value = new Label(row.value().isEmpty() ? "\u2014" : row.value());
                value.getStyleClass().add(ConsoleStyles.PROPERTY_VALUE);
                if (row.time()) whole(value, row.tooltip());
                else if (oneWord(row.value())) oneLine(value);
                else wrap(value);
                if (row.copyable() && !row.value().isEmpty()) {
                    HBox cell = new HBox(4, value, CopyButton.of(row.label(), row.value()));
                    cell.setAlignment(Pos.TOP_LEFT);
                    HBox.setHgrow(value, Priority.ALWAYS);
                    grid.addRow(r++, key, cell);
                } else {
                    grid.addRow(r++, key, value);
                }
            }
        }
        setContent(box);
    }

    /** A file path or a unix socket endpoint ({@code /var/lib/kubelet/...}, {@code unix:///...}). */
    private static boolean isPath(String value) {
        return value.startsWith("/") || value.startsWith("unix://");
    }

    /**
     * A value with no space in it: an id, a name; not a figure, which is never cut, nor a path, which wraps: cut in its
     * middle, it lost the file name that tells it apart.
     */
    private static boolean oneWord(String value) {
        return !value.isEmpty() && !Character.isDigit(value.charAt(0)) && value.chars().noneMatch(Character::isWhitespace) && !isPath(value);
    }

    /**
     * An id or a name in a property row stays on one line: wrapped, it broke at a hyphen and read as two
     * words. Too long for the pane, it drops its middle (both ends tell ids apart); the tooltip and the copy
     * button hold it whole, and the heading shows the name whole.
     */
    private static void oneLine(Label label) {
        label.setWrapText(false);
        label.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
        label.setMinWidth(0);
        label.setMaxWidth(Double.MAX_VALUE);
        label.setTooltip(new javafx.scene.control.Tooltip(label.getText()));
    }

    /**
     * A time stays on one line at its full width: wrapped, it broke inside a number ({@code 21:02:26.88} over {@code 7}).
     * A pane too narrow for it scrolls; {@code full} (the ISO-8601 instant) is the tooltip.
     */
    private static void whole(Label label, String full) {
        label.setWrapText(false);
        label.setMinWidth(Region.USE_PREF_SIZE);
        label.setTooltip(new javafx.scene.control.Tooltip(full));
    }

    /**
     * Long names and ids wrap onto more lines instead of ending in an ellipsis: the header holds the
     * very name the admin types to confirm a delete. Text with no spaces breaks at any character.
     */
    private static void wrap(Label label) {
        label.setWrapText(true);
        label.setTextOverrun(OverrunStyle.CLIP);
        label.setMinWidth(0);
        label.setMaxWidth(Double.MAX_VALUE);
        label.setMinHeight(Region.USE_PREF_SIZE);
    }
}
