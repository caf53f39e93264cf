package org.csiconsole.core.trouble;

/** How one step of an exercise ended. */
public enum StepOutcome {
    /** The RPC answered OK. */
    OK,
    /** The RPC failed; the step's detail says how. */
    FAILED,
    /** Not run: the driver does not advertise what it needs, or an earlier step failed. */
    SKIPPED,
    /** Stopped because the exercise was cancelled. */
    CANCELLED
}
