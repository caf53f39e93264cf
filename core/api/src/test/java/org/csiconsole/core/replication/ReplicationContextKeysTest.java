package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ReplicationContextKeysTest {
    @Test
    void whatAContextOrAConfigReportsReadsBackInBothSpellings() {
        Map<String, String> csi = ReplicationContextKeys.write(true, VolumeReplicationRole.SECONDARY, ReplicationHealth.DEGRADED, "site-b",
                "vol-9", Duration.ofMinutes(5), "", "link down");
        Map<String, String> csp = ReplicationContextKeys.write(false, VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY, "site-a",
                "", Duration.ofSeconds(30), "", "");

        assertThat(csi).containsEntry("replicationRole", "secondary").containsEntry("schedulingInterval", "300s");
        assertThat(csp).containsEntry("replication_role", "primary").containsEntry("scheduling_interval", "30s");
        assertThat(ReplicationContextKeys.read(csi)).isEqualTo(new VolumeReplication(true, VolumeReplicationRole.SECONDARY,
                ReplicationHealth.DEGRADED, "site-b", "link down"));
        assertThat(ReplicationContextKeys.read(csp).role()).isEqualTo(VolumeReplicationRole.PRIMARY);
        assertThat(ReplicationContextKeys.interval(csp)).isEqualTo(Duration.ofSeconds(30));
        assertThat(ReplicationContextKeys.peerId(csi)).isEqualTo("vol-9");
    }

    @Test
    void aContextWithoutARoleIsNotReplicated() {
        assertThat(ReplicationContextKeys.read(Map.of("array", "site-a"))).isEqualTo(VolumeReplication.NONE);
        assertThat(ReplicationContextKeys.parseInterval("5 minutes")).isNull();
        assertThat(ReplicationContextKeys.parseInterval("1h")).isEqualTo(Duration.ofHours(1));
    }
}
