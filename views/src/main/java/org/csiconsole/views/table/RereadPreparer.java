package org.csiconsole.views.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Prepares the pages of a full re-read of a table's rows (see {@link ResourceTableModel#rereading}).
 * A row read again that {@code equals} a row held when the re-read began comes back as the held
 * instance with its held key. Lookup goes by search key, then equality: rows with the same key that
 * are not equal simply get a new entry. Each held row is handed out at most once.
 *
 * <p>Why: refreshing 100,000 unchanged volumes otherwise builds 100,000 new rows that all survive,
 * and the young collections during the refresh spend their pauses copying them into the old
 * generation, where they push out the rows they replace. With the held rows kept, what was read is
 * garbage as soon as it is compared.
 *
 * <p>Thread-safe (calls are serialized); the index of held rows is built on the first call, so on
 * the reading thread.
 */
final class RereadPreparer<T> implements Function<Collection<? extends T>, PreparedRows<T>> {
    private final Function<T, String> key;
    private List<KeyedRow<T>> held;
    private Map<String, KeyedRow<T>> byKey;

    RereadPreparer(List<KeyedRow<T>> held, Function<T, String> key) {
        this.held = held;
        this.key = key;
    }

    @Override
    public synchronized PreparedRows<T> apply(Collection<? extends T> rows) {
        if (byKey == null) {
            byKey = new HashMap<>(held.size() * 4 / 3 + 1);
            for (KeyedRow<T> e : held) byKey.putIfAbsent(e.key(), e);
            held = null;
        }
        List<KeyedRow<T>> out = new ArrayList<>(rows.size());
        for (T row : rows) {
            String k = key.apply(row);
            KeyedRow<T> old = byKey.get(k);
            if (old != null && old.row().equals(row)) {
                byKey.remove(k);
                out.add(old);
            } else {
                out.add(new KeyedRow<>(row, k));
            }
        }
        return new PreparedRows<>(out);
    }
}
