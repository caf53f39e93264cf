package org.csiconsole.views.table;

import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.List;

/**
 * The selected rows of a table as tab-separated text (TSV), the way Ctrl+C copies them: a header
 * line with the titles of the visible columns, then one line per selected row in table order, each
 * with the visible columns' cell text in their on-screen order. A tab or line break inside a value
 * becomes a space so every row stays one line of the same number of fields; lines end with
 * {@code \n}.
 */
final class RowsAsText {
    private RowsAsText() {
    }

    /** The table's selected rows as TSV, or an empty string when nothing is selected. */
    static <T> String selectedRows(TableView<T> table) {
        List<Integer> indices = new ArrayList<>(table.getSelectionModel().getSelectedIndices());
        indices.sort(null);
        List<T> rows = new ArrayList<>();
        for (int i : indices) {
            if (i >= 0 && i < table.getItems().size() && table.getItems().get(i) != null) rows.add(table.getItems().get(i));
        }
        return rows.isEmpty() ? "" : tsv(table.getVisibleLeafColumns(), rows);
    }

    @SuppressWarnings("unchecked")
    static <T> String tsv(List<TableColumn<T, ?>> columns, List<T> rows) {
        List<Column<T, ?>> specs = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        for (TableColumn<T, ?> col : columns) {
            if (col.getUserData() instanceof Column<?, ?> spec) {
                specs.add((Column<T, ?>) spec);
                titles.add(field(col.getText()));
            }
        }
        StringBuilder out = new StringBuilder(String.join("\t", titles)).append('\n');
        for (T row : rows) {
            List<String> cells = new ArrayList<>(specs.size());
            for (Column<T, ?> spec : specs) cells.add(field(spec.text(row)));
            out.append(String.join("\t", cells)).append('\n');
        }
        return out.toString();
    }

    private static String field(String text) {
        return text == null ? "" : text.replaceAll("[\\t\\r\\n]+", " ");
    }
}
