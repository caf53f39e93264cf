package org.csiconsole.views.table;

import javafx.collections.ModifiableObservableListBase;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The rows a table shows, replaced by a new list in one change that names only what differs:
 * rows dropped from the front, rows added or replaced at the end. A live trace holding 10,000
 * calls changes a few rows at each end many times a second; a full replacement would make the
 * table re-read every row each time (its selection, its cells), a change of the ends touches only
 * those. Any other difference is one replacement of every row, as {@code setAll}.
 */
final class PatchableList<T> extends ModifiableObservableListBase<T> {
    private final ArrayList<T> rows = new ArrayList<>();

    /** Makes this list hold {@code next}, in one change; rows are compared by identity. */
    void replaceWith(List<T> next) {
        int n = rows.size();
        int m = next.size();
        int common = 0;
        while (common < n && common < m && rows.get(common) == next.get(common)) common++;
        int dropped = 0;
        if (common == 0 && m > 0) {
            dropped = identityIndexOf(next.get(0));
            if (dropped > 0) {
                while (dropped + common < n && common < m && rows.get(dropped + common) == next.get(common)) common++;
            } else {
                dropped = 0;
            }
        }
        // Only what differs at the ends; when most rows differ, one replacement is as cheap.
        if (common == 0 || common < (m - common)) {
            setAll(next);
            return;
        }
        beginChange();
        try {
            if (dropped > 0) removeRange(0, dropped);
            if (common < rows.size()) removeRange(common, rows.size());
            if (common < m) addAll(next.subList(common, m));
        } finally {
            endChange();
        }
    }

    /** Index of {@code row} by identity, or -1. */
    private int identityIndexOf(T row) {
        for (int i = 0; i < rows.size(); i++) if (rows.get(i) == row) return i;
        return -1;
    }

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
