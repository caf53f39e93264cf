package org.csiconsole.core.session;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class CredentialHealthTest {
    private static TraceEntry attempt(String method, String status, String message) {
        return new TraceEntry(1, Instant.EPOCH, TraceEntry.GRPC, "unix:///run/csi.sock", "/csi.v1.Controller/" + method, 1,
                org.csiconsole.core.call.TracePayload.EMPTY, org.csiconsole.core.call.TracePayload.EMPTY, status, "OK".equals(status),
                Duration.ZERO, message, java.util.Map.of(), java.util.Map.of(), null);
    }

    @Test
    void aRefusedSecretBearingCallDegradesTheConnectionUntilTheSameCallSucceeds() {
        CredentialHealth h = new CredentialHealth();
        assertThat(h.observe(attempt("ListVolumeGroups", "UNAUTHENTICATED", "bad key"))).isTrue();
        assertThat(h.state(ConnectionState.CONNECTED)).isEqualTo(ConnectionState.DEGRADED);
        assertThat(h.state(ConnectionState.RECONNECTING)).as("a transport state wins").isEqualTo(ConnectionState.RECONNECTING);
        assertThat(h.reason()).contains("ListVolumeGroups: UNAUTHENTICATED", "Edit connection", "secrets file");

        assertThat(h.observe(attempt("CreateVolume", "INTERNAL", "provided secret is empty"))).isTrue();
        assertThat(h.reason()).contains("2 calls");
        h.observe(attempt("ListVolumeGroups", "OK", ""));
        h.observe(attempt("CreateVolume", "OK", ""));
        assertThat(h.state(ConnectionState.CONNECTED)).isEqualTo(ConnectionState.CONNECTED);
        assertThat(h.reason()).isEmpty();
    }

    @Test
    void failuresThatAreNotAboutCredentialsLeaveTheConnectionConnected() {
        CredentialHealth h = new CredentialHealth();
        assertThat(h.observe(attempt("CreateVolume", "UNAVAILABLE", "connection refused"))).isFalse();
        assertThat(h.observe(attempt("DeleteVolume", "INTERNAL", "rbd image is still being used"))).isFalse();
        assertThat(h.state(ConnectionState.CONNECTED)).isEqualTo(ConnectionState.CONNECTED);
    }

    @Test
    void aFailedArrayLoginDegradesTheConnectionAndSaysHowToLogInAgain() {
        CredentialHealth h = new CredentialHealth();
        h.login(new CallFailure(FailureKind.AUTHENTICATION, "Log in to 10.0.0.5", "the array refused the user name or password", "", ""));
        assertThat(h.state(ConnectionState.CONNECTED)).isEqualTo(ConnectionState.DEGRADED);
        assertThat(h.reason()).contains("The array login failed: the array refused the user name or password", "Log in to the array again");
        h.login(null);
        assertThat(h.state(ConnectionState.CONNECTED)).isEqualTo(ConnectionState.CONNECTED);
    }
}
