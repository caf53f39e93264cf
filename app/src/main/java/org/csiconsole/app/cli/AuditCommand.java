package org.csiconsole.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditLog;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditVerification;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.json.StableJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code csi-console audit}: prints the audit log of every change the console made (GUI and command
 * line), newest first, filtered by time, connection, target id, outcome and mark ({@code --forced}: forced
 * operations and overrides); each entry says {@code forced} and {@code override}; exports it as JSON lines
 * or CSV; and with {@code --verify} checks its hash chain, exiting {@link ExitCodes#AUDIT_BROKEN}
 * and naming the first entry changed or removed when it is broken.
 */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = {"Show the audit log of every change the console made (newest first), export it, or verify it.",
                "The log lives in $CSI_CONSOLE_DATA_DIR, else $XDG_DATA_HOME/csi-console, else ~/.local/share/csi-console (audit.db)."})
public final class AuditCommand implements Callable<Integer> {
    private static final class AuditJson {
        /** Built on first use: the commands that print no JSON load no Jackson. */
        static final ObjectMapper MAPPER = StableJson.INDENTED;
    }
    private static final Pattern AGO = Pattern.compile("(\\d+)([smhd])");

    private final LazyAuditLog defaultLog;

    @Spec
    CommandSpec spec;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "Folder of audit.db instead of the default one.")
    Path dataDir;

    @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "table", description = "table or json (default ${DEFAULT-VALUE}).")
    OutputFormat output;

    @Option(names = "--since", paramLabel = "TIME",
            description = "Entries at or after TIME: an instant (2026-03-01T10:00:00Z), a date (2026-03-01, UTC) or an age (30m, 12h, 7d).")
    String since;

    @Option(names = "--until", paramLabel = "TIME", description = "Entries before TIME (same forms as --since).")
    String until;

    @Option(names = "--connection", paramLabel = "NAME", description = "Entries of this connection, by its name (the workbench's) "
            + "or its endpoint (recorded by the workbench and the command line alike), e.g. unix:///run/csi.sock.")
    String connection;

    @Option(names = {"--volume-id", "--target-id"}, paramLabel = "ID",
            description = "Entries naming this id: volume_id, snapshot_id, node_id, group id, CIDR, name.")
    String targetId;

    @Option(names = "--outcome", paramLabel = "OUTCOME", description = "ok, failed, cancelled, unknown or not_sent (a call the console did not send: its target was found gone).")
    AuditOutcome outcome;

    @Option(names = "--forced", description = "Only forced operations (calls sent with force=true; a workflow's other steps name "
            + "their workflow but are not forced) and overrides (a call the console refused, sent anyway).")
    boolean forced;

    @Option(names = "--limit", paramLabel = "N", description = "At most N entries (default 50 printed; every matching entry exported).")
    Integer limit;

    @Option(names = "--export-jsonl", paramLabel = "FILE", description = "Write the matching entries, oldest first, as JSON lines to FILE.")
    Path exportJsonl;

    @Option(names = "--export-csv", paramLabel = "FILE", description = "Write the matching entries, oldest first, as CSV to FILE.")
    Path exportCsv;

    @Option(names = "--verify", description = "Check the hash chain; exit 6 and name the first entry changed or removed when it is broken.")
    boolean verify;

    /** @param defaultLog the console's audit log, read unless {@code --data-dir} names another folder */
    public AuditCommand(LazyAuditLog defaultLog) {
        this.defaultLog = Objects.requireNonNull(defaultLog, "defaultLog");
    }

    @Override
    public Integer call() {
        if (limit != null && limit < 1) throw usage("--limit must be 1 or more, got " + limit);
        AuditQuery query = new AuditQuery(time("--since", since), time("--until", until), connection, targetId, outcome, 0,
                limit != null ? limit : 50, forced);
        if (dataDir == null) return run(defaultLog, query);
        try (LazyAuditLog other = new LazyAuditLog(dataDir)) {
            return run(other, query);
        }
    }

    private int run(AuditLog log, AuditQuery query) {
        PrintWriter out = spec.commandLine().getOut();
        if (verify) return verify(log, out);
        if (exportJsonl != null || exportCsv != null) {
            AuditQuery all = limit == null ? query.page(0, AuditQuery.ALL) : query;
            if (exportJsonl != null) export(log, all, AuditExportFormat.JSON_LINES, exportJsonl, out);
            if (exportCsv != null) export(log, all, AuditExportFormat.CSV, exportCsv, out);
            return ExitCodes.OK;
        }
        List<AuditEntry> entries = log.find(query);
        long total = log.count(query);
        if (output == OutputFormat.json) {
            json(out, entries.stream().map(AuditCommand::jsonOf).toList());
        } else {
            Table t = new Table("SEQ", "TIME", "USER", "CONNECTION", "CALL", "MARK", "TARGETS", "OUTCOME", "MS");
            for (AuditEntry e : entries) {
                AuditRecord r = e.record();
                t.row(e.seq(), r.time(), r.origin().osUser() + "@" + r.origin().host(), r.connectionWords(),
                        shortCall(r), mark(r), targets(r), r.outcome() == AuditOutcome.OK ? "OK" : r.outcome() + " " + r.code(), r.durationMs());
            }
            t.print(out);
            for (AuditEntry e : entries) {
                if (!e.record().workflow().isEmpty()) out.println("  #" + e.seq() + " is a step of " + e.record().workflow());
            }
            out.println(entries.size() + " of " + total + " matching entries in " + log.location());
            out.flush();
        }
        return ExitCodes.OK;
    }

    private static int verify(AuditLog log, PrintWriter out) {
        AuditVerification v = log.verify();
        if (v.intact()) {
            out.println("Audit log " + log.location() + ": " + v.entries() + " entries, none changed or removed.");
            out.flush();
            return ExitCodes.OK;
        }
        out.println("Audit log " + log.location() + " is broken: " + v.problem() + ".");
        out.println("  What to do: keep a copy of the file as evidence; entries from " + v.firstBad().getAsLong()
                + " on cannot be trusted. Compare them with an export taken earlier.");
        out.flush();
        return ExitCodes.AUDIT_BROKEN;
    }

    private static void export(AuditLog log, AuditQuery query, AuditExportFormat format, Path file, PrintWriter out) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            long n;
            try (OutputStream os = Files.newOutputStream(file)) {
                n = log.export(query, format, os);
            }
            out.println("Wrote " + n + " entries to " + file);
            out.flush();
        } catch (IOException e) {
            throw CallFailure.refused("Export the audit log to " + file,
                    "the file cannot be written (" + e.getClass().getSimpleName() + ")", "Check the path, its folder and permissions");
        }
    }

    /** {@code CreateVolume} for an RPC, the method and path for a REST call. */
    private static String shortCall(AuditRecord r) {
        return "grpc".equals(r.protocol()) ? r.call().substring(r.call().lastIndexOf('/') + 1) : r.call();
    }

    /** {@code FORCED}, {@code OVERRIDE}, both, or empty. */
    private static String mark(AuditRecord r) {
        return String.join(",", java.util.stream.Stream.of(r.forced() ? "FORCED" : "", r.override() ? "OVERRIDE" : "")
                .filter(x -> !x.isEmpty()).toList());
    }

    /** {@code volume_id=vol-1 (erp-db) node_id=node-1}: each id with the name the record carries beside it. */
    private static String targets(AuditRecord r) {
        Map<String, String> names = r.names();
        return r.targets().entrySet().stream().filter(e -> !e.getKey().endsWith("_path") && !e.getKey().equals(AuditRecord.NAMES))
                .flatMap(e -> e.getValue().stream().map(v -> e.getKey() + "=" + (names.containsKey(v) ? v + " (" + names.get(v) + ")" : v)))
                .collect(Collectors.joining(" "));
    }

    private static Map<String, Object> jsonOf(AuditEntry e) {
        Map<String, Object> m = e.record().fields(e.seq());
        m.put("forced", e.record().forced());
        m.put("override", e.record().override());
        m.put("workflow", e.record().workflow());
        m.put("hash", e.hash());
        return m;
    }

    private static void json(PrintWriter out, Object value) {
        try {
            out.println(AuditJson.MAPPER.writeValueAsString(value));
            out.flush();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads an instant, a UTC date or an age before now; null stays null. */
    static Instant time(String option, String text) {
        if (text == null || text.isBlank()) return null;
        Matcher m = AGO.matcher(text.trim());
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            Duration d = switch (m.group(2)) {
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
            return Instant.now().minus(d);
        }
        try {
            return Instant.parse(text.trim());
        } catch (DateTimeParseException notInstant) {
            try {
                return LocalDate.parse(text.trim()).atStartOfDay(ZoneOffset.UTC).toInstant();
            } catch (DateTimeParseException notDate) {
                throw usage(option + " '" + text + "' is not a time: give an instant (2026-03-01T10:00:00Z), a date (2026-03-01) or an age (30m, 12h, 7d)");
            }
        }
    }

    private static CallFailure usage(String why) {
        return CallFailure.refused("csi-console audit", why, "See csi-console audit --help");
    }
}
