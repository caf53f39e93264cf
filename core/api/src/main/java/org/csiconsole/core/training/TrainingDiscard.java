package org.csiconsole.core.training;

import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import org.csiconsole.core.model.Words;

/**
 * What resetting a run, or starting a scenario over a run, throws away, and the consent it takes: decided once
 * here and rendered by the Training perspective's typed confirmation and by {@code csi-console training reset}
 * and {@code training start}: each shows {@link #message()} and takes {@link #phrase()} typed (on the terminal or
 * given as an option on the command line). Nothing is discarded without it.
 *
 * @param title the action, short enough for a dialog's header: {@code "Reset the scenario to its seed"}
 * @param lost what is lost, in one sentence: the steps passed so far, the time, the hints, the plugin's changes
 * @param keep how to keep it: export the result first
 * @param actionLabel the confirming button's label in the workbench, e.g. {@code "Reset"}
 * @param phrase what a person types to consent, in the workbench and on the command line: the discarded run's scenario id
 */
public record TrainingDiscard(String title, String lost, String keep, String actionLabel, String phrase) {
    private static final String KEEP = "To keep the trainee's result, cancel and export it first (Export result in the Training "
            + "perspective; csi-console training result on the command line).";

    public TrainingDiscard {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(lost, "lost");
        Objects.requireNonNull(keep, "keep");
        Objects.requireNonNull(actionLabel, "actionLabel");
        Objects.requireNonNull(phrase, "phrase");
    }

    /**
     * Resetting the run {@code progress} of scenario {@code title} to its seed.
     *
     * @param title the scenario's title (or its id where the title is not at hand)
     */
    public static TrainingDiscard reset(String title, TrainingProgress progress) {
        return new TrainingDiscard("Reset the scenario to its seed",
                "Every change made on the plugin of \u201c" + title + "\u201d since the start is discarded: it goes back to the "
                        + "seed and every step starts again, its time and hints counted from zero in the step pane and in "
                        + "training check. The exported result keeps this attempt (" + passed(progress) + ", its failures and "
                        + "hints) and counts the time from the first start.",
                "", "Reset", progress.scenarioId());
    }

    /**
     * Starting {@code next} over the run {@code progress} of scenario {@code title}, which ends; its result was not
     * exported.
     *
     * @param title the ending run's scenario title (or its id where the title is not at hand)
     * @param next the title of the scenario to start
     */
    public static TrainingDiscard startOver(String title, TrainingProgress progress, String next) {
        return startOver(title, progress, Optional.empty(), next);
    }

    /**
     * Starting {@code next} over the run {@code progress} of scenario {@code title}, which ends, knowing when its
     * result was last exported: nothing of the run is lost when nothing changed since, else what changed since is.
     *
     * @param title the ending run's scenario title (or its id where the title is not at hand)
     * @param exported the run's progress when its result was last exported ({@link TrainingSession#lastExported()}),
     *     its {@code at} the export's time; empty when it never was
     * @param next the title of the scenario to start
     */
    public static TrainingDiscard startOver(String title, TrainingProgress progress, Optional<TrainingProgress> exported, String next) {
        String ends = "The run of \u201c" + title + "\u201d ends and its plugin's state is discarded";
        if (exported.isEmpty()) {
            return new TrainingDiscard("Start " + next, ends + ", with " + passed(progress) + ", the time and the hints used.",
                    KEEP, "Start", progress.scenarioId());
        }
        String when = "Its result was exported at " + exported.get().at().truncatedTo(ChronoUnit.SECONDS) + " (UTC)";
        if (exported.get().sameOutcome(progress)) {
            return new TrainingDiscard("Start " + next, ends + ". " + when + " and nothing changed since: nothing of the result is lost.",
                    "", "Start", progress.scenarioId());
        }
        return new TrainingDiscard("Start " + next, ends + ". " + when + ", but what happened since is lost: now "
                + passed(progress) + ", " + Words.count(hints(progress), "hint") + " used.",
                "To keep it, cancel and export the result again (Export result in the Training perspective).", "Start", progress.scenarioId());
    }

    /** {@link #lost()} then {@link #keep()}: the confirmation's text. */
    public String message() {
        return keep.isEmpty() ? lost : lost + " " + keep;
    }

    /** True when {@code typed} is {@link #phrase()}, surrounding blanks ignored. */
    public boolean accepts(String typed) {
        return typed != null && typed.strip().equals(phrase);
    }

    private static int hints(TrainingProgress p) {
        return p.steps().stream().mapToInt(StepProgress::hintsUsed).sum();
    }

    private static String passed(TrainingProgress p) {
        long passed = p.steps().stream().filter(s -> s.state() == StepState.PASSED).count();
        return "the " + passed + " of " + p.steps().size() + " steps passed so far";
    }
}
