package org.csiconsole.core.record;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Reads the Kubernetes exports an inventory is built from, for a driver that cannot list its volumes.
 * Only objects of {@code driver} are kept; a file that is not such an export fails with
 * {@link org.csiconsole.core.call.CallFailure} (INVALID_ARGUMENT) naming the file and the field
 * ({@code items[2].spec.csi.volumeHandle}).
 */
public interface ExportReader {
    /**
     * A {@code kubectl get pv -o json} export (a List of PersistentVolumes, or one): the CSI PVs whose
     * {@code spec.csi.driver} is {@code driver}, as volumes ({@link RecordOrigin#PV_EXPORT}) with
     * {@code volumeHandle} as id, the PV's name, capacity, access modes, claim, storage class,
     * {@code volumeAttributes} and secret references by {@code namespace/name} only.
     */
    ImportResult persistentVolumes(Path file, String driver, Instant at);

    /**
     * A {@code kubectl get volumesnapshotcontents -o json} export: those whose {@code spec.driver} is
     * {@code driver}, as snapshots ({@link RecordOrigin#SNAPSHOT_CONTENT_EXPORT}) with
     * {@code status.snapshotHandle} (else {@code spec.source.snapshotHandle}) as id, the source
     * {@code spec.source.volumeHandle}, {@code status.restoreSize} and the {@code volumeSnapshotRef}.
     */
    ImportResult snapshotContents(Path file, String driver, Instant at);

    /**
     * Ids a person pasted (whitespace, comma or newline separated; blanks and repeats dropped), as
     * {@code kind} rows ({@link RecordOrigin#PASTED_ID}).
     */
    static List<RecordedItem> pasted(RecordKind kind, String text, Instant at) {
        return java.util.Arrays.stream(text.split("[\\s,]+")).filter(s -> !s.isBlank()).distinct()
                .map(id -> RecordedItem.of(kind, id, "", null, RecordOrigin.PASTED_ID, 0, null, at)).toList();
    }
}
