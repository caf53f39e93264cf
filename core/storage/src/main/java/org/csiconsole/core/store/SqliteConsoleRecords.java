package org.csiconsole.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.record.RecordedPlacement;
import org.csiconsole.core.risk.Placement;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The console's record of every connection ({@link ConsoleRecords}) in one SQLite file
 * ({@value #FILE_NAME} in the {@link DataDirectory}), beside the audit log: rows survive a restart,
 * and the GUI and the command line share them. Two tables: {@code record_item} (connection, kind, id,
 * name, source, origin, size, details as JSON, first seen, gone since, checked at) and
 * {@code record_placement} (connection, volume, step, node, path, publish_context keys as JSON, at).
 *
 * <p>Small and read often: every call runs on the caller's thread under one lock, each write committed
 * at once ({@code synchronous=FULL}: the record says what the console did, as the audit log does).
 * Listeners of a book run after its change is committed.
 */
public final class SqliteConsoleRecords implements ConsoleRecords, AutoCloseable {
    /** The file's name in the data folder. */
    public static final String FILE_NAME = "console-record.db";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final Connection conn;
    private final Map<String, Book> books = new ConcurrentHashMap<>();

    private SqliteConsoleRecords(Path file, Connection conn) {
        this.file = file;
        this.conn = conn;
    }

    /**
     * Opens (and creates when missing) {@value #FILE_NAME} in {@code dataDir}.
     *
     * @throws CallFailure INTERNAL when the folder or the file cannot be created or opened
     */
    public static SqliteConsoleRecords open(Path dataDir) {
        Path f = dataDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(dataDir);
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + f);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=FULL");
                s.execute("PRAGMA busy_timeout=10000");
                s.execute("CREATE TABLE IF NOT EXISTS record_item (connection TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, "
                        + "name TEXT NOT NULL, source_kind TEXT NOT NULL, source_id TEXT NOT NULL, origin TEXT NOT NULL, "
                        + "capacity_bytes INTEGER NOT NULL, details TEXT NOT NULL, first_seen_ms INTEGER NOT NULL, gone_since_ms INTEGER, "
                        + "checked_ms INTEGER, PRIMARY KEY (connection, kind, id))");
                s.execute("CREATE TABLE IF NOT EXISTS record_placement (connection TEXT NOT NULL, volume_id TEXT NOT NULL, "
                        + "step TEXT NOT NULL, node_id TEXT NOT NULL, path TEXT NOT NULL, context_keys TEXT NOT NULL, at_ms INTEGER NOT NULL, "
                        + "PRIMARY KEY (connection, volume_id, step, node_id, path))");
            } catch (SQLException e) {
                c.close();
                throw e;
            }
            return new SqliteConsoleRecords(f, c);
        } catch (IOException | SQLException e) {
            throw failure("Open the console's record " + f, e);
        }
    }

    private static CallFailure failure(String what, Exception e) {
        return new CallFailure(FailureKind.INTERNAL, what, "the file cannot be read or written (" + e.getMessage() + ")",
                "Check that the folder exists and is writable, or choose another folder with " + DataDirectory.OVERRIDE_ENV, "", e);
    }

    /** Where the record lives, for messages. */
    public String location() {
        return file.toString();
    }

    @Override
    public ConsoleBook book(String endpoint) {
        return books.computeIfAbsent(endpoint, Book::new);
    }

    @Override
    public void close() {
        synchronized (conn) {
            try {
                conn.close();
            } catch (SQLException e) {
                throw failure("Close the console's record " + file, e);
            }
        }
    }

    @FunctionalInterface
    private interface Sql<T> {
        T run() throws SQLException;
    }

    private <T> T locked(String what, Sql<T> work) {
        synchronized (conn) {
            try {
                return work.run();
            } catch (SQLException e) {
                throw failure(what + " in the console's record " + file, e);
            }
        }
    }

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> T parse(String s, TypeReference<T> type) {
        try {
            return JSON.readValue(s, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a row of the console's record holds unreadable JSON: " + e.getOriginalMessage(), e);
        }
    }

    private final class Book implements ConsoleBook {
        private final String connection;
        private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

        Book(String connection) {
            this.connection = connection;
        }

        @Override
        public String connection() {
            return connection;
        }

        @Override
        public List<RecordedItem> items(RecordKind kind) {
            return locked("Read the " + kind.word() + "s", () -> {
                try (PreparedStatement q = conn.prepareStatement("SELECT * FROM record_item WHERE connection = ? AND kind = ? "
                        + "ORDER BY first_seen_ms, rowid")) {
                    q.setString(1, connection);
                    q.setString(2, kind.name());
                    return rows(q);
                }
            });
        }

        @Override
        public Optional<RecordedItem> find(RecordKind kind, String id) {
            return locked("Read " + kind.word() + " " + id, () -> find(kind.name(), id));
        }

        private Optional<RecordedItem> find(String kind, String id) throws SQLException {
            try (PreparedStatement q = conn.prepareStatement("SELECT * FROM record_item WHERE connection = ? AND kind = ? AND id = ?")) {
                q.setString(1, connection);
                q.setString(2, kind);
                q.setString(3, id);
                return rows(q).stream().findFirst();
            }
        }

        private List<RecordedItem> rows(PreparedStatement q) throws SQLException {
            List<RecordedItem> out = new ArrayList<>();
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    long gone = r.getLong("gone_since_ms");
                    boolean noGone = r.wasNull();
                    long checked = r.getLong("checked_ms");
                    boolean noChecked = r.wasNull();
                    out.add(new RecordedItem(RecordKind.valueOf(r.getString("kind")), r.getString("id"), r.getString("name"),
                            new VolumeSource(VolumeSource.Kind.valueOf(r.getString("source_kind")), r.getString("source_id")),
                            RecordOrigin.valueOf(r.getString("origin")), r.getLong("capacity_bytes"),
                            parse(r.getString("details"), new TypeReference<LinkedHashMap<String, String>>() { }),
                            Instant.ofEpochMilli(r.getLong("first_seen_ms")), noGone ? null : Instant.ofEpochMilli(gone),
                            noChecked ? null : Instant.ofEpochMilli(checked)));
                }
            }
            return out;
        }

        private void write(RecordedItem i) throws SQLException {
            try (PreparedStatement w = conn.prepareStatement("INSERT OR REPLACE INTO record_item (connection, kind, id, name, source_kind, "
                    + "source_id, origin, capacity_bytes, details, first_seen_ms, gone_since_ms, checked_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                w.setString(1, connection);
                w.setString(2, i.kind().name());
                w.setString(3, i.id());
                w.setString(4, i.name());
                w.setString(5, i.source().kind().name());
                w.setString(6, i.source().id());
                w.setString(7, i.origin().name());
                w.setLong(8, i.capacityBytes());
                w.setString(9, json(i.details()));
                w.setLong(10, i.firstSeen().toEpochMilli());
                if (i.goneSince() == null) w.setNull(11, Types.INTEGER);
                else w.setLong(11, i.goneSince().toEpochMilli());
                if (i.checkedAt() == null) w.setNull(12, Types.INTEGER);
                else w.setLong(12, i.checkedAt().toEpochMilli());
                w.executeUpdate();
            }
        }

        @Override
        public void record(RecordedItem item) {
            locked("Record " + item.kind().word() + " " + item.id(), () -> {
                write(find(item.kind().name(), item.id()).map(e -> e.merge(item)).orElse(item));
                return null;
            });
            changed();
        }

        @Override
        public void forget(RecordKind kind, String id) {
            int n = locked("Forget " + kind.word() + " " + id, () -> {
                int removed;
                try (PreparedStatement d = conn.prepareStatement("DELETE FROM record_item WHERE connection = ? AND kind = ? AND id = ?")) {
                    d.setString(1, connection);
                    d.setString(2, kind.name());
                    d.setString(3, id);
                    removed = d.executeUpdate();
                }
                if (kind == RecordKind.VOLUME) {
                    try (PreparedStatement d = conn.prepareStatement("DELETE FROM record_placement WHERE connection = ? AND volume_id = ?")) {
                        d.setString(1, connection);
                        d.setString(2, id);
                        removed += d.executeUpdate();
                    }
                }
                return removed;
            });
            if (n > 0) changed();
        }

        @Override
        public void checked(RecordKind kind, String id, boolean gone, Instant at) {
            boolean found = locked("Mark " + kind.word() + " " + id, () -> {
                Optional<RecordedItem> i = find(kind.name(), id);
                if (i.isPresent()) write(i.get().checked(gone, at));
                return i.isPresent();
            });
            if (found) changed();
        }

        @Override
        public void resized(String volumeId, long bytes) {
            boolean found = locked("Resize volume " + volumeId, () -> {
                Optional<RecordedItem> i = find(RecordKind.VOLUME.name(), volumeId);
                if (i.isPresent()) write(i.get().resized(bytes));
                return i.isPresent();
            });
            if (found) changed();
        }

        @Override
        public List<RecordedPlacement> placements(String volumeId) {
            return locked("Read the placements of " + volumeId, () -> {
                List<RecordedPlacement> out = new ArrayList<>();
                try (PreparedStatement q = conn.prepareStatement("SELECT * FROM record_placement WHERE connection = ? AND volume_id = ? "
                        + "ORDER BY at_ms, rowid")) {
                    q.setString(1, connection);
                    q.setString(2, volumeId);
                    try (ResultSet r = q.executeQuery()) {
                        while (r.next()) {
                            out.add(new RecordedPlacement(volumeId, Placement.Kind.valueOf(r.getString("step")), r.getString("node_id"),
                                    r.getString("path"), parse(r.getString("context_keys"), new TypeReference<List<String>>() { }),
                                    Instant.ofEpochMilli(r.getLong("at_ms"))));
                        }
                    }
                }
                return out;
            });
        }

        @Override
        public void placed(RecordedPlacement p) {
            locked("Record a placement of " + p.volumeId(), () -> {
                try (PreparedStatement w = conn.prepareStatement("INSERT OR REPLACE INTO record_placement (connection, volume_id, step, "
                        + "node_id, path, context_keys, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                    w.setString(1, connection);
                    w.setString(2, p.volumeId());
                    w.setString(3, p.step().name());
                    w.setString(4, p.nodeId());
                    w.setString(5, p.path());
                    w.setString(6, json(p.publishContextKeys()));
                    w.setLong(7, p.at().toEpochMilli());
                    w.executeUpdate();
                }
                return null;
            });
            changed();
        }

        @Override
        public void unplaced(String volumeId, Placement.Kind step, String where) {
            String column = step == Placement.Kind.PUBLISHED ? "node_id" : "path";
            int n = locked("Remove a placement of " + volumeId, () -> {
                try (PreparedStatement d = conn.prepareStatement("DELETE FROM record_placement WHERE connection = ? AND volume_id = ? "
                        + "AND step = ?" + (where.isEmpty() ? "" : " AND " + column + " = ?"))) {
                    d.setString(1, connection);
                    d.setString(2, volumeId);
                    d.setString(3, step.name());
                    if (!where.isEmpty()) d.setString(4, where);
                    return d.executeUpdate();
                }
            });
            if (n > 0) changed();
        }

        @Override
        public AutoCloseable subscribe(Runnable onChange) {
            listeners.add(onChange);
            return () -> listeners.remove(onChange);
        }

        private void changed() {
            for (Runnable l : listeners) l.run();
        }
    }
}
