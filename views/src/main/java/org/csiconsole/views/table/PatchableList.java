package org.csiconsole.views.table;

import javafx.collections.ModifiableObservableListBase;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * The rows a table shows, replaced by a new list in one change that names only what differs: rows
 * removed and rows inserted, where the rows both lists hold keep their order. A live trace holding
 * 10,000 calls drops a few at the front and adds a few near the end four times a second; a full
 * replacement (or a change JavaFX reads as a replacement) makes the table build its rows in sight
 * anew each time, with their styles, where removals and insertions only move them. Rows in
 * another order, or more changes than half the rows, are one replacement of every row, as
 * {@code setAll}.
 */
final class PatchableList<T> extends ModifiableObservableListBase<T> {
    private final ArrayList<T> rows = new ArrayList<>();

    /** Makes this list hold {@code next}, in one change; rows are compared by identity. */
    void replaceWith(List<T> next) {
        int n = rows.size();
        int m = next.size();
        if (n == 0 || m == 0) {
            setAll(next);
            return;
        }
        // A dry run of the walk through both lists: each step keeps a row, removes one or inserts one.
        List<Object> steps = new ArrayList<>();
        IdentityHashMap<T, Integer> at = null;
        int i = 0;
        int j = 0;
        int changes = 0;
        while (i < n || j < m) {
            if (i < n && j < m && rows.get(i) == next.get(j)) {
                steps.add(KEEP);
                i++;
                j++;
                continue;
            }
            if (at == null) {
                at = new IdentityHashMap<>(m * 2);
                for (int k = 0; k < m; k++) at.put(next.get(k), k);
            }
            if (i < n) {
                Integer p = at.get(rows.get(i));
                if (p == null) {
                    steps.add(REMOVE);
                    i++;
                    changes++;
                    continue;
                }
                if (p < j) {
                    setAll(next);
                    return;
                }
            }
            steps.add(next.get(j));
            j++;
            changes++;
        }
        if (changes == 0) return;
        if (changes > m / 2 + 1) {
            setAll(next);
            return;
        }
        // The rows are built anew in one pass (inserting into the list in place moved every row
        // behind each insertion: 25,000 rows merged into 75,000 took the UI thread over 100 ms); the
        // change is reported step by step, at the positions the steps have in turn, and the listeners
        // read the list once it holds the new rows.
        ArrayList<T> after = new ArrayList<>(m);
        beginChange();
        try {
            int pos = 0;
            int old = 0;
            for (Object step : steps) {
                if (step == KEEP) {
                    after.add(rows.get(old++));
                    pos++;
                } else if (step == REMOVE) {
                    nextRemove(pos, rows.get(old++));
                } else {
                    @SuppressWarnings("unchecked")
                    T row = (T) step;
                    after.add(row);
                    nextAdd(pos, pos + 1);
                    pos++;
                }
            }
            rows.clear();
            rows.addAll(after);
        } finally {
            endChange();
        }
    }

    private static final Object KEEP = new Object();
    private static final Object REMOVE = new Object();

    @Override
    public boolean setAll(Collection<? extends T> next) {
        beginChange();
        try {
            if (!rows.isEmpty()) {
                List<T> removed = new ArrayList<>(rows);
                rows.clear();
                nextRemove(0, removed);
            }
            rows.addAll(next);
            if (!next.isEmpty()) nextAdd(0, rows.size());
        } finally {
            endChange();
        }
        return true;
    }

    @Override
    protected void removeRange(int from, int to) {
        if (from >= to) return;
        beginChange();
        try {
            List<T> removed = new ArrayList<>(rows.subList(from, to));
            rows.subList(from, to).clear();
            nextRemove(from, removed);
        } finally {
            endChange();
        }
    }

    @Override
    public boolean addAll(Collection<? extends T> added) {
        if (added.isEmpty()) return false;
        beginChange();
        try {
            int from = rows.size();
            rows.addAll(added);
            nextAdd(from, rows.size());
        } finally {
            endChange();
        }
        return true;
    }

    @Override
    public T get(int index) {
        return rows.get(index);
    }

    @Override
    public int size() {
        return rows.size();
    }

    @Override
    protected void doAdd(int index, T element) {
        rows.add(index, element);
    }

    @Override
    protected T doSet(int index, T element) {
        return rows.set(index, element);
    }

    @Override
    protected T doRemove(int index) {
        return rows.remove(index);
    }
}
