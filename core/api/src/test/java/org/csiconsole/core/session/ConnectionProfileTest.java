package org.csiconsole.core.session;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionProfileTest {
    @Test
    void aDriverNoOneNamedIsNamedByItsAddressUntilTheDriverTellsItsName() {
        assertThat(ConnectionProfile.addressName("unix:///csi/run/csi.sock")).isEqualTo("/csi/run/csi.sock");
        assertThat(ConnectionProfile.addressName("unix:/csi/run/csi.sock")).isEqualTo("/csi/run/csi.sock");
        assertThat(ConnectionProfile.addressName("tcp://csi-proxy.example:9000")).isEqualTo("csi-proxy.example:9000");
        assertThat(ConnectionProfile.csi("/csi/run/csi.sock", "unix:///csi/run/csi.sock").namedAfterAddress()).isTrue();
        assertThat(ConnectionProfile.csi("run", "unix:///csi/run/csi.sock").namedAfterAddress()).isFalse();
        assertThat(ConnectionProfile.csp("csi-proxy.example:9000", "https://csi-proxy.example:9000", "", "").namedAfterAddress())
                .as("only CSI drivers tell a name").isFalse();
    }

    @Test
    void theSameCspIsRecognisedWhateverHowItsUrlIsWritten() {
        ConnectionProfile p = ConnectionProfile.csp("lab", "https://Array1.example:443/", "admin", "");
        assertThat(p.isCspAt("https://array1.example")).isTrue();
        assertThat(p.isCspAt("https://array1.example:443")).isTrue();
        assertThat(p.isCspAt("https://array1.example:8080")).isFalse();
        assertThat(p.isCspAt("http://array1.example:443")).isFalse();
        assertThat(p.isCspAt("not a url")).isFalse();
        assertThat(ConnectionProfile.csi("lab", "unix:///x.sock").isCspAt("https://array1.example")).isFalse();
    }
}
