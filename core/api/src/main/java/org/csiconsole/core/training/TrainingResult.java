package org.csiconsole.core.training;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A trainee's result of one scenario run, as exported and compared.
 *
 * @param scenarioId the {@link Scenario#id()}
 * @param title the scenario's title
 * @param trainee the trainee's name as given at export; may be empty
 * @param startedAt when the run started (or was last reset)
 * @param finishedAt when the last step passed, else when the result was taken
 * @param steps every step's progress at {@code finishedAt}
 * @param resets how many resets the run had
 */
public record TrainingResult(String scenarioId, String title, String trainee, Instant startedAt, Instant finishedAt,
                             List<StepProgress> steps, int resets) {
    public TrainingResult {
        Objects.requireNonNull(scenarioId, "scenarioId");
        title = title == null ? "" : title;
        trainee = trainee == null ? "" : trainee;
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        steps = List.copyOf(steps);
    }

    /** True when every step passed. */
    public boolean complete() {
        return steps.stream().allMatch(s -> s.state() == StepState.PASSED);
    }

    /** Steps passed. */
    public long passed() {
        return steps.stream().filter(s -> s.state() == StepState.PASSED).count();
    }

    /** Hints used over all steps. */
    public int hintsUsed() {
        return steps.stream().mapToInt(StepProgress::hintsUsed).sum();
    }

    /** From start to finish. */
    public Duration totalTime() {
        return Duration.between(startedAt, finishedAt);
    }
}
