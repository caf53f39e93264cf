package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.endpoint.Endpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The GUI's Save report: the files csi-console report writes, with the calls of the runs saved and no other's. */
class LocalTroubleshooterTest {
    @TempDir
    Path dir;

    private final MisbehavingDriver driver = new MisbehavingDriver();
    private final CallTrace trace = new CallTrace();
    private final LocalTroubleshooter port = new LocalTroubleshooter(trace, CallAudit.none(),
            ProbeOptions.defaults().withPageSize(10).withDeadline(Duration.ofSeconds(5)), "9.8.7");

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void aSavedReportHoldsTheProbeAndTheCallsItsTaskMadeAndOpensAgain() throws Exception {
        Endpoint.Unix e = driver.startUnix(dir.resolve("csi.sock"));
        String title = "Probe " + e.text();
        CallOrigin probeTask = trace.origins().next(title);
        ProbeReport probe = trace.origins().within(probeTask, () -> port.probe(e.text(), dir.resolve("kubelet"), null, ev -> { }))
                .get(60, TimeUnit.SECONDS);
        // another task's call while the probe went: not the report's
        CallOrigin other = trace.origins().next("Create volume pvc-1");
        trace.origins().run(other, () -> trace.record("grpc", e.text(), "csi.v1.Controller/CreateVolume", 1, "", "", "OK", true,
                probe.started().plusMillis(1), Duration.ofMillis(2)));

        Path json = port.saveReport(dir.resolve("out"), e.text(), null, probe, null, Set.of(title)).get(30, TimeUnit.SECONDS);

        assertThat(json).isEqualTo(dir.resolve("out").resolve(ReportFiles.JSON_NAME));
        assertThat(Files.readString(dir.resolve("out").resolve(ReportFiles.HTML_NAME))).contains("misbehaving.csi.example.com");
        TroubleReport back = ReportFiles.read(json);
        assertThat(back.consoleVersion()).isEqualTo("9.8.7");
        assertThat(back.endpoint()).isEqualTo(e.text());
        assertThat(back.probe().checks()).hasSameSizeAs(probe.checks());
        assertThat(back.trace()).isNotEmpty().extracting(TraceEntry::method).doesNotContain("csi.v1.Controller/CreateVolume");
        long probeCalls = trace.snapshot().stream().filter(t -> t.origin().title().equals(title)).count();
        assertThat(back.trace()).hasSize((int) probeCalls);
    }

    @Test
    void nothingToSaveOrAFolderThatCannotBeWrittenIsASentenceAndWritesNothing() throws Exception {
        assertThatThrownBy(() -> port.saveReport(dir, "", null, null, null, Set.of()).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(CallFailure.class)
                .hasMessageContaining("nothing has been discovered, probed or exercised yet");

        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        DiscoveryReport d = new DiscoveryReport("/var/lib/kubelet", java.util.List.of(), java.time.Instant.now(), Duration.ZERO,
                java.util.List.of(), java.util.List.of());
        assertThatThrownBy(() -> port.saveReport(file.resolve("out"), "", d, null, null, Set.of()).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(CallFailure.class)
                .satisfies(t -> assertThat(((CallFailure) t).kind()).isEqualTo(FailureKind.INVALID_ARGUMENT))
                .hasMessageContaining(file.resolve("out").toString());
    }

    @Test
    void runsOfTwoEndpointsAreNotSavedAsOneReport() throws Exception {
        ProbeReport stale = new ProbeReport("unix:///root/stale/csi.sock", "", "", java.time.Instant.parse("2030-01-01T00:01:00Z"),
                Duration.ZERO, false, null, null, java.util.List.of(), null, -1, -1, java.util.List.of(), java.util.List.of(), java.util.Map.of());
        ExerciseResult strict = new ExerciseResult("unix:///root/strict/csi.sock", "reference.csi-console.org", "default", "x-1",
                java.time.Instant.parse("2030-01-01T00:00:00Z"), Duration.ofSeconds(1), java.util.List.of(), java.util.List.of(), false);

        assertThatThrownBy(() -> port.saveReport(dir.resolve("out"), stale.endpoint(), null, stale, strict, Set.of()).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(CallFailure.class)
                .hasMessageContaining("a report is about one endpoint")
                .hasMessageContaining("The exercise of unix:///root/strict/csi.sock is left out");
        assertThat(dir.resolve("out").resolve(ReportFiles.JSON_NAME)).doesNotExist();
    }

    @Test
    void aProbeSaysWhoseSecretsItSentTheSavedConnectionsOrTheFileGiven() throws Exception {
        Endpoint.Unix e = driver.startUnix(dir.resolve("csi.sock"));
        java.util.List<Path> read = new java.util.ArrayList<>();
        LocalTroubleshooter withSecrets = new LocalTroubleshooter(trace, CallAudit.none(), ProbeOptions.defaults().withPageSize(10)
                .withDeadline(Duration.ofSeconds(5)).inWorkbench(), "9.8.7", new LocalTroubleshooter.SecretsSource() {
            @Override
            public java.util.Optional<LocalTroubleshooter.SavedSecrets> saved(String endpoint) {
                return endpoint.equals(e.text()) ? java.util.Optional.of(new LocalTroubleshooter.SavedSecrets("prod-rbd",
                        org.csiconsole.core.model.ConnectionSecrets.all(org.csiconsole.core.model.Secrets.of(java.util.Map.of("k", "v")))))
                        : java.util.Optional.empty();
            }

            @Override
            public org.csiconsole.core.model.Secrets read(Path file) {
                read.add(file);
                return org.csiconsole.core.model.Secrets.of(java.util.Map.of("k", "w"));
            }
        });

        ProbeReport saved = withSecrets.probe(e.text(), dir.resolve("kubelet"), null, ev -> { }).get(60, TimeUnit.SECONDS);
        ProbeReport file = withSecrets.probe(e.text(), dir.resolve("kubelet"), dir.resolve("s.json"), ev -> { }).get(60, TimeUnit.SECONDS);

        assertThat(secretsCheck(saved).evidence()).contains("secrets from the saved connection prod-rbd");
        assertThat(secretsCheck(file).evidence()).contains("secrets from the secrets file " + dir.resolve("s.json"));
        assertThat(read).containsExactly(dir.resolve("s.json"));
    }

    private static CheckResult secretsCheck(ProbeReport r) {
        return r.checks().stream().filter(c -> c.id().equals(ProbeReport.SECRETS_CHECK)).findFirst().orElseThrow();
    }
}
