package org.csiconsole.app.audit;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditFailure;
import org.csiconsole.core.audit.AuditLog;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.audit.AuditVerification;
import org.csiconsole.core.store.SqliteAuditLog;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The console's one audit log ({@link SqliteAuditLog} in a data folder), opened on first use: a
 * command that only reads never creates the file. Built once by the composition root (GUI or command
 * line) and handed to every client it opens; {@link #close()} closes the file when it was opened.
 */
public final class LazyAuditLog implements AuditSink, AuditLog, AutoCloseable {
    private final Path dataDir;
    private SqliteAuditLog log;
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

    @Override
    public CompletableFuture<Void> append(AuditRecord record) {
        try {
            return log().append(record);
        } catch (AuditFailure f) {
            return CompletableFuture.failedFuture(f);
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
    public synchronized void close() {
        closed = true;
        if (log != null) log.close();
    }
}
