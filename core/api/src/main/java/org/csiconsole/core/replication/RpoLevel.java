package org.csiconsole.core.replication;

/** How an RPO age compares with the scheduling interval ({@link RpoThresholds}). */
public enum RpoLevel {
    /** Within {@link RpoThresholds#warningFactor()} times the interval. */
    OK,
    /** Past the warning factor, within the error factor. */
    WARNING,
    /** Past {@link RpoThresholds#errorFactor()} times the interval. */
    ERROR,
    /** No {@code last_sync_time} known, so no age. */
    UNKNOWN
}
