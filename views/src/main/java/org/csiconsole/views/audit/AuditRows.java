package org.csiconsole.views.audit;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.theme.ConsoleStyles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** How an {@link AuditEntry} reads in the Audit view's columns, detail pane and text filter. */
final class AuditRows {

    private AuditRows() {
    }

    /**
     * {@code OK}, the failure's code ({@code NOT_FOUND (HTTP 404)}, or {@code FAILED} without one), {@code CANCELLED}, or
     * {@code OUTCOME UNKNOWN (TIMEOUT)} for a change whose answer was cut off, {@code NOT SENT (FOUND_GONE)} for a call the
     * console did not send.
     */
    static String outcome(AuditEntry e) {
        AuditRecord r = e.record();
        return switch (r.outcome()) {
            case OK -> "OK";
            case CANCELLED -> "CANCELLED";
            case UNKNOWN -> "OUTCOME UNKNOWN" + (r.code().isEmpty() ? "" : " (" + r.code() + ")");
            case FAILED -> r.code().isEmpty() ? "FAILED" : r.code();
            case NOT_SENT -> "NOT SENT" + (r.code().isEmpty() ? "" : " (" + r.code() + ")");
        };
    }

    /** The outcome cell's style class: ok, failed, or muted for a cancelled call or one not sent. */
    static String outcomeStyle(AuditEntry e) {
        AuditOutcome o = e.record().outcome();
        return o == AuditOutcome.OK ? ConsoleStyles.STATUS_OK
                : o == AuditOutcome.FAILED ? ConsoleStyles.STATUS_FAILED
                : o == AuditOutcome.UNKNOWN ? ConsoleStyles.CELL_WARNING : ConsoleStyles.CELL_MUTED;
    }

    /** The prefix of a source's ids among the targets ({@code source_volume_id}). */
    private static final String SOURCE = "source_";

    /**
     * Every target id with the name the log knows for it, in field order, a source's last and told as such:
     * {@code vol-7 (erp-clone), from vol-3 (erp-db)}; a created object's {@code name} stands beside its id, not apart.
     *
     * @param names id to name, as {@link #learnNames} keeps them
     */
    static String targets(AuditEntry e, Map<String, String> names) {
        Map<String, List<String>> t = e.record().targets();
        Map<String, String> own = e.record().names();
        String created = createdName(e.record());
        List<String> parts = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (Map.Entry<String, List<String>> f : t.entrySet()) {
            if (f.getKey().equals(AuditRecord.NAMES) || (f.getKey().equals("name") && created != null)) continue;
            for (String id : f.getValue()) {
                String name = own.getOrDefault(id, names.get(id));
                String named = name != null ? id + " (" + name + ")" : id;
                if (f.getKey().startsWith(SOURCE)) sources.add("from " + named);
                else parts.add(f.getKey().equals("name") ? "name " + id : named);
            }
        }
        parts.addAll(sources);
        return String.join(", ", parts);
    }

    /**
     * The name a successful create gave (its request's {@code name}), when the call is a create that names one
     * object; else null.
     */
    private static String createdName(AuditRecord r) {
        List<String> name = r.targets().getOrDefault("name", List.of());
        String method = r.call().substring(r.call().lastIndexOf('/') + 1);
        return r.outcome() == AuditOutcome.OK && name.size() == 1 && method.startsWith("Create") ? name.get(0) : null;
    }

    /**
     * Adds to {@code names} the id and name of each successful create in {@code entries} (CreateVolume's new
     * {@code volume_id}, CreateSnapshot's {@code snapshot_id}, ...): the names the log itself knows.
     */
    static void learnNames(List<AuditEntry> entries, Map<String, String> names) {
        for (AuditEntry e : entries) {
            names.putAll(e.record().names());
            String name = createdName(e.record());
            if (name == null) continue;
            List<String> ids = e.record().targets().entrySet().stream()
                    .filter(f -> !f.getKey().equals("name") && !f.getKey().startsWith(SOURCE) && f.getKey().endsWith("_id"))
                    .flatMap(f -> f.getValue().stream()).toList();
            if (ids.size() == 1) names.put(ids.get(0), name);
        }
    }

    /** Targets by field: {@code node_id=node-a; volume_id=pvc-1}; the names beside them last ({@code names=pvc-1=erp-db}). */
    static String targetsByField(AuditEntry e) {
        return e.record().targets().entrySet().stream()
                .map(t -> t.getKey() + "=" + String.join(",", t.getValue()))
                .collect(Collectors.joining("; "));
    }

    static String userAtHost(AuditEntry e) {
        return e.record().origin().osUser() + "@" + e.record().origin().host();
    }

    static String duration(long ms) {
        return ms + " ms";
    }

    /** What the table's text filter matches: call, connection, targets, outcome, user, message, correlation id. */
    static String searchText(AuditEntry e) {
        AuditRecord r = e.record();
        return r.call() + ' ' + r.origin().connection() + ' ' + targetsByField(e) + ' ' + outcome(e) + ' '
                + userAtHost(e) + ' ' + r.endpoint() + ' ' + r.message() + ' ' + r.correlationId() + ' ' + r.workflow();
    }

    /** The detail pane: outcome and message first, then where, who and what, and the redacted parameters. */
    static List<DetailRow> details(AuditEntry e, Map<String, String> names) {
        AuditRecord r = e.record();
        List<DetailRow> rows = new ArrayList<>();
        rows.add(DetailRow.of("Outcome", outcome(e)));
        if (!r.message().isEmpty()) rows.add(DetailRow.of("Message", r.message()));
        rows.add(DetailRow.time("Time", r.time()));
        rows.add(DetailRow.of("Duration", duration(r.durationMs())));
        rows.add(DetailRow.of("Attempts", r.attempts()));
        rows.add(DetailRow.of("Connection", r.origin().connection()));
        rows.add(DetailRow.of("Endpoint", r.endpoint()));
        rows.add(DetailRow.of("Call", r.call()));
        if (!r.workflow().isEmpty()) rows.add(DetailRow.of("Workflow", r.workflow()));
        if (!mark(e).isEmpty()) rows.add(DetailRow.of("Mark", mark(e)));
        for (Map.Entry<String, List<String>> t : r.targets().entrySet()) {
            if (!t.getKey().equals(AuditRecord.NAMES)) rows.add(DetailRow.id(t.getKey(), String.join(", ", t.getValue())));
        }
        Map<String, String> known = new java.util.LinkedHashMap<>(names);
        known.putAll(r.names());
        String named = r.targets().values().stream().flatMap(List::stream).distinct().filter(known::containsKey)
                .map(id -> id + " = " + known.get(id)).collect(Collectors.joining(", "));
        if (!named.isEmpty()) rows.add(DetailRow.of("Names", named));
        rows.add(DetailRow.of("User", r.origin().osUser()));
        rows.add(DetailRow.of("Host", r.origin().host()));
        rows.add(DetailRow.id("Correlation id", r.correlationId()));
        rows.add(DetailRow.of("Entry", "#" + e.seq()));
        rows.add(DetailRow.block("Parameters (secrets removed)", r.parameters()));
        return rows;
    }

    /** {@code "forced"}, {@code "override"}, {@code "forced, override"}, or empty; a workflow's step says so after it. */
    static String mark(org.csiconsole.core.audit.AuditEntry e) {
        var r = e.record();
        String mark = r.forced() && r.override() ? "forced, override" : r.forced() ? "forced" : r.override() ? "override" : "";
        String step = r.workflow().isEmpty() ? "" : r.workflow().substring(0, Math.max(0, r.workflow().indexOf(':'))).toLowerCase(java.util.Locale.ROOT);
        return step.isEmpty() ? mark : mark.isEmpty() ? step : mark + " (" + step + ")";
    }
}
