package org.csiconsole.views.table;

import java.util.Comparator;
import java.util.List;

/**
 * A filtered and sorted result of {@link ResourceTableModel}, kept so that rows appended later can
 * be merged into it ({@link KeyedRow#mergeSorted}) instead of sorting every row again.
 *
 * @param rows the result; never changed afterwards
 * @param count how many of the model's rows (in arrival order) it was computed from
 * @param words the filter words it was computed with (compared by identity)
 * @param order the comparator it was computed with (compared by identity)
 * @param version the model's count of changes other than appends when it was computed
 */
record SortedRows<T>(List<T> rows, int count, String[] words, Comparator<? super T> order, long version) {

    /**
     * The rows, when a sort is in force and filter, order and version are still those it was computed
     * with (so the model's rows since then were only appended to); otherwise null.
     */
    List<T> baseFor(String[] words, Comparator<? super T> order, long version) {
        return order != null && order == this.order && words == this.words && version == this.version ? rows : null;
    }
}
