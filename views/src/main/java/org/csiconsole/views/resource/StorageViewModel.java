package org.csiconsole.views.resource;

import org.csiconsole.core.port.SourceFailure;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.views.ViewModel;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.form.Form;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.table.TableLoad;
import org.csiconsole.views.task.Progress;
import org.csiconsole.views.task.UiTask;
import org.csiconsole.views.workbench.ResourceChanges;
import org.csiconsole.views.workbench.ResourceKind;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Base of the view models of one resource kind of one connection: the rows (a
 * {@link ResourceTableModel} streamed from the storage port page by page), the selection, what the
 * connection offers ({@link Features}) and helpers that turn a command into a {@link ViewAction}
 * enabled only when the feature is advertised, with the reason otherwise.
 *
 * <p>UI thread only (a direct executor in tests). Reading runs as a cancellable task; a failed read
 * is shown once in a dialog and stays in {@link #statusProperty()}.
 *
 * @param <T> the row type
 */
public abstract class StorageViewModel<T> extends ViewModel {
    protected final ViewContext context;
    private final ResourceTableModel<T> table;
    private final ObjectProperty<Features> features = new SimpleObjectProperty<>(this, "features", Features.NONE);
    private final RowSelection<T> selection = new RowSelection<>(this);
    private final ObjectProperty<T> selected = selection.leadProperty();
    private final BooleanProperty loading = new SimpleBooleanProperty(this, "loading", false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final javafx.beans.property.ReadOnlyBooleanWrapper complete = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "complete", false);
    private final javafx.beans.property.ReadOnlyBooleanWrapper unsupported = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "unsupported", false);
    private final javafx.beans.property.ReadOnlyBooleanWrapper unread = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "unread", true);
    private final javafx.beans.property.ReadOnlyObjectWrapper<List<SourceFailure>> missing =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "missing", List.of());
    /** The missing sources last notified, so an unchanged partial read is not notified again on every read. */
    private String warned;
    private UiTask<?> load;
    private boolean loaded;
    /** Whether the last read failed (not cancelled, not unsupported): the status line says so until a read succeeds. */
    private boolean readFailed;
    /** How many rows the last complete read had, and when it ended; null before one ended. */
    private long readCount;
    private java.time.LocalTime readAt;
    /** Hours, minutes and seconds always (LocalTime's own text leaves out seconds that are zero). */
    private static final java.time.format.DateTimeFormatter READ_AT = java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss");
    /** Rows this view's own commands added and removed since the last read. */
    private int addedSince;
    private int removedSince;
    /** Why the last read listed nothing (the driver does not offer the listing); null while it lists. */
    private String cannotListStatus;
    /** Rows shown though no listing returned them (see {@link #keepUnlisted}); null for kinds without. */
    private UnlistedRows<T> unlisted;

    protected StorageViewModel(ViewContext context, Function<? super T, String> searchText) {
        this.context = Objects.requireNonNull(context);
        this.table = new ResourceTableModel<>(searchText, ForkJoinPool.commonPool(), context.ui(),
                ResourceTableModel.DEFAULT_SYNC_LIMIT);
        context.changes().listenConnectedAgain(this::connectedAgain);
    }

    /**
     * The connection is back: a read that failed is not left on the status line. A shown view reads
     * again at once; a hidden one when it is shown.
     */
    private void connectedAgain() {
        // The driver may have come back with other capabilities: the actions are gated again.
        rereadFeatures(null);
        if (!readFailed && !noted) return;
        if (!readFailed) {
            // a command's note (a read that failed while the driver was away) is not left beside the rows read since
            noted = false;
            status.set(counted(table.all().size()) + "; connected again at " + READ_AT.format(java.time.LocalTime.now()) + ".");
            return;
        }
        if (isActive()) {
            refresh();
            return;
        }
        loaded = false;
        status.set("Connected again at " + READ_AT.format(java.time.LocalTime.now()) + "; the " + noun() + " are read again when shown.");
    }

    /** Plural noun for sentences, e.g. {@code "volumes"}. */
    protected abstract String noun();

    /** The feature that gates reading, or null when reading needs none. */
    protected abstract Feature listFeature();

    /**
     * Starts reading every row, handing pages to {@code sink} (any thread) as they arrive. A paged
     * listing asks for the next page once the stage {@code sink} returned completes. Streaming into
     * an empty table, that is once the rows reached the table: the listing runs at the pace of the
     * UI instead of competing with it. A re-read of a table with rows collects them off the UI
     * thread and returns a completed stage at once (see {@link #refresh}).
     *
     * @return completes when done, with the sources that did not answer (empty when the rows are
     *     everything the storage has; see {@link SourceFailure})
     */
    protected abstract CompletableFuture<List<SourceFailure>> load(PageSink<T> sink);

    /** Called on the UI thread after a read completed without failure. */
    protected void loadedAll() {
    }

    /**
     * Called on the UI thread when the driver cannot list (the listing answered UNSUPPORTED) and the rows of the
     * console's record are shown instead ({@link #keepUnlisted}).
     */
    protected void shownUnlisted() {
    }

    /**
     * Makes the rows this console created ({@code known}) and the rows looked up by id stay in
     * sight when the driver cannot list them, noted as such ({@link #noteOf}). Call once, from the
     * constructor.
     *
     * @param id the row's id (volume_id, snapshot_id)
     */
    protected final void keepUnlisted(KnownList<T> known, Function<? super T, String> id) {
        unlisted = new UnlistedRows<>(known, id, java.time.ZoneId.systemDefault());
    }

    /**
     * Why {@code row} is shown though no listing returned it: where the console's record has it from
     * ({@code "imported from a PV export at 2026-12-06 14:05"}, with {@code "gone at the driver since ..."}
     * when the driver no longer knows it) or {@code "looked up by id at 14:07"}; empty for a listed row.
     */
    public String noteOf(T row) {
        return unlisted == null ? "" : unlisted.noteOf(row);
    }

    /**
     * Shows {@code row}, just created through this console, in place of the rows that are
     * {@code same}, selects it, and remembers it as known to the console.
     */
    protected void showCreated(T row, Predicate<? super T> same) {
        if (unlisted != null) {
            unlisted.created(row, java.time.Instant.now());
            if (unsupported.get()) unlisted.rows();
        }
        upsertAndSelect(row, same);
    }

    /** Removes the rows that are {@code same} as {@code row}, just deleted through this console, and forgets it. */
    protected void showDeleted(T row, Predicate<? super T> same) {
        if (unlisted != null) unlisted.deleted(unlisted.id(row));
        remove(same);
    }

    /** Shows {@code row}, read by its id: noted as looked up while the driver cannot list. */
    protected void showLookedUp(T row) {
        if (unlisted != null && unsupported.get()) {
            unlisted.lookedUp(row, java.time.Instant.now());
            unlisted.rows();
        }
        upsert(row, unlisted == null ? x -> x.equals(row) : sameId(row));
    }

    private Predicate<T> sameId(T row) {
        String id = unlisted.id(row);
        return x -> unlisted.id(x).equals(id);
    }

    /** While the driver cannot list: the table holds exactly the known and looked-up rows, with their notes. */
    private void showUnlisted() {
        if (unlisted == null || !unsupported.get()) return;
        java.util.Map<String, String> before = new java.util.HashMap<>();
        for (T r : table.all()) before.put(unlisted.id(r), unlisted.noteOf(r));
        List<T> rows = unlisted.rows();
        if (cannotListStatus != null && status.get().endsWith(cannotListStatus)) {
            // The record's part first: the status line is cut at the right at narrow widths.
            String shown = rows.size() == 1 ? "The " + singular() + " shown is from the console's record of this connection, noted with"
                    : "The " + counted(rows.size()) + " shown are from the console's record of this connection, each noted with";
            status.set(rows.isEmpty() ? cannotListStatus : shown + " where it came from. " + cannotListStatus);
        }
        java.util.Set<String> wanted = new java.util.HashSet<>();
        for (T r : rows) wanted.add(unlisted.id(r));
        remove(r -> !wanted.contains(unlisted.id(r)));
        for (T r : rows) {
            String id = unlisted.id(r);
            // A row already shown keeps its instance (it may have been read again since) unless its note changed.
            if (!before.containsKey(id)) table.append(List.of(r));
            else if (!before.get(id).equals(unlisted.noteOf(r))) upsert(r, sameId(r));
        }
    }

    @Override
    protected void onActivate() {
        if (unlisted != null) whileActive(unlisted.known().subscribe(() -> context.ui().execute(this::showUnlisted)));
        // the record may have changed while the view was hidden (another process, the command line): read it again
        showUnlisted();
        // What the storage offers decides what is read, so the first read waits for it.
        context.storage().features().whenComplete((f, e) -> context.ui().execute(() -> {
            if (f != null) features.set(f);
            if (!loaded && isActive()) refresh();
        }));
    }

    @Override
    protected void onDeactivate() {
        // A read cut short by hiding the view starts again when it is shown again.
        if (load != null && load.state() == org.csiconsole.views.task.TaskState.RUNNING) {
            load.cancel();
            loaded = false;
        }
    }

    public StorageService storage() {
        return context.storage();
    }

    public ResourceTableModel<T> table() {
        return table;
    }

    public ObjectProperty<Features> featuresProperty() {
        return features;
    }

    public Features features() {
        return features.get();
    }

    public ObjectProperty<T> selectedProperty() {
        return selected;
    }

    public T selected() {
        return selected.get();
    }

    /** Every selected row; {@link #selected()} is the lead among them (see {@link RowSelection}). */
    public ObservableList<T> selectedRows() {
        return selection.rows();
    }

    /** The rows a command on the selection acts on: every selected row, or none. */
    public List<T> targets() {
        return selection.targets();
    }

    /** One row in words, for sentences: {@code "volume"}. Defaults to {@link #noun()} without its plural ending. */
    protected String singular() {
        String n = noun();
        if (n.endsWith("ies")) return n.substring(0, n.length() - 3) + "y";
        return n.endsWith("s") ? n.substring(0, n.length() - 1) : n;
    }

    /**
     * Why a command on one row cannot run while several are selected, e.g. {@code "Select one
     * volume: 3 are selected."}; empty while at most one row is selected.
     */
    public String oneRowReason() {
        return selection.manyReason(singular());
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    /**
     * True until the first read of this view model ended (whatever its outcome): the rows are not
     * known yet, so an empty table means "reading", not "none".
     */
    public javafx.beans.property.ReadOnlyBooleanProperty unreadProperty() {
        return unread.getReadOnlyProperty();
    }

    /** True once the last read finished without failure or cancel: the rows are everything the storage has. */
    public javafx.beans.property.ReadOnlyBooleanProperty completeProperty() {
        return complete.getReadOnlyProperty();
    }

    /**
     * True when the last read found that the connection does not offer this listing (a
     * {@link FailureKind#UNSUPPORTED} answer: the driver does not advertise the capability, or
     * answers UNIMPLEMENTED); {@link #statusProperty()} then says what is missing. No failure dialog
     * is shown for it: a driver may leave any optional RPC out (CSI spec, "Controller Service
     * RPC": capabilities).
     */
    public javafx.beans.property.ReadOnlyBooleanProperty unsupportedProperty() {
        return unsupported.getReadOnlyProperty();
    }

    /**
     * The sources the last read could not reach ({@link SourceFailure}): the rows are what the
     * others had. Empty after a complete read, and while reading.
     */
    public javafx.beans.property.ReadOnlyObjectProperty<List<SourceFailure>> missingProperty() {
        return missing.getReadOnlyProperty();
    }

    /** The last read's outcome in words ("Read 1,204 volumes", or what failed). */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Puts {@code text} on the status line until the next read (e.g. a warning about a command's outcome). */
    protected void showStatus(String text) {
        status.set(text);
        noted = true;
    }

    /** True while the status line shows a command's note ({@link #showStatus}) rather than the last read's outcome. */
    private boolean noted;

    protected DialogService dialogs() {
        return context.actions().dialogs();
    }

    /**
     * Asks the consent the one risk model requires for {@code op} on {@code targets}, showing its
     * hazards first; false when nothing is to be sent (cancelled, or a known-illegal call not overridden).
     *
     * @param sends the request's fields in order for the preview; empty for several targets
     */
    protected boolean consent(org.csiconsole.core.risk.RiskOperation op, List<org.csiconsole.core.risk.TargetFacts> targets,
                              java.util.Map<String, String> sends, String actionLabel) {
        var request = org.csiconsole.core.risk.RiskRequest.of(op, targets, java.time.Instant.now()).sending(sends);
        var answer = dialogs().confirmRisk(context.risk().assess(request), actionLabel);
        answer.filter(org.csiconsole.views.dialog.RiskAnswer::override)
                .ifPresent(a -> targets.forEach(t -> context.overrides().expect(op.call(), t.id())));
        return answer.isPresent();
    }

    /**
     * F5: asks the driver again what it offers ({@link StorageService#rereadFeatures()}), gates the
     * actions on the answer, then reads the rows again ({@link #refresh()}).
     */
    public void rereadAndRefresh() {
        rereadFeatures(this::refresh);
    }

    /** Asks the driver again what it offers, sets {@link #featuresProperty()}, then runs {@code then} (may be null) on the UI thread. */
    private void rereadFeatures(Runnable then) {
        context.storage().rereadFeatures().whenComplete((f, e) -> context.ui().execute(() -> {
            if (f != null) features.set(f);
            if (then != null) then.run();
        }));
    }

    /** Asks the storage again what it offers. */
    public void refreshFeatures() {
        context.storage().features().whenComplete((f, e) -> context.ui().execute(() -> {
            if (f != null) features.set(f);
        }));
    }

    /**
     * Reads the rows again. Into an empty table pages stream as they arrive. A table with rows
     * keeps them, with the selection and the scroll position, until the read is complete, then
     * takes the new rows in one change; rows that did not change keep their instances (see
     * {@link TableLoad}), so the table redraws only what changed. A cancelled or
     * failed re-read leaves the rows as they were. Cancels a read in progress.
     */
    public void refresh() {
        if (load != null) load.cancel();
        TableLoad<T> read = table.load();
        boolean streaming = read.streaming();
        loaded = true;
        addedSince = 0;
        removedSince = 0;
        readAt = null;
        complete.set(false);
        unsupported.set(false);
        cannotListStatus = null;
        loading.set(true);
        readFailed = false;
        noted = false;
        status.set("Reading " + noun() + "\u2026");
        String title = "Read " + noun() + (context.connectionName().isEmpty() ? "" : " of " + context.connectionName());
        AtomicLong count = new AtomicLong();
        missing.set(List.of());
        java.util.concurrent.atomic.AtomicBoolean stepped = new java.util.concurrent.atomic.AtomicBoolean();
        UiTask<List<SourceFailure>> task = context.actions().tasks().submit(title, (Progress p) -> withErrorsTold(p, load(new PageSink<>() {
            @Override
            public java.util.concurrent.CompletionStage<?> accept(List<T> page) {
                if (p.isCancelled()) return PageSink.READY;
                if (!stepped.get()) p.update(Progress.INDETERMINATE, "Read " + counted(count.addAndGet(page.size())));
                else count.addAndGet(page.size());
                if (page.isEmpty()) return PageSink.READY;
                return read.page(page);
            }

            @Override
            public void progress(long done, long total, String steps) {
                // A listing read in steps (CSP snapshots, volume by volume): "312 of 10,000 volumes read".
                stepped.set(true);
                p.update(total > 0 ? (double) done / total : Progress.INDETERMINATE,
                        format(done) + " of " + format(total) + " " + steps + " read; " + counted(count.get()));
            }
        }), count));
        load = task;
        // The status line follows a stepped listing's progress while it runs.
        task.messageProperty().addListener((o, a, b) -> {
            if (stepped.get() && !read.superseded() && loading.get() && !b.isEmpty()) status.set(b);
        });
        task.outcome().whenComplete((gone, error) -> {
            if (read.superseded()) return;
            loading.set(false);
            unread.set(false);
            if (error == null) {
                if (unlisted != null) unlisted.listed();
                read.finish();
                readCount = count.get();
                readAt = java.time.LocalTime.now().withNano(0);
                missing.set(gone);
                if (gone.isEmpty()) {
                    warned = null;
                    status.set("Read " + counted(count.get()));
                } else {
                    // The rows stay, with a warning that names what is missing; notified once per change.
                    String text = partly(gone, count.get());
                    status.set(text);
                    String sources = SourceFailure.describe(gone);
                    if (!sources.equals(warned)) context.actions().notifications().warning(title, text);
                    warned = sources;
                }
                complete.set(gone.isEmpty());
                loadedAll();
                return;
            }
            String kept = streaming ? counted(table.all().size()) + " shown."
                    : noun() + " shown are from the read before.";
            CallFailure failure = Failures.of(title, error);
            if (failure.kind() == FailureKind.CANCELLED) {
                status.set("Reading was cancelled; " + (streaming ? kept : "the " + kept));
                return;
            }
            if (failure.kind() == FailureKind.UNSUPPORTED) {
                // No dialog and no notification: a driver may leave any listing out. The view says
                // so where the rows would be, and shows what this console still knows.
                cannotListStatus = cannotList(failure);
                status.set(cannotListStatus);
                table.clear();
                unsupported.set(true);
                showUnlisted();
                shownUnlisted();
                return;
            }
            status.set(streaming ? failure.getMessage() : failure.getMessage() + " The " + kept);
            readFailed = true;
            context.actions().notifications().error(title, failure.getMessage());
            dialogs().showFailure(failure);
        });
    }

    /** {@code reading}, telling {@code p} that it ends with errors when sources are missing; cancelling it cancels the read. */
    private CompletableFuture<List<SourceFailure>> withErrorsTold(Progress p, CompletableFuture<List<SourceFailure>> reading, AtomicLong count) {
        CompletableFuture<List<SourceFailure>> told = reading.thenApply(gone -> {
            if (!gone.isEmpty()) p.doneWithErrors(partly(gone, count.get()));
            return gone;
        });
        told.whenComplete((v, e) -> {
            if (told.isCancelled()) reading.cancel(true);
        });
        return told;
    }

    /**
     * Why nothing is listed, as a sentence: {@code "This driver cannot list volumes (it does not
     * advertise LIST_VOLUMES)."} when the capability is missing (CSI spec,
     * "ControllerGetCapabilities"), the feature's reason for other connections, or the driver's
     * own answer (UNIMPLEMENTED) when it advertised the capability but does not implement it.
     */
    private String cannotList(CallFailure failure) {
        Feature need = listFeature();
        Features f = features.get();
        if (need == null || f.available(need)) {
            return "This driver cannot list " + noun() + ": " + failure.getMessage();
        }
        String capability = listCapability();
        if (capability != null && f.csiConnected() && !f.cspConnected()) {
            return "This driver cannot list " + noun() + " (it does not advertise " + capability + ").";
        }
        return f.reason(need);
    }

    /** The CSI controller capability a listing needs ({@code "LIST_VOLUMES"}), or null when it needs none. */
    protected String listCapability() {
        return null;
    }

    /** A partial read in words: {@code "site-b: UNAVAILABLE — connection refused; showing 163 of ? volumes"}. */
    private String partly(List<SourceFailure> gone, long shown) {
        return SourceFailure.describe(gone) + "; showing " + format(shown) + " of ? " + noun();
    }

    /** Stops a read in progress; the rows read so far stay. Does nothing when no read runs. */
    public void cancelLoad() {
        if (load != null) load.cancel();
    }

    /** Whether {@code f} is offered. */
    public BooleanBinding can(Feature f) {
        return Bindings.createBooleanBinding(() -> features.get().available(f), features);
    }

    /**
     * A command gated on {@code feature} (null for none) and, when {@code needsSelection}, on a
     * selected row; the reason says which is missing.
     */
    protected ViewAction action(String label, Feature feature, boolean needsSelection, Runnable handler) {
        if (!needsSelection) {
            return new ViewAction(label, selection.enabled(() -> unavailable(feature), features, false, t -> true),
                    selection.reason(() -> unavailable(feature), features, false, singular(), null, t -> true), handler);
        }
        return gated(label, feature, "Select one of the " + noun() + " first.", Objects::nonNull, true, handler);
    }

    /**
     * Why no command on the selection but Re-check and Forget may run: a selected row of the console's record that
     * the driver answered it no longer knows ({@code "vol-1 is gone at the driver since 2026-12-06 15:10: ..."});
     * empty otherwise.
     */
    public String goneReason() {
        if (unlisted == null) return "";
        for (T r : targets()) {
            String gone = unlisted.goneNote(r);
            if (!gone.isEmpty()) {
                return gone + ": the driver answered that it does not know it. Only Re-check with the driver and "
                        + "Forget (remove it from the record) act on it.";
            }
        }
        return "";
    }

    /**
     * "Forget": removes the selected row from the console's record (nothing is sent to the driver), as for a row
     * gone at the driver or an id pasted by mistake; offered for a row of the record.
     */
    protected ViewAction forgetActionFor() {
        return new ViewAction("Forget (remove from record)",
                selection.enabled(() -> "", features, true, r -> unlisted != null && unlisted.recorded(r)),
                selection.reason(() -> "", features, true, singular(), "Select a " + singular()
                        + " of the console's record (a row noted with where it came from).", r -> unlisted != null && unlisted.recorded(r)),
                () -> {
                    T row = selected();
                    if (row != null) showDeleted(row, sameId(row));
                });
    }

    /**
     * A command on one row, gated on {@code feature} and on {@code rowTest} of the selected row, with
     * {@code rowReason} when it fails; disabled with {@link #oneRowReason()} while several rows are selected.
     */
    protected ViewAction action(String label, Feature feature, String rowReason, Predicate<T> rowTest, Runnable handler) {
        return gated(label, feature, rowReason, rowTest, true, handler);
    }

    /**
     * A command on every selected row ({@link #targets()}), gated on {@code feature}, on at least one
     * selected row and on {@code rowTest} of each; {@code rowReason} says why when a row fails it.
     */
    protected ViewAction bulkAction(String label, Feature feature, String rowReason, Predicate<T> rowTest, Runnable handler) {
        StringBinding reason = selection.allReason(() -> unavailableOnRows(feature), features, "Select one of the " + noun() + " first.",
                rowReason, rowTest);
        return new ViewAction(label, reason.isEmpty(), reason, handler);
    }

    private ViewAction gated(String label, Feature feature, String rowReason, Predicate<T> rowTest, boolean oneRow, Runnable handler) {
        return new ViewAction(label, selection.enabled(() -> unavailableOnRows(feature), features, oneRow, rowTest),
                selection.reason(() -> unavailableOnRows(feature), features, oneRow, singular(), rowReason, rowTest), handler);
    }

    /**
     * {@code action} as a mutation: also disabled while the connection is not connected, with core's reason
     * ({@link org.csiconsole.core.risk.RiskModel#disabledWhile}) as its tooltip, since nothing is changed on what was read
     * before the driver stopped answering. A reason of {@code action}'s own (a feature the driver lacks, a read-only
     * report, no selection) comes first: it holds whatever the connection's state.
     */
    protected ViewAction whileConnected(ViewAction action) {
        return whileConnected(action, context.state());
    }

    /** {@code action} disabled while {@code state} is not connected, as {@link #whileConnected(ViewAction)}. */
    public static ViewAction whileConnected(ViewAction action, javafx.beans.value.ObservableValue<org.csiconsole.core.session.ConnectionState> state) {
        return action.unless(Bindings.createStringBinding(() -> org.csiconsole.core.risk.RiskModel.disabledWhile(state.getValue()), state));
    }

    /** Why a command on the selected rows is not offered: {@code feature} missing, then a row gone at the driver; empty when it is. */
    private String unavailableOnRows(Feature feature) {
        String missing = unavailable(feature);
        return missing.isEmpty() ? goneReason() : missing;
    }

    /** Why {@code feature} is not offered, empty when it is (or when null). */
    private String unavailable(Feature feature) {
        return feature == null || features.get().available(feature) ? "" : features.get().reason(feature);
    }

    /**
     * The refresh command (F5), gated on {@link #listFeature()}; always offered by a view that shows the console's
     * record where the driver cannot list ({@link #keepUnlisted}), as F5 then reads the record again: changes the
     * command line made to it ({@code inventory import-pv}, {@code add-ids}) show.
     */
    protected ViewAction refreshActionFor() {
        java.util.function.Supplier<String> why = () -> unlisted != null ? "" : unavailable(listFeature());
        return new ViewAction("Refresh " + noun(), selection.enabled(why, features, false, t -> true),
                selection.reason(why, features, false, singular(), null, t -> true), this::rereadAndRefresh);
    }

    /** Shows {@code form}; true when the person confirmed it. */
    protected boolean ask(Form form) {
        return dialogs().showForm(form);
    }

    /**
     * Replaces rows matching {@code same} with {@code row} (or appends it), keeping the selection on
     * it; a new row counts as added in {@link #statusProperty()}.
     */
    protected void upsert(T row, Predicate<? super T> same) {
        boolean wasSelected = selected.get() != null && same.test(selected.get());
        boolean known = table.all().stream().anyMatch(same);
        table.removeIf(same);
        table.append(List.of(row));
        if (wasSelected) selected.set(row);
        if (!known) {
            addedSince++;
            tellCount();
        }
    }

    /** Adds or replaces {@code row} like {@link #upsert} and selects it alone: what a create shows the admin. */
    protected void upsertAndSelect(T row, Predicate<? super T> same) {
        upsert(row, same);
        selected.set(row);
    }

    /** Removes rows matching {@code same}, from the selection too (see {@link RowSelection}); they count as removed in {@link #statusProperty()}. */
    protected void remove(Predicate<? super T> same) {
        selection.remove(same);
        long gone = table.all().stream().filter(same).count();
        table.removeIf(same);
        if (gone > 0) {
            removedSince += (int) gone;
            tellCount();
        }
    }

    /**
     * The status after this view's own commands changed the rows, so it does not go on saying
     * "Read 205 volumes" beside 206 rows: {@code "206 volumes (205 read at 10:12:04; 1 added here since)"}.
     */
    private void tellCount() {
        if (readAt == null || loading.get()) return;
        List<String> since = new java.util.ArrayList<>();
        if (addedSince > 0) since.add(format(addedSince) + " added");
        if (removedSince > 0) since.add(format(removedSince) + " removed");
        status.set(counted(table.all().size()) + " (" + format(readCount) + " read at " + READ_AT.format(readAt) + "; "
                + String.join(", ", since) + " here since)");
    }

    /**
     * Keeps this view current with what the other views of the connection change (see
     * {@link ResourceChanges}): a change to one of {@code kinds} reads the rows again when the view
     * is shown, and at once when it is; the status says what changed meanwhile.
     */
    protected final void follows(ResourceKind... kinds) {
        context.changes().listen(List.of(kinds), c -> {
            if (c.by() == this) return;
            if (isActive()) {
                refresh();
                return;
            }
            // Hidden: read again when shown (onActivate reads when not loaded).
            if (load != null) load.cancel();
            loaded = false;
            status.set(c.what() + " at " + READ_AT.format(c.at()) + "; the " + noun() + " are read again when shown.");
        });
    }

    /** Tells the other views of the connection that {@code what} changed resources of {@code kind}. */
    protected final void tell(ResourceKind kind, String what) {
        context.changes().tell(kind, what, this);
    }

    /** {@code n} rows in words, singular for one: {@code "1 fenced block"}, {@code "1,024 volumes"}. */
    protected String counted(long n) {
        return org.csiconsole.core.model.Words.count(n, singular(), noun());
    }

    protected static String format(long n) {
        return ByteSize.grouped(n);
    }

}
