package org.csiconsole.core.trouble;

/**
 * The outcome of one probe check, worst first: the declaration order is the order a report lists
 * checks in (failures first).
 */
public enum CheckStatus {
    /** The driver breaks a MUST of the spec, or something stops it from working (stale socket, not served). */
    FAIL,
    /** Allowed by the spec but likely to hurt: not ready, slow, abnormal volumes, an unusual setting. */
    WARN,
    /** Checked and as the spec asks. */
    PASS,
    /** Not checked: the driver does not advertise what the check needs, or an earlier check failed. */
    SKIPPED;

    /** True for {@link #FAIL}. */
    public boolean failed() {
        return this == FAIL;
    }
}
