package org.csiconsole.core.training;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Training mode's entry point: the scenario library, starting a scenario, reading results back.
 * Implemented beside the reference plugin and wired by the application; the Training perspective
 * and {@code csi-console training} both use it. Every method works off the caller's thread.
 */
public interface TrainingPort {
    /**
     * Loads the bundled scenarios and, when given, every {@code *.yaml} / {@code *.yml} file directly
     * in {@code folder}. Files that fail validation are listed with their problems, not thrown.
     *
     * @throws java.io.UncheckedIOException (in the future) when the folder cannot be listed
     */
    CompletableFuture<ScenarioLibrary> library(Optional<Path> folder);

    /**
     * Validates one scenario file (and the seed file it references).
     *
     * @return the problems; empty when the file is valid
     */
    CompletableFuture<List<ScenarioProblem>> validate(Path file);

    /**
     * Starts {@code scenario}: a fresh plugin seeded from it in a new state directory, served in
     * process under {@link TrainingSession#endpoint()}, the first step current.
     *
     * @throws IllegalStateException (in the future) when the seed cannot be applied; the message says why
     */
    CompletableFuture<TrainingSession> start(Scenario scenario);

    /**
     * Reads results exported as {@link ResultFormat#JSON}, in the order given, to compare trainees.
     *
     * @throws IllegalArgumentException (in the future) naming the file that is not such a result
     */
    CompletableFuture<List<TrainingResult>> readResults(List<Path> files);
}
