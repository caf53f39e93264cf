package org.csiconsole.core.call;

import com.google.protobuf.Descriptors.MethodDescriptor;
import csi.v1.Csi;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.SecretClass;
import org.csiconsole.core.model.Secrets;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Which calls carry secrets comes from the protos' csi_secret option; each has a class. */
class SecretCallsTest {
    private static final ConnectionSecrets PER_CLASS = new ConnectionSecrets() {
        @Override
        public Secrets forClass(SecretClass c) {
            return Secrets.of(Map.of("class", c.label()));
        }

        @Override
        public boolean configured() {
            return true;
        }
    };

    @Test
    void everyCallWhoseRequestHasASecretsMapHasAClassAndNoOtherCallHasOne() {
        Set<SecretClass> used = EnumSet.noneOf(SecretClass.class);
        int carrying = 0;
        for (MethodDescriptor m : SecretCalls.methods()) {
            String full = m.getService().getFullName() + "/" + m.getName();
            boolean hasSecrets = !SecretCalls.secretMaps(m.getInputType()).isEmpty();
            assertThat(SecretCalls.classOf(full).isPresent()).as(full).isEqualTo(hasSecrets);
            if (hasSecrets) {
                carrying++;
                used.add(SecretCalls.classOf(full).orElseThrow());
            }
        }
        assertThat(carrying).as("CSI and csi-addons calls with a secrets field").isGreaterThan(30);
        assertThat(used).as("every class names some call").containsExactlyInAnyOrder(SecretClass.values());
    }

    @Test
    void callsThatShareASecretShareAClass() {
        assertThat(SecretCalls.classOf("csi.v1.Controller/DeleteVolume")).contains(SecretClass.PROVISIONER);
        assertThat(SecretCalls.classOf("csi.v1.Controller/ControllerUnpublishVolume")).contains(SecretClass.CONTROLLER_PUBLISH);
        assertThat(SecretCalls.classOf("replication.Controller/GetVolumeReplicationInfo")).contains(SecretClass.REPLICATION);
        assertThat(SecretCalls.classOf("fence.FenceController/ListClusterFence")).contains(SecretClass.FENCE);
        assertThat(SecretCalls.classOf("csi.v1.Controller/ListVolumes")).as("ListVolumes has no secrets field").isEmpty();
        assertThat(SecretCalls.classOf("csi.v1.Node/NodeUnstageVolume")).isEmpty();
    }

    @Test
    void anEmptySecretsMapIsFilledFromTheCallsClassAndGivenSecretsWin() {
        Csi.NodeStageVolumeRequest empty = Csi.NodeStageVolumeRequest.newBuilder().setVolumeId("v").build();
        Csi.NodeStageVolumeRequest given = empty.toBuilder().putSecrets("mine", "x").build();

        assertThat(SecretCalls.fill(empty, "csi.v1.Node/NodeStageVolume", PER_CLASS).getSecretsMap())
                .containsExactly(Map.entry("class", "node-stage"));
        assertThat(SecretCalls.fill(given, "csi.v1.Node/NodeStageVolume", PER_CLASS)).isSameAs(given);
        assertThat(SecretCalls.fill(empty, "csi.v1.Node/NodeStageVolume", ConnectionSecrets.NONE)).isSameAs(empty);
    }

    @Test
    void driversWordsForMissingSecretsAreRecognisedAndOtherWordsAreNot() {
        assertThat(SecretCalls.saysSecretsMissing("provided secret is empty")).isTrue();
        assertThat(SecretCalls.saysSecretsMissing("No secrets have been provided")).isTrue();
        assertThat(SecretCalls.saysSecretsMissing("secrets are required")).isTrue();
        assertThat(SecretCalls.saysSecretsMissing("rbd image replicapool/csi-vol-0001 is still being used")).isFalse();
        assertThat(SecretCalls.saysSecretsMissing("the secret key was rejected")).isFalse();
    }
}
