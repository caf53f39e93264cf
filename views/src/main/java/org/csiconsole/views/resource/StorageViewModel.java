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
    private final ObjectProperty<T> selected = new SimpleObjectProperty<>(this, "selected");
    private final BooleanProperty loading = new SimpleBooleanProperty(this, "loading", false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final javafx.beans.property.ReadOnlyBooleanWrapper complete = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "complete", false);
    private final javafx.beans.property.ReadOnlyBooleanWrapper unsupported = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "unsupported", false);
    private final javafx.beans.property.ReadOnlyObjectWrapper<List<SourceFailure>> missing =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "missing", List.of());
    /** The missing sources last notified, so an unchanged partial read is not notified again on every read. */
    private String warned;
    private UiTask<?> load;
    private boolean loaded;

    protected StorageViewModel(ViewContext context, Function<? super T, String> searchText) {
        this.context = Objects.requireNonNull(context);
        this.table = new ResourceTableModel<>(searchText, ForkJoinPool.commonPool(), context.ui(),
                ResourceTableModel.DEFAULT_SYNC_LIMIT);
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

    @Override
    protected void onActivate() {
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

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
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
    }

    protected DialogService dialogs() {
        return context.actions().dialogs();
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
        complete.set(false);
        unsupported.set(false);
        loading.set(true);
        status.set("Reading " + noun() + "\u2026");
        String title = "Read " + noun() + (context.connectionName().isEmpty() ? "" : " of " + context.connectionName());
        AtomicLong count = new AtomicLong();
        missing.set(List.of());
        java.util.concurrent.atomic.AtomicBoolean stepped = new java.util.concurrent.atomic.AtomicBoolean();
        UiTask<List<SourceFailure>> task = context.actions().tasks().submit(title, (Progress p) -> withErrorsTold(p, load(new PageSink<>() {
            @Override
            public java.util.concurrent.CompletionStage<?> accept(List<T> page) {
                if (p.isCancelled()) return PageSink.READY;
                if (!stepped.get()) p.update(Progress.INDETERMINATE, "Read " + format(count.addAndGet(page.size())) + " " + noun());
                else count.addAndGet(page.size());
                if (page.isEmpty()) return PageSink.READY;
                return read.page(page);
            }

            @Override
            public void progress(long done, long total, String steps) {
                // A listing read in steps (CSP snapshots, volume by volume): "312 of 10,000 volumes read".
                stepped.set(true);
                p.update(total > 0 ? (double) done / total : Progress.INDETERMINATE,
                        format(done) + " of " + format(total) + " " + steps + " read; " + format(count.get()) + " " + noun());
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
            if (error == null) {
                read.finish();
                missing.set(gone);
                if (gone.isEmpty()) {
                    warned = null;
                    status.set("Read " + format(count.get()) + " " + noun());
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
            String kept = streaming ? format(table.all().size()) + " " + noun() + " shown."
                    : noun() + " shown are from the read before.";
            CallFailure failure = Failures.of(title, error);
            if (failure.kind() == FailureKind.CANCELLED) {
                status.set("Reading was cancelled; " + (streaming ? kept : "the " + kept));
                return;
            }
            if (failure.kind() == FailureKind.UNSUPPORTED) {
                Feature need = listFeature();
                unsupported.set(true);
                table.clear();
                status.set(need != null && !features.get().available(need) ? features.get().reason(need) : failure.getMessage());
                return;
            }
            status.set(streaming ? failure.getMessage() : failure.getMessage() + " The " + kept);
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
        return action(label, feature, needsSelection ? "Select one of the " + noun() + " first." : null,
                needsSelection ? Objects::nonNull : t -> true, handler);
    }

    /** A command gated on {@code feature} and on {@code rowTest} of the selected row, with {@code rowReason} when it fails. */
    protected ViewAction action(String label, Feature feature, String rowReason, Predicate<T> rowTest, Runnable handler) {
        BooleanBinding enabled = Bindings.createBooleanBinding(() -> (feature == null || features.get().available(feature))
                && rowTest.test(selected.get()), features, selected);
        StringBinding reason = Bindings.createStringBinding(() -> {
            if (feature != null && !features.get().available(feature)) return features.get().reason(feature);
            if (!rowTest.test(selected.get())) return rowReason == null ? "" : rowReason;
            return "";
        }, features, selected);
        return new ViewAction(label, enabled, reason, handler);
    }

    /** The refresh command (F5), gated on {@link #listFeature()}. */
    protected ViewAction refreshActionFor() {
        return action("Refresh " + noun(), listFeature(), false, this::refresh);
    }

    /** Shows {@code form}; true when the person confirmed it. */
    protected boolean ask(Form form) {
        return dialogs().showForm(form);
    }

    /** Replaces rows matching {@code same} with {@code row} (or appends it), keeping the selection on it. */
    protected void upsert(T row, Predicate<? super T> same) {
        boolean wasSelected = selected.get() != null && same.test(selected.get());
        table.removeIf(same);
        table.append(List.of(row));
        if (wasSelected) selected.set(row);
    }

    /** Removes rows matching {@code same}, clearing the selection when it was one of them. */
    protected void remove(Predicate<? super T> same) {
        if (selected.get() != null && same.test(selected.get())) selected.set(null);
        table.removeIf(same);
    }

    protected static String format(long n) {
        return ByteSize.grouped(n);
    }

}
