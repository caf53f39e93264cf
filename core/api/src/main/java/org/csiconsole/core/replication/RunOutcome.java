package org.csiconsole.core.replication;

/** How a workflow run, or one of its items, ended. */
public enum RunOutcome {
    /** Every step succeeded. */
    SUCCEEDED,
    /** A step failed. */
    FAILED,
    /** Stopped between steps on request. */
    STOPPED,
    /** Not started: a pre-flight check failed. */
    REFUSED,
    /** Some items succeeded, others failed or were stopped (a run only). */
    PARTIAL
}
