package org.csiconsole.views.training;

import org.csiconsole.core.training.ScenarioStep;
import org.csiconsole.core.training.StepProgress;
import org.csiconsole.core.training.StepState;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One step of the running scenario as the step pane shows it: what the scenario says of it and where it stands.
 *
 * @param number 1-based, in the scenario's order
 * @param step the step as the scenario defines it
 * @param progress its state at the last change the session told
 */
public record TrainingStepRow(int number, ScenarioStep step, StepProgress progress) {
    public TrainingStepRow {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(progress, "progress");
    }

    public StepState state() {
        return progress.state();
    }

    /** True once the run got to the step: it became current or passed. */
    public boolean reached() {
        return progress.openedAt() != null || progress.current() || progress.state() == StepState.PASSED;
    }

    /** The goal as the trainee may read it: locked until the step is reached ({@link ScenarioStep#goalShown}). */
    public String goal() {
        return step.goalShown(number, reached());
    }

    /** How many of the step's hints are still hidden. */
    public int hintsLeft() {
        return Math.max(0, step.hints().size() - progress.hintsUsed());
    }

    /**
     * The time spent on the step at {@code now}: from when it became current to when its check held, or to
     * {@code now} while it is current; zero for a step not reached.
     */
    public Duration timeAt(Instant now) {
        if (progress.passedAt() != null || !progress.current() || progress.openedAt() == null) return progress.timeTaken();
        Duration d = Duration.between(progress.openedAt(), now);
        return d.isNegative() ? progress.timeTaken() : d;
    }
}
