package org.csiconsole.views.table;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows with their search keys computed, made on any thread by {@link ResourceTableModel#prepare}
 * and added on the UI thread by {@link ResourceTableModel#appendPrepared} or
 * {@link ResourceTableModel#replaceAllPrepared}. Immutable.
 */
public final class PreparedRows<T> {
    private final List<KeyedRow<T>> rows;

    PreparedRows(List<KeyedRow<T>> rows) {
        this.rows = rows;
    }

    /** Rows in this batch. */
    public int size() {
        return rows.size();
    }

    List<KeyedRow<T>> rows() {
        return rows;
    }

    /** The rows of {@code batches}, in order. */
    static <T> List<KeyedRow<T>> joined(List<PreparedRows<T>> batches) {
        if (batches.size() == 1) return batches.get(0).rows;
        List<KeyedRow<T>> out = new ArrayList<>();
        for (PreparedRows<T> b : batches) out.addAll(b.rows);
        return out;
    }
}
