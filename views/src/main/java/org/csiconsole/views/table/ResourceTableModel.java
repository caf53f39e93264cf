package org.csiconsole.views.table;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;

import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The rows behind a {@link ResourceTable}: one source list, a {@link FilteredList} over it driven
 * by {@link #filterTextProperty()}, and a {@link SortedList} over that, which the table shows.
 * No row is copied between the three.
 *
 * <p>Filtering matches every whitespace-separated word of the filter text, case-insensitively,
 * against a search key per row ({@code searchText}, e.g. name + id + status). Keys are computed
 * once when a row is added and kept by identity, so typing in the filter box does no string
 * building for 100,000 rows. Changes go through {@link #append}, {@link #replaceAll},
 * {@link #removeIf} and {@link #clear} so the keys stay in step; each is one list change.
 *
 * <p>UI thread only; rows from other threads come in through {@link #appender(Executor)}.
 */
public final class ResourceTableModel<T> {
    private final Function<? super T, String> searchText;
    private final ObservableList<T> source = FXCollections.observableArrayList();
    private final FilteredList<T> filtered = new FilteredList<>(source);
    private final SortedList<T> sorted = new SortedList<>(filtered);
    private final Map<T, String> keys = new IdentityHashMap<>();
    private final StringProperty filterText = new SimpleStringProperty(this, "filterText", "");
    private final IntegerBinding total = Bindings.size(source);
    private final IntegerBinding shown = Bindings.size(filtered);

    /** @param searchText the text a row is found by; null is treated as empty */
    public ResourceTableModel(Function<? super T, String> searchText) {
        this.searchText = Objects.requireNonNull(searchText);
        filterText.addListener((obs, old, now) -> filtered.setPredicate(predicate(now)));
    }

    /** Rows in the current filter and sort order: what the table shows. */
    public SortedList<T> rows() {
        return sorted;
    }

    /** Every row, unfiltered, in arrival order. */
    public ObservableList<T> all() {
        return FXCollections.unmodifiableObservableList(source);
    }

    public StringProperty filterTextProperty() {
        return filterText;
    }

    /** Number of rows held. */
    public IntegerBinding totalCount() {
        return total;
    }

    /** Number of rows passing the filter. */
    public IntegerBinding shownCount() {
        return shown;
    }

    /** Sets the row order; null keeps arrival order. */
    public void setComparator(Comparator<? super T> comparator) {
        sorted.setComparator(comparator);
    }

    /** Appends rows as one change. */
    public void append(Collection<? extends T> rows) {
        if (rows.isEmpty()) return;
        for (T row : rows) keys.put(row, key(row));
        source.addAll(rows);
    }

    /**
     * Appends rows as one change, then drops the oldest rows beyond {@code max} (a live trace keeps
     * only what its ring keeps).
     */
    public void appendBounded(Collection<? extends T> rows, int max) {
        append(rows);
        int excess = source.size() - max;
        if (excess > 0) {
            List<T> dropped = source.subList(0, excess);
            for (T row : dropped) keys.remove(row);
            dropped.clear();
        }
    }

    /** Replaces every row as one change (a full refresh). */
    public void replaceAll(Collection<? extends T> rows) {
        keys.clear();
        for (T row : rows) keys.put(row, key(row));
        source.setAll(rows);
    }

    /** Removes the rows matching {@code test}. */
    public void removeIf(Predicate<? super T> test) {
        Set<T> gone = Collections.newSetFromMap(new IdentityHashMap<>());
        for (T row : source) if (test.test(row)) gone.add(row);
        if (gone.isEmpty()) return;
        for (T row : gone) keys.remove(row);
        source.removeAll(gone);
    }

    public void clear() {
        keys.clear();
        source.clear();
    }

    /**
     * A thread-safe sink whose rows reach {@link #append} in batches on {@code ui}; hand it to a
     * paging listing so pages stream into the table as they arrive.
     */
    public BatchAppender<T> appender(Executor ui) {
        return new BatchAppender<>(ui, this::append);
    }

    private String key(T row) {
        String s = searchText.apply(row);
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }

    private Predicate<T> predicate(String text) {
        if (text == null || text.isBlank()) return null;
        String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
        return row -> {
            String k = keys.get(row);
            if (k == null) return false;
            for (String w : words) if (!k.contains(w)) return false;
            return true;
        };
    }
}
