package org.csiconsole.core.reference.training;

/**
 * One predicate of a step's {@code check} over the plugin's state (docs/training-schema.md,
 * "Conditions"). Evaluated on the session's checker thread.
 */
interface StepCondition {
    /** Whether it holds, and if not why, in words. */
    record Judgement(boolean holds, String why) {
        static Judgement yes() {
            return new Judgement(true, "");
        }

        static Judgement no(String why) {
            return new Judgement(false, why);
        }
    }

    /** What must hold, in words, e.g. "erp-db is published to worker-02". */
    String describe();

    Judgement test(Facts facts);
}
