package org.csiconsole.core.trouble;

import io.grpc.Status;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureOwner;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReportFilesTest {
    private static final String CANARY = "canary-Secret-7f3a<&>\"'";

    @TempDir
    Path dir;

    private final MisbehavingDriver driver = new MisbehavingDriver();
    private final FakeCsiDriver fake = new FakeCsiDriver();

    @AfterEach
    void stop() {
        driver.close();
        fake.close();
    }

    /** A report of a probe with failures, a trace holding a call that carried the canary as a secret, and a log naming it. */
    private TroubleReport report() throws Exception {
        driver.paging = MisbehavingDriver.PageFault.REPEAT_TOKEN;
        driver.name = "<script>alert(1)</script>";
        CallTrace trace = new CallTrace();
        ProbeReport probe = Probe.run(ProbeTarget.of(driver.startUnix(dir.resolve("csi.sock"))),
                ProbeOptions.defaults().withKubeletRoot(dir).withPageSize(10), trace, e -> { });
        fake.failNext("CreateVolume", Status.INVALID_ARGUMENT.withDescription("bad secret"));
        Endpoint.InProcess e = fake.startInProcess("report-" + UUID.randomUUID());
        try (CsiClient c = CsiClient.open(e, Optional.empty(), CsiClientOptions.defaults(), trace)) {
            c.controller().createVolume(CreateVolumeRequest.of("pvc-1", 1 << 20, VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, ""))
                    .withSecrets(Secrets.of(Map.of("password", CANARY)))).handle((v, t) -> null).get();
        }
        Path log = Files.writeString(dir.resolve("driver.log"), "I0101 login ok\nE0101 login failed for password " + CANARY + "\n");
        ExerciseResult x = new ExerciseResult(probe.endpoint(), "csi.example.com", "gold", "cc-1", Instant.parse("2030-01-01T00:00:00Z"),
                Duration.ofMillis(1500), List.of(new ExerciseStep("CreateVolume", "vol-1", StepOutcome.OK, Duration.ofMillis(20), "", false),
                new ExerciseStep("DeleteVolume", "vol-1", StepOutcome.FAILED, Duration.ofMillis(5), "INTERNAL", true)),
                List.of("volume vol-1 (DeleteVolume failed: INTERNAL)"), false);
        return new TroubleReport(null, "1.2.3", Instant.parse("2030-01-01T00:00:02Z"), ReportFiles.environment(), probe.endpoint(),
                null, probe, x, trace.snapshot(), ReportFiles.attachLog(log, Secrets.of(Map.of("password", CANARY))));
    }

    @Test
    void aWrittenReportReadsBackEqual() throws Exception {
        TroubleReport r = report();

        ReportFiles.write(r, dir.resolve("out"));
        TroubleReport back = ReportFiles.read(dir.resolve("out").resolve(ReportFiles.JSON_NAME));

        assertThat(back.probe().checks()).isEqualTo(r.probe().checks());
        assertThat(back.probe().capabilities()).isEqualTo(r.probe().capabilities());
        assertThat(back.probe().nodeInfo()).isEqualTo(r.probe().nodeInfo());
        assertThat(back.probe().timings()).isEqualTo(r.probe().timings());
        assertThat(r.probe().volumes()).isNotEmpty();
        assertThat(back.probe().volumes()).isEqualTo(r.probe().volumes());
        assertThat(r.probe().snapshots()).isNotEmpty();
        assertThat(back.probe().snapshots()).isEqualTo(r.probe().snapshots());
        assertThat(back.exercise()).isEqualTo(r.exercise());
        assertThat(back.exercise().endpoint()).as("the exercise names the endpoint it ran on").isEqualTo(r.probe().endpoint()).isNotEmpty();
        assertThat(Files.readString(dir.resolve("out").resolve(ReportFiles.HTML_NAME)))
                .contains("Exercise: csi.example.com at " + r.probe().endpoint() + ", pool gold");
        assertThat(back.trace()).hasSameSizeAs(r.trace());
        assertThat(back.trace().get(0)).usingRecursiveComparison().ignoringFields("request", "response")
                .isEqualTo(r.trace().get(0));
        assertThat(back.trace().get(0).request().json()).isEqualTo(r.trace().get(0).request().json());
        assertThat(back.trace().get(0).response().json()).isEqualTo(r.trace().get(0).response().json());
        assertThat(back.environment()).isEqualTo(r.environment());
        assertThat(back.format()).isEqualTo(TroubleReport.FORMAT);
    }

    @Test
    void noCanarySecretReachesEitherFile() throws Exception {
        ReportFiles.write(report(), dir.resolve("out"));

        for (String f : List.of(ReportFiles.JSON_NAME, ReportFiles.HTML_NAME)) {
            String text = Files.readString(dir.resolve("out").resolve(f));
            assertThat(text).as(f).doesNotContain("canary-Secret").contains("CreateVolume");
        }
        assertThat(Files.readString(dir.resolve("out").resolve(ReportFiles.HTML_NAME))).as("the attached log as written").contains("E0101 login failed");
    }

    @Test
    void thePageLoadsNothingFromOutsideAndRunsNoScript() throws Exception {
        String html = ReportHtml.render(report());

        assertThat(html).doesNotContainPattern("(?i)https?://").doesNotContainPattern("(?i)\\b(src|href)\\s*=")
                .doesNotContainPattern("(?i)url\\(").doesNotContainPattern("(?i)@import").doesNotContainPattern("(?i)<(script|link|img|iframe|object)")
                .contains("Content-Security-Policy").contains("default-src 'none'");
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    }

    @Test
    void failuresComeFirstAndStartOpen() throws Exception {
        String html = ReportHtml.render(report());

        int firstFail = html.indexOf("<span class=\"badge FAIL\">FAIL</span>");
        int firstPass = html.indexOf("<span class=\"badge PASS\">PASS</span>");
        assertThat(firstFail).isPositive().isLessThan(firstPass);
        assertThat(html).contains("id=\"check-list.volumes.paging\" open>");
        assertThat(html).contains("id=\"check-identity.vendor-version\">");
        assertThat(html.indexOf("id=\"exercise\"")).isLessThan(html.indexOf("id=\"checks\""));
    }

    @Test
    void everySectionCollapses() throws Exception {
        String html = ReportHtml.render(report());

        for (String id : List.of("checks", "exercise", "driver", "latency", "trace", "environment", "driver-log")) {
            assertThat(html).containsPattern("<details class=\"section\" id=\"" + id + "\"( open)?><summary>");
        }
    }

    @Test
    void aLongLogIsAttachedFromItsEndAtALineStart() throws Exception {
        Path log = dir.resolve("big.log");
        StringBuilder b = new StringBuilder();
        int line = 0;
        while (b.length() < ReportFiles.MAX_LOG_BYTES + 100_000) b.append("line ").append(line++).append('\n');
        Files.writeString(log, b);

        TroubleReport.AttachedLog a = ReportFiles.attachLog(log, Secrets.NONE);

        assertThat(a.truncated()).isTrue();
        assertThat(a.bytes()).isLessThanOrEqualTo(ReportFiles.MAX_LOG_BYTES);
        assertThat(a.text()).startsWith("line ").endsWith("line " + (line - 1) + "\n");
    }

    @Test
    void anAttachedLogHasTheSecretValuesMaskedWhereTheyStandWholeAndNowhereElse() throws Exception {
        Path log = Files.writeString(dir.resolve("rbd.log"), "GRPC request: userKey=" + CANARY + " monitors 10.10.1.5;\n"
                + "node network 10.10.1.50/24 (" + CANARY + "x is another word)\n");

        String text = ReportFiles.attachLog(log, Secrets.of(Map.of("userKey", CANARY, "monitor", "10.10.1.5"))).text();

        assertThat(text).contains("userKey=*** monitors ***;").contains("10.10.1.50/24").contains(CANARY + "x is another word")
                .doesNotContain("userKey=" + CANARY);
    }

    @Test
    void aFileThatIsNoReportIsRefusedInWords() throws Exception {
        Path f = Files.writeString(dir.resolve("x.json"), "{\"format\":\"something-else\",\"created\":\"2030-01-01T00:00:00Z\"}");
        Path g = Files.writeString(dir.resolve("y.json"), "not json");

        assertThatThrownBy(() -> ReportFiles.read(f)).hasMessageContaining("not a CSI Console report");
        assertThatThrownBy(() -> ReportFiles.read(g)).hasMessageContaining("cannot be read as a report");
    }

    @Test
    void aDirectoryThatCannotBeWrittenIsTheConsolesInputProblemNotTheDrivers() {
        TroubleReport r = new TroubleReport(null, "1.0", Instant.EPOCH, Map.of(), "", null, null, null, null, null);

        assertThatThrownBy(() -> ReportFiles.write(r, Path.of("/proc/nope"))).isInstanceOfSatisfying(CallFailure.class, f -> {
            assertThat(f.owner()).isEqualTo(FailureOwner.CONSOLE);
            assertThat(f.why()).contains("cannot be written");
        });
    }

    @Test
    void thePageSaysWhenEachSectionRanAndThatAnOlderDiscoveryIsOlder() {
        DiscoveryReport d = new DiscoveryReport("/var/lib/kubelet", List.of(), Instant.parse("2030-01-01T10:00:00Z"), Duration.ofMillis(5),
                List.of(), List.of());
        ProbeReport p = new ProbeReport("unix:///csi/csi.sock", "", "", Instant.parse("2030-01-01T10:30:00Z"), Duration.ofMillis(5), false,
                null, null, List.of(), null, -1, -1, List.of(), List.of(), Map.of());

        String html = ReportHtml.render(new TroubleReport(null, "1.0", Instant.EPOCH, Map.of(), "", d, p, null, null, null));

        assertThat(html).contains("Discovery ran 2030-01-01 10:00:00 UTC; the probe 2030-01-01 10:30:00 UTC.")
                .contains("The discovery is older than the probe");
    }
}
