package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Secrets;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * {@link TroubleshootPort} over this host: the workflows of this package, their calls recorded in
 * the console's call trace and the exercise's changes audited through the given hook.
 */
public final class LocalTroubleshooter implements TroubleshootPort {
    private final CallTrace trace;
    private final CallAudit audit;
    private final ProbeOptions options;
    private final String consoleVersion;
    private final SecretsSource secrets;

    /**
     * Where the workbench's probe and exercise find the secrets for the calls that carry them.
     */
    public interface SecretsSource {
        /** Finds no secrets anywhere. */
        SecretsSource NONE = new SecretsSource() {
            @Override
            public Optional<SavedSecrets> saved(String endpoint) {
                return Optional.empty();
            }

            @Override
            public Secrets read(Path file) {
                throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Read the secrets file " + file, "this console reads no secrets files",
                        "Probe without a secrets file", "");
            }
        };

        /** The saved connection to {@code endpoint} (its text as typed) that names secrets; empty when none does. */
        Optional<SavedSecrets> saved(String endpoint);

        /**
         * The secrets in {@code file}: a JSON object of strings or {@code key=value} lines.
         *
         * @throws CallFailure INVALID_ARGUMENT naming the file (never its content) when it cannot be read
         */
        Secrets read(Path file);
    }

    /**
     * The secrets of a saved connection.
     *
     * @param connection the connection's name, as the navigator shows it
     * @param secrets what it sends, per secret class
     */
    public record SavedSecrets(String connection, ConnectionSecrets secrets) {
        public SavedSecrets {
            Objects.requireNonNull(connection, "connection");
            Objects.requireNonNull(secrets, "secrets");
        }
    }

    /**
     * @param trace where every call is recorded (the console's call trace)
     * @param audit how the exercise's changes are audited
     * @param options the probe's and discovery's options; the kubelet root given per call replaces its own
     * @param consoleVersion the console's version, written into saved reports
     */
    public LocalTroubleshooter(CallTrace trace, CallAudit audit, ProbeOptions options, String consoleVersion) {
        this(trace, audit, options, consoleVersion, SecretsSource.NONE);
    }

    /**
     * As {@link #LocalTroubleshooter(CallTrace, CallAudit, ProbeOptions, String)}, sending with the probe's and the
     * exercise's calls that carry secrets those of the saved connection to the endpoint, or those of the secrets file a
     * probe names.
     */
    public LocalTroubleshooter(CallTrace trace, CallAudit audit, ProbeOptions options, String consoleVersion, SecretsSource secrets) {
        this.secrets = Objects.requireNonNull(secrets, "secrets");
        this.trace = Objects.requireNonNull(trace, "trace");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.options = Objects.requireNonNull(options, "options");
        this.consoleVersion = Objects.requireNonNull(consoleVersion, "consoleVersion");
    }

    @Override
    public CompletableFuture<DiscoveryReport> discover(Path rootDir, List<Path> paths, Consumer<TroubleEvent> events) {
        return Discovery.start(rootDir, Discovery.defaultPlaces(rootDir, paths), options.withKubeletRoot(rootDir), trace, events);
    }

    @Override
    public CompletableFuture<ProbeReport> probe(String endpoint, Path rootDir, Path secretsFile, Consumer<TroubleEvent> events) {
        Endpoint e;
        ProbeOptions o = options.withKubeletRoot(rootDir);
        try {
            e = Endpoint.parse(endpoint);
            if (secretsFile != null) {
                o = o.withSecrets(ConnectionSecrets.all(secrets.read(secretsFile)), "the secrets file " + secretsFile);
            } else {
                Optional<SavedSecrets> saved = secrets.saved(endpoint);
                if (saved.isPresent()) o = o.withSecrets(saved.get().secrets(), "the saved connection " + saved.get().connection());
            }
        } catch (CallFailure f) {
            return CompletableFuture.failedFuture(f);
        }
        return Probe.start(ProbeTarget.of(e), o, trace, events);
    }

    @Override
    public CompletableFuture<PluginInfo> identify(String endpoint) {
        CsiClient client;
        try {
            client = CsiClient.open(Endpoint.parse(endpoint), Optional.empty(), CsiClientOptions.defaults(), trace);
        } catch (CallFailure f) {
            return CompletableFuture.failedFuture(f);
        }
        return client.identity().pluginInfo().whenComplete((i, t) -> client.close());
    }

    @Override
    public ExerciseRun exercise(String endpoint, ExercisePlan plan, String driver, Consumer<TroubleEvent> events) {
        CsiClient client;
        try {
            client = CsiClient.open(Endpoint.parse(endpoint), Optional.empty(), CsiClientOptions.defaults().withAudit(audit)
                    .withSecrets(secrets.saved(endpoint).map(SavedSecrets::secrets).orElse(ConnectionSecrets.NONE)), trace);
        } catch (CallFailure f) {
            return new ExerciseRun() {
                @Override
                public CompletableFuture<ExerciseResult> result() {
                    return CompletableFuture.failedFuture(f);
                }

                @Override
                public void cancel() {
                }
            };
        }
        Exercise x = Exercise.start(client, plan, driver, events);
        x.result().whenComplete((r, t) -> client.close());
        return x;
    }

    @Override
    public CompletableFuture<TroubleReport> openReport(Path file) {
        return CompletableFuture.supplyAsync(() -> ReportFiles.read(file));
    }

    @Override
    public CompletableFuture<Path> saveReport(Path dir, String endpoint, DiscoveryReport discovery, ProbeReport probe,
                                              ExerciseResult exercise, Set<String> taskTitles) {
        if (discovery == null && probe == null && exercise == null) {
            return CompletableFuture.failedFuture(new CallFailure(FailureKind.INVALID_ARGUMENT, "Save a report",
                    "nothing has been discovered, probed or exercised yet", "Run a discovery or a probe first", ""));
        }
        ReportScope scope = ReportScope.of(probe, exercise);
        String about = endpoint == null ? "" : endpoint;
        if (!scope.leftOut().isEmpty() || !about.isEmpty() && !scope.endpoint().isEmpty() && !about.equals(scope.endpoint())) {
            return CompletableFuture.failedFuture(new CallFailure(FailureKind.INVALID_ARGUMENT, "Save a report on " + about,
                    "a report is about one endpoint, and these runs are not all of " + about + (scope.leftOut().isEmpty() ? ""
                    : " (" + scope.leftOut() + ")"), "Save the runs of one endpoint", ""));
        }
        List<TraceEntry> calls = callsOf(trace.snapshot(), taskTitles, discovery == null ? null : window(discovery.started(), discovery.took()),
                probe == null ? null : window(probe.started(), probe.took()), exercise == null ? null : window(exercise.started(), exercise.took()));
        TroubleReport report = new TroubleReport(TroubleReport.FORMAT, consoleVersion, Instant.now(), ReportFiles.environment(),
                endpoint == null ? "" : endpoint, discovery, probe, exercise, calls, null);
        return CompletableFuture.supplyAsync(() -> {
            ReportFiles.write(report, dir);
            return dir.resolve(ReportFiles.JSON_NAME);
        });
    }

    /** A run's time, with a second's slack at both ends for clocks read a little apart. */
    private static Instant[] window(Instant started, Duration took) {
        return new Instant[] {started.minusSeconds(1), started.plus(took).plusSeconds(1)};
    }

    /** The entries of {@code all} made by a task titled in {@code titles} within one of {@code windows} (null ones skipped). */
    static List<TraceEntry> callsOf(List<TraceEntry> all, Set<String> titles, Instant[]... windows) {
        List<TraceEntry> out = new ArrayList<>();
        for (TraceEntry e : all) {
            if (!e.origin().isTask() || !titles.contains(e.origin().title())) continue;
            for (Instant[] w : windows) {
                if (w != null && !e.start().isBefore(w[0]) && !e.start().isAfter(w[1])) {
                    out.add(e);
                    break;
                }
            }
        }
        return out;
    }
}
