package org.csiconsole.core.training;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Several trainees' results side by side, for a trainer: one column per result (in the order
 * given), one row per step id (in the order the steps first appear). Results of different scenarios
 * may be compared; a step a result does not have is empty in its column.
 *
 * @param results the results compared
 * @param stepIds every step id of the results, in first-seen order
 */
public record ResultComparison(List<TrainingResult> results, List<String> stepIds) {
    public ResultComparison {
        results = List.copyOf(results);
        stepIds = List.copyOf(stepIds);
    }

    /** The comparison of {@code results}. */
    public static ResultComparison of(List<TrainingResult> results) {
        Set<String> ids = new LinkedHashSet<>();
        results.forEach(r -> r.steps().forEach(s -> ids.add(s.stepId())));
        return new ResultComparison(results, new ArrayList<>(ids));
    }

    /** The step {@code stepId} of the result at {@code column}; empty when that result has no such step. */
    public Optional<StepProgress> cell(String stepId, int column) {
        return results.get(column).steps().stream().filter(s -> s.stepId().equals(stepId)).findFirst();
    }

    /** The column of the fastest complete result; empty when none is complete. */
    public Optional<Integer> fastestComplete() {
        Integer best = null;
        for (int i = 0; i < results.size(); i++) {
            TrainingResult r = results.get(i);
            if (r.complete() && (best == null || r.totalTime().compareTo(results.get(best).totalTime()) < 0)) best = i;
        }
        return Optional.ofNullable(best);
    }
}
