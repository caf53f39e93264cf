package org.csiconsole.app.gui;

import org.csiconsole.core.session.ConnectionProfile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CommandLineCspTest {
    private final ConnectionProfile saved = ConnectionProfile.csp("lab array", "https://array1.example:8080", "admin", "192.0.2.10")
            .withPinnedFingerprint("AB:CD");

    @Test
    void aCspUrlOfASavedConnectionReusesItWithItsNameAndPin() {
        ConnectionProfile p = Console.commandLineCsp(new LaunchOptions(false, null, "https://ARRAY1.example:8080/", null, null),
                List.of(ConnectionProfile.csi("d", "unix:///d.sock"), saved));
        assertThat(p).isEqualTo(saved);
    }

    @Test
    void theCommandLinesUserAndArrayIpWinOverTheSavedOnes() {
        ConnectionProfile p = Console.commandLineCsp(new LaunchOptions(false, null, "https://array1.example:8080", "ops", "192.0.2.20"),
                List.of(saved));
        assertThat(p.name()).isEqualTo("lab array");
        assertThat(p.user()).isEqualTo("ops");
        assertThat(p.arrayIp()).isEqualTo("192.0.2.20");
        assertThat(p.pinnedFingerprint()).isEqualTo("AB:CD");
    }

    @Test
    void anotherCspIsANewUnsavedConnection() {
        ConnectionProfile p = Console.commandLineCsp(new LaunchOptions(false, null, "https://array2.example:8080", "ops", null),
                List.of(saved));
        assertThat(p.name()).isEqualTo("CSP array");
        assertThat(p.cspUrl()).isEqualTo("https://array2.example:8080");
    }

    @Test
    void anEndpointOnTheCommandLineOpensTheSavedProfileOfThatSocketNotASecondConnection() {
        ConnectionProfile saved = ConnectionProfile.csi("rbd-prod", "unix:///var/lib/kubelet/plugins/rbd.csi.ceph.com/csi.sock");

        assertThat(Console.commandLineCsi("/var/lib/kubelet/plugins/rbd.csi.ceph.com/csi.sock", List.of(saved))).isSameAs(saved);
        assertThat(Console.commandLineCsi("unix:///other/csi.sock", List.of(saved)).name()).isEqualTo("/other/csi.sock");
    }
}
