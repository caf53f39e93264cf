package org.csiconsole.core.reference.fuzz;

import java.util.Random;

/**
 * Tries and seed of a fuzz run. The build runs a fixed number of tries per property with a fixed
 * seed, so it is repeatable; {@code -Dfuzz.tries=N} raises the tries (the {@code fuzz-long} Maven
 * profile sets 20,000) and {@code -Dfuzz.seed=S} picks other inputs. Try {@code i} draws from
 * {@code new Random(seed * 1_000_003 + i)}: a failure names seed and try, and
 * {@code -Dfuzz.seed=S -Dfuzz.from=i -Dfuzz.tries=1} replays exactly that input.
 */
final class FuzzRun {
    static final int TRIES = Integer.getInteger("fuzz.tries", 2000);
    static final long SEED = Long.getLong("fuzz.seed", 20261125L);
    static final int FROM = Integer.getInteger("fuzz.from", 0);

    /** One try: the input drawn from its random, checked. */
    interface Try {
        void run(Random random, int index) throws Exception;
    }

    private FuzzRun() {
    }

    /** Runs {@link #TRIES} tries; a failing try is rethrown with its seed and index. */
    static int run(Try body) throws Exception {
        for (int i = FROM; i < FROM + TRIES; i++) {
            try {
                body.run(new Random(SEED * 1_000_003L + i), i);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("fuzz try " + i + " of seed " + SEED + " (replay: -Dfuzz.seed=" + SEED
                        + " -Dfuzz.from=" + i + " -Dfuzz.tries=1) failed: " + e.getMessage(), e);
            }
        }
        return TRIES;
    }
}
