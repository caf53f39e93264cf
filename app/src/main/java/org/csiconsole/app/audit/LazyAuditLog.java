package org.csiconsole.app.audit;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditFailure;
import org.csiconsole.core.audit.AuditLog;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.audit.AuditVerification;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.RecordFeed;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.record.RecordedPlacement;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.store.SqliteAuditLog;
import org.csiconsole.core.store.SqliteConsoleRecords;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The console's one audit log ({@link SqliteAuditLog} in a data folder), opened on first use: a
 * command that only reads never creates the file. Built once by the composition root (GUI or command
 * line) and handed to every client it opens; {@link #close()} closes the file when it was opened.
 *
 * <p>It is also the console's own record ({@link ConsoleRecords}, {@link SqliteConsoleRecords} in the same
 * folder, opened on first use): each record appended is applied to it ({@link RecordFeed}) once it is
 * durable and before the call's result is shown, so the GUI and the command line keep one record of what
 * the console did. A record that cannot be written is logged as a warning; the audit entry stands.
 */
public final class LazyAuditLog implements AuditSink, AuditLog, ConsoleRecords, AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(LazyAuditLog.class);

    private final Path dataDir;
    private SqliteAuditLog log;
    private SqliteConsoleRecords records;
    private boolean closed;

    /** @param dataDir the folder of {@value SqliteAuditLog#FILE_NAME} (see {@link org.csiconsole.core.store.DataDirectory}) */
    public LazyAuditLog(Path dataDir) {
        this.dataDir = dataDir;
    }

    /** The folder the log lives in. */
    public Path dataDir() {
        return dataDir;
    }

    /** The open log, opening it on first use; throws {@link AuditFailure} when it cannot be opened or was closed. */
    private synchronized SqliteAuditLog log() {
        if (closed) {
            throw new AuditFailure("Use the audit log " + location(), "the log is closed", "Restart the console", null);
        }
        if (log == null) log = SqliteAuditLog.open(dataDir);
        return log;
    }

    /** The open record, opening it on first use; throws {@link org.csiconsole.core.call.CallFailure} when it cannot be opened. */
    private synchronized SqliteConsoleRecords records() {
        // Still open while the log drains its last appends on close (they feed it); never opened after close.
        if (records != null) return records;
        if (closed) {
            throw new AuditFailure("Use the console's record " + dataDir.resolve(SqliteConsoleRecords.FILE_NAME), "it is closed",
                    "Restart the console", null);
        }
        boolean fresh = !Files.exists(dataDir.resolve(SqliteConsoleRecords.FILE_NAME));
        records = SqliteConsoleRecords.open(dataDir);
        if (fresh && Files.exists(dataDir.resolve(SqliteAuditLog.FILE_NAME))) replayAudit();
        return records;
    }

    /**
     * The record of the connection at {@code endpoint}. Reading it creates no file in an empty data folder (a command
     * that only reads leaves it as it was): until the record or the audit log exists, reads find nothing; a change or
     * a subscription opens it.
     */
    @Override
    public ConsoleBook book(String endpoint) {
        return new LazyBook(endpoint);
    }

    private synchronized ConsoleBook open(String endpoint, boolean write) {
        if (write || records != null || Files.exists(dataDir.resolve(SqliteConsoleRecords.FILE_NAME))
                || Files.exists(dataDir.resolve(SqliteAuditLog.FILE_NAME))) {
            return records().book(endpoint);
        }
        return ConsoleBook.inMemory(endpoint);
    }

    /** A book opened on first use ({@link #book}). */
    private final class LazyBook implements ConsoleBook {
        private final String endpoint;

        LazyBook(String endpoint) {
            this.endpoint = endpoint;
        }

        @Override
        public String connection() {
            return endpoint;
        }

        @Override
        public List<RecordedItem> items(RecordKind kind) {
            return open(endpoint, false).items(kind);
        }

        @Override
        public Optional<RecordedItem> find(RecordKind kind, String id) {
            return open(endpoint, false).find(kind, id);
        }

        @Override
        public void record(RecordedItem item) {
            open(endpoint, true).record(item);
        }

        @Override
        public void forget(RecordKind kind, String id) {
            open(endpoint, true).forget(kind, id);
        }

        @Override
        public void checked(RecordKind kind, String id, boolean gone, Instant at) {
            open(endpoint, true).checked(kind, id, gone, at);
        }

        @Override
        public void resized(String volumeId, long bytes) {
            open(endpoint, true).resized(volumeId, bytes);
        }

        @Override
        public List<RecordedPlacement> placements(String volumeId) {
            return open(endpoint, false).placements(volumeId);
        }

        @Override
        public void placed(RecordedPlacement placement) {
            open(endpoint, true).placed(placement);
        }

        @Override
        public void unplaced(String volumeId, Placement.Kind step, String where) {
            open(endpoint, true).unplaced(volumeId, step, where);
        }

        @Override
        public AutoCloseable subscribe(Runnable onChange) {
            return open(endpoint, true).subscribe(onChange);
        }
    }

    @Override
    public CompletableFuture<Void> append(AuditRecord record) {
        try {
            return log().append(record).thenRun(() -> feed(record));
        } catch (AuditFailure f) {
            return CompletableFuture.failedFuture(f);
        }
    }

    /**
     * A record made beside an audit log that is older than it (a console from before the record existed) first
     * takes the log's successful calls, oldest first, so what the console did then is not forgotten.
     */
    private void replayAudit() {
        List<AuditEntry> all = new java.util.ArrayList<>(log().find(new AuditQuery(null, null, null, null,
                org.csiconsole.core.audit.AuditOutcome.OK, 0, AuditQuery.ALL)));
        java.util.Collections.reverse(all);
        for (AuditEntry e : all) feed(e.record());
    }

    private void feed(AuditRecord record) {
        try {
            RecordFeed.apply(record, this);
        } catch (RuntimeException e) {
            LOG.warn("The console's record did not take {} on {}: {}", record.call(), record.endpoint(), e.getMessage());
        }
    }

    @Override
    public String location() {
        return dataDir.resolve(SqliteAuditLog.FILE_NAME).toString();
    }

    @Override
    public List<AuditEntry> find(AuditQuery query) {
        return log().find(query);
    }

    @Override
    public long count(AuditQuery query) {
        return log().count(query);
    }

    @Override
    public AuditVerification verify() {
        return log().verify();
    }

    @Override
    public long export(AuditQuery query, AuditExportFormat format, OutputStream out) {
        return log().export(query, format, out);
    }

    @Override
    public void close() {
        SqliteAuditLog openLog;
        SqliteConsoleRecords openRecords;
        synchronized (this) {
            closed = true;
            openLog = log;
            openRecords = records;
        }
        // Outside the lock: closing the log waits for its writer, whose last appends feed the record through it.
        if (openLog != null) openLog.close();
        if (openRecords != null) openRecords.close();
    }
}
