package org.csiconsole.core.risk;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SplitBrainLeftTest {
    static final Instant NOW = Instant.parse("2026-12-06T07:50:00Z");
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);

    static SideFacts side(String site, String id, VolumeReplicationRole role, boolean reachable) {
        return new SideFacts(site, id, "erp-db", role, ReplicationHealth.HEALTHY, reachable, NOW.minusSeconds(300), null);
    }

    private Assessment assess(RiskOperation op, boolean force, SideFacts self, SideFacts partner) {
        TargetFacts t = TargetFacts.of("volume", self.id(), "erp-db").withReplication(self, partner);
        return model.assess(new RiskRequest(op, force, List.of(t), "", "", NOW));
    }

    @Test
    void a_forced_promote_beside_a_reachable_primary_reports_the_split_brain_it_made_with_the_next_step_not_a_success() {
        Assessment a = assess(RiskOperation.PROMOTE, true, side("site-b", "vol-9", VolumeReplicationRole.SECONDARY, true),
                side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, true));

        assertThat(a.splitBrainLeft("vol-9"::equals)).isEqualTo("Promoted, and now a split brain: vol-9 on site-b and vol-1 on site-a "
                + "are both primary and both take writes; nothing replicates between them, and what each side takes from now on is "
                + "missing on the other. Next step: Stop writers on one side, pick the survivor by comparing both sides' last writes "
                + "and sync times, demote the other side and resync it (split-brain recovery).");
        assertThat(a.splitBrainLeft(id -> false)).as("nothing was promoted").isEmpty();
    }

    @Test
    void a_promote_that_leaves_one_primary_reports_no_split_brain() {
        assertThat(assess(RiskOperation.PROMOTE, true, side("site-b", "vol-9", VolumeReplicationRole.SECONDARY, true),
                side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, false)).splitBrainLeft(id -> true))
                .as("the partner does not answer: a lost site").isEmpty();
        assertThat(assess(RiskOperation.PROMOTE, true, side("site-b", "vol-9", VolumeReplicationRole.SECONDARY, true),
                side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, true)).splitBrainLeft(id -> true)).isEmpty();
        assertThat(assess(RiskOperation.DEMOTE, true, side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, true),
                side("site-b", "vol-9", VolumeReplicationRole.PRIMARY, true)).splitBrainLeft(id -> true)).isEmpty();
    }

    @Test
    void an_unplanned_failover_while_site_a_answers_as_primary_reports_the_split_brain_it_made() {
        Assessment a = assess(RiskOperation.UNPLANNED_FAILOVER, true, side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, true),
                side("site-b", "vol-9", VolumeReplicationRole.SECONDARY, true));

        assertThat(a.splitBrainLeft("vol-1"::equals)).startsWith("Failed over, and now a split brain: vol-9 on site-b and vol-1 on site-a are both primary");
    }
}
