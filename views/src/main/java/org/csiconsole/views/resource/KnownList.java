package org.csiconsole.views.resource;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Resources of one kind that a connection holds as far as this console's record knows: each created,
 * imported or used through it, and not deleted through it since. Safe to use from any thread; listeners run on the
 * thread that made the change.
 *
 * @param <T> the resource record ({@code Volume}, {@code Snapshot})
 */
public interface KnownList<T> {

    /**
     * One known resource: its id (volume_id, snapshot_id), the row to show, and the record's row (where it
     * came from, when it was first seen, whether the driver still knows it).
     */
    record KnownItem<T>(String id, T resource, org.csiconsole.core.record.RecordedItem row) {
        public KnownItem {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(resource, "resource");
            Objects.requireNonNull(row, "row");
        }
    }

    /** Remembers {@code resource} under {@code id}, created at {@code at}; a known id is replaced. */
    void created(String id, T resource, Instant at);

    /** Forgets {@code id} (deleted); an unknown id changes nothing. */
    void deleted(String id);

    /** Every known resource, first seen first. */
    List<KnownItem<T>> entries();

    /**
     * Calls {@code onChange} after every change until the returned handle is closed.
     *
     * @return closes the subscription; closing twice is harmless
     */
    AutoCloseable subscribe(Runnable onChange);
}
