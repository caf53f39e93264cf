package org.csiconsole.core.store;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.HistoryOperation;
import org.csiconsole.core.replication.HistoryPoint;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationTimeline;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.WorkflowKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The replication history in one SQLite file ({@value #FILE_NAME} in the {@link DataDirectory}):
 * samples and operations, kept {@link ReplicationHistory#DEFAULT_RETENTION} unless told otherwise,
 * read per volume or group and site for a timeline.
 *
 * <p><b>What is kept.</b> A sample is stored when the source's role, health, staleness or message
 * changed since the last stored one, or when {@code keepEvery} (default 5 min) has passed: a
 * timeline keeps every change and a point at least every 5 minutes, while 10,000 volumes sampled
 * every 30 s do not write 10,000 rows a round (about 2.9 million rows a day at most; ~100 bytes a row).
 * Every operation is stored.
 *
 * <p><b>Threads.</b> Like {@code SqliteAuditLog}: one writer thread ({@code replication-history-writer})
 * takes each round as one transaction; reads use a connection and thread of their own and never
 * wait for the writer (WAL). Commits use {@code synchronous=NORMAL}: the history is a record for
 * charts, and a sample lost to a power cut is read again at the next round. Rows older than the
 * retention are removed when the store opens and at most once an hour after a write.
 */
public final class SqliteReplicationHistory implements ReplicationHistory {
    /** The file's name in the data folder. */
    public static final String FILE_NAME = "replication-history.db";

    private static final Logger LOG = LoggerFactory.getLogger(SqliteReplicationHistory.class);
    private static final Duration PRUNE_EVERY = Duration.ofHours(1);

    private final Path file;
    private final Connection writeConn;
    private final Connection readConn;
    private final ExecutorService writer;
    private final ExecutorService reader;
    private final Clock clock;
    private final Duration retention;
    private final Duration keepEvery;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();
    private volatile Instant lastPrune = Instant.EPOCH;
    private volatile boolean closed;

    /** What was last stored for a source: to store only changes and a point every {@code keepEvery}. */
    private record Kept(Instant time, VolumeReplicationRole role, ReplicationHealth health, boolean stale, String message) {
    }

    private SqliteReplicationHistory(Path file, Clock clock, Duration retention, Duration keepEvery) throws SQLException {
        this.file = file;
        this.clock = clock;
        this.retention = retention;
        this.keepEvery = keepEvery;
        this.writeConn = connect(file);
        try {
            createSchema(writeConn);
            this.readConn = connect(file);
        } catch (SQLException e) {
            writeConn.close();
            throw e;
        }
        this.writer = Executors.newSingleThreadExecutor(r -> daemon(r, "replication-history-writer"));
        this.reader = Executors.newSingleThreadExecutor(r -> daemon(r, "replication-history-reader"));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Opens (and creates when missing) {@value #FILE_NAME} in {@code dataDir}, keeping 30 days, a
     * point at least every 5 minutes, and removes what is older.
     *
     * @throws CallFailure INTERNAL when the folder or the file cannot be created or opened
     */
    public static SqliteReplicationHistory open(Path dataDir) {
        return open(dataDir, Clock.systemUTC(), DEFAULT_RETENTION, Duration.ofMinutes(5));
    }

    /**
     * @param retention how long rows are kept
     * @param keepEvery an unchanged source is stored at most this often ({@link Duration#ZERO}: every sample)
     * @throws CallFailure INTERNAL when the folder or the file cannot be created or opened
     */
    public static SqliteReplicationHistory open(Path dataDir, Clock clock, Duration retention, Duration keepEvery) {
        Path f = dataDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(dataDir);
            SqliteReplicationHistory h = new SqliteReplicationHistory(f, Objects.requireNonNull(clock), Objects.requireNonNull(retention),
                    Objects.requireNonNull(keepEvery));
            h.prune();
            return h;
        } catch (IOException | SQLException e) {
            throw new CallFailure(FailureKind.INTERNAL, "Open the replication history " + f,
                    "it cannot be created or opened (" + e.getMessage() + ")",
                    "Check that the folder exists and is writable, or choose another folder with " + DataDirectory.OVERRIDE_ENV, "", e);
        }
    }

    private static Connection connect(Path file) throws SQLException {
        Properties p = new Properties();
        p.setProperty("journal_mode", "WAL");
        p.setProperty("synchronous", "NORMAL");
        p.setProperty("busy_timeout", "10000");
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file, p);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA synchronous=NORMAL");
            s.execute("PRAGMA busy_timeout=10000");
        }
        return c;
    }

    private static void createSchema(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS replication_sample (time_ms INTEGER NOT NULL, site TEXT NOT NULL, "
                    + "is_group INTEGER NOT NULL, source_id TEXT NOT NULL, role TEXT NOT NULL, health TEXT NOT NULL, "
                    + "rpo_ms INTEGER, last_sync_ms INTEGER, last_sync_bytes INTEGER NOT NULL, stale INTEGER NOT NULL, "
                    + "message TEXT NOT NULL)");
            s.execute("CREATE INDEX IF NOT EXISTS replication_sample_source ON replication_sample(site, is_group, source_id, time_ms)");
            s.execute("CREATE INDEX IF NOT EXISTS replication_sample_time ON replication_sample(time_ms)");
            s.execute("CREATE TABLE IF NOT EXISTS replication_operation (time_ms INTEGER NOT NULL, site TEXT NOT NULL, "
                    + "is_group INTEGER NOT NULL, source_id TEXT NOT NULL, workflow TEXT NOT NULL, action TEXT NOT NULL, "
                    + "forced INTEGER NOT NULL, outcome TEXT NOT NULL, message TEXT NOT NULL)");
            s.execute("CREATE INDEX IF NOT EXISTS replication_operation_source ON replication_operation(site, is_group, source_id, time_ms)");
            s.execute("CREATE INDEX IF NOT EXISTS replication_operation_time ON replication_operation(time_ms)");
        }
    }

    /** Where the history lives, for messages. */
    public String location() {
        return file.toString();
    }

    @Override
    public CompletableFuture<Void> record(SampleRound round, RpoThresholds thresholds) {
        List<ReplicationSample> keep = new ArrayList<>();
        Instant at = round.finished();
        for (ReplicationSample s : round.samples()) {
            if (changedOrDue(s, at)) keep.add(s);
        }
        if (keep.isEmpty()) return CompletableFuture.completedFuture(null);
        return write("Store " + keep.size() + " replication samples of " + round.site(), () -> {
            try (PreparedStatement ins = writeConn.prepareStatement("INSERT INTO replication_sample (time_ms, site, is_group, source_id, "
                    + "role, health, rpo_ms, last_sync_ms, last_sync_bytes, stale, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (ReplicationSample s : keep) {
                    Instant t = s.lastError() != null && s.lastAttempt() != null ? s.lastAttempt() : s.readAt() != null ? s.readAt() : at;
                    RpoAge age = thresholds.judge(s.lastSyncTime(), s.item().schedulingInterval(), t);
                    ins.setLong(1, t.toEpochMilli());
                    // the sample's own site: one driver serving both sites samples them in one round
                    ins.setString(2, s.site());
                    ins.setInt(3, s.source().group() ? 1 : 0);
                    ins.setString(4, s.source().id());
                    ins.setString(5, s.role().name());
                    ins.setString(6, s.health().name());
                    if (age.age() == null) ins.setNull(7, Types.INTEGER);
                    else ins.setLong(7, age.age().toMillis());
                    if (s.lastSyncTime() == null) ins.setNull(8, Types.INTEGER);
                    else ins.setLong(8, s.lastSyncTime().toEpochMilli());
                    ins.setLong(9, s.info() == null ? -1 : s.info().lastSyncBytes());
                    ins.setInt(10, s.lastError() != null ? 1 : 0);
                    ins.setString(11, s.lastError() != null ? s.lastError().getMessage() : s.statusMessage());
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            return null;
        });
    }

    private boolean changedOrDue(ReplicationSample s, Instant at) {
        String key = s.site() + "\u0000" + (s.source().group() ? "g" : "v") + s.source().id();
        boolean stale = s.lastError() != null;
        String message = stale ? s.lastError().getMessage() : s.statusMessage();
        Kept before = kept.get(key);
        boolean store = before == null || before.role != s.role() || before.health != s.health() || before.stale != stale
                || !before.message.equals(message) || !before.time.plus(keepEvery).isAfter(at);
        if (store) kept.put(key, new Kept(at, s.role(), s.health(), stale, message));
        return store;
    }

    @Override
    public CompletableFuture<Void> record(HistoryOperation o) {
        return write("Store the replication operation " + o.action() + " " + o.source(), () -> {
            try (PreparedStatement ins = writeConn.prepareStatement("INSERT INTO replication_operation (time_ms, site, is_group, "
                    + "source_id, workflow, action, forced, outcome, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                ins.setLong(1, o.time().toEpochMilli());
                ins.setString(2, o.site());
                ins.setInt(3, o.source().group() ? 1 : 0);
                ins.setString(4, o.source().id());
                ins.setString(5, o.workflow().name());
                ins.setString(6, o.action().name());
                ins.setInt(7, o.forced() ? 1 : 0);
                ins.setString(8, o.outcome().name());
                ins.setString(9, o.message() == null ? "" : o.message());
                ins.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public CompletableFuture<ReplicationTimeline> timeline(ReplicationSource source, String site, Instant from, Instant to) {
        return submit(reader, "Read the replication history of " + source, () -> {
            List<HistoryPoint> points = new ArrayList<>();
            try (PreparedStatement q = readConn.prepareStatement("SELECT time_ms, role, health, rpo_ms, last_sync_ms, last_sync_bytes, "
                    + "stale, message FROM replication_sample WHERE site = ? AND is_group = ? AND source_id = ? AND time_ms BETWEEN ? AND ? "
                    + "ORDER BY time_ms")) {
                bindSource(q, source, site, from, to);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        long rpo = rs.getLong(4);
                        Duration age = rs.wasNull() ? null : Duration.ofMillis(rpo);
                        long last = rs.getLong(5);
                        Instant lastSync = rs.wasNull() ? null : Instant.ofEpochMilli(last);
                        points.add(new HistoryPoint(Instant.ofEpochMilli(rs.getLong(1)), VolumeReplicationRole.valueOf(rs.getString(2)),
                                ReplicationHealth.valueOf(rs.getString(3)), age, lastSync, rs.getLong(6), rs.getInt(7) == 1, rs.getString(8)));
                    }
                }
            }
            List<HistoryOperation> ops = new ArrayList<>();
            try (PreparedStatement q = readConn.prepareStatement("SELECT time_ms, workflow, action, forced, outcome, message "
                    + "FROM replication_operation WHERE site = ? AND is_group = ? AND source_id = ? AND time_ms BETWEEN ? AND ? ORDER BY time_ms")) {
                bindSource(q, source, site, from, to);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        ops.add(new HistoryOperation(Instant.ofEpochMilli(rs.getLong(1)), site, source, WorkflowKind.valueOf(rs.getString(2)),
                                ReplicationAction.valueOf(rs.getString(3)), rs.getInt(4) == 1, RunOutcome.valueOf(rs.getString(5)), rs.getString(6)));
                    }
                }
            }
            return new ReplicationTimeline(source, site, points, ops);
        });
    }

    private static void bindSource(PreparedStatement q, ReplicationSource source, String site, Instant from, Instant to) throws SQLException {
        q.setString(1, site);
        q.setInt(2, source.group() ? 1 : 0);
        q.setString(3, source.id());
        q.setLong(4, from.toEpochMilli());
        q.setLong(5, to.toEpochMilli());
    }

    @Override
    public CompletableFuture<Long> prune() {
        long cutoff = clock.instant().minus(retention).toEpochMilli();
        lastPrune = clock.instant();
        return write("Remove replication history older than " + RpoAge.words(retention), () -> {
            long n = 0;
            for (String table : new String[] {"replication_sample", "replication_operation"}) {
                try (PreparedStatement d = writeConn.prepareStatement("DELETE FROM " + table + " WHERE time_ms < ?")) {
                    d.setLong(1, cutoff);
                    n += d.executeUpdate();
                }
            }
            return n;
        });
    }

    private <T> CompletableFuture<T> write(String what, Callable<T> work) {
        CompletableFuture<T> f = submit(writer, what, () -> {
            writeConn.setAutoCommit(false);
            try {
                T t = work.call();
                writeConn.commit();
                return t;
            } catch (Exception e) {
                writeConn.rollback();
                throw e;
            } finally {
                writeConn.setAutoCommit(true);
            }
        });
        if (!what.startsWith("Remove") && clock.instant().isAfter(lastPrune.plus(PRUNE_EVERY))) prune();
        return f;
    }

    private <T> CompletableFuture<T> submit(ExecutorService on, String what, Callable<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        if (closed) {
            f.completeExceptionally(new CallFailure(FailureKind.INTERNAL, what, "the replication history is closed", "", ""));
            return f;
        }
        try {
            on.execute(() -> {
                try {
                    f.complete(work.call());
                } catch (Exception e) {
                    LOG.warn("{} failed: {}", what, e.toString());
                    f.completeExceptionally(new CallFailure(FailureKind.INTERNAL, what, "SQLite refused it (" + e.getMessage() + ")",
                            "Free disk space or fix the permissions of " + file, "", e));
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            f.completeExceptionally(new CallFailure(FailureKind.INTERNAL, what, "the replication history is closed", "", ""));
        }
        return f;
    }

    /** Stops both threads after the queued writes and closes the file. Idempotent. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        writer.shutdown();
        reader.shutdown();
        try {
            writer.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
            reader.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            readConn.close();
            writeConn.close();
        } catch (SQLException e) {
            LOG.warn("Closing {}: {}", file, e.toString());
        }
    }
}
