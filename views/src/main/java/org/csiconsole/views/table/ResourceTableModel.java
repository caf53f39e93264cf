package org.csiconsole.views.table;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The rows behind a {@link ResourceTable}: every row in arrival order ({@link #all()}), and the rows
 * the table shows ({@link #rows()}), which are the rows passing {@link #filterTextProperty()} in the
 * order of {@link #setComparator}.
 *
 * <p>Filtering matches every whitespace-separated word of the filter text, case-insensitively,
 * against a search key per row ({@code searchText}, e.g. name + id + status). Keys are computed
 * once per row, so typing in the filter box does no string building for 100,000 rows; rows read in
 * the background get theirs there ({@link #prepare}), so adding a page costs the UI thread none.
 *
 * <p>Keeping the UI thread free: up to {@link #DEFAULT_SYNC_LIMIT} rows (or the limit given), a
 * filter or sort is applied at once on the UI thread. Above it, the filtered and sorted list is
 * computed on a background executor from a snapshot of the rows (the snapshot is one array copy,
 * under 1 ms for 100,000 rows) and published to {@link #rows()} with one {@code setAll}. While one
 * computation is in flight, further changes are coalesced into a single follow-up computation.
 * Appended rows with no sort in force are filtered and added on the UI thread directly (cost
 * proportional to the batch, not to the table); with a sort in force they are sorted and merged
 * into the last sorted result in the background (coalesced; when paced at most once per
 * {@link TablePacing#appendInterval()}).
 * {@link #settled()} tells when {@link #rows()} reflects every change made.
 *
 * <p>Pacing what the table shows ({@link #pace}): a table pays for every change of its rows.
 * Rows going from empty to filled cost far more than rows scrolled or re-sorted (each new row's
 * cells are created or change CSS state: about 1 ms per row of a dozen columns with warm code,
 * several times that on the first fill in the JVM), and every change of the row count lays the
 * table out again. So, when paced, a change that would fill many rows of the viewport shows them
 * over {@link TablePacing#fillFrames()} frames, and rows appended while the viewport is already full
 * are added at most once per {@link TablePacing#appendInterval()} (the scroll bar and the row count
 * follow then; {@link #shownCount()} counts them at once). Filter and sort results are shown at
 * once, apart from a viewport fill.
 *
 * <p>UI thread only; rows from other threads come in through a {@link BatchAppender}, or as
 * {@link PreparedRows} batches.
 */
public final class ResourceTableModel<T> {
    /** Row count (rows held) up to which filtering and sorting run on the UI thread at once. */
    public static final int DEFAULT_SYNC_LIMIT = 5_000;

    private final Function<? super T, String> searchText;
    private final Executor background;
    private final Executor ui;
    private final int syncLimit;
    private final ObservableList<T> source = FXCollections.observableArrayList();
    private final ObservableList<T> sourceReadOnly = FXCollections.unmodifiableObservableList(source);
    private final List<KeyedRow<T>> entries = new ArrayList<>();
    private final PacedRows<T> shown = new PacedRows<>(this::shownChanged);
    private final StringProperty filterText = new SimpleStringProperty(this, "filterText", "");
    private final IntegerBinding total = Bindings.size(source);
    private final ReadOnlyIntegerWrapper shownSize = new ReadOnlyIntegerWrapper(this, "shownCount");
    private final List<CompletableFuture<Void>> waiters = new ArrayList<>();
    private Comparator<? super T> comparator;
    private String[] words = new String[0];
    private boolean inFlight;
    /** A change made while a computation was in flight, to compute as soon as it is done. */
    private boolean dirty;
    /** Rows appended that the shown rows do not reflect yet: a paced re-sort is due (see {@link #recomputeAppended}). */
    private boolean appendsDue;
    private boolean resortScheduled;
    /** The last sorted result computed in the background, to merge appended rows into; null when none. */
    private SortedRows<T> sorted;
    /** Counts changes of the rows other than appends (replace, remove, clear). */
    private long rowsChanged;

    /**
     * Computes large filters and sorts on {@link ForkJoinPool#commonPool()} and publishes them
     * with {@link Platform#runLater}.
     *
     * @param searchText the text a row is found by; null is treated as empty
     */
    public ResourceTableModel(Function<? super T, String> searchText) {
        this(searchText, ForkJoinPool.commonPool(), Platform::runLater, DEFAULT_SYNC_LIMIT);
    }

    /**
     * @param searchText the text a row is found by; null is treated as empty
     * @param background runs filter and sort computations of more than {@code syncLimit} rows
     * @param ui the UI thread's executor; computed lists are published on it
     * @param syncLimit row count up to which filter and sort run on the UI thread at once
     */
    public ResourceTableModel(Function<? super T, String> searchText, Executor background, Executor ui, int syncLimit) {
        this.searchText = Objects.requireNonNull(searchText);
        this.background = Objects.requireNonNull(background);
        this.ui = Objects.requireNonNull(ui);
        this.syncLimit = syncLimit;
        filterText.addListener((obs, old, now) -> {
            words = KeyedRow.words(now);
            recompute();
        });
    }

    /** Rows in the current filter and sort order: what the table shows. Read-only. */
    public ObservableList<T> rows() {
        return shown.rows();
    }

    /** Every row, unfiltered, in arrival order. */
    public ObservableList<T> all() {
        return sourceReadOnly;
    }

    public StringProperty filterTextProperty() {
        return filterText;
    }

    /** Number of rows held. */
    public IntegerBinding totalCount() {
        return total;
    }

    /**
     * Number of rows passing the filter: the size {@link #rows()} has, or is growing to while the
     * table fills progressively.
     */
    public ReadOnlyIntegerProperty shownCount() {
        return shownSize.getReadOnlyProperty();
    }

    /** Paces what the table shows from now on (see the class comment); a view showing the rows sets it. */
    public void pace(TablePacing pacing) {
        shown.pace(pacing);
    }

    /** Sets the row order (a stable sort: equal rows keep arrival order); null keeps arrival order. */
    public void setComparator(Comparator<? super T> comparator) {
        this.comparator = comparator;
        recompute();
    }

    /**
     * Wraps every replacement of {@link #rows()} (the table uses it to keep the selected row
     * selected); the wrapper must run the given action once, on the UI thread.
     */
    public void setPublisher(Consumer<Runnable> publisher) {
        shown.setPublisher(publisher);
    }

    /**
     * Completes on the UI thread once {@link #rows()} reflects every change made so far (at once
     * when no background computation is in flight or pending).
     */
    public CompletableFuture<Void> settled() {
        if (isSettled()) return CompletableFuture.completedFuture(null);
        CompletableFuture<Void> f = new CompletableFuture<>();
        waiters.add(f);
        return f;
    }

    /**
     * Computes the search keys of {@code rows}. Thread-safe when {@code searchText} is (a function of
     * the row alone): call it where the rows are read, off the UI thread.
     */
    public PreparedRows<T> prepare(Collection<? extends T> rows) {
        List<KeyedRow<T>> out = new ArrayList<>(rows.size());
        for (T row : rows) out.add(new KeyedRow<>(row, key(row)));
        return new PreparedRows<>(out);
    }

    /**
     * A {@link #prepare} for the pages of a full re-read of the rows (a refresh), to pass to
     * {@link #replaceAllPrepared} and {@link #appendPrepared}: a row equal to one held now comes back
     * as the held instance with its key, so a refresh of unchanged storage keeps the rows (and
     * objects) it has and what it read is garbage at once. Call on the UI thread; the result may be
     * applied on any thread, as {@code prepare} may. See {@link RereadPreparer}.
     */
    public Function<Collection<? extends T>, PreparedRows<T>> rereading() {
        return new RereadPreparer<>(List.copyOf(entries), this::key);
    }

    /** Appends rows as one change. */
    public void append(Collection<? extends T> rows) {
        if (!rows.isEmpty()) appendEntries(prepare(rows).rows());
    }

    /** Appends prepared batches, in order, as one change. */
    public void appendPrepared(List<PreparedRows<T>> batches) {
        List<KeyedRow<T>> added = PreparedRows.joined(batches);
        if (!added.isEmpty()) appendEntries(added);
    }

    private void appendEntries(List<KeyedRow<T>> added) {
        List<T> rows = new ArrayList<>(added.size());
        for (KeyedRow<T> e : added) rows.add(e.row());
        entries.addAll(added);
        source.addAll(rows);
        if (comparator == null && !inFlight) {
            List<T> pass = new ArrayList<>(added.size());
            String[] w = words;
            for (KeyedRow<T> e : added) if (e.matches(w)) pass.add(e.row());
            if (!pass.isEmpty()) showAppended(pass);
        } else {
            recomputeAppended();
        }
    }

    /**
     * Appends rows as one change, then drops the oldest rows beyond {@code max} (a live trace keeps
     * only what its ring keeps).
     */
    public void appendBounded(Collection<? extends T> rows, int max) {
        int excess = source.size() + rows.size() - max;
        if (excess <= 0) {
            append(rows);
            return;
        }
        for (T row : rows) entries.add(new KeyedRow<>(row, key(row)));
        source.addAll(rows);
        excess = source.size() - max;
        entries.subList(0, excess).clear();
        rowsChanged++;
        source.subList(0, excess).clear();
        recompute();
    }

    /** Replaces every row as one change (a full refresh). */
    public void replaceAll(Collection<? extends T> rows) {
        replaceEntries(prepare(rows).rows());
    }

    /**
     * Replaces every row with those of prepared batches, in order, as one change; no change at all
     * when they are the rows held, instance for instance (a re-read of unchanged storage, see
     * {@link #rereading}).
     */
    public void replaceAllPrepared(List<PreparedRows<T>> batches) {
        List<KeyedRow<T>> replacement = PreparedRows.joined(batches);
        if (!sameRows(replacement)) replaceEntries(replacement);
    }

    private boolean sameRows(List<KeyedRow<T>> replacement) {
        if (replacement.size() != entries.size()) return false;
        for (int i = 0; i < replacement.size(); i++) {
            if (replacement.get(i) != entries.get(i)) return false;
        }
        return true;
    }

    private void replaceEntries(List<KeyedRow<T>> replacement) {
        List<T> rows = new ArrayList<>(replacement.size());
        for (KeyedRow<T> e : replacement) rows.add(e.row());
        entries.clear();
        entries.addAll(replacement);
        rowsChanged++;
        source.setAll(rows);
        recompute();
    }

    /** Removes the rows matching {@code test}. */
    public void removeIf(Predicate<? super T> test) {
        Set<T> gone = Collections.newSetFromMap(new IdentityHashMap<>());
        for (T row : source) if (test.test(row)) gone.add(row);
        if (gone.isEmpty()) return;
        entries.removeIf(e -> gone.contains(e.row()));
        rowsChanged++;
        source.removeAll(gone);
        recompute();
    }

    public void clear() {
        entries.clear();
        rowsChanged++;
        source.clear();
        recompute();
    }

    /**
     * Brings {@link #rows()} in line with the rows, filter and comparator: at once when at most
     * {@code syncLimit} rows are held and nothing is in flight, else in the background (coalesced).
     */
    private void recompute() {
        if (inFlight) {
            dirty = true;
            return;
        }
        dirty = false;
        appendsDue = false;
        String[] w = words;
        Comparator<? super T> c = comparator;
        if (entries.size() <= syncLimit) {
            publish(KeyedRow.filterSort(entries, w, c));
            return;
        }
        inFlight = true;
        List<KeyedRow<T>> snapshot = List.copyOf(entries);
        long version = rowsChanged;
        // Rows only appended since the last sorted result, same filter and order: sort the new rows
        // and merge them in, O(n) instead of sorting 100,000 rows again for every paced update. (The
        // list publish() keeps as pending grows in place only while no sort is in force, so only
        // sorted results are kept, and they never change.)
        List<T> base = sorted == null ? null : sorted.baseFor(w, c, version);
        int from = base == null ? 0 : sorted.count();
        CompletableFuture.supplyAsync(() -> base == null ? KeyedRow.filterSort(snapshot, w, c)
                        : KeyedRow.mergeSorted(base, snapshot.subList(from, snapshot.size()), w, c), background)
                .whenCompleteAsync((rows, failure) -> {
                    inFlight = false;
                    // A result is shown unless filter or order changed meanwhile (then it would be
                    // wrong, not just short of the newest rows); a pending change follows at once.
                    if (rows != null && w == words && c == comparator) {
                        publish(rows);
                        sorted = c == null ? null : new SortedRows<>(rows, snapshot.size(), w, c, version);
                    }
                    if (dirty || failure != null) {
                        recompute();
                    } else if (appendsDue) {
                        scheduleResort();
                    }
                }, ui);
    }

    /**
     * Brings {@link #rows()} in line after rows were appended that cannot simply be added at the
     * end (a sort is in force, or a computation is in flight). Above the sync limit the new rows
     * are sorted and merged into the last result in the background; paced, at most once per
     * {@link TablePacing#appendInterval()}, since merging into 100,000 rows still copies them all
     * and pages of a listing arrive many times a second. {@link #shownCount()} follows at that pace
     * too.
     */
    private void recomputeAppended() {
        if (shown.pacing() == null || entries.size() <= syncLimit) {
            recompute();
            return;
        }
        appendsDue = true;
        if (!inFlight) scheduleResort();
    }

    private void scheduleResort() {
        if (resortScheduled) return;
        resortScheduled = true;
        shown.pacing().frames().execute(() -> {
            resortScheduled = false;
            if (!appendsDue || inFlight) return;
            if (shown.appendIntervalPassed()) {
                recompute();
            } else {
                scheduleResort();
            }
        });
    }

    /** Replaces the shown rows with {@code rows} (a list of our own), filling the viewport paced. */
    private void publish(List<T> rows) {
        shown.publish(rows);
        shownChanged();
    }

    /** Adds {@code pass} after the shown rows, paced. */
    private void showAppended(List<T> pass) {
        shown.append(pass);
        shownChanged();
    }

    private boolean isSettled() {
        return !inFlight && !dirty && !appendsDue && shown.idle();
    }

    private void shownChanged() {
        shownSize.set(shown.count());
        if (isSettled() && !waiters.isEmpty()) {
            List<CompletableFuture<Void>> done = List.copyOf(waiters);
            waiters.clear();
            done.forEach(f -> f.complete(null));
        }
    }

    private String key(T row) {
        String s = searchText.apply(row);
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }

}
