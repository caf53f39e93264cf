package org.csiconsole.core.training;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One step's state at one moment.
 *
 * @param stepId the {@link ScenarioStep#id()}
 * @param state PENDING, PASSED or FAILED_HOW
 * @param current true for the step the trainee is on (the first one not passed); steps after it are
 *     not checked yet
 * @param explanation why the step is in its state, one or two sentences: what does not hold yet
 *     (PENDING), what held (PASSED), which call broke which rule and why it matters (FAILED_HOW); empty
 *     for a step not reached
 * @param openedAt when the step became current; null when not reached yet
 * @param passedAt when its check held; null unless PASSED
 * @param timeTaken from {@code openedAt} to {@code passedAt} for a passed step, to the snapshot's time
 *     for the current one; zero for a step not reached
 * @param hintsShown the hints revealed so far, in order; their count is the hints used
 */
public record StepProgress(String stepId, StepState state, boolean current, String explanation, Instant openedAt,
                           Instant passedAt, Duration timeTaken, List<String> hintsShown) {
    public StepProgress {
        Objects.requireNonNull(stepId, "stepId");
        Objects.requireNonNull(state, "state");
        explanation = explanation == null ? "" : explanation;
        Objects.requireNonNull(timeTaken, "timeTaken");
        hintsShown = List.copyOf(hintsShown);
    }

    /** How many hints were revealed. */
    public int hintsUsed() {
        return hintsShown.size();
    }

    /** When the check held, if it did. */
    public Optional<Instant> passed() {
        return Optional.ofNullable(passedAt);
    }
}
