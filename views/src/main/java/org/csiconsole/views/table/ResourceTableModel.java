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

import java.time.Duration;
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
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * The rows behind a {@link ResourceTable}: every row in arrival order ({@link #all()}), and the rows
 * the table shows ({@link #rows()}): those passing {@link #filterTextProperty()}, in the order of
 * {@link #setComparator}. Filtering matches every whitespace-separated word of the filter text,
 * case-insensitively, against a search key per row ({@code searchText}, e.g. name + id + status),
 * computed once per row (on the reading thread for rows read through a {@link TableLoad}).
 *
 * <p>Up to {@link #DEFAULT_SYNC_LIMIT} rows (or the limit given), a filter or sort is applied at once
 * on the UI thread. Above it, the list is computed on a background executor from a snapshot of the
 * rows (one array copy, under 1 ms for 100,000 rows) and published to {@link #rows()} in one
 * change ({@link PatchableList}). A change made meanwhile is not lost: the result is published if the filter, order
 * and rows it started from are still in force (rows only appended since), and the next computation
 * starts from the latest ones. Appended rows with no sort in force are filtered and added on the UI
 * thread (cost of the batch); under a sort they are sorted and merged into the last sorted result.
 *
 * <p>Pacing ({@link #pace}): above the sync limit, appended rows reach {@link #rows()} at most once
 * per append interval after its last change ({@link #shownCount()} counts unsorted ones at once).
 * Every change of 100,000 rows costs the table a layout pass and, under a sort, a merge and a full
 * replacement: streaming 100,000 volumes into an empty sorted table took 2.4 to 6.4 s unpaced and
 * 1.1 to 1.7 s paced (scripts/benchmark-volumes.sh, "load sorted, table empty"). Filter and sort
 * results are shown at once.
 *
 * <p>What the list is doing is its {@link #state()}; {@link #settled()} tells when
 * {@link #rows()} reflects every change made. UI thread only; rows from other threads come in
 * through a {@link #load}.
 */
public final class ResourceTableModel<T> {
    /** Row count (rows held) up to which filtering and sorting run on the UI thread at once. */
    public static final int DEFAULT_SYNC_LIMIT = 5_000;

    /** What {@link #rows()} is waiting for. */
    public enum State {
        /** {@link #rows()} shows every row passing the filter, in order. */
        SETTLED,
        /** A filtered, sorted list is being computed off the UI thread; {@link #rows()} shows the last one published. */
        PREPARING,
        /** Appended rows wait for the append interval before they reach {@link #rows()} (paced, above the sync limit). */
        WAITING,
        /** The last computation threw; {@link #rows()} shows the last list published, the next change computes again. */
        FAILED
    }

    private final Function<? super T, String> searchText;
    private final Executor background;
    private final Executor ui;
    private final int syncLimit;
    /** Every row with its search key, in arrival order; {@link #source} holds the same rows. */
    private final List<KeyedRow<T>> entries = new ArrayList<>();
    private final ObservableList<T> source = FXCollections.observableArrayList();
    private final ObservableList<T> sourceReadOnly = FXCollections.unmodifiableObservableList(source);
    private final PatchableList<T> shown = new PatchableList<>();
    private final ObservableList<T> shownReadOnly = FXCollections.unmodifiableObservableList(shown);
    /** Rows appended with no sort in force that pass the filter and wait for the append interval. */
    private final List<T> held = new ArrayList<>();
    private final StringProperty filterText = new SimpleStringProperty(this, "filterText", "");
    private final IntegerBinding total = Bindings.size(source);
    private final ReadOnlyIntegerWrapper shownSize = new ReadOnlyIntegerWrapper(this, "shownCount");
    private final List<CompletableFuture<Void>> waiters = new ArrayList<>();
    private State state = State.SETTLED;
    private Function<? super T, ?> rowKey = Function.identity();
    /** Whether {@link #keyedBy} was given: a re-read then finds held rows by that key. */
    private boolean keyed;
    private Consumer<Runnable> publisher = Runnable::run;
    private Pacing pacing;
    private String[] words = new String[0];
    private Comparator<? super T> order;
    /** Counts the changes that make lists computed before them wrong: filter, order, rows replaced or removed. */
    private long resets;
    /** What {@link #rows()} and {@link #held} reflect. */
    private Basis<T> basis = new Basis<>(0, 0, null);
    /** When {@link #rows()} last changed, on the pacing clock. */
    private long lastShown;
    /** Numbers the waits for the append interval, so a frame check of a wait that ended stops. */
    private long waits;
    /** Why the list is {@link State#FAILED}. */
    private Throwable failure;
    /** The read whose rows the list takes; an earlier one is superseded. */
    private TableLoad<T> current;

    /** Computes large filters and sorts on {@link ForkJoinPool#commonPool()}, publishes with {@link Platform#runLater}. */
    public ResourceTableModel(Function<? super T, String> searchText) {
        this(searchText, ForkJoinPool.commonPool(), Platform::runLater, DEFAULT_SYNC_LIMIT);
    }

    /**
     * @param searchText the text a row is found by; null is treated as empty
     * @param background runs filter and sort computations of more than {@code syncLimit} rows
     * @param ui the UI thread's executor; computed lists and streamed pages are published on it
     * @param syncLimit row count up to which filter and sort run on the UI thread at once
     */
    public ResourceTableModel(Function<? super T, String> searchText, Executor background, Executor ui, int syncLimit) {
        this.searchText = Objects.requireNonNull(searchText);
        this.background = Objects.requireNonNull(background);
        this.ui = Objects.requireNonNull(ui);
        this.syncLimit = syncLimit;
        filterText.addListener((obs, old, now) -> {
            words = KeyedRow.words(now);
            reset();
        });
    }

    /** Rows in the current filter and sort order: what the table shows. Read-only. */
    public ObservableList<T> rows() {
        return shownReadOnly;
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

    /** Number of rows passing the filter: {@link #rows()} and appended unsorted rows waiting for the interval. */
    public ReadOnlyIntegerProperty shownCount() {
        return shownSize.getReadOnlyProperty();
    }

    /** What the list is doing now. */
    public State state() {
        return state;
    }

    /**
     * Paces appends from now on (see the class comment); a view showing the rows sets it.
     *
     * @param frames runs a task on the UI thread at its next frame
     * @param appendInterval least time between two changes of {@link #rows()} by appended rows
     * @param nanoClock the time in ns ({@link System#nanoTime} but in tests)
     */
    public void pace(Executor frames, Duration appendInterval, LongSupplier nanoClock) {
        pacing = new Pacing(Objects.requireNonNull(frames), appendInterval.toNanos(), Objects.requireNonNull(nanoClock));
        lastShown = nanoClock.getAsLong() - pacing.interval();
    }

    /** Sets the row order (a stable sort: equal rows keep arrival order); null keeps arrival order. */
    public void setComparator(Comparator<? super T> comparator) {
        this.order = comparator;
        reset();
    }

    /**
     * Says which rows are the same row in another state (a volume by its volume_id), for
     * {@link #indexOfRow} and for a re-read ({@link #load}) to find the row it held; by default rows
     * are the same when {@code equals}, and a re-read finds held rows by search key.
     */
    public ResourceTableModel<T> keyedBy(Function<? super T, ?> key) {
        this.rowKey = Objects.requireNonNull(key);
        this.keyed = true;
        return this;
    }

    /** The index in {@link #rows()} of the row with the key of {@code row} (see {@link #keyedBy}), or -1. */
    public int indexOfRow(T row) {
        Object key = rowKey.apply(row);
        for (int i = 0; i < shown.size(); i++) if (Objects.equals(rowKey.apply(shown.get(i)), key)) return i;
        return -1;
    }

    /** What makes {@code row} the same row across reads (see {@link #keyedBy}). */
    public Object keyOf(T row) {
        return rowKey.apply(row);
    }

    /**
     * Wraps every replacement of {@link #rows()} (the table uses it to keep the selected row
     * selected); the wrapper must run the given action once, on the UI thread.
     */
    public void setPublisher(Consumer<Runnable> publisher) {
        this.publisher = Objects.requireNonNull(publisher);
    }

    /**
     * Completes on the UI thread once {@link #rows()} reflects every change made so far (at once
     * when {@link State#SETTLED}); fails with the computation's exception when it fails.
     */
    public CompletableFuture<Void> settled() {
        if (state == State.SETTLED) return CompletableFuture.completedFuture(null);
        if (state == State.FAILED) return CompletableFuture.failedFuture(failure);
        CompletableFuture<Void> f = new CompletableFuture<>();
        waiters.add(f);
        return f;
    }

    /** Starts a read of every row (see {@link TableLoad}); a read started earlier no longer reaches the list. */
    public TableLoad<T> load() {
        current = new TableLoad<>(this, List.copyOf(entries), this::key, keyed ? rowKey : null, ui);
        return current;
    }

    boolean isCurrent(TableLoad<T> load) {
        return current == load;
    }

    /** Appends rows as one change. */
    public void append(Collection<? extends T> rows) {
        if (!rows.isEmpty()) appendKeyed(keyed(rows));
    }

    /** Appends rows as one change, then drops the oldest beyond {@code max} (a live trace keeps what its ring keeps). */
    public void appendBounded(Collection<? extends T> rows, int max) {
        int excess = source.size() + rows.size() - max;
        if (excess <= 0) {
            append(rows);
            return;
        }
        entries.addAll(keyed(rows));
        source.addAll(rows);
        excess = source.size() - max;
        entries.subList(0, excess).clear();
        source.subList(0, excess).clear();
        reset();
    }

    /** Replaces every row as one change (a full refresh). */
    public void replaceAll(Collection<? extends T> rows) {
        replaceKeyed(keyed(rows));
    }

    /** Removes the rows matching {@code test}. */
    public void removeIf(Predicate<? super T> test) {
        Set<T> gone = Collections.newSetFromMap(new IdentityHashMap<>());
        for (T row : source) if (test.test(row)) gone.add(row);
        if (gone.isEmpty()) return;
        entries.removeIf(e -> gone.contains(e.row()));
        source.removeAll(gone);
        reset();
    }

    public void clear() {
        if (entries.isEmpty()) return;
        entries.clear();
        source.clear();
        reset();
    }

    void appendKeyed(List<KeyedRow<T>> added) {
        if (added.isEmpty()) return;
        List<T> rows = new ArrayList<>(added.size());
        for (KeyedRow<T> e : added) rows.add(e.row());
        entries.addAll(added);
        source.addAll(rows);
        step();
    }

    /** Replaces every row, unless {@code replacement} holds the rows held, instance for instance. */
    void replaceKeyedIfChanged(List<KeyedRow<T>> replacement) {
        if (replacement.size() == entries.size()) {
            int i = 0;
            while (i < replacement.size() && replacement.get(i) == entries.get(i)) i++;
            if (i == replacement.size()) return;
        }
        replaceKeyed(replacement);
    }

    private void replaceKeyed(List<KeyedRow<T>> replacement) {
        List<T> rows = new ArrayList<>(replacement.size());
        for (KeyedRow<T> e : replacement) rows.add(e.row());
        entries.clear();
        entries.addAll(replacement);
        source.setAll(rows);
        reset();
    }

    /** The rows, filter or order changed in a way that makes every list computed before wrong. */
    private void reset() {
        resets++;
        step();
    }

    /** Moves toward {@link #rows()} reflecting every change; while a computation runs, its end does. */
    private void step() {
        if (state != State.PREPARING) advance();
    }

    /**
     * Brings {@link #rows()} in line with the rows, filter and order as far as it can now: adds
     * appended rows, waits for the append interval, computes at once (up to the sync limit) or
     * starts a background computation. Sets the state.
     */
    private void advance() {
        boolean appendedOnly = basis.resets() == resets;
        if (appendedOnly && order == null) holdAppended();
        if (appendedOnly && held.isEmpty() && basis.count() == entries.size()) {
            become(State.SETTLED, null);
        } else if (appendedOnly && pacing != null && entries.size() > syncLimit && !intervalPassed()) {
            waitForInterval();
        } else if (appendedOnly && order == null) {
            shown.addAll(held);
            held.clear();
            shownChanged();
            become(State.SETTLED, null);
        } else {
            Job<T> job = job(appendedOnly);
            if (entries.size() <= syncLimit) {
                List<T> rows;
                try {
                    rows = job.compute();
                } catch (RuntimeException e) {
                    become(State.FAILED, e);
                    throw e;
                }
                publish(job, rows);
                become(State.SETTLED, null);
            } else {
                state = State.PREPARING;
                CompletableFuture.supplyAsync(job::compute, background)
                        .whenComplete((rows, e) -> ui.execute(() -> computed(job, rows, e)));
            }
        }
    }

    /** A background computation ended (on the UI thread); a failure goes on to the UI thread's handler. */
    private void computed(Job<T> job, List<T> rows, Throwable e) {
        if (e != null) {
            become(State.FAILED, e instanceof CompletionException c && c.getCause() != null ? c.getCause() : e);
            throw e instanceof RuntimeException r ? r : new CompletionException(e);
        }
        // A result computed from rows only appended to since is shown (short of the newest rows, not
        // wrong); the next step brings in what changed meanwhile.
        if (job.resets() == resets) publish(job, rows);
        advance();
    }

    /** The computation bringing {@link #rows()} in line: a merge of appended rows into the sorted rows, or a full pass. */
    private Job<T> job(boolean appendedOnly) {
        boolean merge = appendedOnly && order != null && basis.sorted() != null;
        List<KeyedRow<T>> rows = List.copyOf(merge ? entries.subList(basis.count(), entries.size()) : entries);
        return new Job<>(resets, entries.size(), words, order, merge ? basis.sorted() : null, rows);
    }

    /** Filters the rows appended since {@link #basis} into {@link #held} (no sort in force). */
    private void holdAppended() {
        if (basis.count() == entries.size()) return;
        for (KeyedRow<T> e : entries.subList(basis.count(), entries.size())) if (e.matches(words)) held.add(e.row());
        basis = new Basis<>(resets, entries.size(), null);
        countChanged();
    }

    private void publish(Job<T> job, List<T> rows) {
        held.clear();
        basis = new Basis<>(job.resets(), job.count(), job.order() == null ? null : rows);
        publisher.accept(() -> shown.replaceWith(rows));
        shownChanged();
    }

    private void waitForInterval() {
        if (state == State.WAITING) return;
        state = State.WAITING;
        long wait = ++waits;
        pacing.frames().execute(() -> checkInterval(wait));
    }

    /** At a frame: when the wait is still on, advances once the interval has passed, else checks again at the next frame. */
    private void checkInterval(long wait) {
        if (wait != waits || state != State.WAITING) return;
        if (intervalPassed()) {
            advance();
        } else {
            pacing.frames().execute(() -> checkInterval(wait));
        }
    }

    private boolean intervalPassed() {
        return pacing.clock().getAsLong() - lastShown >= pacing.interval();
    }

    /** Ends the work on {@link #rows()} for now, telling those waiting for it; {@code e}: why it failed. */
    private void become(State end, Throwable e) {
        failure = e;
        state = end;
        List<CompletableFuture<Void>> done = List.copyOf(waiters);
        waiters.clear();
        done.forEach(e == null ? f -> f.complete(null) : f -> f.completeExceptionally(e));
    }

    /** {@link #rows()} changed: the append interval starts again. */
    private void shownChanged() {
        if (pacing != null) lastShown = pacing.clock().getAsLong();
        countChanged();
    }

    private void countChanged() {
        shownSize.set(shown.size() + held.size());
    }

    private List<KeyedRow<T>> keyed(Collection<? extends T> rows) {
        List<KeyedRow<T>> out = new ArrayList<>(rows.size());
        for (T row : rows) out.add(new KeyedRow<>(row, key(row)));
        return out;
    }

    String key(T row) {
        String s = searchText.apply(row);
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }

    /**
     * What {@link #rows()} (with {@link #held}) reflects: the rows {@code [0, count)} under the
     * filter and order of reset {@code resets}; {@code sorted} is the list published when a sort was
     * in force, to merge appended rows into, else null.
     */
    private record Basis<T>(long resets, int count, List<T> sorted) {
    }

    private record Pacing(Executor frames, long interval, LongSupplier clock) {
    }

    /** A filter and sort pass over a snapshot of rows or, with a {@code base}, of the rows appended since, merged into it. */
    private record Job<T>(long resets, int count, String[] words, Comparator<? super T> order, List<T> base,
                          List<KeyedRow<T>> rows) {
        List<T> compute() {
            return base == null ? KeyedRow.filterSort(rows, words, order) : KeyedRow.mergeSorted(base, rows, words, order);
        }
    }
}
