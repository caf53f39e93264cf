package org.csiconsole.core.csp;

import org.csiconsole.core.port.HostRequest;
import mockwebserver3.MockWebServer;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.AccessProtocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.csp.CspTestSupport.*;

/** Bad input fails before anything is sent: no login, no request, no partial change. */
class CspValidationTest {
    private final MockWebServer server = new MockWebServer();
    private CspClient csp;

    @BeforeEach
    void start() throws Exception {
        server.start();
        csp = client(server, new CallTrace());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private void assertRejected(java.util.concurrent.CompletableFuture<?> call, String whyPart) {
        CallFailure f = failure(call);
        assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
        assertThat(f.why()).contains(whyPart);
        assertThat(f.whatToDo()).isNotBlank();
        assertThat(server.getRequestCount()).as("nothing was sent").isZero();
    }

    @Test
    void sizesNeedAWholeNumberOfBytesAndAKnownUnit() {
        assertRejected(csp.volumes().create(NewVolume.of("v", "1.5B")), "not a whole number of bytes");
        assertRejected(csp.volumes().create(NewVolume.of("v", "10 parsecs")), "Unknown unit");
        assertRejected(csp.volumes().create(NewVolume.of("v", "0")), "larger than 0");
        assertRejected(csp.volumes().create(NewVolume.of("v", null)), "Size is empty");
        assertRejected(csp.volumes().expand("v1", "-5Gi"), "not a size");
    }

    @Test
    void sizesConvertExactly() {
        assertThat(CspValidation.size("10GiB", "x")).isEqualTo(10L << 30);
        assertThat(CspValidation.size("500G", "x")).isEqualTo(500_000_000_000L);
        assertThat(CspValidation.size("1.5Ti", "x")).isEqualTo(3L << 39);
        assertThat(CspValidation.size("4096", "x")).isEqualTo(4096);
    }

    @Test
    void namesAndIdsMustBeGiven() {
        assertRejected(csp.volumes().create(NewVolume.of(" ", "1Gi")), "volume name is empty");
        assertRejected(csp.volumes().create(NewVolume.of("x".repeat(256), "1Gi")), "longer than 255");
        assertRejected(csp.volumes().create(NewVolume.of("bad\u0007name", "1Gi")), "control characters");
        assertRejected(csp.snapshots().list(""), "volume id is empty");
        assertRejected(csp.volumes().publish("v1", "h1", null), "no access protocol");
        assertRejected(csp.volumes().edit("v1", null, null), "nothing to change");
    }

    @Test
    void hostsFollowTheObjectTable() {
        assertRejected(csp.hosts().create(new HostRequest("h", "u", null, null, null, null, null, null, null, null)), "no initiator");
        assertRejected(csp.hosts().create(HostRequest.iscsi("h", "u", List.of("iqn.2019-07.com.x:h"), List.of())), "needs its networks");
        assertRejected(csp.hosts().create(HostRequest.iscsi("h", "u", List.of("not-an-iqn"), List.of("10.0.0.1/24"))), "not a valid IQN");
        assertRejected(csp.hosts().create(HostRequest.fc("h", "u", List.of("50:01:43"))), "not a valid WWPN");
        assertRejected(csp.hosts().create(new HostRequest("h", "u", null, null, List.of("nqn.2014-08.org.nvmexpress:uuid:1"), null,
                "chapuser", null, AccessProtocol.NVME_TCP, null)), "CHAP needs both");
    }

    @Test
    void expandRefusesToShrinkBeforeChangingAnything() throws Exception {
        server.enqueue(token("t"));
        server.enqueue(json(200, "{\"id\":\"v1\",\"name\":\"vol\",\"size\":2147483648}"));
        CallFailure f = failure(csp.volumes().expand("v1", "1GiB"));
        assertThat(f.kind()).isEqualTo(FailureKind.OUT_OF_RANGE);
        assertThat(f.why()).contains("2 GiB", "cannot shrink");
        assertThat(server.getRequestCount()).as("login and GET only, no PUT").isEqualTo(2);
    }
}
