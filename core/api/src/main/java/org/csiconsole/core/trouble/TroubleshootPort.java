package org.csiconsole.core.trouble;

import org.csiconsole.core.model.PluginInfo;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Offline troubleshooting for the views: discovery, probe, exercise and reports, without any
 * protocol type. The composition root implements it over core/client's workflows (the same ones the
 * command line runs). Methods never block; futures fail with a
 * {@link org.csiconsole.core.call.CallFailure} (an endpoint that cannot be parsed, a file that is no
 * report: {@link org.csiconsole.core.call.FailureKind#INVALID_ARGUMENT}); a driver's failure during
 * a probe or an exercise ends up in a check or a step, not in the future. Events arrive on the
 * workflow's own thread.
 */
public interface TroubleshootPort {
    /**
     * Discovers the drivers on this node, read-only.
     *
     * @param rootDir the kubelet root directory, e.g. {@code /var/lib/kubelet}
     * @param paths more directories or sockets to look at
     */
    CompletableFuture<DiscoveryReport> discover(Path rootDir, List<Path> paths, Consumer<TroubleEvent> events);

    /**
     * Probes one driver, read-only. The calls that carry secrets send those of {@code secretsFile}, else those of the
     * saved connection to {@code endpoint}, if any; the secrets check names where they came from.
     *
     * @param endpoint the CSI endpoint text, e.g. {@code unix:///csi/csi.sock}
     * @param rootDir the kubelet root directory, where the volumes published for pods are found
     * @param secretsFile a secrets file (a JSON object of strings or {@code key=value} lines) for every call that carries
     *     secrets, or null; the future fails with INVALID_ARGUMENT naming it when it cannot be read
     */
    CompletableFuture<ProbeReport> probe(String endpoint, Path rootDir, Path secretsFile, Consumer<TroubleEvent> events);

    /** GetPluginInfo of the driver at {@code endpoint}, for the confirmation an exercise needs. */
    CompletableFuture<PluginInfo> identify(String endpoint);

    /**
     * Starts an exercise the person confirmed by typing {@link ExercisePlan#confirmation(String)}.
     * Every change is audited.
     *
     * @param driver the driver's name, from {@link #identify(String)}
     */
    ExerciseRun exercise(String endpoint, ExercisePlan plan, String driver, Consumer<TroubleEvent> events);

    /** Reads a {@code report.json}. */
    CompletableFuture<TroubleReport> openReport(Path file);

    /**
     * Writes {@code dir/report.json} and {@code dir/report.html} as {@code csi-console report} does,
     * from this console's latest runs; any of them may be null, not all three. The report's call
     * trace holds the calls of the console's trace that the tasks titled {@code taskTitles} made
     * while those runs went (secrets redacted as in the trace).
     *
     * @param endpoint the driver's endpoint the report is about; empty for a discovery alone
     * @return completes with the JSON file written; fails with a CallFailure of
     *     {@link org.csiconsole.core.call.FailureKind#INVALID_ARGUMENT} when {@code dir} cannot be
     *     written or there is no run to report
     */
    CompletableFuture<Path> saveReport(Path dir, String endpoint, DiscoveryReport discovery, ProbeReport probe, ExerciseResult exercise,
                                       java.util.Set<String> taskTitles);
}
