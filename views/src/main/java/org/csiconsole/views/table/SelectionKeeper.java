package org.csiconsole.views.table;

import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Keeps a table's selected rows selected when a filter, sort or refresh replaces its rows in one
 * change: each selected row stays selected as its new instance when a refresh changed it (rows
 * with the same key, see {@link ResourceTableModel#keyedBy}), and the lead row stays the lead. A
 * row the filter hides (or a refresh removed) leaves the selection: actions act only on rows in
 * sight, and the detail pane never shows a row the table does not. When the lead row left, the
 * last selected row still in sight becomes the lead.
 */
final class SelectionKeeper<T> implements Consumer<Runnable> {
    private final TableView<T> table;
    private final ResourceTableModel<T> model;

    SelectionKeeper(TableView<T> table, ResourceTableModel<T> model) {
        this.table = table;
        this.model = model;
    }

    @Override
    public void accept(Runnable replace) {
        var selection = table.getSelectionModel();
        List<T> before = new ArrayList<>(selection.getSelectedItems());
        before.removeIf(Objects::isNull);
        T lead = selection.getSelectedItem();
        replace.run();
        if (before.isEmpty()) return;
        Map<Object, Integer> at = positions();
        Set<Integer> wanted = new LinkedHashSet<>();
        for (T row : before) {
            Integer i = at.get(model.keyOf(row));
            if (i != null) wanted.add(i);
        }
        Integer leadAt = lead == null ? null : at.get(model.keyOf(lead));
        if (wanted.isEmpty()) {
            selection.clearSelection();
            return;
        }
        if (leadAt == null) leadAt = new ArrayList<>(wanted).get(wanted.size() - 1);
        if (unchanged(wanted, leadAt)) return;
        // The last index given becomes the selected (lead) index.
        wanted.remove(leadAt);
        wanted.add(leadAt);
        int[] order = wanted.stream().mapToInt(Integer::intValue).toArray();
        selection.clearSelection();
        selection.selectIndices(order[0], Arrays.copyOfRange(order, 1, order.length));
    }

    /** Index in the rows shown of each row's key. */
    private Map<Object, Integer> positions() {
        List<T> rows = model.rows();
        Map<Object, Integer> at = new HashMap<>(rows.size() * 2);
        for (int i = 0; i < rows.size(); i++) {
            T row = rows.get(i);
            if (row != null) at.putIfAbsent(model.keyOf(row), i);
        }
        return at;
    }

    /** True when exactly {@code wanted} is selected, as the rows now shown, with {@code leadAt} the lead. */
    private boolean unchanged(Set<Integer> wanted, int leadAt) {
        var selection = table.getSelectionModel();
        if (selection.getSelectedIndex() != leadAt || selection.getSelectedIndices().size() != wanted.size()) return false;
        for (int i : selection.getSelectedIndices()) {
            if (!wanted.contains(i)) return false;
        }
        List<T> rows = model.rows();
        Set<T> current = Collections.newSetFromMap(new IdentityHashMap<>());
        current.addAll(selection.getSelectedItems());
        for (int i : wanted) {
            if (!current.contains(rows.get(i))) return false;
        }
        return selection.getSelectedItem() == rows.get(leadAt);
    }
}
