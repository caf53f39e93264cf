package org.csiconsole.views.trace;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.workbench.ResourceView;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The call trace as a table: time, protocol, method, endpoint, status, duration and attempt; the
 * selected call's redacted request and response in the detail pane. Built on {@link ResourceTable},
 * the same component the resource views use.
 */
public final class CallTraceView implements ResourceView {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final CallTraceViewModel model;
    private final ResourceTable<TraceEntry> table;
    private final ViewAction refresh;
    private final ViewAction delete;
    private final ViewAction create;

    public CallTraceView(CallTraceViewModel model) {
        this.model = model;
        Button clear = new Button("Clear", Icons.of(Material2AL.DELETE_SWEEP));
        clear.setId("trace-clear");
        clear.getStyleClass().addAll(Styles.FLAT, Styles.SMALL);
        clear.setTooltip(new Tooltip("Remove every recorded call from the trace"));
        clear.disableProperty().bind(model.canClear().not());
        clear.setOnAction(e -> model.clear());

        table = new ResourceTable<>(model.table(), List.of(
                Column.<TraceEntry, Instant>of("time", "Time", TraceEntry::start).format(TIME::format).width(128).mono(),
                Column.<TraceEntry, String>of("protocol", "Protocol", e -> e.protocol().toUpperCase()).width(90),
                Column.<TraceEntry, String>of("method", "Method", TraceEntry::method).width(300),
                Column.<TraceEntry, String>of("endpoint", "Endpoint", TraceEntry::endpoint).width(240).mono(),
                Column.<TraceEntry, String>of("status", "Status", TraceEntry::status).width(130)
                        .styleClass(e -> e.ok() ? "cc-status-ok" : "cc-status-failed"),
                Column.<TraceEntry, Duration>of("duration", "Duration", TraceEntry::duration)
                        .format(CallTraceView::millis).width(90).alignRight(),
                Column.<TraceEntry, Integer>of("attempt", "Attempt", TraceEntry::attempt).width(84).alignRight(),
                Column.<TraceEntry, Long>of("seq", "#", TraceEntry::seq).width(60).alignRight().hidden()))
                .withDetail(CallTraceView::details, TraceEntry::method)
                .withEmptyState(Material2MZ.SWAP_HORIZ, "No calls yet",
                        "Every gRPC and HTTP call the console makes to storage appears here as it happens, "
                                + "with secrets already removed. Select a call to read its request and response.")
                .withToolbarItems(clear);
        table.setId("call-trace");
        // Calls are recorded as they complete; read in the order they started (a column click changes it).
        table.tableView().getColumns().stream().filter(c -> "time".equals(c.getId())).findFirst()
                .ifPresent(time -> table.tableView().getSortOrder().setAll(List.of(time)));

        refresh = ViewAction.always("Refresh", model::refresh);
        delete = new ViewAction("Clear trace", model.canClear(),
                Bindings.createStringBinding(() -> "The trace is empty"), model::clear);
        create = ViewAction.unavailable("New", "Calls are recorded as the console talks to storage; they cannot be created by hand");
    }

    static List<DetailRow> details(TraceEntry e) {
        return List.of(
                DetailRow.of("Status", e.status() + (e.ok() ? "" : " (failed)")),
                DetailRow.of("Protocol", e.protocol().toUpperCase()),
                DetailRow.of("Endpoint", e.endpoint()),
                DetailRow.of("Started", TIME.format(e.start())),
                DetailRow.of("Duration", millis(e.duration())),
                DetailRow.of("Attempt", e.attempt()),
                DetailRow.block("Request", e.request()),
                DetailRow.block("Response", e.response()));
    }

    static String millis(Duration d) {
        if (d == null) return "";
        long micros = d.toNanos() / 1_000;
        return micros < 10_000 ? String.format(java.util.Locale.ROOT, "%.1f ms", micros / 1000.0) : (micros / 1000) + " ms";
    }

    public ResourceTable<TraceEntry> table() {
        return table;
    }

    public CallTraceViewModel model() {
        return model;
    }

    @Override
    public ObservableStringValue title() {
        return Bindings.createStringBinding(() -> "Call trace");
    }

    @Override
    public Ikon icon() {
        return Material2MZ.SWAP_HORIZ;
    }

    @Override
    public Node node() {
        return table;
    }

    @Override
    public void activate() {
        model.activate();
    }

    @Override
    public void deactivate() {
        model.deactivate();
    }

    @Override
    public ViewAction refreshAction() {
        return refresh;
    }

    @Override
    public ViewAction createAction() {
        return create;
    }

    @Override
    public ViewAction deleteAction() {
        return delete;
    }

    @Override
    public boolean focusFilter() {
        table.focusFilter();
        return true;
    }
}
