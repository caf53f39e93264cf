package org.csiconsole.views.troubleshoot;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.ExercisePlan;
import org.csiconsole.core.trouble.ExerciseResult;
import org.csiconsole.core.trouble.ExerciseRun;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.RpcTiming;
import org.csiconsole.core.trouble.SocketRole;
import org.csiconsole.core.trouble.SocketState;
import org.csiconsole.core.trouble.StepOutcome;
import org.csiconsole.core.trouble.TroubleEvent;
import org.csiconsole.core.trouble.TroubleReport;
import org.csiconsole.core.trouble.TroubleshootPort;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** A troubleshooting port answering from canned records; records what it was asked. */
final class FakeTroubleshootPort implements TroubleshootPort {
    final Map<Path, TroubleReport> reports = new HashMap<>();
    final List<String> probed = new ArrayList<>();
    /** The secrets file each probe was given (null for none). */
    final List<Path> probedWithSecrets = new ArrayList<>();
    final List<ExercisePlan> exercised = new ArrayList<>();
    DiscoveryReport discovery = new DiscoveryReport("/var/lib/kubelet", List.of(), Instant.EPOCH, Duration.ofMillis(12), List.of(
            socket("/var/lib/kubelet/plugins/csi.example.com/csi.sock", SocketRole.CSI, SocketState.LISTENING, "csi.example.com"),
            socket("/var/lib/kubelet/plugins/gone.example.com/csi.sock", SocketRole.UNKNOWN, SocketState.STALE, "")), List.of());

    static DiscoveredSocket socket(String path, SocketRole role, SocketState state, String driver) {
        return new DiscoveredSocket(path, role, state, "root", "root", "rwxr-xr-x", List.of(), null, driver, driver.isEmpty() ? "" : "1.0",
                role == SocketRole.CSI ? "no" : "", state == SocketState.STALE ? "nothing listens" : "", "", null,
                state == SocketState.STALE ? "Restart the driver" : "");
    }

    /** What a probe of a stale socket says: unreachable, the socket check failed with its next step. */
    static ProbeReport unreachable(String endpoint, String evidence, String remediation) {
        return new ProbeReport(endpoint, "", "", Instant.parse("2030-01-01T00:00:00Z"), Duration.ofMillis(3), false, null, null, List.of(),
                null, -1, -1, List.of(new CheckResult("socket.listening", "Something listens on the socket", CheckStatus.FAIL, evidence,
                "unix(7)", remediation)), List.of(), Map.of());
    }

    /** A report of {@code driver} {@code version} whose paging check has {@code paging}. */
    static TroubleReport report(String version, CheckStatus paging, long volumes, Set<ControllerCapability> controller, long listMs) {
        ProbeReport p = new ProbeReport("unix:///csi/csi.sock", "", "", Instant.parse("2030-01-01T00:00:00Z"), Duration.ofMillis(800), true,
                new PluginInfo("csi.example.com", version, Map.of()),
                new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE), controller, Set.of(), Set.of(), Set.of(), true), List.of(),
                null, volumes, 3, List.of(
                new CheckResult("identity.plugin-name", "Plugin name is valid", CheckStatus.PASS, "'csi.example.com'", "CSI v1.12 spec, GetPluginInfo", ""),
                new CheckResult("list.volumes.paging", "Paging of volumes ends", paging, "page 3 repeats next_token '20'",
                        "CSI v1.12 spec, ListVolumes", paging == CheckStatus.FAIL ? "Report the paging bug to the vendor" : "")),
                List.of(new RpcTiming("csi.v1.Controller/ListVolumes", 4, Duration.ofMillis(listMs), Duration.ofMillis(listMs * 3),
                        Duration.ofSeconds(5), 0)), Map.of());
        return new TroubleReport(null, "1.0.0", Instant.parse("2030-01-01T00:00:01Z"), Map.of("host", "node-1"), p.endpoint(), null, p,
                null, List.of(), null);
    }

    /** When set, discovery answers this future instead of {@link #discovery}, and sends no event. */
    CompletableFuture<DiscoveryReport> pendingDiscovery;
    /** The kubelet root directories discovery was asked for. */
    final List<Path> discovered = new ArrayList<>();
    /** When set, the exercise sends these steps instead of a create and a delete. */
    List<ExerciseStep> exerciseSteps;

    @Override
    public CompletableFuture<DiscoveryReport> discover(Path rootDir, List<Path> paths, Consumer<TroubleEvent> events) {
        discovered.add(rootDir);
        if (pendingDiscovery != null) return pendingDiscovery;
        discovery.sockets().forEach(s -> events.accept(new TroubleEvent.SocketFound(s)));
        return CompletableFuture.completedFuture(discovery);
    }

    /** What a probe of an endpoint answers instead of the canned report. */
    final Map<String, ProbeReport> probeAnswers = new HashMap<>();
    /** When set, a probe does not end until cancelled, then sends this check last. */
    CheckResult hangingProbe;
    /** When set, the next probe fails with it (once). */
    CallFailure probeFailure;
    /** When set, the next save fails with it (once). */
    CallFailure saveFailure;

    @Override
    public CompletableFuture<ProbeReport> probe(String endpoint, Path rootDir, Path secretsFile, Consumer<TroubleEvent> events) {
        probed.add(endpoint);
        probedWithSecrets.add(secretsFile);
        if (probeFailure != null) {
            CallFailure f = probeFailure;
            probeFailure = null;
            return CompletableFuture.failedFuture(f);
        }
        if (hangingProbe != null) {
            // the socket checks pass, then the driver does not answer: a cancel ends it with the probe's last check
            CompletableFuture<ProbeReport> pending = new CompletableFuture<>();
            events.accept(new TroubleEvent.CheckDone(new CheckResult("socket.listening", "Something listens on the socket",
                    CheckStatus.PASS, "a process listens", "unix(7)", "")));
            pending.whenComplete((r, t) -> {
                if (pending.isCancelled()) events.accept(new TroubleEvent.CheckDone(hangingProbe));
            });
            return pending;
        }
        if (probeAnswers.containsKey(endpoint)) return CompletableFuture.completedFuture(probeAnswers.get(endpoint));
        ProbeReport p = report("1.0", CheckStatus.FAIL, 40, Set.of(ControllerCapability.LIST_VOLUMES), 30).probe();
        p.checks().forEach(c -> events.accept(new TroubleEvent.CheckDone(c)));
        return CompletableFuture.completedFuture(p);
    }

    /** When set, the next GetPluginInfo of an exercise fails with it (once). */
    CallFailure identifyFailure;

    @Override
    public CompletableFuture<PluginInfo> identify(String endpoint) {
        if (identifyFailure != null) {
            CallFailure f = identifyFailure;
            identifyFailure = null;
            return CompletableFuture.failedFuture(f);
        }
        return CompletableFuture.completedFuture(new PluginInfo("csi.example.com", "1.0", Map.of()));
    }

    @Override
    public ExerciseRun exercise(String endpoint, ExercisePlan plan, String driver, Consumer<TroubleEvent> events) {
        exercised.add(plan);
        ExerciseStep create = new ExerciseStep("CreateVolume", "vol-1", StepOutcome.OK, Duration.ofMillis(20), "", false);
        ExerciseStep delete = new ExerciseStep("DeleteVolume", "vol-1", StepOutcome.OK, Duration.ofMillis(10), "", false);
        List<ExerciseStep> steps = exerciseSteps != null ? exerciseSteps : List.of(create, delete);
        steps.forEach(s -> events.accept(new TroubleEvent.StepDone(s)));
        ExerciseResult r = new ExerciseResult(endpoint, driver, plan.pool(), plan.namePrefix() + "-1", Instant.EPOCH, Duration.ofMillis(40),
                steps, List.of(), false);
        return new ExerciseRun() {
            @Override
            public CompletableFuture<ExerciseResult> result() {
                return CompletableFuture.completedFuture(r);
            }

            @Override
            public void cancel() {
            }
        };
    }

    /** What each saveReport was given: the directory, the endpoint, the runs and the task titles. */
    record Saved(Path dir, String endpoint, DiscoveryReport discovery, ProbeReport probe, ExerciseResult exercise, Set<String> titles) {
    }

    final List<Saved> saved = new ArrayList<>();

    @Override
    public CompletableFuture<Path> saveReport(Path dir, String endpoint, DiscoveryReport discovery, ProbeReport probe,
                                              ExerciseResult exercise, Set<String> taskTitles) {
        saved.add(new Saved(dir, endpoint, discovery, probe, exercise, Set.copyOf(taskTitles)));
        if (saveFailure != null) {
            CallFailure f = saveFailure;
            saveFailure = null;
            return CompletableFuture.failedFuture(f);
        }
        Path file = dir.resolve("report.json");
        // what a real save writes is what opening the file reads back
        reports.put(file, new TroubleReport(null, "1.0.0", Instant.parse("2030-01-01T00:00:02Z"), Map.of(), endpoint, discovery, probe,
                exercise, List.of(), null));
        return CompletableFuture.completedFuture(file);
    }

    @Override
    public CompletableFuture<TroubleReport> openReport(Path file) {
        TroubleReport r = reports.get(file);
        if (r == null) {
            return CompletableFuture.failedFuture(new CallFailure(FailureKind.INVALID_ARGUMENT, "Open report " + file,
                    "it is not a CSI Console report", "Open the report.json a csi-console report run wrote", ""));
        }
        return CompletableFuture.completedFuture(r);
    }
}
