package org.csiconsole.core.session;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Two profiles that reach the same storage are one connection, however the endpoint is written. */
class ConnectionProfileSameTargetTest {

    @Test
    void aUnixSocketIsTheSameWithOrWithoutItsSchemeAndNotAnotherSocket() {
        ConnectionProfile a = ConnectionProfile.csi("a", "unix:///csi/run/csi.sock");

        assertThat(a.sameTarget(ConnectionProfile.csi("b", "/csi/run/csi.sock"))).isTrue();
        assertThat(a.sameTarget(ConnectionProfile.csi("b", "unix:///csi/run/../run/csi.sock"))).isTrue();
        assertThat(a.sameTarget(ConnectionProfile.csi("b", "unix:///csi/other/csi.sock"))).isFalse();
        assertThat(ConnectionProfile.csi("t", "tcp://Node-1:10000").sameTarget(ConnectionProfile.csi("u", "tcp://node-1:10000"))).isTrue();
    }

    @Test
    void aCspIsTheSameAtTheSameUrlForTheSameArrayOnly() {
        ConnectionProfile a = ConnectionProfile.csp("a", "https://csp.example:8080/", "admin", "192.0.2.10");

        assertThat(a.sameTarget(ConnectionProfile.csp("b", "https://CSP.example:8080", "ops", "192.0.2.10"))).isTrue();
        assertThat(a.sameTarget(ConnectionProfile.csp("b", "https://csp.example:8080", "admin", "192.0.2.20"))).as("another array").isFalse();
        assertThat(a.sameTarget(ConnectionProfile.csi("c", "https://csp.example:8080/"))).as("another kind").isFalse();
        assertThat(ConnectionProfile.demo().sameTarget(ConnectionProfile.demo())).isFalse();
    }
}
