package org.csiconsole.core.record;

/** Where a row of the record came from; a view and the CLI show it beside the row. */
public enum RecordOrigin {
    /** A successful create call of this console (CreateVolume, CreateSnapshot, a group create). */
    CREATED("created by this console"),
    /** Imported from a Kubernetes PersistentVolume export ({@code kubectl get pv -o json}). */
    PV_EXPORT("imported from a PV export"),
    /** Imported from a VolumeSnapshotContent export ({@code kubectl get volumesnapshotcontents -o json}). */
    SNAPSHOT_CONTENT_EXPORT("imported from a VolumeSnapshotContent export"),
    /** An id a person gave (pasted or typed). */
    PASTED_ID("pasted id"),
    /** A successful call of this console on a resource it had not recorded (publish, stage, replication). */
    TOUCHED("used by this console"),
    /**
     * A create of this console whose answer was cut off (outcome unknown): the driver gave no id, so the row is kept
     * under the requested name ({@link RecordedItem#unknownOutcomeId}) until a re-check (the same create again, idempotent
     * by name) answers.
     */
    OUTCOME_UNKNOWN("create sent, outcome unknown: re-check"),
    /** Returned by the driver's own listing or read. */
    LISTED("listed by the driver");

    private final String words;

    RecordOrigin(String words) {
        this.words = words;
    }

    /** The origin in words: {@code "imported from a PV export"}. */
    public String words() {
        return words;
    }

    /** The stable name used on the command line and in JSON: {@code pv-export}, {@code pasted-id}. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
