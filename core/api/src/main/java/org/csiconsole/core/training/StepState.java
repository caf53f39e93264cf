package org.csiconsole.core.training;

/** Where a step stands. */
public enum StepState {
    /** Its check does not hold yet (or the step is not reached yet). */
    PENDING,
    /** Its check held, done the right way; stays passed until a reset. */
    PASSED,
    /**
     * The call log shows a way the scenario forbids (e.g. a forced promote in a planned failover):
     * the step cannot pass until the scenario is reset; the explanation says what was wrong and why.
     */
    FAILED_HOW
}
