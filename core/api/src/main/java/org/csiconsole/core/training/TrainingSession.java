package org.csiconsole.core.training;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A running scenario: a reference plugin seeded from the scenario, served in process for the
 * console's usual views (and on a unix socket for the command line's {@code training start}), and a
 * checker that re-evaluates the steps whenever the plugin's state or call log changes (no polling).
 * Timed and triggered faults of the scenario fire as its steps pass.
 *
 * <p>Methods returning futures do their work on the session's own thread; none blocks the caller.
 * Thread-safe. {@link #close()} stops the plugin and the checker.
 */
public interface TrainingSession extends AutoCloseable {
    /** The scenario being run. */
    Scenario scenario();

    /**
     * The endpoint the console connects its usual views to for this run, e.g. {@code inproc:training-1}:
     * every CSI and csi-addons service of the scenario's plugin.
     */
    String endpoint();

    /**
     * The scenario's arrays as replication sites, sorted by name: array name (e.g. {@code site-a}) to an
     * in-process endpoint serving that array alone (e.g. {@code inproc:training-planned-failover-1-site-a}), as
     * two clusters each see their own array. Its CSI and csi-addons calls reach the same plugin as
     * {@link #endpoint()}'s and are checked alike.
     */
    Map<String, String> siteEndpoints();

    /**
     * The plugin's CSP REST server (hpe-csp-rest-spec.md), started on 127.0.0.1 at the first call and stopped by
     * {@link #close()}: the arrays' own view of the scenario, whose volumes carry the seed's names. User
     * {@code admin}, password {@code admin}; an array is selected by its name or management IP in
     * {@code x-array-ip}.
     *
     * @return the base URL, e.g. {@code http://127.0.0.1:41234}
     * @throws IllegalStateException when the session is closed or no port can be bound; the message says why
     */
    String cspUrl();

    /** The plugin's state directory. */
    Path stateDir();

    /** The progress now (a snapshot; cheap, never blocks). */
    TrainingProgress progress();

    /**
     * Calls {@code listener} with the progress after every change, on the session's thread (see
     * {@link TrainingListener}), starting with the progress now.
     *
     * @return closing it stops the calls
     */
    AutoCloseable subscribe(TrainingListener listener);

    /** Re-evaluates the current step now (the checker also does on every change) and returns the progress. */
    CompletableFuture<TrainingProgress> check();

    /**
     * Puts the plugin back to the scenario's seed exactly (every object, fault and the call log),
     * clears hints and times, and starts the run again; at the demo's size this takes well under 2 s.
     */
    CompletableFuture<TrainingProgress> reset();

    /**
     * Reveals the next hint of {@code stepId}.
     *
     * @return the hint's text, empty when every hint of the step is already shown
     * @throws IllegalArgumentException (the future fails with it) for a step id the scenario does not have, or a
     *     step not reached yet (after the current one): its hints would give the current step away
     */
    CompletableFuture<Optional<String>> revealHint(String stepId);

    /**
     * Answers the question of {@code stepId} ({@link ScenarioStep#question()}). A right answer on the
     * current step passes it; a wrong one keeps it pending with an explanation of what was expected
     * to be looked at. Answers to other steps are refused.
     *
     * @return the progress after the answer
     * @throws IllegalArgumentException (the future fails with it) when the step has no question or is not the current step
     */
    CompletableFuture<TrainingProgress> answer(String stepId, String text);

    /**
     * The folder where a trainee saves a troubleshooting report ({@code report.json}, directly or in a
     * sub-folder) for a scenario's "report saved" check; it exists while the session runs.
     */
    Path reportFolder();

    /** The result now, for {@code trainee} (may be empty). */
    TrainingResult result(String trainee);

    /**
     * The run's progress when its result was last exported ({@link #exportResult}), with {@code at} the export's
     * time; empty when it was not exported since the start. {@link TrainingDiscard#startOver} tells from it whether
     * ending the run loses anything.
     */
    Optional<TrainingProgress> lastExported();

    /**
     * Writes {@link #result(String)} to {@code file} in {@code format} (parent folders created).
     *
     * @return the file written
     * @throws java.io.UncheckedIOException (the future fails with it) when the file cannot be written; the message names it
     */
    CompletableFuture<Path> exportResult(String trainee, ResultFormat format, Path file);

    /** Stops the checker, the faults' timers and the plugin. Idempotent. */
    @Override
    void close();
}
