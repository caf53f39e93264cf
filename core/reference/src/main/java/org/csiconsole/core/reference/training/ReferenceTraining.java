package org.csiconsole.core.reference.training;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.ScenarioLibrary;
import org.csiconsole.core.training.ScenarioProblem;
import org.csiconsole.core.training.TrainingPort;
import org.csiconsole.core.training.TrainingResult;

/**
 * Training mode on the bundled reference plugin: the {@link TrainingPort} the workbench and the
 * command line use. Bundled scenarios are class-path resources under {@code /training/scenarios/}
 * (listed in {@code index.txt}); shared seed files under {@code /training/seeds/}.
 *
 * <p>Each started scenario gets a state directory of its own below {@code workDir}
 * ({@code <workDir>/<scenario>-<n>}), or the one given to {@link #startIn}.
 */
public final class ReferenceTraining implements TrainingPort {
    private final Path workDir;
    private final Executor executor;
    private final Clock clock;
    private final AtomicInteger runs = new AtomicInteger();

    /**
     * @param workDir where started scenarios keep their state (created when needed)
     * @param executor runs loading, validation and starts (a background executor; never the UI thread)
     */
    public ReferenceTraining(Path workDir, Executor executor) {
        this(workDir, executor, Clock.systemUTC());
    }

    /** As {@link #ReferenceTraining(Path, Executor)} with the clock of the plugins and of step times. */
    public ReferenceTraining(Path workDir, Executor executor, Clock clock) {
        this.workDir = workDir;
        this.executor = executor;
        this.clock = clock;
    }

    @Override
    public CompletableFuture<ScenarioLibrary> library(Optional<Path> folder) {
        return CompletableFuture.supplyAsync(() -> load(folder), executor);
    }

    /**
     * The library now, on the caller's thread.
     *
     * @throws UncheckedIOException when the folder cannot be listed
     */
    public ScenarioLibrary load(Optional<Path> folder) {
        List<Scenario> scenarios = new ArrayList<>();
        List<ScenarioProblem> problems = new ArrayList<>();
        for (ScenarioSource s : sources(folder)) {
            ScenarioReader.Outcome o = ScenarioReader.read(s);
            o.definition().ifPresent(d -> scenarios.add(d.scenario()));
            problems.addAll(o.problems());
        }
        return new ScenarioLibrary(scenarios, problems);
    }

    private static List<ScenarioSource> sources(Optional<Path> folder) {
        List<ScenarioSource> out = new ArrayList<>();
        bundledNames().forEach(n -> out.add(ScenarioSource.bundled("scenarios/" + n)));
        if (folder.isPresent()) {
            try (Stream<Path> s = Files.list(folder.get())) {
                s.filter(p -> {
                    String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                    return Files.isRegularFile(p) && (n.endsWith(".yaml") || n.endsWith(".yml"));
                }).sorted(Comparator.comparing(Path::toString)).forEach(p -> out.add(ScenarioSource.file(p)));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list the scenario folder " + folder.get() + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** File names of the bundled scenarios, in the library's order. */
    static List<String> bundledNames() {
        InputStream in = ReferenceTraining.class.getResourceAsStream("/training/scenarios/index.txt");
        if (in == null) return List.of();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return r.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public CompletableFuture<List<ScenarioProblem>> validate(Path file) {
        return CompletableFuture.supplyAsync(() -> validateNow(file), executor);
    }

    /** The problems of one scenario file, on the caller's thread; empty when it is valid. */
    public List<ScenarioProblem> validateNow(Path file) {
        return ScenarioReader.read(ScenarioSource.file(file)).problems();
    }

    @Override
    public CompletableFuture<org.csiconsole.core.training.TrainingSession> start(Scenario scenario) {
        // the console's own work folders: a run there ended with the console that ran it
        return CompletableFuture.supplyAsync(() -> startIn(scenario,
                workDir.resolve(scenario.id() + "-" + runs.incrementAndGet()), true), executor);
    }

    /**
     * What starting in {@code stateDir} would discard: the progress of the run there whose result was not exported
     * since it last changed; empty when there is none (a new directory, or a run exported).
     *
     * @throws IllegalStateException when the earlier run's record cannot be read; the message names the file
     */
    public Optional<org.csiconsole.core.training.TrainingProgress> unexportedRun(Path stateDir) {
        return ReferenceTrainingSession.unexported(stateDir);
    }

    /** As {@link #startIn(Scenario, Path, boolean)} discarding no run whose result was not exported. */
    public ReferenceTrainingSession startIn(Scenario scenario, Path stateDir) {
        return startIn(scenario, stateDir, false);
    }

    /**
     * Starts {@code scenario} in {@code stateDir} on the caller's thread (the command line's
     * {@code training start}); a directory of an earlier training is emptied first.
     *
     * @param discardEarlier whether a run there whose result was not exported ({@link #unexportedRun}) may be
     *     discarded: the caller has the consent {@link org.csiconsole.core.training.TrainingDiscard#startOver} names
     * @throws IllegalStateException when the scenario's file no longer reads (the message lists why), the
     *     directory holds something else or a run not exported while {@code discardEarlier} is false, or the seed
     *     cannot be applied
     */
    public ReferenceTrainingSession startIn(Scenario scenario, Path stateDir, boolean discardEarlier) {
        ScenarioSource source = scenario.bundled() ? ScenarioSource.bundled(scenario.source().substring("bundled:".length()))
                : ScenarioSource.file(Path.of(scenario.source()));
        ScenarioReader.Outcome o = ScenarioReader.read(source);
        ScenarioDefinition d = o.definition().orElseThrow(() -> new IllegalStateException("Scenario " + scenario.id()
                + " no longer reads: " + String.join("; ", o.problems().stream().map(ScenarioProblem::describe).toList())));
        return ReferenceTrainingSession.start(d, stateDir, clock, discardEarlier);
    }

    @Override
    public CompletableFuture<List<TrainingResult>> readResults(List<Path> files) {
        return CompletableFuture.supplyAsync(() -> files.stream().map(ResultFiles::read).toList(), executor);
    }
}
