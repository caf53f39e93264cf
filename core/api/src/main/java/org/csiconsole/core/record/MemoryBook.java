package org.csiconsole.core.record;

import org.csiconsole.core.risk.Placement;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** {@link ConsoleBook} in memory: forgotten when the application ends. */
final class MemoryBook implements ConsoleBook {
    private final String connection;
    private final Map<String, RecordedItem> items = new LinkedHashMap<>();
    private final Map<String, Map<String, RecordedPlacement>> placements = new LinkedHashMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    MemoryBook(String connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
    }

    private static String key(RecordKind kind, String id) {
        return kind.name() + "|" + id;
    }

    @Override
    public String connection() {
        return connection;
    }

    @Override
    public synchronized List<RecordedItem> items(RecordKind kind) {
        List<RecordedItem> out = new ArrayList<>(items.values().stream().filter(i -> i.kind() == kind).toList());
        out.sort(Comparator.comparing(RecordedItem::firstSeen));
        return out;
    }

    @Override
    public synchronized Optional<RecordedItem> find(RecordKind kind, String id) {
        return Optional.ofNullable(items.get(key(kind, id)));
    }

    @Override
    public void record(RecordedItem item) {
        synchronized (this) {
            items.merge(key(item.kind(), item.id()), item, RecordedItem::merge);
        }
        changed();
    }

    @Override
    public void forget(RecordKind kind, String id) {
        boolean removed;
        synchronized (this) {
            removed = items.remove(key(kind, id)) != null;
            if (kind == RecordKind.VOLUME) removed |= placements.remove(id) != null;
        }
        if (removed) changed();
    }

    @Override
    public void checked(RecordKind kind, String id, boolean gone, Instant at) {
        synchronized (this) {
            RecordedItem i = items.get(key(kind, id));
            if (i == null) return;
            items.put(key(kind, id), i.checked(gone, at));
        }
        changed();
    }

    @Override
    public void resized(String volumeId, long bytes) {
        synchronized (this) {
            RecordedItem i = items.get(key(RecordKind.VOLUME, volumeId));
            if (i == null) return;
            items.put(key(RecordKind.VOLUME, volumeId), i.resized(bytes));
        }
        changed();
    }

    @Override
    public synchronized List<RecordedPlacement> placements(String volumeId) {
        Map<String, RecordedPlacement> m = placements.get(volumeId);
        return m == null ? List.of() : List.copyOf(m.values());
    }

    @Override
    public void placed(RecordedPlacement p) {
        synchronized (this) {
            Map<String, RecordedPlacement> m = placements.computeIfAbsent(p.volumeId(), k -> new LinkedHashMap<>());
            m.remove(p.slot());
            m.put(p.slot(), p);
        }
        changed();
    }

    @Override
    public void unplaced(String volumeId, Placement.Kind step, String where) {
        boolean removed;
        synchronized (this) {
            Map<String, RecordedPlacement> m = placements.get(volumeId);
            if (m == null) return;
            removed = m.values().removeIf(p -> p.step() == step && (where.isEmpty()
                    || (step == Placement.Kind.PUBLISHED ? p.nodeId() : p.path()).equals(where)));
        }
        if (removed) changed();
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
