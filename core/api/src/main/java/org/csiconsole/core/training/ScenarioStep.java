package org.csiconsole.core.training;

import java.util.List;
import java.util.Objects;

/**
 * One step of a {@link Scenario}: what the trainee is to achieve, and how the console knows.
 *
 * @param id the step's id, unique in its scenario, e.g. {@code publish}
 * @param goal the goal in words, e.g. "Publish erp-db to worker-02 and stage it there."
 * @param hints hints, revealed one at a time ({@link TrainingSession#revealHint(String)}); may be empty
 * @param check what must hold of the plugin's state, in words, e.g. "erp-db is published to worker-02"
 * @param how what must not (or must) show in the plugin's call log, in words, e.g. "no forced promote";
 *     empty when the way does not matter
 * @param question a question the trainee answers in words ({@link TrainingSession#answer(String, String)}),
 *     e.g. "How many minutes of writes did site-b not receive?"; empty when the step is checked on the
 *     plugin's state alone
 */
public record ScenarioStep(String id, String goal, List<String> hints, String check, List<String> how, String question) {
    public ScenarioStep {
        question = question == null ? "" : question;
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(goal, "goal");
        hints = List.copyOf(hints);
        check = check == null ? "" : check;
        how = List.copyOf(how);
    }

    /**
     * What a trainee may read of this step: its goal once the step is reached (the first step always is), else a
     * locked line that gives nothing away, since a later goal can reveal the answer of the current step
     * (e.g. which site survives a split brain). The step pane and {@code csi-console training start} show this.
     *
     * @param number the step's 1-based number in its scenario
     * @param reached whether the run got to the step (it became current or passed)
     * @return the goal, or {@code "Locked until step N-1 passes."} (the step's number is shown beside it)
     */
    public String goalShown(int number, boolean reached) {
        return shown(number, reached) ? goal : "Locked until step " + (number - 1) + " passes.";
    }

    /**
     * Whether a trainee may read this step (its goal, check, rules and question): once it is reached, and the
     * first step always.
     *
     * @param number the step's 1-based number in its scenario
     * @param reached whether the run got to the step
     */
    public boolean shown(int number, boolean reached) {
        return reached || number <= 1;
    }

    /** True when the trainee passes this step by answering {@link #question()}. */
    public boolean asks() {
        return !question.isEmpty();
    }
}
