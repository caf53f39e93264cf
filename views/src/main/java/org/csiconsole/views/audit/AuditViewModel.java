package org.csiconsole.views.audit;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditLog;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditVerification;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.views.ViewModel;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.task.UiTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The Audit view's state: the filter (time range, connection, target id, outcome), the entries read
 * so far (newest first, a page of {@link #PAGE_SIZE} at a time) and what the last read, export or
 * verification found, in words. Every read of the {@link AuditLog} runs on the {@code background}
 * executor through the task runner, never on the UI thread; results are applied on the UI executor,
 * and a result of a filter since replaced is dropped. While active, a change of the filter reads
 * again; activating reads again, so the entries of commands run meanwhile appear.
 */
public final class AuditViewModel extends ViewModel {
    /** Entries read per page: the newest first, then older ones on {@link #loadOlder()}. */
    public static final int PAGE_SIZE = 1_000;

    private static final Logger LOG = LoggerFactory.getLogger(AuditViewModel.class);

    private final AuditLog log;
    private final Executor background;
    private final ActionRunner actions;
    private final Clock clock;
    private final int pageSize;
    private final ResourceTableModel<AuditEntry> table = new ResourceTableModel<>(this::searchText).keyedBy(AuditEntry::seq);
    /** Id to name, from the creates among the entries read (the names the log itself knows). */
    private final java.util.Map<String, String> names = new java.util.HashMap<>();
    private final ObjectProperty<AuditTimeRange> timeRange = new SimpleObjectProperty<>(this, "timeRange", AuditTimeRange.LAST_WEEK);
    private final ObjectProperty<Instant> from = new SimpleObjectProperty<>(this, "from");
    private final ObjectProperty<Instant> to = new SimpleObjectProperty<>(this, "to");
    private final StringProperty connection = new SimpleStringProperty(this, "connection", "");
    private final StringProperty targetId = new SimpleStringProperty(this, "targetId", "");
    private final ObjectProperty<AuditOutcomeChoice> outcome = new SimpleObjectProperty<>(this, "outcome", AuditOutcomeChoice.ANY);
    private final javafx.beans.property.BooleanProperty markedOnly = new javafx.beans.property.SimpleBooleanProperty(this, "markedOnly");
    private final ObservableList<String> connections = FXCollections.observableArrayList();
    private final TreeSet<String> connectionsSeen = new TreeSet<>();
    /** The workbench's connections by name ({@link #offerConnections}). */
    private final TreeSet<String> offered = new TreeSet<>();
    private ObservableList<org.csiconsole.views.workbench.ConnectionModel> openConnections = FXCollections.observableArrayList();
    /** Held here: {@link #openConnections} holds it weakly. */
    private javafx.collections.ListChangeListener<org.csiconsole.views.workbench.ConnectionModel> openListener;
    private final ReadOnlyLongWrapper matching = new ReadOnlyLongWrapper(this, "matching", 0);
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading", false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final BooleanBinding canLoadOlder;
    /** The filter of the rows shown (offset 0, no limit), set when its first page arrives. */
    private AuditQuery shown;
    private int generation;

    /**
     * @param log the audit log's read port
     * @param background where the blocking reads, the export and the verification run
     * @param actions runs them as tasks and reports failures and exports
     * @param clock the "now" the time ranges count back from
     * @param pageSize entries per page ({@link #PAGE_SIZE} in the application)
     */
    public AuditViewModel(AuditLog log, Executor background, ActionRunner actions, Clock clock, int pageSize) {
        this.log = Objects.requireNonNull(log, "log");
        this.background = Objects.requireNonNull(background, "background");
        this.actions = Objects.requireNonNull(actions, "actions");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (pageSize < 1) throw new IllegalArgumentException("pageSize must be 1 or more, got " + pageSize);
        this.pageSize = pageSize;
        canLoadOlder = Bindings.createBooleanBinding(() -> !loading.get() && table.totalCount().get() < matching.get(),
                loading, matching, table.totalCount());
        ChangeListener<Object> reread = (o, a, b) -> {
            if (isActive()) refresh();
        };
        timeRange.addListener(reread);
        from.addListener(reread);
        to.addListener(reread);
        connection.addListener(reread);
        targetId.addListener(reread);
        outcome.addListener(reread);
        markedOnly.addListener(reread);
    }

    public AuditViewModel(AuditLog log, Executor background, ActionRunner actions) {
        this(log, background, actions, Clock.systemUTC(), PAGE_SIZE);
    }

    @Override
    protected void onActivate() {
        syncOffered();
        refresh();
    }

    /**
     * The filter as it stands, newest first, from the first entry, with no limit: what an export
     * writes and what the pages are cut from. The time range counts back from the clock's now.
     */
    public AuditQuery query() {
        AuditTimeRange range = timeRange.get() == null ? AuditTimeRange.ALL : timeRange.get();
        Instant since = null;
        Instant until = null;
        if (range.span() != null) {
            since = clock.instant().minus(range.span());
        } else if (range == AuditTimeRange.BETWEEN) {
            since = from.get();
            until = to.get();
        }
        AuditOutcomeChoice o = outcome.get() == null ? AuditOutcomeChoice.ANY : outcome.get();
        return new AuditQuery(since, until, blankToNull(connection.get()), blankToNull(targetId.get()), o.outcome(), 0, AuditQuery.ALL,
                markedOnly.get());
    }

    /** Id to name for the creates among the entries read so far: the names shown beside ids. */
    public java.util.Map<String, String> names() {
        return java.util.Collections.unmodifiableMap(names);
    }

    /** The row's targets in words: ids with the names the log knows, a source told from what was made. */
    public String targetsText(AuditEntry e) {
        return AuditRows.targets(e, names);
    }

    private String searchText(AuditEntry e) {
        return AuditRows.searchText(e) + ' ' + targetsText(e);
    }

    /** Reads the newest page of the filter again (F5), replacing the rows, and counts what matches. */
    public UiTask<Page> refresh() {
        AuditQuery query = query();
        int mine = ++generation;
        loading.set(true);
        UiTask<Page> task = actions.tasks().submit("Read the audit log",
                p -> CompletableFuture.supplyAsync(() -> new Page(log.find(query.page(0, pageSize)), log.count(query)), background));
        task.outcome().whenComplete((page, error) -> {
            if (mine != generation) return;
            loading.set(false);
            if (error != null) {
                failed("Read the audit log", error);
                return;
            }
            shown = query;
            AuditRows.learnNames(page.entries(), names);
            table.replaceAll(page.entries());
            matching.set(page.matching());
            noteConnections(page.entries());
            status.set(shownText());
        });
        return task;
    }

    /** Reads the next older page of the rows shown and appends it; does nothing while reading or when all are shown. */
    public UiTask<Page> loadOlder() {
        if (!canLoadOlder.get() || shown == null) return null;
        AuditQuery query = shown;
        int offset = table.totalCount().get();
        int mine = generation;
        loading.set(true);
        UiTask<Page> task = actions.tasks().submit("Read older audit entries",
                p -> CompletableFuture.supplyAsync(() -> new Page(log.find(query.page(offset, pageSize)), log.count(query)), background));
        task.outcome().whenComplete((page, error) -> {
            if (mine != generation) return;
            loading.set(false);
            if (error != null) {
                failed("Read older audit entries", error);
                return;
            }
            // Entries appended since the first page shift the offsets: leave out those already shown.
            java.util.Set<Long> have = new java.util.HashSet<>();
            for (AuditEntry e : table.all()) have.add(e.seq());
            AuditRows.learnNames(page.entries(), names);
            table.append(page.entries().stream().filter(e -> !have.contains(e.seq())).toList());
            matching.set(page.matching());
            noteConnections(page.entries());
            status.set(shownText());
        });
        return task;
    }

    /**
     * Checks the log's hash chain and says what it found in {@link #statusProperty()} and a
     * notification: intact with the number of entries checked, or which entry was changed or removed.
     */
    public UiTask<AuditVerification> verify() {
        String title = "Verify the audit log";
        UiTask<AuditVerification> task = actions.tasks().submit(title, p -> CompletableFuture.supplyAsync(log::verify, background));
        task.outcome().whenComplete((v, error) -> {
            if (error != null) {
                failed(title, error);
                return;
            }
            String words = verdict(v, log.location());
            status.set(words);
            if (v.intact()) actions.notifications().success(title, words);
            else actions.notifications().error(title, words);
        });
        return task;
    }

    /** The outcome of a verification in words. */
    static String verdict(AuditVerification v, String location) {
        if (v.intact()) {
            return "The audit log is intact: " + ByteSize.grouped(v.entries()) + (v.entries() == 1 ? " entry" : " entries")
                    + " checked, none changed or removed.";
        }
        String problem = v.problem().isEmpty() ? "entry " + v.firstBad().getAsLong() + " was changed or removed" : v.problem();
        return "The audit log is not intact: " + problem + ". Entries before " + v.firstBad().getAsLong()
                + " are as written. Keep a copy of " + location + " for review.";
    }

    /**
     * Writes every entry of the current filter ({@link #query()}), oldest first, to {@code file} in
     * {@code format}, replacing the file; the log does the writing, on the background executor.
     * A notification says how many entries were written, or why none could be.
     */
    public UiTask<Long> export(AuditExportFormat format, Path file) {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(file, "file");
        AuditQuery query = query();
        String title = "Export the audit log to " + file.getFileName();
        UiTask<Long> task = actions.run(title, p -> CompletableFuture.supplyAsync(() -> {
            try (OutputStream out = Files.newOutputStream(file)) {
                return log.export(query, format, out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, background), n -> "Wrote " + ByteSize.grouped(n) + (n == 1 ? " entry" : " entries") + " to " + file + ".");
        task.outcome().whenComplete((n, error) -> {
            if (error == null) status.set("Exported " + ByteSize.grouped(n) + (n == 1 ? " entry" : " entries") + " to " + file + ".");
        });
        return task;
    }

    private void failed(String title, Throwable error) {
        CallFailure failure = Failures.of(title, error);
        if (failure.kind() == FailureKind.CANCELLED) {
            status.set(title + ": cancelled.");
            return;
        }
        LOG.warn("{}", failure.describe());
        status.set(failure.getMessage() + (failure.whatToDo().isEmpty() ? "" : " " + failure.whatToDo()));
        actions.notifications().error(title, failure.getMessage());
    }

    private String shownText() {
        int n = table.totalCount().get();
        long all = matching.get();
        if (all == 0) return "No entries match the filter.";
        String of = n >= all ? "all " + ByteSize.grouped(all) : ByteSize.grouped(n) + " of " + ByteSize.grouped(all);
        return "Showing " + of + (all == 1 ? " entry" : " entries") + ", newest first.";
    }

    private void noteConnections(List<AuditEntry> entries) {
        boolean added = false;
        for (AuditEntry e : entries) added |= connectionsSeen.add(e.record().origin().connection());
        if (!connection.get().isEmpty()) added |= connectionsSeen.add(connection.get());
        if (added) offerChoices();
    }

    /**
     * Offers the workbench's connections by name in the connection filter, beside the names read from entries, also
     * before any entry of theirs was read: the name of a saved connection is what the workbench files its calls under,
     * and the command line its calls to any of that connection's endpoints. Follows {@code open} (weakly: the model
     * does not outlive its view for it) and reads it again each time the view is shown.
     *
     * @param open the workbench's connections
     */
    public void offerConnections(ObservableList<org.csiconsole.views.workbench.ConnectionModel> open) {
        openConnections = open;
        openListener = c -> syncOffered();
        open.addListener(new javafx.collections.WeakListChangeListener<>(openListener));
        syncOffered();
    }

    private void syncOffered() {
        offered.clear();
        for (var c : openConnections) if (!c.name().isBlank()) offered.add(c.name());
        offerChoices();
    }

    private void offerChoices() {
        TreeSet<String> all = new TreeSet<>(connectionsSeen);
        all.addAll(offered);
        if (!all.equals(new TreeSet<>(connections))) connections.setAll(all);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** One page read: the entries (newest first) and how many match the filter in all. */
    public record Page(List<AuditEntry> entries, long matching) {
    }

    public ResourceTableModel<AuditEntry> table() {
        return table;
    }

    public ObjectProperty<AuditTimeRange> timeRangeProperty() {
        return timeRange;
    }

    /** The start of {@link AuditTimeRange#BETWEEN}, inclusive; null for no start. */
    public ObjectProperty<Instant> fromProperty() {
        return from;
    }

    /** The end of {@link AuditTimeRange#BETWEEN}, exclusive; null for no end. */
    public ObjectProperty<Instant> toProperty() {
        return to;
    }

    /** The connection name to filter by; empty for any. */
    public StringProperty connectionProperty() {
        return connection;
    }

    /** A target id (volume_id, snapshot_id, node_id, CIDR, ...) to filter by; empty for any. */
    public StringProperty targetIdProperty() {
        return targetId;
    }

    /** True to show only forced operations (force=true sent) and overrides (a refused call sent anyway). */
    public javafx.beans.property.BooleanProperty markedOnlyProperty() {
        return markedOnly;
    }

    public ObjectProperty<AuditOutcomeChoice> outcomeProperty() {
        return outcome;
    }

    /**
     * The connection filter's choices, sorted: the names seen in the entries read so far and the workbench's connections
     * ({@link #offerConnections}).
     */
    public ObservableList<String> connections() {
        return connections;
    }

    /** How many entries match the filter of the rows shown. */
    public ReadOnlyLongProperty matchingProperty() {
        return matching.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** What the view says under the table: entries shown, the verification's verdict, a failure. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** True when older entries of the filter are not shown yet and no read is running. */
    public BooleanBinding canLoadOlder() {
        return canLoadOlder;
    }

    /** Where the log lives, for the view's empty state. */
    public String location() {
        return log.location();
    }
}
