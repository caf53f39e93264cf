package org.csiconsole.core.training;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A snapshot of a running scenario: every step's state, in the scenario's order.
 *
 * @param scenarioId the {@link Scenario#id()}
 * @param startedAt when the scenario was started or last reset
 * @param at when this snapshot was taken
 * @param steps one entry per step, in order
 * @param resets how many times the trainee reset to the seed since the start
 */
public record TrainingProgress(String scenarioId, Instant startedAt, Instant at, List<StepProgress> steps, int resets) {
    public TrainingProgress {
        Objects.requireNonNull(scenarioId, "scenarioId");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(at, "at");
        steps = List.copyOf(steps);
    }

    /** True when every step passed. */
    public boolean complete() {
        return steps.stream().allMatch(s -> s.state() == StepState.PASSED);
    }

    /**
     * True when {@code other} is the same attempt at the same point: same start and resets, and every step in the same
     * state with the same hints; the snapshots' times and the running step's clock may differ.
     */
    public boolean sameOutcome(TrainingProgress other) {
        if (resets != other.resets || !startedAt.equals(other.startedAt) || steps.size() != other.steps.size()) return false;
        for (int i = 0; i < steps.size(); i++) {
            StepProgress a = steps.get(i);
            StepProgress b = other.steps.get(i);
            if (!a.stepId().equals(b.stepId()) || a.state() != b.state() || !a.hintsShown().equals(b.hintsShown())) return false;
        }
        return true;
    }

    /** The step the trainee is on; empty when complete. */
    public Optional<StepProgress> current() {
        return steps.stream().filter(StepProgress::current).findFirst();
    }

    /** The entry of one step. */
    public Optional<StepProgress> step(String stepId) {
        return steps.stream().filter(s -> s.stepId().equals(stepId)).findFirst();
    }
}
