package org.csiconsole.core.reference.training;

/**
 * One predicate of a step's {@code check} over the plugin's state (docs/training-schema.md,
 * "Conditions"). Evaluated on the session's checker thread.
 */
interface Condition {
    /** Whether it holds, and if not why, in words. */
    record Verdict(boolean holds, String why) {
        static Verdict yes() {
            return new Verdict(true, "");
        }

        static Verdict no(String why) {
            return new Verdict(false, why);
        }
    }

    /** What must hold, in words, e.g. "erp-db is published to worker-02". */
    String describe();

    Verdict test(Facts facts);
}
