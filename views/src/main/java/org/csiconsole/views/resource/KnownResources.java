package org.csiconsole.views.resource;

import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ExportReader;
import org.csiconsole.core.record.ImportResult;
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

    /** Reads the Kubernetes exports an inventory is imported from; by default none can be read (UNSUPPORTED). */
    default ExportReader exports() {
        return NO_EXPORTS;
    }

    /** An {@link ExportReader} that reads nothing: each read fails UNSUPPORTED. */
    ExportReader NO_EXPORTS = new ExportReader() {
        @Override
        public ImportResult persistentVolumes(java.nio.file.Path file, String driver, java.time.Instant at) {
            throw unsupported(file);
        }

        @Override
        public ImportResult snapshotContents(java.nio.file.Path file, String driver, java.time.Instant at) {
            throw unsupported(file);
        }

        private org.csiconsole.core.call.CallFailure unsupported(java.nio.file.Path file) {
            return new org.csiconsole.core.call.CallFailure(org.csiconsole.core.call.FailureKind.UNSUPPORTED, "Import " + file,
                    "this console reads no Kubernetes exports", "Import it with csi-console inventory import-pv", "");
        }
    };

    /**
     * This console's audit log, the durable record of its own calls (a fence made as a step of an unplanned failover is
     * known from it before an unfence); null when it has none (tests, a view on its own). Read off the UI thread.
     */
    default org.csiconsole.core.audit.AuditLog audit() {
        return null;
    }

    /** These lists, this console's own calls read from {@code audit} ({@link #audit()}). */
    default KnownResources withAudit(org.csiconsole.core.audit.AuditLog audit) {
        KnownResources self = this;
        return new KnownResources() {
            @Override
            public ConsoleBook book() {
                return self.book();
            }

            @Override
            public ExportReader exports() {
                return self.exports();
            }

            @Override
            public org.csiconsole.core.audit.AuditLog audit() {
                return audit;
            }
        };
    }

    /** Volumes in the record, keyed by volume_id. */
    default KnownList<Volume> volumes() {
        return new BookList<>(book(), RecordKind.VOLUME, RecordedItem::volume,
                (id, v, at) -> RecordedItem.of(RecordKind.VOLUME, id, v.name(), v.source(), RecordOrigin.CREATED, v.capacityBytes(), Map.of(), at));
    }

    /** Snapshots in the record, keyed by snapshot_id. */
    default KnownList<Snapshot> snapshots() {
        return new BookList<>(book(), RecordKind.SNAPSHOT, RecordedItem::snapshot, (id, s, at) -> RecordedItem.created(s, at));
    }

    /** The lists of {@code book}; no exports read. */
    static KnownResources of(ConsoleBook book) {
        java.util.Objects.requireNonNull(book, "book");
        return () -> book;
    }

    /** The lists of {@code book}, imports read by {@code exports}. */
    static KnownResources of(ConsoleBook book, ExportReader exports) {
        java.util.Objects.requireNonNull(book, "book");
        java.util.Objects.requireNonNull(exports, "exports");
        return new KnownResources() {
            @Override
            public ConsoleBook book() {
                return book;
            }

            @Override
            public ExportReader exports() {
                return exports;
            }
        };
    }

    /** An empty record held in memory: what it learns is forgotten when the application ends (tests, a view on its own). */
    static KnownResources inSession() {
        return of(ConsoleBook.inMemory(""));
    }
}
