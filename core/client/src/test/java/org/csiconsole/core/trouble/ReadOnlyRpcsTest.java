package org.csiconsole.core.trouble;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReadOnlyRpcsTest {
    @Test
    void readsAreReadOnly() {
        assertThat(ReadOnlyRpcs.readOnly("csi.v1.Identity/Probe")).isTrue();
        assertThat(ReadOnlyRpcs.readOnly("csi.v1.Identity/GetPluginInfo")).isTrue();
        assertThat(ReadOnlyRpcs.readOnly("csi.v1.Controller/ListVolumes")).isTrue();
        assertThat(ReadOnlyRpcs.readOnly("csi.v1.Controller/ValidateVolumeCapabilities")).isTrue();
        assertThat(ReadOnlyRpcs.readOnly("csi.v1.Controller/ControllerGetVolume")).isTrue();
        assertThat(ReadOnlyRpcs.readOnly("csi.v1.Node/NodeGetVolumeStats")).isTrue();
        assertThat(ReadOnlyRpcs.readOnly("pluginregistration.Registration/GetInfo")).isTrue();
    }

    @Test
    void changesAreNotReadOnly() {
        for (String m : new String[] {"csi.v1.Controller/CreateVolume", "csi.v1.Controller/DeleteVolume",
                "csi.v1.Node/NodeStageVolume", "csi.v1.Node/NodePublishVolume", "fence.FenceController/FenceClusterNetwork",
                "pluginregistration.Registration/NotifyRegistrationStatus", "csi.v1.Controller/Getaway", "nomethod"}) {
            assertThat(ReadOnlyRpcs.readOnly(m)).as(m).isFalse();
        }
    }

    @Test
    void aProbeThatTriesAChangeIsStoppedBeforeSending() {
        assertThatThrownBy(() -> ReadOnlyRpcs.require("csi.v1.Controller/CreateVolume"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("CreateVolume");
    }
}
