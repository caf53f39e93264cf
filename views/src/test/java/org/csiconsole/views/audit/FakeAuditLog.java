package org.csiconsole.views.audit;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditLog;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditVerification;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** An audit log in memory that filters as the SQLite one does and records what it was asked. */
public final class FakeAuditLog implements AuditLog {
    public final List<AuditEntry> entries = new CopyOnWriteArrayList<>();
    public final List<AuditQuery> finds = new CopyOnWriteArrayList<>();
    public final List<AuditQuery> exports = new CopyOnWriteArrayList<>();
    public final List<AuditExportFormat> exportFormats = new CopyOnWriteArrayList<>();
    public volatile AuditVerification verification;
    public volatile RuntimeException failure;

    /** Appends an entry at {@code time} of {@code connection} naming {@code volumeId}, with {@code parameters}. */
    public AuditEntry add(Instant time, String connection, String call, String volumeId, AuditOutcome outcome, String parameters) {
        long seq = entries.size() + 1;
        AuditRecord r = new AuditRecord(time, new AuditOrigin("ann", "admin-host", connection), "unix:///run/csi/csi.sock", "grpc",
                call, volumeId == null ? Map.of() : Map.of("volume_id", List.of(volumeId)), parameters, outcome,
                outcome == AuditOutcome.FAILED ? "NOT_FOUND" : "", outcome == AuditOutcome.FAILED ? "The volume does not exist." : "",
                7, "corr-" + seq, outcome == AuditOutcome.CANCELLED ? 0 : 1);
        AuditEntry e = new AuditEntry(seq, r, "%064d".formatted(seq));
        entries.add(e);
        return e;
    }

    /** Appends {@code r} as the next entry (a record marked forced or override, say). */
    public AuditEntry add(AuditRecord r) {
        AuditEntry e = new AuditEntry(entries.size() + 1, r, "%064d".formatted(entries.size() + 1));
        entries.add(e);
        return e;
    }

    private List<AuditEntry> matching(AuditQuery q) {
        if (failure != null) throw failure;
        List<AuditEntry> out = new ArrayList<>();
        for (AuditEntry e : entries) {
            AuditRecord r = e.record();
            if (q.since() != null && r.time().isBefore(q.since())) continue;
            if (q.until() != null && !r.time().isBefore(q.until())) continue;
            if (q.connection() != null && !q.connection().equals(r.origin().connection())) continue;
            if (q.targetId() != null && !r.names(q.targetId())) continue;
            if (q.outcome() != null && q.outcome() != r.outcome()) continue;
            if (q.marked() && !r.marked()) continue;
            out.add(e);
        }
        out.sort(Comparator.comparingLong(AuditEntry::seq).reversed());
        return out;
    }

    @Override
    public String location() {
        return "/home/ann/.local/share/csi-console/audit.db";
    }

    @Override
    public List<AuditEntry> find(AuditQuery query) {
        finds.add(query);
        List<AuditEntry> all = matching(query);
        int from = Math.min(query.offset(), all.size());
        int to = (int) Math.min((long) from + query.limit(), all.size());
        return List.copyOf(all.subList(from, to));
    }

    @Override
    public long count(AuditQuery query) {
        return matching(query).size();
    }

    @Override
    public AuditVerification verify() {
        if (failure != null) throw failure;
        return verification != null ? verification : AuditVerification.intact(entries.size());
    }

    @Override
    public long export(AuditQuery query, AuditExportFormat format, OutputStream out) {
        exports.add(query);
        exportFormats.add(format);
        List<AuditEntry> rows = new ArrayList<>(matching(query));
        java.util.Collections.reverse(rows);
        try {
            for (AuditEntry e : rows) out.write((e.record().call() + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows.size();
    }
}
