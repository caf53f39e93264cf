package org.csiconsole.views.trace;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.control.Tooltip;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
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
                Column.<TraceEntry, String>of("status", "Status", e -> e.notServed() ? "not served" : e.status()).width(130)
                        .styleClass(e -> e.ok() ? ConsoleStyles.STATUS_OK : e.notServed() ? ConsoleStyles.CELL_MUTED : ConsoleStyles.STATUS_FAILED),
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
        followNewCalls(table.tableView());

        refresh = ViewAction.always("Refresh", model::refresh);
        delete = new ViewAction("Clear trace", model.canClear(),
                Bindings.createStringBinding(() -> "The trace is empty"), model::clear);
        create = ViewAction.unavailable("New", "Calls are recorded as the console talks to storage; they cannot be created by hand");
    }

    /**
     * Keeps the newest call in sight, as a log viewer does: while the rows read oldest first (by
     * time, ascending) and the last row is in sight, new calls scroll the table to the bottom.
     * Scrolling up stops that; scrolling back to the bottom resumes it.
     */
    private static void followNewCalls(TableView<TraceEntry> tv) {
        boolean[] following = {true};
        boolean[] adminMoved = {false};
        // Only the admin's own scrolling (wheel, scroll bar, keys) decides whether to follow; the
        // rows the table scrolls to itself do not.
        tv.addEventFilter(ScrollEvent.SCROLL, e -> adminMoved[0] = true);
        tv.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> adminMoved[0] = true);
        tv.addEventFilter(KeyEvent.KEY_RELEASED, e -> adminMoved[0] = true);
        ListChangeListener<TraceEntry> onRows = c -> {
            if (adminMoved[0] && tv.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
                // The flow still shows the rows as they were before this change: was the last in sight?
                IndexedCell<?> last = flow.getLastVisibleCell();
                following[0] = flow.getCellCount() == 0 || last != null && last.getIndex() >= flow.getCellCount() - 1;
                adminMoved[0] = false;
            }
            if (!following[0] || !readsOldestFirst(tv)) return;
            // After the table's own listeners have taken the change in: scrolling from inside it
            // would clamp to the row count the table knew before.
            javafx.application.Platform.runLater(() -> {
                if (tv.getItems().isEmpty()) return;
                tv.scrollTo(tv.getItems().size() - 1);
                // scrollTo puts the row at the top where it can; the end of the flow shows it whole.
                if (tv.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) flow.setPosition(1.0);
            });
        };
        tv.getItems().addListener(onRows);
        tv.itemsProperty().addListener((o, old, now) -> {
            if (old != null) old.removeListener(onRows);
            if (now != null) now.addListener(onRows);
        });
    }

    private static boolean readsOldestFirst(TableView<TraceEntry> tv) {
        List<TableColumn<TraceEntry, ?>> order = tv.getSortOrder();
        return order.isEmpty() || ("time".equals(order.get(0).getId()) && order.get(0).getSortType() == TableColumn.SortType.ASCENDING);
    }

    static List<DetailRow> details(TraceEntry e) {
        return List.of(
                DetailRow.of("Status", e.status() + (e.ok() ? "" : e.notServed()
                        ? " (not served on this endpoint: an optional service the plugin leaves out, not a failure)" : " (failed)")),
                DetailRow.of("Protocol", e.protocol().toUpperCase()),
                DetailRow.of("Endpoint", e.endpoint()),
                DetailRow.of("Started", TIME.format(e.start())),
                DetailRow.of("Duration", millis(e.duration())),
                DetailRow.of("Attempt", e.attempt()),
                DetailRow.block("Request", e.request().json()),
                DetailRow.block("Response", e.response().json()));
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
