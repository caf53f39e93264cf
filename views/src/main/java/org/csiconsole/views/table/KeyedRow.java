package org.csiconsole.views.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A row and its lower-cased search key, and the filter matching on such keys: a row matches when
 * its key contains every word of the filter text. Immutable, so snapshots may be read off the UI
 * thread.
 */
record KeyedRow<T>(T row, String key) {

    /** The lower-cased, whitespace-separated words of a filter text; none for a blank one. */
    static String[] words(String text) {
        if (text == null || text.isBlank()) return new String[0];
        return text.trim().toLowerCase(Locale.ROOT).split("\\s+");
    }

    boolean matches(String[] words) {
        for (String word : words) if (!key.contains(word)) return false;
        return true;
    }

    /** The rows matching {@code words}, in the order of {@code c} (arrival order when null). */
    static <T> List<T> filterSort(List<KeyedRow<T>> rows, String[] words, Comparator<? super T> c) {
        List<T> out = new ArrayList<>(rows.size());
        for (KeyedRow<T> e : rows) if (e.matches(words)) out.add(e.row());
        if (c != null) out.sort(c);
        return out;
    }

    /**
     * {@code sorted} (rows already filtered and in the order of {@code c}) with the rows of
     * {@code added} that match {@code words} merged in: the same list {@link #filterSort} gives for
     * the rows of {@code sorted} followed by {@code added}, since on ties the earlier row comes
     * first. O(n + k log k) for n sorted and k added rows.
     */
    static <T> List<T> mergeSorted(List<T> sorted, List<KeyedRow<T>> added, String[] words, Comparator<? super T> c) {
        List<T> tail = filterSort(added, words, c);
        List<T> out = new ArrayList<>(sorted.size() + tail.size());
        int i = 0;
        int j = 0;
        while (i < sorted.size() && j < tail.size()) {
            out.add(c.compare(tail.get(j), sorted.get(i)) < 0 ? tail.get(j++) : sorted.get(i++));
        }
        out.addAll(sorted.subList(i, sorted.size()));
        out.addAll(tail.subList(j, tail.size()));
        return out;
    }
}
