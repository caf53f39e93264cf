package org.csiconsole.core.call;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class TraceEntryTest {
    private static TraceEntry answered(String method, String status) {
        return new TraceEntry(1, Instant.EPOCH, "grpc", "unix:///csi/csi.sock", method, 1, "", "", status, "OK".equals(status),
                Duration.ofMillis(2));
    }

    @Test
    void anOptionalServiceThatIsNotServedIsNotAFailure() {
        assertThat(answered("identity.Identity/GetIdentity", "UNIMPLEMENTED").notServed()).isTrue();
        assertThat(answered("csi.v1.GroupController/GroupControllerGetCapabilities", "UNIMPLEMENTED").notServed()).isTrue();
        assertThat(answered("csi.v1.Controller/ControllerGetCapabilities", "UNIMPLEMENTED").notServed()).isTrue();
    }

    @Test
    void aRequiredServiceOrAnotherCallAnsweredUnimplementedStaysAFailure() {
        assertThat(answered("csi.v1.Identity/GetPluginCapabilities", "UNIMPLEMENTED").notServed()).isFalse();
        assertThat(answered("csi.v1.Controller/ListVolumes", "UNIMPLEMENTED").notServed()).isFalse();
        assertThat(answered("identity.Identity/GetIdentity", "UNAVAILABLE").notServed()).isFalse();
        assertThat(answered("identity.Identity/GetIdentity", "OK").notServed()).isFalse();
    }
}
