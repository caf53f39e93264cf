package org.csiconsole.core.oddpeer;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.Probe;
import org.csiconsole.core.trouble.ProbeOptions;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.ProbeTarget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The probe on a driver that refuses every call that carries secrets without them, and leaves Probe's ready unset. */
class RbdLikeProbeTest {
    private final RbdLikeDriver rbd = RbdLikeDriver.mirroring("csi-vol-0001");
    private Endpoint endpoint;

    @BeforeEach
    void start() throws Exception {
        endpoint = rbd.startInProcess("rbd-probe-" + UUID.randomUUID());
    }

    @AfterEach
    void stop() throws Exception {
        rbd.close();
    }

    private ProbeReport probe(ConnectionSecrets secrets) throws Exception {
        return Probe.run(ProbeTarget.of(endpoint), ProbeOptions.defaults().withDeadline(Duration.ofSeconds(10)).withSecrets(secrets),
                new CallTrace(), e -> { });
    }

    private static CheckResult check(ProbeReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError("no check " + id));
    }

    @Test
    void withoutSecretsTheProbeSaysTheDriverRequiresThemAndWhereToGiveThem() throws Exception {
        ProbeReport r = probe(ConnectionSecrets.NONE);

        CheckResult secrets = check(r, "secrets.required");
        assertThat(secrets.status()).isEqualTo(CheckStatus.WARN);
        assertThat(secrets.evidence()).contains("ListClusterFence", RbdLikeDriver.NO_SECRETS);
        assertThat(secrets.remediation()).contains("requires secrets", "--secrets-file");
    }

    @Test
    void inTheWorkbenchWhatToDoNamesTheProbePageNotTheCommandLine() throws Exception {
        ProbeReport r = Probe.run(ProbeTarget.of(endpoint), ProbeOptions.defaults().withDeadline(Duration.ofSeconds(10)).inWorkbench(),
                new CallTrace(), e -> { });

        CheckResult secrets = check(r, "secrets.required");
        assertThat(secrets.status()).isEqualTo(CheckStatus.WARN);
        assertThat(secrets.remediation()).contains("the Probe page's Secrets file", "saved connection").doesNotContain("--secrets-file");
    }

    @Test
    void aProbeThatLeavesReadyUnsetIsSaidToBeAssumedReadyNotReportedReady() throws Exception {
        ProbeReport r = probe(ConnectionSecrets.NONE);

        CheckResult ready = check(r, "identity.probe");
        assertThat(ready.status()).isEqualTo(CheckStatus.PASS);
        assertThat(ready.title()).isEqualTo("Probe leaves ready unset");
        assertThat(ready.evidence()).isEqualTo("not reported, assumed ready (CSI spec: Probe)");
    }

    @Test
    void withTheSecretsNoCallIsRefusedForItsCredentials() throws Exception {
        ProbeReport r = probe(ConnectionSecrets.all(Secrets.of(Map.of("userID", "admin", "userKey", "k"))));

        assertThat(check(r, "secrets.required").status()).isEqualTo(CheckStatus.PASS);
    }
}
