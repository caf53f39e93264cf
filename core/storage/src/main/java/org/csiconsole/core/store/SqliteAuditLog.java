package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditFailure;
import org.csiconsole.core.audit.AuditLog;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.audit.AuditVerification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The audit log in one SQLite file ({@value #FILE_NAME} in the {@link DataDirectory}), both the
 * {@link AuditSink} the call policy appends to and the {@link AuditLog} views and the command line read.
 *
 * <p><b>Durability.</b> WAL journal with {@code synchronous=FULL}: a commit returns only after the
 * WAL is synced to disk, so an acknowledged entry survives a {@code kill -9} of the console and a
 * power loss. ({@code NORMAL} would survive the process being killed, since a committed
 * transaction is in the WAL in the page cache, but not a power loss or kernel crash, and the
 * issue asks for an acknowledged change to be on disk.) The cost of the sync is shared: one writer
 * thread takes every entry waiting when it starts a transaction and commits them together, so 8
 * threads appending at once pay about one sync each (see the audit benchmark).
 *
 * <p>The WAL is copied into the database file (a checkpoint, which syncs the file) by a thread of
 * its own every {@value #CHECKPOINT_EVERY} entries, not by SQLite's automatic checkpoint on the
 * writer's commit, so that an append never waits for it.
 *
 * <p><b>One writer.</b> Appends go through a queue to the single thread {@code audit-writer}; each
 * batch is a {@code BEGIN IMMEDIATE} transaction that reads the chain's head inside it, so two
 * consoles writing the same file (the GUI and a command) still build one unbroken chain. Reads use
 * a connection of their own and never wait for the writer (WAL).
 *
 * <p><b>Hash chain.</b> Each row stores SHA-256 over the previous row's hash and its own canonical
 * form ({@link AuditCanonical}); a one-row table {@code audit_head} holds the last sequence number
 * and hash, so removing the newest rows is caught too. {@link #verify()} names the first entry
 * changed or removed. The chain shows an edit made with a SQLite tool; it cannot stop someone who
 * rewrites every following hash, which only a copy kept elsewhere can.
 */
public final class SqliteAuditLog implements AuditSink, AuditLog, AutoCloseable {
    /** The file's name in the data folder. */
    public static final String FILE_NAME = "audit.db";

    private static final Logger LOG = LoggerFactory.getLogger(SqliteAuditLog.class);
    private static final int BATCH = 512;
    /** Entries written between two checkpoints of the WAL into the database file. */
    private static final int CHECKPOINT_EVERY = 1_000;
    private static final String COLUMNS = "seq, time_ms, os_user, host, connection, endpoint, protocol, call, targets, "
            + "parameters, outcome, code, message, duration_ms, correlation_id, attempts, hash, forced, override, workflow";

    private final Path file;
    private final Connection writeConn;
    private final Connection readConn;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final java.util.concurrent.ExecutorService checkpointer = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "audit-checkpoint");
        t.setDaemon(true);
        return t;
    });
    private final java.util.concurrent.atomic.AtomicBoolean checkpointQueued = new java.util.concurrent.atomic.AtomicBoolean();
    private int sinceCheckpoint;
    private volatile boolean closed;

    private record Pending(AuditRecord record, CompletableFuture<Void> done) {
    }

    /** When a commit reaches the disk. */
    public enum Sync {
        /** {@code synchronous=FULL}: every commit syncs the WAL; an acknowledged entry survives a process kill and a power loss. The default. */
        FULL,
        /**
         * {@code synchronous=NORMAL}: commits are not synced (the WAL is synced at checkpoints); an
         * acknowledged entry survives a process kill ({@code kill -9}) but not a power loss or kernel crash.
         */
        NORMAL
    }

    private final Sync sync;

    private SqliteAuditLog(Path file, Sync sync) throws SQLException {
        this.file = file;
        this.sync = sync;
        this.writeConn = connect(file, true);
        try {
            createSchema(writeConn);
            try (Statement s = writeConn.createStatement()) {
                s.execute("PRAGMA wal_autocheckpoint=0");
            }
            this.readConn = connect(file, false);
        } catch (SQLException e) {
            writeConn.close();
            throw e;
        }
        this.writer = new Thread(this::writeLoop, "audit-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Opens (and creates when missing) {@value #FILE_NAME} in {@code dataDir}, creating the folder.
     *
     * @throws AuditFailure when the folder or the file cannot be created or opened, or is not an audit log
     */
    public static SqliteAuditLog open(Path dataDir) {
        return open(dataDir, Sync.FULL);
    }

    /**
     * As {@link #open(Path)} with the given durability of a commit (the console uses {@link Sync#FULL}).
     *
     * @throws AuditFailure when the folder or the file cannot be created or opened, or is not an audit log
     */
    public static SqliteAuditLog open(Path dataDir, Sync sync) {
        Path f = dataDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(dataDir);
            return new SqliteAuditLog(f, sync);
        } catch (IOException | SQLException e) {
            throw new AuditFailure("Open the audit log " + f, "it cannot be created or opened (" + e.getMessage() + ")",
                    "Check that the folder exists and is writable, or choose another folder with " + DataDirectory.OVERRIDE_ENV, e);
        }
    }

    /** A connection in WAL mode with this log's sync; {@code writer} makes its transactions IMMEDIATE (take the write lock at BEGIN). */
    private Connection connect(Path file, boolean writer) throws SQLException {
        Properties p = new Properties();
        p.setProperty("journal_mode", "WAL");
        p.setProperty("synchronous", sync.name());
        p.setProperty("busy_timeout", "10000");
        p.setProperty("transaction_mode", writer ? "IMMEDIATE" : "DEFERRED");
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file, p);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA synchronous=" + sync.name());
            s.execute("PRAGMA busy_timeout=10000");
        }
        return c;
    }

    private static void createSchema(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS audit_entry (seq INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL, "
                    + "os_user TEXT NOT NULL, host TEXT NOT NULL, connection TEXT NOT NULL, endpoint TEXT NOT NULL, "
                    + "protocol TEXT NOT NULL, call TEXT NOT NULL, targets TEXT NOT NULL, parameters TEXT NOT NULL, "
                    + "outcome TEXT NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL, duration_ms INTEGER NOT NULL, "
                    + "correlation_id TEXT NOT NULL, attempts INTEGER NOT NULL, hash TEXT NOT NULL)");
            // forced, override and workflow came later: a log written before has none of these columns, and its entries are none
            Set<String> columns = new HashSet<>();
            try (ResultSet rs = s.executeQuery("PRAGMA table_info(audit_entry)")) {
                while (rs.next()) columns.add(rs.getString("name"));
            }
            for (String mark : List.of("forced", "override")) {
                if (!columns.contains(mark)) s.execute("ALTER TABLE audit_entry ADD COLUMN " + mark + " INTEGER NOT NULL DEFAULT 0");
            }
            if (!columns.contains("workflow")) s.execute("ALTER TABLE audit_entry ADD COLUMN workflow TEXT NOT NULL DEFAULT ''");
            s.execute("CREATE INDEX IF NOT EXISTS audit_entry_time ON audit_entry(time_ms)");
            s.execute("CREATE INDEX IF NOT EXISTS audit_entry_connection ON audit_entry(connection, seq)");
            s.execute("CREATE TABLE IF NOT EXISTS audit_target (seq INTEGER NOT NULL, value TEXT NOT NULL)");
            s.execute("CREATE INDEX IF NOT EXISTS audit_target_value ON audit_target(value, seq)");
            s.execute("CREATE TABLE IF NOT EXISTS audit_head (id INTEGER PRIMARY KEY CHECK (id = 1), "
                    + "last_seq INTEGER NOT NULL, last_hash TEXT NOT NULL)");
            s.execute("INSERT OR IGNORE INTO audit_head (id, last_seq, last_hash) VALUES (1, 0, '" + AuditCanonical.GENESIS + "')");
        }
    }

    @Override
    public String location() {
        return file.toString();
    }

    // ---- append -------------------------------------------------------------------------------

    /**
     * Queues {@code record} for the writer thread.
     *
     * @return completes on the writer thread once the record's transaction is committed and synced;
     *     fails with {@link AuditFailure} when it could not be written or the log is closed
     */
    @Override
    public CompletableFuture<Void> append(AuditRecord record) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (closed) {
            done.completeExceptionally(new AuditFailure("Write the audit log " + file, "the log is closed", "Restart the console", null));
            return done;
        }
        queue.add(new Pending(record, done));
        return done;
    }

    private void writeLoop() {
        List<Pending> batch = new ArrayList<>(BATCH);
        while (true) {
            try {
                Pending first = queue.take();
                if (first.record == null) {
                    failRest("the log is closed");
                    return;
                }
                batch.add(first);
                queue.drainTo(batch, BATCH - 1);
                boolean stop = batch.removeIf(p -> p.record == null);
                write(batch);
                batch.clear();
                if (stop) {
                    failRest("the log is closed");
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failRest("the console is shutting down");
                return;
            }
        }
    }

    private void failRest(String why) {
        List<Pending> rest = new ArrayList<>();
        queue.drainTo(rest);
        for (Pending p : rest) {
            if (p.record != null) p.done.completeExceptionally(new AuditFailure("Write the audit log " + file, why, "Restart the console", null));
        }
    }

    private void write(List<Pending> batch) {
        try {
            writeConn.setAutoCommit(false);
            try {
                long seq;
                String hash;
                try (Statement s = writeConn.createStatement();
                     ResultSet rs = s.executeQuery("SELECT last_seq, last_hash FROM audit_head WHERE id = 1")) {
                    rs.next();
                    seq = rs.getLong(1);
                    hash = rs.getString(2);
                }
                try (PreparedStatement ins = writeConn.prepareStatement("INSERT INTO audit_entry (" + COLUMNS
                        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                    for (Pending p : batch) {
                        seq++;
                        hash = AuditCanonical.hash(hash, seq, p.record);
                        bind(ins, seq, p.record, hash);
                        ins.addBatch();
                    }
                    ins.executeBatch();
                }
                try (PreparedStatement idx = writeConn.prepareStatement("INSERT INTO audit_target (seq, value) VALUES (?, ?)")) {
                    long n = seq - batch.size();
                    for (Pending p : batch) {
                        n++;
                        for (String v : p.record.targets().values().stream().flatMap(List::stream).distinct().toList()) {
                            idx.setLong(1, n);
                            idx.setString(2, v);
                            idx.addBatch();
                        }
                    }
                    idx.executeBatch();
                }
                try (PreparedStatement head = writeConn.prepareStatement("UPDATE audit_head SET last_seq = ?, last_hash = ? WHERE id = 1")) {
                    head.setLong(1, seq);
                    head.setString(2, hash);
                    head.executeUpdate();
                }
                writeConn.commit();
            } catch (SQLException | RuntimeException e) {
                rollback();
                throw e;
            } finally {
                writeConn.setAutoCommit(true);
            }
        } catch (SQLException | RuntimeException e) {
            LOG.error("Could not write {} audit entries to {}: {}", batch.size(), file, e.toString());
            AuditFailure f = new AuditFailure("Write the audit log " + file, "SQLite refused the write (" + e.getMessage() + ")",
                    "Free disk space or fix the file's permissions", e);
            for (Pending p : batch) p.done.completeExceptionally(f);
            return;
        }
        for (Pending p : batch) p.done.complete(null);
        sinceCheckpoint += batch.size();
        if (sinceCheckpoint >= CHECKPOINT_EVERY && checkpointQueued.compareAndSet(false, true)) {
            sinceCheckpoint = 0;
            checkpointer.execute(this::checkpoint);
        }
    }

    /** Copies the WAL into the database file without blocking the writer (PASSIVE); on the checkpoint thread. */
    private void checkpoint() {
        checkpointQueued.set(false);
        try (Connection c = connect(file, false); Statement s = c.createStatement()) {
            s.execute("PRAGMA wal_checkpoint(PASSIVE)");
        } catch (SQLException e) {
            LOG.warn("Checkpoint of the audit log {} failed (the entries are safe in its WAL): {}", file, e.toString());
        }
    }

    private void rollback() {
        try {
            writeConn.rollback();
        } catch (SQLException e) {
            LOG.warn("Rollback of the audit log failed: {}", e.toString());
        }
    }

    private static void bind(PreparedStatement ins, long seq, AuditRecord r, String hash) throws SQLException {
        ins.setLong(1, seq);
        ins.setLong(2, r.time().toEpochMilli());
        ins.setString(3, r.origin().osUser());
        ins.setString(4, r.origin().host());
        ins.setString(5, r.origin().connection());
        ins.setString(6, r.endpoint());
        ins.setString(7, r.protocol());
        ins.setString(8, r.call());
        ins.setString(9, AuditCanonical.targetsJson(r.targets()));
        ins.setString(10, r.parameters());
        ins.setString(11, r.outcome().name());
        ins.setString(12, r.code());
        ins.setString(13, r.message());
        ins.setLong(14, r.durationMs());
        ins.setString(15, r.correlationId());
        ins.setInt(16, r.attempts());
        ins.setString(17, hash);
        ins.setInt(18, r.forced() ? 1 : 0);
        ins.setInt(19, r.override() ? 1 : 0);
        ins.setString(20, r.workflow());
    }

    static AuditEntry entry(ResultSet rs) throws SQLException {
        AuditOutcome outcome;
        try {
            outcome = AuditOutcome.valueOf(rs.getString("outcome"));
        } catch (IllegalArgumentException e) {
            outcome = AuditOutcome.FAILED;
        }
        AuditRecord r = new AuditRecord(Instant.ofEpochMilli(rs.getLong("time_ms")),
                new AuditOrigin(rs.getString("os_user"), rs.getString("host"), rs.getString("connection")),
                rs.getString("endpoint"), rs.getString("protocol"), rs.getString("call"),
                AuditCanonical.targets(rs.getString("targets")), rs.getString("parameters"), outcome,
                rs.getString("code"), rs.getString("message"), Math.max(0, rs.getLong("duration_ms")),
                rs.getString("correlation_id"), Math.max(0, rs.getInt("attempts")), rs.getInt("forced") != 0, rs.getInt("override") != 0,
                rs.getString("workflow"));
        return new AuditEntry(rs.getLong("seq"), r, rs.getString("hash"));
    }

    // ---- read ---------------------------------------------------------------------------------

    @Override
    public List<AuditEntry> find(AuditQuery query) {
        AuditWhere w = AuditWhere.of(query);
        String sql = "SELECT " + COLUMNS + " FROM audit_entry" + w.sql() + " ORDER BY seq DESC LIMIT ? OFFSET ?";
        synchronized (readConn) {
            try (PreparedStatement ps = readConn.prepareStatement(sql)) {
                int i = w.bind(ps);
                ps.setLong(i++, query.limit());
                ps.setLong(i, query.offset());
                List<AuditEntry> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) out.add(entry(rs));
                }
                return out;
            } catch (SQLException e) {
                throw readFailure(e);
            }
        }
    }

    @Override
    public long count(AuditQuery query) {
        AuditWhere w = AuditWhere.of(query);
        synchronized (readConn) {
            try (PreparedStatement ps = readConn.prepareStatement("SELECT count(*) FROM audit_entry" + w.sql())) {
                w.bind(ps);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            } catch (SQLException e) {
                throw readFailure(e);
            }
        }
    }

    @Override
    public AuditVerification verify() {
        synchronized (readConn) {
            try {
                readConn.setAutoCommit(false); // one read transaction: a consistent snapshot of rows and head
                try {
                    return AuditChain.verify(readConn, COLUMNS);
                } finally {
                    readConn.commit();
                    readConn.setAutoCommit(true);
                }
            } catch (SQLException e) {
                throw readFailure(e);
            }
        }
    }

    @Override
    public long export(AuditQuery query, AuditExportFormat format, OutputStream out) {
        AuditWhere w = AuditWhere.of(query);
        String sql = "SELECT " + COLUMNS + " FROM audit_entry WHERE seq IN (SELECT seq FROM audit_entry" + w.sql()
                + " ORDER BY seq DESC LIMIT ? OFFSET ?) ORDER BY seq ASC";
        synchronized (readConn) {
            try (PreparedStatement ps = readConn.prepareStatement(sql)) {
                int i = w.bind(ps);
                ps.setLong(i++, query.limit());
                ps.setLong(i, query.offset());
                try (ResultSet rs = ps.executeQuery()) {
                    return AuditExport.write(rs, format, out);
                }
            } catch (SQLException e) {
                throw readFailure(e);
            } catch (IOException e) {
                throw new AuditFailure("Export the audit log", "the export cannot be written (" + e.getMessage() + ")",
                        "Check the target file's folder, permissions and free space", e);
            }
        }
    }

    private AuditFailure readFailure(SQLException e) {
        return new AuditFailure("Read the audit log " + file, "SQLite refused the read (" + e.getMessage() + ")",
                "Check that the file is an audit log of this console and readable", e);
    }

    /** Stops the writer after the entries already queued are written, then closes the file. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        queue.add(new Pending(null, null));
        try {
            writer.join(30_000);
            checkpointer.shutdown();
            checkpointer.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            synchronized (readConn) {
                readConn.close();
            }
            writeConn.close();
        } catch (SQLException e) {
            LOG.warn("Closing the audit log {} failed: {}", file, e.toString());
        }
    }
}
