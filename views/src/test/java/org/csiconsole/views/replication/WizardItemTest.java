package org.csiconsole.views.replication;

import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.SampleOrigin;
import org.csiconsole.views.resource.Texts;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A wizard on a volume group names the group's member volumes and their count. */
class WizardItemTest {
    private static final Instant T = Instant.parse("2026-12-01T10:00:00Z");

    private static ReplicationSample side(ReplicationSource source, String name, List<String> members) {
        ReplicatedItem item = new ReplicatedItem(source, name, VolumeReplicationRole.PRIMARY, null, "", "", null, members, "site-a");
        return new ReplicationSample(item, VolumeReplicationRole.PRIMARY, null, null, SampleOrigin.LISTING, T, null, T);
    }

    @Test
    void aGroupNamesItsMemberVolumesByNameBesideIdAndCountsThem() {
        WizardItem group = new WizardItem("vg-erp", side(ReplicationSource.volumeGroup("vg-1"), "vg-erp", List.of("vol-1", "vol-2", "vol-3")),
                null, null);
        Map<String, String> names = Map.of("vol-1", "erp-db", "vol-2", "erp-logs");
        assertThat(group.members(id -> Texts.named(id, names.get(id))))
                .isEqualTo("3 member volumes: erp-db (vol-1), erp-logs (vol-2), vol-3");
    }

    @Test
    void aGroupOfOneSaysMemberVolumeAndAVolumeHasNoMembers() {
        WizardItem one = new WizardItem("vg-x", side(ReplicationSource.volumeGroup("vg-2"), "vg-x", List.of("vol-9")), null, null);
        assertThat(one.members(id -> id)).isEqualTo("1 member volume: vol-9");
        WizardItem volume = new WizardItem("erp-db", side(ReplicationSource.volume("vol-1"), "erp-db", List.of()), null, null);
        assertThat(volume.members(id -> id)).isEmpty();
    }
}
