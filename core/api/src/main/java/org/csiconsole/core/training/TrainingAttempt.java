package org.csiconsole.core.training;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One attempt of a run: from the start (or a reset) to the next reset, or to the result's time for
 * the last attempt. A reset ends an attempt; it never erases it from the result.
 *
 * @param startedAt when the attempt began: the run's start for the first, a reset's time for the others
 * @param endedAt when the next reset ended it, or the result's time for the last attempt
 * @param steps every step's progress when the attempt ended (state, hints shown, time taken)
 * @param failures every step that went FAILED_HOW in the attempt, in time order
 */
public record TrainingAttempt(Instant startedAt, Instant endedAt, List<StepProgress> steps, List<StepFailure> failures) {
    public TrainingAttempt {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(endedAt, "endedAt");
        steps = List.copyOf(steps);
        failures = List.copyOf(failures);
    }

    /** Hints revealed in this attempt, over all steps. */
    public int hintsUsed() {
        return steps.stream().mapToInt(StepProgress::hintsUsed).sum();
    }
}
