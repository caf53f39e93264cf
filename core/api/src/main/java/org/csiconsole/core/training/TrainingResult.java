package org.csiconsole.core.training;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A trainee's result of one scenario run, as exported and compared. The run's whole history is kept
 * across resets: each attempt's failures and hints, the first start and every reset's time.
 *
 * @param scenarioId the {@link Scenario#id()}
 * @param title the scenario's title
 * @param trainee the trainee's name as given at export; may be empty
 * @param finishedAt when the last step passed, else when the result was taken
 * @param attempts the run's attempts in order, at least one; a reset ends one and begins the next; the last is
 *     the one the steps' state is of
 */
public record TrainingResult(String scenarioId, String title, String trainee, Instant finishedAt, List<TrainingAttempt> attempts) {
    public TrainingResult {
        Objects.requireNonNull(scenarioId, "scenarioId");
        title = title == null ? "" : title;
        trainee = trainee == null ? "" : trainee;
        Objects.requireNonNull(finishedAt, "finishedAt");
        attempts = List.copyOf(attempts);
        if (attempts.isEmpty()) throw new IllegalArgumentException("A training result has at least one attempt.");
    }

    /** When the run first started (not when it was last reset). */
    public Instant startedAt() {
        return attempts.get(0).startedAt();
    }

    /** Every step's progress in the last attempt, at {@link #finishedAt()}. */
    public List<StepProgress> steps() {
        return attempts.get(attempts.size() - 1).steps();
    }

    /** How many resets the run had. */
    public int resets() {
        return attempts.size() - 1;
    }

    /** When each reset happened, in order. */
    public List<Instant> resetTimes() {
        return attempts.stream().skip(1).map(TrainingAttempt::startedAt).toList();
    }

    /** Every FAILED_HOW of every attempt, in time order. */
    public List<StepFailure> failures() {
        return attempts.stream().flatMap(a -> a.failures().stream()).toList();
    }

    /** True when every step of the last attempt passed. */
    public boolean complete() {
        return steps().stream().allMatch(s -> s.state() == StepState.PASSED);
    }

    /** Steps passed in the last attempt. */
    public long passed() {
        return steps().stream().filter(s -> s.state() == StepState.PASSED).count();
    }

    /** Hints used over all steps of all attempts. */
    public int hintsUsed() {
        return attempts.stream().mapToInt(TrainingAttempt::hintsUsed).sum();
    }

    /** From the first start to finish, resets included. */
    public Duration totalTime() {
        return Duration.between(startedAt(), finishedAt);
    }
}
