package org.csiconsole.views.trace;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TraceServiceNameTest {
    @Test
    void csiServicesReadShortAndCsiAddonsServicesKeepTheirPackage() {
        assertThat(TraceToolbar.shortService("csi.v1.Controller/CreateVolume")).isEqualTo("Controller/CreateVolume");
        assertThat(TraceToolbar.shortService("csi.v1.Identity/GetPluginInfo")).isEqualTo("Identity/GetPluginInfo");
        assertThat(TraceToolbar.shortService("replication.Controller/GetVolumeReplicationInfo"))
                .isEqualTo("replication.Controller/GetVolumeReplicationInfo");
        assertThat(TraceToolbar.shortService("identity.Identity/GetIdentity")).isEqualTo("identity.Identity/GetIdentity");
        assertThat(TraceToolbar.shortService("GET /containers/v1/volumes")).isEqualTo("GET /containers/v1/volumes");
    }
}
