package org.csiconsole.core.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes audit entries as JSON Lines or CSV (RFC 4180, by jackson-dataformat-csv), in the fields
 * of the canonical form plus {@code hash}. In CSV the targets are one cell, {@code key=id;key=id}, and
 * {@code forced} and {@code override} are columns of their own after {@code hash}, true or false, then
 * {@code workflow}, empty for a call on its own.
 */
final class AuditExport {
    private static final CsvMapper CSV = new CsvMapper();

    private AuditExport() {
    }

    static long write(ResultSet rs, AuditExportFormat format, OutputStream out) throws SQLException, IOException {
        return format == AuditExportFormat.CSV ? csv(rs, out) : jsonLines(rs, out);
    }

    private static long jsonLines(ResultSet rs, OutputStream out) throws SQLException, IOException {
        long n = 0;
        try (SequenceWriter w = AuditCanonical.JSON.writer().withRootValueSeparator("\n")
                .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValues(out)) {
            while (rs.next()) {
                w.write(row(SqliteAuditLog.entry(rs)));
                n++;
            }
        }
        if (n > 0) out.write('\n');
        out.flush();
        return n;
    }

    private static long csv(ResultSet rs, OutputStream out) throws SQLException, IOException {
        CsvSchema.Builder b = CsvSchema.builder().setUseHeader(true);
        List<String> names = new ArrayList<>(AuditCanonical.fields(0, sample()).keySet());
        names.add("hash");
        names.add("forced");
        names.add("override");
        names.add("workflow");
        names.forEach(b::addColumn);
        long n = 0;
        try (SequenceWriter w = CSV.writer(b.build()).without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValues(out)) {
            while (rs.next()) {
                Map<String, Object> row = row(SqliteAuditLog.entry(rs));
                @SuppressWarnings("unchecked")
                Map<String, List<String>> targets = (Map<String, List<String>>) row.get("targets");
                row.putIfAbsent("forced", false);
                row.putIfAbsent("override", false);
                row.putIfAbsent("workflow", "");
                row.put("targets", targets.entrySet().stream()
                        .flatMap(e -> e.getValue().stream().map(v -> e.getKey() + "=" + v))
                        .collect(Collectors.joining(";")));
                w.write(row);
                n++;
            }
        }
        out.flush();
        return n;
    }

    private static Map<String, Object> row(AuditEntry e) {
        Map<String, Object> m = AuditCanonical.fields(e.seq(), e.record());
        m.put("hash", e.hash());
        return m;
    }

    private static org.csiconsole.core.audit.AuditRecord sample() {
        return new org.csiconsole.core.audit.AuditRecord(java.time.Instant.EPOCH, new org.csiconsole.core.audit.AuditOrigin("", "", ""),
                "", "", "", Map.of(), "", org.csiconsole.core.audit.AuditOutcome.OK, "", "", 0, "", 0);
    }
}
