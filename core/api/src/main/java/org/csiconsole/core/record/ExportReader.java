package org.csiconsole.core.record;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

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

    /** The most bytes (UTF-8) of a {@code volume_id} or {@code snapshot_id}: CSI spec, "Size Limits", a string field. */
    int ID_BYTES = 128;

    /**
     * Ids a person gave, one per entry (a command-line argument, a line of a form), each stripped of surrounding
     * whitespace; blank entries and repeats dropped; as {@code kind} rows ({@link RecordOrigin#PASTED_ID}). An id may
     * hold blanks and commas inside: only the entry bounds it.
     *
     * @throws CallFailure INVALID_ARGUMENT naming the first id (truncated) longer than {@value #ID_BYTES} bytes; then
     *     no row is returned, so nothing is recorded in part
     */
    static List<RecordedItem> pasted(RecordKind kind, List<String> entries, Instant at) {
        List<String> ids = entries.stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().toList();
        for (String id : ids) {
            int bytes = id.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (bytes > ID_BYTES) {
                String shown = id.length() > 32 ? id.substring(0, 32) + "\u2026" : id;
                throw new CallFailure(FailureKind.INVALID_ARGUMENT, org.csiconsole.core.call.FailureOwner.CHECKED, "Record " + kind.word() + " ids",
                        "the id \"" + shown + "\" is " + bytes + " bytes; a " + kind.word() + "_id is at most " + ID_BYTES
                                + " bytes (CSI spec, Size Limits)",
                        "Give each id whole, one per line (on the command line, one per argument); none of the ids was recorded", "", null);
            }
        }
        return ids.stream().map(id -> RecordedItem.of(kind, id, "", null, RecordOrigin.PASTED_ID, 0, null, at)).toList();
    }
}
