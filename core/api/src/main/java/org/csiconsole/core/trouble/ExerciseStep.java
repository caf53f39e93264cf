package org.csiconsole.core.trouble;

import java.time.Duration;
import java.util.Objects;

/**
 * One timed step of an exercise, a lifecycle step or a clean-up step.
 *
 * @param step the lifecycle step, e.g. {@code CreateVolume}, {@code NodeStageVolume}
 * @param target the id the step acted on (a volume_id or snapshot_id), empty before one exists
 * @param outcome how it ended
 * @param took how long its RPC took (zero for a skipped step)
 * @param detail the failure in words, or why it was skipped; empty when OK
 * @param cleanup true for a step run to undo an earlier one
 */
public record ExerciseStep(String step, String target, StepOutcome outcome, Duration took, String detail,
                           boolean cleanup) {
    public ExerciseStep {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(outcome, "outcome");
        target = target == null ? "" : target;
        took = took == null ? Duration.ZERO : took;
        detail = detail == null ? "" : detail;
    }
}
