package org.csiconsole.views.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * One read of every row into a {@link ResourceTableModel} ({@link ResourceTableModel#load}), fed
 * page by page from the reading thread, which also computes the pages' search keys.
 *
 * <p>Into an empty table the pages stream: however many arrive before the UI executor runs, they
 * are appended as one change, and the stage {@link #page} returns completes once they are, so a
 * paged listing asks for the next page at the pace of the UI. Into a table with rows they are
 * collected, and {@link #finish} replaces every row with them in one change. A row read again that
 * equals one held when the read began comes back as the held instance (with its key): a refresh of
 * unchanged storage changes nothing at all (the table keeps its selection and redraws only what
 * changed), and 100,000 unchanged rows read again are garbage at once instead of surviving into the
 * old generation. A read that ends otherwise (failed, cancelled) leaves the rows as they are, and a
 * read superseded by a later one no longer reaches the table.
 */
public final class TableLoad<T> {
    private final ResourceTableModel<T> table;
    private final Function<T, String> key;
    /** What makes a row the same row across reads ({@link ResourceTableModel#keyedBy}); null: its search key. */
    private final Function<? super T, ?> identity;
    private final boolean streaming;
    private final BatchAppender<List<KeyedRow<T>>> appender;
    /** Rows held when the read began, until the first page indexes them by identity or search key. */
    private List<KeyedRow<T>> held;
    private Map<Object, KeyedRow<T>> byKey;
    private final List<KeyedRow<T>> read = new ArrayList<>();

    TableLoad(ResourceTableModel<T> table, List<KeyedRow<T>> held, Function<T, String> key, Function<? super T, ?> identity,
              Executor ui) {
        this.table = table;
        this.held = held;
        this.key = key;
        this.identity = identity;
        this.streaming = held.isEmpty();
        this.appender = new BatchAppender<>(ui, batches -> {
            if (superseded()) return;
            List<KeyedRow<T>> joined = new ArrayList<>();
            for (List<KeyedRow<T>> b : batches) joined.addAll(b);
            table.appendKeyed(joined);
        });
    }

    /** Whether the pages stream into the table (it was empty when the read began) rather than replace its rows at the end. */
    public boolean streaming() {
        return streaming;
    }

    /** Whether a later read took over (UI thread). */
    public boolean superseded() {
        return !table.isCurrent(this);
    }

    /**
     * Takes one page; any thread.
     *
     * @return completes once the rows reached the table when streaming, at once otherwise
     */
    public CompletionStage<Void> page(Collection<? extends T> rows) {
        List<KeyedRow<T>> keyed = reuse(rows);
        if (streaming) return appender.addAll(List.of(keyed));
        synchronized (read) {
            read.addAll(keyed);
        }
        return CompletableFuture.completedFuture(null);
    }

    /** The read is complete (UI thread): a re-read replaces every row with the rows read, unless they are the rows held. */
    public void finish() {
        if (streaming || superseded()) return;
        List<KeyedRow<T>> rows;
        synchronized (read) {
            rows = List.copyOf(read);
        }
        table.replaceKeyedIfChanged(rows);
    }

    /**
     * Keys {@code rows}, handing back a held row for a row equal to it: lookup goes by the table's row
     * identity when it has one (a row's search key is then computed only for rows that changed: a round
     * of 20,000 replication rows changes a few hundred), else by search key, then equality; each held row
     * is handed out once.
     */
    private synchronized List<KeyedRow<T>> reuse(Collection<? extends T> rows) {
        if (byKey == null) {
            byKey = new HashMap<>(held.size() * 4 / 3 + 1);
            for (KeyedRow<T> e : held) byKey.putIfAbsent(identity == null ? e.key() : identity.apply(e.row()), e);
            held = null;
        }
        List<KeyedRow<T>> out = new ArrayList<>(rows.size());
        for (T row : rows) {
            String searchKey = identity == null ? key.apply(row) : null;
            Object k = identity == null ? searchKey : identity.apply(row);
            KeyedRow<T> old = byKey.get(k);
            if (old != null && old.row().equals(row)) {
                byKey.remove(k);
                out.add(old);
            } else {
                out.add(new KeyedRow<>(row, searchKey != null ? searchKey : key.apply(row)));
            }
        }
        return out;
    }
}
