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
}
