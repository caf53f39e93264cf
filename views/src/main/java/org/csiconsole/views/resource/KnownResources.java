package org.csiconsole.views.resource;

import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;

import java.util.Map;

/**
 * The volumes and snapshots one connection is known to hold from the console's own record
 * ({@link ConsoleBook}): those this console created, imported (a PV or VolumeSnapshotContent export,
 * pasted ids) or used, whatever its listings say. A driver that does not advertise LIST_VOLUMES or
 * LIST_SNAPSHOTS (CSI spec, "ControllerGetCapabilities") cannot show them again; the views then show
 * these instead, each noted with where it came from, so they can still be selected and deleted. The
 * record also names listed volumes the driver reports without a name.
 */
public interface KnownResources {

    /** The connection's record these lists read and write. */
    ConsoleBook book();

    /** Volumes in the record, keyed by volume_id. */
    default KnownList<Volume> volumes() {
        return new BookList<>(book(), RecordKind.VOLUME, RecordedItem::volume,
                (id, v, at) -> RecordedItem.of(RecordKind.VOLUME, id, v.name(), v.source(), RecordOrigin.CREATED, v.capacityBytes(), Map.of(), at));
    }

    /** Snapshots in the record, keyed by snapshot_id. */
    default KnownList<Snapshot> snapshots() {
        return new BookList<>(book(), RecordKind.SNAPSHOT, RecordedItem::snapshot,
                (id, s, at) -> RecordedItem.of(RecordKind.SNAPSHOT, id, s.name(),
                        s.sourceVolumeId().isEmpty() ? VolumeSource.NONE : VolumeSource.volume(s.sourceVolumeId()),
                        RecordOrigin.CREATED, s.sizeBytes(), Map.of(), at));
    }

    /** The lists of {@code book}. */
    static KnownResources of(ConsoleBook book) {
        java.util.Objects.requireNonNull(book, "book");
        return () -> book;
    }

    /** An empty record held in memory: what it learns is forgotten when the application ends (tests, a view on its own). */
    static KnownResources inSession() {
        return of(ConsoleBook.inMemory(""));
    }
}
