package org.csiconsole.core.reference.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The reference plugin's persistent state: one embedded SQLite database ({@code state.db}) in a
 * state directory, holding every model object as a JSON row keyed by (kind, id).
 *
 * <p>Durability: the database runs in WAL mode with {@code synchronous=NORMAL}; {@link #commit}
 * returns only after the transaction is in the WAL, which survives the process being killed
 * (kill -9) at any moment. A transaction is all or nothing, so no half-applied operation is left.
 * (An operating-system crash or power loss may lose the last few commits: the WAL is not fsynced
 * on every commit. That is the trade made for thousands of commits per second.)
 *
 * <p>Exclusivity: the directory is locked with an OS file lock on {@code state.lock} for as long as
 * the store is open. A second process (or a second store in the same process) fails fast in
 * {@link #open} with a {@link StoreException} saying which directory is in use.
 */
public final class StateStore implements AutoCloseable {
    /** One row change: {@code body == null} deletes the row. */
    public record Change(String kind, String id, String body) {
    }

    private final Path directory;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Connection connection;
    private final PreparedStatement upsert;
    private final PreparedStatement delete;
    private boolean closed;

    private StateStore(Path directory, FileChannel lockChannel, FileLock lock, Connection connection)
            throws SQLException {
        this.directory = directory;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.connection = connection;
        this.upsert = connection.prepareStatement(
                "INSERT INTO entity(kind, id, body) VALUES (?, ?, ?) "
                        + "ON CONFLICT(kind, id) DO UPDATE SET body = excluded.body");
        this.delete = connection.prepareStatement("DELETE FROM entity WHERE kind = ? AND id = ?");
    }

    /**
     * Opens (creating if needed) the state in {@code directory} and locks it.
     *
     * @throws StoreException when the directory is in use by another process, or the database
     *                        cannot be created or read
     */
    public static StateStore open(Path directory) {
        FileChannel channel = null;
        try {
            Files.createDirectories(directory);
            Path lockFile = directory.resolve("state.lock");
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                throw new StoreException("State directory " + directory.toAbsolutePath()
                        + " is already in use by another reference plugin (lock " + lockFile.getFileName()
                        + " is held). Stop the other instance or choose a different state directory.");
            }
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + directory.resolve("state.db").toAbsolutePath());
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=NORMAL");
                s.execute("PRAGMA busy_timeout=5000");
                s.execute("CREATE TABLE IF NOT EXISTS entity(kind TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL,"
                        + " PRIMARY KEY(kind, id)) WITHOUT ROWID");
            }
            c.setAutoCommit(false);
            return new StateStore(directory, channel, lock, c);
        } catch (IOException | SQLException e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // already failing
                }
            }
            throw new StoreException("Cannot open the state in " + directory.toAbsolutePath() + ": "
                    + e.getMessage() + ". Check that the directory is writable.", e);
        }
    }

    /** The state directory. */
    public Path directory() {
        return directory;
    }

    /** Calls {@code row} with (id, body) for every row of {@code kind}, in id order. */
    public synchronized void forEach(String kind, BiConsumer<String, String> row) {
        try (PreparedStatement q = connection.prepareStatement("SELECT id, body FROM entity WHERE kind = ? ORDER BY id")) {
            q.setString(1, kind);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    row.accept(rs.getString(1), rs.getString(2));
                }
            }
            connection.commit();
        } catch (SQLException e) {
            throw new StoreException("Cannot read " + kind + " rows from the state database: " + e.getMessage(), e);
        }
    }

    /**
     * Writes all changes in one transaction and returns once it is committed (durable against a
     * process kill). On failure nothing is written.
     *
     * @throws StoreException when the write fails (disk full, database closed)
     */
    public synchronized void commit(List<Change> changes) {
        if (changes.isEmpty()) {
            return;
        }
        if (closed) {
            throw new StoreException("The state database is closed; the plugin is shutting down.");
        }
        try {
            for (Change ch : changes) {
                if (ch.body() == null) {
                    delete.setString(1, ch.kind());
                    delete.setString(2, ch.id());
                    delete.executeUpdate();
                } else {
                    upsert.setString(1, ch.kind());
                    upsert.setString(2, ch.id());
                    upsert.setString(3, ch.body());
                    upsert.executeUpdate();
                }
            }
            connection.commit();
        } catch (SQLException e) {
            try {
                connection.rollback();
            } catch (SQLException ignored) {
                // the original failure is what matters
            }
            throw new StoreException("Cannot write to the state database: " + e.getMessage(), e);
        }
    }

    /** Deletes every row in one transaction (used to redo a seed that was interrupted). */
    public synchronized void clear() {
        try (Statement st = connection.createStatement()) {
            st.executeUpdate("DELETE FROM entity");
            connection.commit();
        } catch (SQLException e) {
            throw new StoreException("Cannot clear the state database: " + e.getMessage(), e);
        }
    }

    /** Closes the database and releases the directory lock. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            upsert.close();
            delete.close();
            connection.close();
        } catch (SQLException ignored) {
            // closing anyway
        }
        try {
            lock.release();
            lockChannel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
