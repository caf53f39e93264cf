package org.csiconsole.views.trace;

import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.call.TracePayload;
import org.csiconsole.views.table.DetailRow;

import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * The detail pane of a call: status and why it failed, the task, the ids it names, when and how
 * long, the request and response as JSON, and the commands that repeat it (or why there are none).
 * The JSON and the commands are built here, for the one call shown.
 */
final class TraceDetails {
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private TraceDetails() {
    }

    static List<DetailRow> rows(TraceEntry e, BiFunction<CopyTool, TraceEntry, TraceCommand> commands) {
        List<DetailRow> rows = new ArrayList<>();
        rows.add(DetailRow.of("Status", status(e)));
        if (!e.message().isEmpty()) rows.add(DetailRow.of("Message", e.message()));
        rows.add(DetailRow.of("Task", e.origin().isTask() ? e.origin().title() : "none (the console's own call)"));
        rows.add(DetailRow.id("Method", e.method()));
        if (!e.targets().isEmpty()) rows.add(DetailRow.of("Names", e.targetsText()));
        rows.add(DetailRow.id("Endpoint", e.endpoint()));
        rows.add(DetailRow.time("Started", e.start()));
        rows.add(DetailRow.of("Duration", millis(e.duration())));
        rows.add(DetailRow.of("Attempt", e.attempt() == 1 ? "1" : e.attempt() + " (retry " + (e.attempt() - 1) + ")"));
        if (!e.headers().isEmpty()) {
            StringBuilder h = new StringBuilder();
            e.headers().forEach((k, v) -> h.append(h.length() == 0 ? "" : "\n").append(k).append(": ").append(v));
            rows.add(DetailRow.block("Headers", h.toString()));
        }
        payload(rows, "Request", e.request());
        payload(rows, "Response", e.response());
        List<CopyTool> tools = TraceEntry.GRPC.equals(e.protocol()) ? List.of(CopyTool.GRPCURL, CopyTool.CSC) : List.of(CopyTool.CURL);
        String lastReason = null;
        for (CopyTool tool : tools) {
            TraceCommand c = commands.apply(tool, e);
            if (c.available()) {
                rows.add(DetailRow.block("As " + tool.label(), c.text()));
            } else if (c.reason().equals(lastReason)) {
                // The same reason for every tool (an in-process plugin): said once.
                DetailRow last = rows.remove(rows.size() - 1);
                rows.add(DetailRow.of(last.label() + ", " + tool.label(), last.value()));
            } else {
                rows.add(DetailRow.of("As " + tool.label(), "not available: " + c.reason()));
                lastReason = c.reason();
            }
        }
        return rows;
    }

    private static void payload(List<DetailRow> rows, String label, TracePayload p) {
        String json = p.json();
        if (json.isEmpty()) rows.add(DetailRow.of(label, p.note().isEmpty() ? "(none)" : "(none: " + p.note() + ")"));
        else rows.add(DetailRow.block(label, p.note().isEmpty() ? json : json + "\n\u2026 " + p.note()));
    }

    static String status(TraceEntry e) {
        if (e.ok()) return e.status();
        if (e.notServed()) return e.status() + " (not served on this endpoint: an optional service the plugin leaves out, not a failure)";
        return e.status() + " (failed)";
    }

    static String millis(Duration d) {
        if (d == null) return "";
        long micros = d.toNanos() / 1_000;
        return micros < 10_000 ? String.format(Locale.ROOT, "%.1f ms", micros / 1000.0) : (micros / 1000) + " ms";
    }
}
