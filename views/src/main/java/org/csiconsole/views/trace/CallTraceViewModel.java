package org.csiconsole.views.trace;

import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.Bindings;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.views.ViewModel;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.table.BatchAppender;
import org.csiconsole.views.table.ResourceTableModel;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * The live call trace: every gRPC and HTTP attempt recorded in the shared {@link CallTrace}, already
 * redacted by the recorder. While active it shows the trace's current entries and appends new ones
 * in batches on the UI executor; inactive, it holds no subscription.
 */
public final class CallTraceViewModel extends ViewModel {
    private final CallTrace trace;
    private final Executor ui;
    private final DialogService dialogs;
    private final int capacity;
    private final ResourceTableModel<TraceEntry> table = new ResourceTableModel<>(CallTraceViewModel::searchText);
    private final BooleanBinding canClear = Bindings.isNotEmpty(table.all());
    private long lastSeq;

    /**
     * @param trace the console's shared trace
     * @param ui the UI executor
     * @param dialogs asks before clearing
     * @param capacity rows kept in the table (normally the trace's own capacity)
     */
    public CallTraceViewModel(CallTrace trace, Executor ui, DialogService dialogs, int capacity) {
        this.trace = Objects.requireNonNull(trace);
        this.ui = Objects.requireNonNull(ui);
        this.dialogs = Objects.requireNonNull(dialogs);
        this.capacity = capacity;
    }

    public CallTraceViewModel(CallTrace trace, Executor ui, DialogService dialogs) {
        this(trace, ui, dialogs, CallTrace.DEFAULT_CAPACITY);
    }

    @Override
    protected void onActivate() {
        BatchAppender<TraceEntry> appender = new BatchAppender<>(ui, this::appendNew);
        whileActive(trace.subscribe(appender::add));
        List<TraceEntry> now = trace.snapshot();
        table.replaceAll(now);
        lastSeq = now.isEmpty() ? lastSeq : now.get(now.size() - 1).seq();
    }

    private void appendNew(List<TraceEntry> batch) {
        if (!isActive()) return;
        List<TraceEntry> fresh = batch.stream().filter(e -> e.seq() > lastSeq).toList();
        if (fresh.isEmpty()) return;
        lastSeq = fresh.get(fresh.size() - 1).seq();
        table.appendBounded(fresh, capacity);
    }

    /** Reloads from the trace (F5). */
    public void refresh() {
        List<TraceEntry> now = trace.snapshot();
        table.replaceAll(now);
        if (!now.isEmpty()) lastSeq = now.get(now.size() - 1).seq();
    }

    /** Empties the trace after confirmation; returns whether it did. */
    public boolean clear() {
        if (!dialogs.confirm("Clear the call trace",
                "Every recorded call is removed from the trace. Calls made from now on are recorded again.", "Clear")) {
            return false;
        }
        trace.clear();
        table.clear();
        return true;
    }

    public ResourceTableModel<TraceEntry> table() {
        return table;
    }

    public BooleanBinding canClear() {
        return canClear;
    }

    static String searchText(TraceEntry e) {
        return e.method() + ' ' + e.endpoint() + ' ' + e.status() + ' ' + e.protocol();
    }
}
