package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.PluginInfo;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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

    /**
     * @param trace where every call is recorded (the console's call trace)
     * @param audit how the exercise's changes are audited
     * @param options the probe's and discovery's options; the kubelet root given per call replaces its own
     */
    public LocalTroubleshooter(CallTrace trace, CallAudit audit, ProbeOptions options) {
        this.trace = Objects.requireNonNull(trace, "trace");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.options = Objects.requireNonNull(options, "options");
    }

    @Override
    public CompletableFuture<DiscoveryReport> discover(Path rootDir, List<Path> paths, Consumer<TroubleEvent> events) {
        return Discovery.start(rootDir, Discovery.defaultPlaces(rootDir, paths), options.withKubeletRoot(rootDir), trace, events);
    }

    @Override
    public CompletableFuture<ProbeReport> probe(String endpoint, Path rootDir, Consumer<TroubleEvent> events) {
        Endpoint e;
        try {
            e = Endpoint.parse(endpoint);
        } catch (CallFailure f) {
            return CompletableFuture.failedFuture(f);
        }
        return Probe.start(ProbeTarget.of(e), options.withKubeletRoot(rootDir), trace, events);
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
            client = CsiClient.open(Endpoint.parse(endpoint), Optional.empty(), CsiClientOptions.defaults().withAudit(audit), trace);
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
}
