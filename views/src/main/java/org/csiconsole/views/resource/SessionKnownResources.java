package org.csiconsole.views.resource;

import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** {@link KnownResources} held in memory for as long as the application runs. */
final class SessionKnownResources implements KnownResources {
    private final KnownList<Volume> volumes = new InMemory<>();
    private final KnownList<Snapshot> snapshots = new InMemory<>();

    @Override
    public KnownList<Volume> volumes() {
        return volumes;
    }

    @Override
    public KnownList<Snapshot> snapshots() {
        return snapshots;
    }

    private static final class InMemory<T> implements KnownList<T> {
        private final Map<String, KnownItem<T>> entries = new LinkedHashMap<>();
        private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

        @Override
        public void created(String id, T resource, Instant at) {
            synchronized (entries) {
                entries.put(id, new KnownItem<>(id, resource, at));
            }
            changed();
        }

        @Override
        public void deleted(String id) {
            boolean removed;
            synchronized (entries) {
                removed = entries.remove(id) != null;
            }
            if (removed) changed();
        }

        @Override
        public List<KnownItem<T>> entries() {
            List<KnownItem<T>> copy;
            synchronized (entries) {
                copy = new ArrayList<>(entries.values());
            }
            copy.sort(Comparator.comparing(KnownItem::createdAt));
            return copy;
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
