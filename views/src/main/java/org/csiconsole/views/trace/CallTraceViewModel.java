package org.csiconsole.views.trace;

import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceArchive;
import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.views.ViewModel;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.table.BatchAppender;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.task.UiTask;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Predicate;

/**
 * The call trace: every gRPC and HTTP attempt, already redacted by the recorder. Live, it shows the
 * console's {@link CallTrace} while active and appends new calls in batches on the UI executor;
 * inactive, it holds no subscription. Offline ({@link #offline}), it shows the calls of a saved
 * trace file.
 *
 * <p>The table holds the calls passing the {@link #filter()} (volume_id, connection, method,
 * status, task) and at most the trace's {@linkplain CallTrace#capacity() capacity}: when the trace
 * drops its oldest calls, the table drops them too and {@link #droppedNote()} says how many went.
 * Request and response JSON and the copied commands are built only for the call shown or copied.
 */
public final class CallTraceViewModel extends ViewModel {
    /** The capacities offered in the view's Keep menu. */
    public static final List<Integer> CAPACITY_CHOICES = List.of(1_000, 10_000, 50_000, 100_000);

    private final CallTrace trace;
    private final List<TraceEntry> saved;
    private final long savedDropped;
    private final String source;
    private final Executor ui;
    private final DialogService dialogs;
    private final ResourceTableModel<TraceEntry> table;
    private final TraceFilter filter = new TraceFilter();
    private final ObservableList<String> connections = FXCollections.observableArrayList();
    private final ObservableList<String> methods = FXCollections.observableArrayList();
    private final ObservableList<String> statuses = FXCollections.observableArrayList();
    private final Set<String> connectionsSeen = new TreeSet<>();
    private final Set<String> methodsSeen = new TreeSet<>();
    private final Set<String> statusesSeen = new TreeSet<>(Comparator.comparing((String s) -> !"OK".equals(s)).thenComparing(s -> s));
    private final ReadOnlyStringWrapper droppedNote = new ReadOnlyStringWrapper(this, "droppedNote", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyIntegerWrapper failures = new ReadOnlyIntegerWrapper(this, "failures");
    private final ReadOnlyIntegerWrapper backgroundFailures = new ReadOnlyIntegerWrapper(this, "backgroundFailures");
    /** How many times each failed background read held failed alike (by endpoint, method, status, targets and message). */
    private final java.util.Map<String, Integer> repeats = new java.util.HashMap<>();
    private final ReadOnlyStringWrapper failuresHeadline = new ReadOnlyStringWrapper(this, "failuresHeadline", "");
    private final ReadOnlyIntegerWrapper capacity = new ReadOnlyIntegerWrapper(this, "capacity");
    private final javafx.beans.property.ReadOnlyBooleanWrapper saveAvailable = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "saveAvailable");
    private final BooleanProperty followSelection = new SimpleBooleanProperty(this, "followSelection", false);
    private final StringProperty selectedVolume = new SimpleStringProperty(this, "selectedVolume");
    private final BooleanBinding canClear;
    private TraceTools tools = TraceTools.NONE;
    private ActionRunner actions;
    private long lastSeq;
    /** Calls arrived since the table last took new calls in, while pacing. */
    private final List<TraceEntry> pending = new ArrayList<>();
    private Executor frames;
    private long intervalNanos;
    private java.util.function.LongSupplier clock;
    private long lastFlush;
    private boolean flushWaiting;

    /**
     * A live trace.
     *
     * @param trace the console's shared trace
     * @param ui the UI executor
     * @param dialogs asks before clearing
     */
    /** Where the names of the ids a call names come from: the console's record of the call's endpoint. */
    private java.util.function.Supplier<org.csiconsole.core.record.ConsoleRecords> records = () -> null;

    /**
     * Shows each volume and snapshot id with the name the console's record has for it ({@link #targetLabels}).
     *
     * @param records the records, asked when a row is drawn; null from it names nothing
     * @return this
     */
    public CallTraceViewModel namedBy(java.util.function.Supplier<org.csiconsole.core.record.ConsoleRecords> records) {
        this.records = Objects.requireNonNull(records);
        return this;
    }

    /**
     * The ids {@code e} names, without their field names, each volume or snapshot id followed by the name it was created
     * under when the console's record of the call's endpoint has one: {@code 4f1c0a2e (walk-vol-1) node-1}.
     */
    public String targetLabels(TraceEntry e) {
        org.csiconsole.core.record.ConsoleRecords r = records.get();
        org.csiconsole.core.record.ConsoleBook book = r == null || e.targets().isEmpty() ? null : r.book(e.endpoint());
        StringBuilder b = new StringBuilder();
        e.targets().forEach((field, ids) -> ids.forEach(id -> {
            b.append(b.length() == 0 ? "" : " ").append(id);
            org.csiconsole.core.record.RecordKind kind = field.endsWith("snapshot_id") || field.endsWith("snapshot_ids")
                    ? org.csiconsole.core.record.RecordKind.SNAPSHOT
                    : field.endsWith("volume_id") || field.endsWith("volume_ids") ? org.csiconsole.core.record.RecordKind.VOLUME : null;
            if (book != null && kind != null) {
                book.find(kind, id).filter(i -> !i.name().isEmpty() && !i.name().equals(id)).ifPresent(i -> b.append(" (").append(i.name()).append(')'));
            }
        }));
        return b.toString();
    }

    public CallTraceViewModel(CallTrace trace, Executor ui, DialogService dialogs) {
        this(Objects.requireNonNull(trace), List.of(), 0, "live", ui, dialogs);
    }

    private CallTraceViewModel(CallTrace trace, List<TraceEntry> saved, long savedDropped, String source, Executor ui,
                               DialogService dialogs) {
        this.trace = trace;
        this.saved = List.copyOf(saved);
        this.savedDropped = savedDropped;
        this.source = source;
        this.ui = Objects.requireNonNull(ui);
        this.dialogs = Objects.requireNonNull(dialogs);
        this.table = new ResourceTableModel<>(CallTraceViewModel::searchText, ForkJoinPool.commonPool(), ui,
                ResourceTableModel.DEFAULT_SYNC_LIMIT);
        this.canClear = trace == null ? Bindings.createBooleanBinding(() -> false) : Bindings.isNotEmpty(table.all());
        capacity.set(trace == null ? Math.max(1, saved.size()) : trace.capacity());
        filter.predicateChanged(this::reload);
        followSelection.addListener((o, was, on) -> {
            if (on) followSelected();
        });
        selectedVolume.addListener((o, was, now) -> {
            if (followSelection.get()) followSelected();
        });
    }

    /**
     * The calls of a saved trace file, offline: nothing is recorded or cleared.
     *
     * @param contents what the file holds
     * @param source the file's name, for the title
     */
    public static CallTraceViewModel offline(TraceArchive.Contents contents, String source, Executor ui, DialogService dialogs) {
        return new CallTraceViewModel(null, contents.entries(), contents.dropped(), source, ui, dialogs);
    }

    /** Copies commands, saves trace files ({@link TraceTools}); {@code actions} runs saves as tasks. */
    public void setTools(TraceTools tools, ActionRunner actions) {
        this.tools = Objects.requireNonNull(tools);
        this.actions = Objects.requireNonNull(actions);
        saveAvailable.set(tools != TraceTools.NONE);
    }

    public TraceTools tools() {
        return tools;
    }

    /**
     * From now on new calls reach the table at most once per {@code interval} (a view showing it sets
     * this): a trace taking hundreds of calls a second then changes a few times a second, not at
     * every frame, each change taking the calls that arrived since.
     *
     * @param frames runs a task on the UI thread at its next frame
     * @param interval least time between two changes by new calls
     * @param nanoClock the time in ns ({@link System#nanoTime} but in tests)
     */
    public void pace(Executor frames, java.time.Duration interval, java.util.function.LongSupplier nanoClock) {
        this.frames = Objects.requireNonNull(frames);
        this.intervalNanos = interval.toNanos();
        this.clock = Objects.requireNonNull(nanoClock);
        this.lastFlush = nanoClock.getAsLong() - intervalNanos;
    }

    @Override
    protected void onActivate() {
        if (trace != null) {
            BatchAppender<TraceEntry> appender = new BatchAppender<>(ui, this::appendNew);
            whileActive(trace.subscribe(appender::add));
        }
        reload();
    }

    /** Shows the calls again from the trace (or the file), under the filter. */
    private void reload() {
        pending.clear();
        List<TraceEntry> now = trace == null ? saved : trace.snapshot();
        if (trace != null && !now.isEmpty()) lastSeq = now.get(now.size() - 1).seq();
        noteChoices(now);
        Predicate<TraceEntry> p = filter.predicate();
        List<TraceEntry> shown = new ArrayList<>();
        int failed = 0;
        int background = 0;
        repeats.clear();
        for (TraceEntry e : now) {
            if (!p.test(e)) continue;
            shown.add(e);
            if (e.failed()) failed++;
            if (e.failed() && e.background()) background += repeated(e, 1);
        }
        table.replaceAll(shown);
        setFailures(failed, background);
        noteDropped();
    }

    private void appendNew(List<TraceEntry> batch) {
        if (!isActive()) return;
        for (TraceEntry e : batch) {
            if (e.seq() <= lastSeq) continue;
            pending.add(e);
            lastSeq = e.seq();
        }
        if (pending.isEmpty()) return;
        if (frames == null || clock.getAsLong() - lastFlush >= intervalNanos) flush();
        else waitForFlush();
    }

    private void waitForFlush() {
        if (flushWaiting) return;
        flushWaiting = true;
        frames.execute(() -> {
            flushWaiting = false;
            if (!isActive() || pending.isEmpty()) return;
            if (clock.getAsLong() - lastFlush >= intervalNanos) flush();
            else waitForFlush();
        });
    }

    /** Takes the calls that arrived since the last time into the table, dropping those the trace dropped. */
    private void flush() {
        List<TraceEntry> fresh = new ArrayList<>(pending);
        pending.clear();
        if (clock != null) lastFlush = clock.getAsLong();
        long newest = fresh.get(fresh.size() - 1).seq();
        noteChoices(fresh);
        Predicate<TraceEntry> p = filter.predicate();
        List<TraceEntry> shown = new ArrayList<>(fresh.size());
        int failed = failures.get();
        int background = backgroundFailures.get();
        for (TraceEntry e : fresh) {
            if (!p.test(e)) continue;
            shown.add(e);
            if (e.failed()) failed++;
            if (e.failed() && e.background()) background += repeated(e, 1);
        }
        // The trace keeps the calls numbered from here on; older rows go from the front of the table.
        long oldestKept = newest - trace.capacity() + 1;
        int drop = 0;
        for (TraceEntry e : table.all()) {
            if (e.seq() >= oldestKept) break;
            drop++;
            if (e.failed()) failed--;
            if (e.failed() && e.background()) background += repeated(e, -1);
        }
        if (!shown.isEmpty() || drop > 0) table.appendBounded(shown, table.all().size() + shown.size() - drop);
        setFailures(failed, background);
        noteDropped();
    }

    private void noteChoices(Collection<TraceEntry> entries) {
        boolean c = false;
        boolean m = false;
        boolean s = false;
        for (TraceEntry e : entries) {
            c |= connectionsSeen.add(e.endpoint());
            m |= methodsSeen.add(e.method());
            s |= statusesSeen.add(e.status());
        }
        if (c) connections.setAll(connectionsSeen);
        if (m) methods.setAll(methodsSeen);
        if (s) {
            List<String> all = new ArrayList<>();
            all.add(TraceFilter.FAILURES);
            all.addAll(statusesSeen);
            statuses.setAll(all);
        }
    }

    private void noteDropped() {
        long dropped = trace == null ? savedDropped : trace.dropped();
        if (dropped <= 0) {
            droppedNote.set("");
        } else if (trace == null) {
            droppedNote.set(ByteSize.grouped(dropped) + " older calls were dropped before this trace was saved");
        } else {
            droppedNote.set(ByteSize.grouped(dropped) + " older calls dropped: the trace keeps the last "
                    + ByteSize.grouped(trace.capacity()));
        }
    }

    private void followSelected() {
        String v = selectedVolume.get();
        if (v != null && !v.isEmpty()) filter.volumeIdProperty().set(v);
    }

    /** Reloads from the trace (F5). */
    public void refresh() {
        reload();
    }

    /** Empties the live trace after confirmation; returns whether it did. Offline traces are not cleared. */
    public boolean clear() {
        if (trace == null) return false;
        if (!dialogs.confirm("Clear the call trace",
                "Every recorded call is removed from the trace. Calls made from now on are recorded again.", "Clear")) {
            return false;
        }
        trace.clear();
        table.clear();
        repeats.clear();
        setFailures(0, 0);
        noteDropped();
        return true;
    }

    /**
     * Keeps the last {@code calls} calls from now on (the Keep menu; the console saves it in its
     * preferences); fewer than are held drops the oldest at once.
     *
     * @throws IllegalArgumentException outside [{@value CallTrace#MIN_CAPACITY}, {@value CallTrace#MAX_CAPACITY}]
     */
    public void setCapacity(int calls) {
        if (trace == null) return;
        trace.setCapacity(calls);
        capacity.set(calls);
        reload();
    }

    /** How many calls the trace keeps. */
    public ReadOnlyIntegerProperty capacityProperty() {
        return capacity.getReadOnlyProperty();
    }

    /** The command that repeats {@code entry} with {@code tool}, or why there is none; built now, not kept. */
    public TraceCommand command(CopyTool tool, TraceEntry entry) {
        return switch (tool) {
            case GRPCURL -> tools.commands().grpcurl(entry);
            case CSC -> tools.commands().csc(entry);
            case CURL -> tools.commands().curl(entry);
        };
    }

    /**
     * The text to put on the clipboard for {@code entry} as {@code tool}, and says so in
     * {@link #messageProperty()}; empty (with the reason as the message) when there is none.
     */
    public String copyText(CopyTool tool, TraceEntry entry) {
        TraceCommand c = command(tool, entry);
        if (!c.available()) {
            message.set("No " + c.tool() + " command: " + c.reason());
            return "";
        }
        message.set("Copied " + entry.shortMethod() + " as " + c.tool()
                + (c.text().contains("<secret:") ? "; fill in the <secret:…> placeholders" : ""));
        return c.text();
    }

    /** What the view said last about a copy: a confirmation, or why nothing was copied. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Whether trace files can be saved here. */
    public boolean canSave() {
        return saveAvailable.get();
    }

    /** Whether trace files can be saved here, as a property. */
    public javafx.beans.property.ReadOnlyBooleanProperty saveAvailableProperty() {
        return saveAvailable.getReadOnlyProperty();
    }

    /**
     * Saves the calls as a trace file (JSON lines, see {@link TraceArchive}) as a task: every call
     * the trace holds, or with {@code shownOnly} the calls the table shows (filters applied), oldest first.
     *
     * @return the task; its outcome is the number of calls saved. A failure reaches the person once, as every task's does
     * @throws IllegalStateException when no tools were {@linkplain #setTools set}
     */
    public UiTask<Integer> save(Path file, boolean shownOnly) {
        if (actions == null) throw new IllegalStateException("no trace tools were set");
        List<TraceEntry> entries = new ArrayList<>(shownOnly ? table.rows() : trace == null ? saved : trace.snapshot());
        entries.sort(Comparator.comparingLong(TraceEntry::seq));
        long dropped = trace == null ? savedDropped : trace.dropped();
        String what = shownOnly && (filter.isSet() || !table.filterTextProperty().get().isBlank()) ? "shown calls" : "calls";
        TraceArchive archive = tools.archive();
        return actions.run("Save call trace to " + file.getFileName(), p -> CompletableFuture.supplyAsync(() -> {
            try {
                archive.save(entries, dropped, file);
                return entries.size();
            } catch (IOException e) {
                throw new org.csiconsole.core.call.CallFailure(org.csiconsole.core.call.FailureKind.INVALID_ARGUMENT,
                        "Save call trace to " + file.getFileName(), "the file cannot be written (" + e.getMessage() + ")",
                        "Choose a folder you may write to, with room for the file", e.getClass().getName());
            }
        }, tools.io()), n -> "Saved " + ByteSize.grouped(n) + " " + what + " to " + file + ".");
    }

    public ResourceTableModel<TraceEntry> table() {
        return table;
    }

    public TraceFilter filter() {
        return filter;
    }

    /** The endpoints calls went to, for the connection filter. */
    public ObservableList<String> connections() {
        return connections;
    }

    /** The methods called, for the method filter. */
    public ObservableList<String> methods() {
        return methods;
    }

    /** {@link TraceFilter#FAILURES} and the statuses seen, OK first, for the status filter. */
    public ObservableList<String> statuses() {
        return statuses;
    }

    /** Failed calls among the rows held (an optional service left out is not counted). */
    public ReadOnlyIntegerProperty failures() {
        return failures.getReadOnlyProperty();
    }

    /** Of {@link #failures()}, those the console made on its own ({@link TraceEntry#background()}): sampling, polling. */
    public ReadOnlyIntegerProperty backgroundFailures() {
        return backgroundFailures.getReadOnlyProperty();
    }

    /**
     * The failure count in words, the console's own reads told apart: {@code "3 failed"},
     * {@code "7 failed (4 of them background reads)"}, {@code "2 failed (all background reads)"}; the same background read
     * failing alike again and again counts once, with how often: {@code "23 failed (1 of them a background read \u00d7177)"},
     * {@code "5 failed (3 of them background reads, 180 calls in all)"}; empty when none failed.
     */
    public ReadOnlyStringProperty failuresHeadline() {
        return failuresHeadline.getReadOnlyProperty();
    }

    private void setFailures(int failed, int background) {
        backgroundFailures.set(background);
        failures.set(failed);
        // the same background read failing the same way again is one failure, counted once with how often it failed
        int distinct = repeats.size();
        int mine = failed - background;
        String count = ByteSize.grouped(mine + distinct) + " failed";
        String times = background == distinct ? "" : distinct == 1 ? " \u00d7" + ByteSize.grouped(background)
                : ", " + ByteSize.grouped(background) + " calls in all";
        failuresHeadline.set(failed == 0 ? "" : background == 0 ? count
                : mine == 0 ? count + " (" + (distinct == 1 ? "a background read" : "all background reads") + times + ")"
                : count + " (" + ByteSize.grouped(distinct) + " of them " + (distinct == 1 ? "a background read" : "background reads") + times + ")");
    }

    /**
     * Counts {@code e}, a failed background read, as held ({@code by} 1) or dropped ({@code -1}) among the failures alike
     * (same endpoint, method, status, targets and message) in {@link #repeats}.
     *
     * @return {@code by}
     */
    private int repeated(TraceEntry e, int by) {
        repeats.merge(e.endpoint() + "\u0000" + e.method() + "\u0000" + e.status() + "\u0000" + e.targets() + "\u0000" + e.message(), by,
                (a, b) -> a + b == 0 ? null : a + b);
        return by;
    }

    /** How many older calls were dropped to keep the bound, in words; empty when none were. */
    public ReadOnlyStringProperty droppedNote() {
        return droppedNote.getReadOnlyProperty();
    }

    /** While on, the volume filter follows {@link #selectedVolumeProperty()}. */
    public BooleanProperty followSelectionProperty() {
        return followSelection;
    }

    /** The volume_id selected in the view in front (set by the workbench); null for none. */
    public StringProperty selectedVolumeProperty() {
        return selectedVolume;
    }

    public BooleanBinding canClear() {
        return canClear;
    }

    /** Whether this shows a saved trace file rather than the live trace. */
    public boolean isOffline() {
        return trace == null;
    }

    /** {@code live}, or the trace file's name. */
    public String source() {
        return source;
    }

    static String searchText(TraceEntry e) {
        return e.method() + ' ' + e.endpoint() + ' ' + e.status() + ' ' + e.protocol() + ' ' + e.origin().title() + ' '
                + e.targetsText() + ' ' + e.message();
    }
}
