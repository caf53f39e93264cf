package org.csiconsole.core.endpoint;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.FailureOwner;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EndpointTest {
    @Test
    void parsesEveryAcceptedForm() {
        assertThat(Endpoint.parse("unix:///var/lib/kubelet/plugins/x/csi.sock"))
                .isEqualTo(new Endpoint.Unix(Path.of("/var/lib/kubelet/plugins/x/csi.sock")));
        assertThat(Endpoint.parse("unix:/run/csi.sock")).isEqualTo(new Endpoint.Unix(Path.of("/run/csi.sock")));
        assertThat(Endpoint.parse("/run/csi.sock")).isEqualTo(new Endpoint.Unix(Path.of("/run/csi.sock")));
        assertThat(Endpoint.parse("tcp://csi.example.com:9000"))
                .isEqualTo(new Endpoint.Tcp("csi.example.com", 9000, TlsOptions.PLAINTEXT));
        assertThat(Endpoint.parse("10.0.0.5:50051")).isEqualTo(new Endpoint.Tcp("10.0.0.5", 50051, TlsOptions.PLAINTEXT));
        assertThat(Endpoint.parse("tcp://[::1]:7000")).isEqualTo(new Endpoint.Tcp("::1", 7000, TlsOptions.PLAINTEXT));
        assertThat(Endpoint.parse("inproc:reference")).isEqualTo(new Endpoint.InProcess("reference"));
    }

    @Test
    void textRoundTrips() {
        for (String t : new String[]{"unix:///run/csi/csi.sock", "tcp://host:1234", "tcp://[::1]:7000", "inproc:x"}) {
            assertThat(Endpoint.parse(t).text()).isEqualTo(t);
            assertThat(Endpoint.parse(Endpoint.parse(t).text())).isEqualTo(Endpoint.parse(t));
        }
    }

    @Test
    void rejectsBadTextWithAnActionableMessage() {
        for (String bad : new String[]{"", "unix://relative/csi.sock", "unix:relative", "relative/csi.sock", "host:notaport",
                "host:0", "http://host:80", "inproc:", "tcp://:80"}) {
            assertThatThrownBy(() -> Endpoint.parse(bad)).as(bad).isInstanceOfSatisfying(CallFailure.class, f -> {
                assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
                assertThat(f.whatToDo()).contains("unix:///");
                assertThat(f.owner()).as("typed input is not the driver's failure").isEqualTo(FailureOwner.CHECKED);
            });
        }
    }

    @Test
    void aTcpEndpointWithoutAPortSaysThePortIsMissing() {
        assertThatThrownBy(() -> Endpoint.parse("tcp://localhost")).isInstanceOfSatisfying(CallFailure.class, f -> {
            assertThat(f.why()).contains("the port is missing").contains("tcp://localhost:PORT");
            assertThat(f.owner()).isEqualTo(FailureOwner.CHECKED);
        });
    }

    @Test
    void defaultComesFromCsiEndpoint() {
        assertThat(Endpoint.fromEnvironment(Map.of("CSI_ENDPOINT", "unix:///csi/csi.sock")::get))
                .isEqualTo(new Endpoint.Unix(Path.of("/csi/csi.sock")));
        assertThatThrownBy(() -> Endpoint.fromEnvironment(Map.<String, String>of()::get))
                .isInstanceOfSatisfying(CallFailure.class, f -> assertThat(f.why()).contains("CSI_ENDPOINT is not set"));
    }

    @Test
    void tlsOptionsNeedKeyWithCertificate() {
        TlsOptions t = TlsOptions.caFile(Path.of("/ca.pem")).withClientCertificate(Path.of("/c.pem"), Path.of("/k.pem"));
        assertThat(t.enabled()).isTrue();
        assertThat(t.clientKey()).contains(Path.of("/k.pem"));
        assertThatThrownBy(() -> new TlsOptions(true, java.util.Optional.empty(), java.util.Optional.of(Path.of("/c.pem")),
                java.util.Optional.empty())).isInstanceOf(IllegalArgumentException.class);
        assertThat(((Endpoint.Tcp) Endpoint.parse("h:1")).withTls(TlsOptions.systemTrust()).tls().enabled()).isTrue();
    }
}
