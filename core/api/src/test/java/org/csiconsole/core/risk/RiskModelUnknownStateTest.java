package org.csiconsole.core.risk;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.PairMismatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A promote, demote, resync or failover is refused, and offered by no front end, on a pair whose partner is not
 * known (two unrelated connections taken for sites A and B) or on a side whose replication state was never read.
 */
class RiskModelUnknownStateTest {
    static final Instant NOW = Instant.parse("2026-12-06T07:50:00Z");
    static final Instant SYNC = Instant.parse("2026-12-06T07:45:44Z");
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);

    static SideFacts side(String site, String id, VolumeReplicationRole role, boolean read) {
        return new SideFacts(site, id, "erp-db", role, ReplicationHealth.HEALTHY, true, SYNC, null, read);
    }

    static TargetFacts target(SideFacts self, SideFacts partner, PairMismatch pairing) {
        return TargetFacts.of("volume", self.id(), "erp-db").withReplication(self, partner).paired(pairing);
    }

    @ParameterizedTest
    @EnumSource(value = RiskOperation.class, names = {"PROMOTE", "DEMOTE", "RESYNC", "PLANNED_FAILOVER", "UNPLANNED_FAILOVER", "FAILBACK"})
    void a_pair_whose_partner_is_missing_on_the_other_connection_is_refused_with_the_next_step(RiskOperation op) {
        TargetFacts t = target(side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, true), null, PairMismatch.PARTNER_MISSING);

        IllegalCall gate = RiskModel.unknownState(op, t);
        Assessment a = model.assess(RiskRequest.of(op, List.of(t), NOW));

        assertThat(gate).isNotNull();
        assertThat(gate.reason()).contains("erp-db").contains("mismatched (Partner missing)");
        assertThat(gate.nextStep()).contains("needs a correct pairing").contains(PairMismatch.PARTNER_MISSING.safeNextStep());
        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().overridable()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(value = RiskOperation.class, names = {"PROMOTE", "DEMOTE", "RESYNC", "PLANNED_FAILOVER", "UNPLANNED_FAILOVER", "FAILBACK",
            "SPLIT_BRAIN_RECOVERY"})
    void a_pair_matched_by_an_equal_id_that_the_drivers_do_not_confirm_is_refused_saying_why(RiskOperation op) {
        TargetFacts t = target(side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, true),
                side("site-b", "vol-1r", VolumeReplicationRole.SECONDARY, true), PairMismatch.NOT_CONFIRMED);

        IllegalCall gate = RiskModel.unknownState(op, t);
        Assessment a = model.assess(RiskRequest.of(op, List.of(t), NOW).keeping("site-a"));

        assertThat(gate).isNotNull();
        assertThat(gate.reason()).contains("erp-db").contains("mismatched (Pair not confirmed)").contains("an equal id on two arrays is not a pair");
        assertThat(gate.nextStep()).contains("the array the driver names as the partner");
        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().reason()).isEqualTo(gate.reason());
        assertThat(RiskModel.unknownState(RiskOperation.DISABLE_REPLICATION, t)).as("disabling stays possible").isNull();
    }

    @Test
    void a_split_brain_recovery_is_refused_while_either_side_was_never_read() {
        TargetFacts t = target(side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, true),
                side("site-b", "vol-9", VolumeReplicationRole.PRIMARY, false), PairMismatch.BOTH_PRIMARY);

        IllegalCall gate = RiskModel.unknownState(RiskOperation.SPLIT_BRAIN_RECOVERY, t);

        assertThat(gate).isNotNull();
        assertThat(gate.reason()).isEqualTo("the replication state of erp-db on site-b was not read yet: every read failed, "
                + "so its role and health are not known");
        assertThat(model.assess(RiskRequest.of(RiskOperation.SPLIT_BRAIN_RECOVERY, List.of(t), NOW)).blocked()).isTrue();
        TargetFacts read = target(side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, true),
                side("site-b", "vol-9", VolumeReplicationRole.PRIMARY, true), PairMismatch.BOTH_PRIMARY);
        assertThat(RiskModel.unknownState(RiskOperation.SPLIT_BRAIN_RECOVERY, read)).as("both read: recovery is its next step").isNull();
    }

    @Test
    void a_destination_unknown_refuses_a_promote_but_not_a_disable() {
        TargetFacts t = target(side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, true), null, PairMismatch.DESTINATION_UNKNOWN);

        assertThat(RiskModel.unknownState(RiskOperation.PROMOTE, t)).isNotNull();
        assertThat(RiskModel.unknownState(RiskOperation.DISABLE_REPLICATION, t)).isNull();
        assertThat(model.assess(RiskRequest.of(RiskOperation.DISABLE_REPLICATION, List.of(t), NOW)).blocked()).isFalse();
    }

    @Test
    void both_secondary_still_lets_the_newest_side_be_promoted_as_its_next_step_says() {
        TargetFacts t = target(side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, true),
                side("site-b", "vol-9", VolumeReplicationRole.SECONDARY, true), PairMismatch.BOTH_SECONDARY);

        assertThat(RiskModel.unknownState(RiskOperation.PROMOTE, t)).isNull();
        assertThat(model.assess(RiskRequest.of(RiskOperation.PROMOTE, List.of(t), NOW)).blocked()).isFalse();
    }

    @Test
    void a_side_never_read_cannot_be_promoted_and_the_secrets_are_named_as_the_way_on() {
        TargetFacts t = target(side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, false), null, null);

        IllegalCall gate = RiskModel.unknownState(RiskOperation.PROMOTE, t);
        Assessment a = model.assess(RiskRequest.of(RiskOperation.PROMOTE, List.of(t), NOW));

        assertThat(gate.reason()).isEqualTo("the replication state of erp-db on site-a was not read yet: every read failed, "
                + "so its role and health are not known");
        assertThat(gate.nextStep()).contains("--secrets-file").contains("CSI_SECRETS_FILE").contains("profile");
        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().reason()).isEqualTo(gate.reason());
    }

    @Test
    void an_unplanned_failover_needs_the_side_it_promotes_read_not_the_lost_one() {
        SideFacts lost = new SideFacts("site-a", "vol-1", "erp-db", VolumeReplicationRole.PRIMARY, ReplicationHealth.UNKNOWN, false,
                null, null, false);
        TargetFacts readB = target(lost, side("site-b", "vol-9", VolumeReplicationRole.SECONDARY, true), PairMismatch.NONE);
        TargetFacts unreadB = target(lost, side("site-b", "vol-9", VolumeReplicationRole.SECONDARY, false), PairMismatch.NONE);

        assertThat(RiskModel.unknownState(RiskOperation.UNPLANNED_FAILOVER, readB)).isNull();
        assertThat(RiskModel.unknownState(RiskOperation.UNPLANNED_FAILOVER, unreadB).reason()).startsWith("the replication state of erp-db on site-b was not read yet");
    }

    @Test
    void a_consistent_read_pair_is_not_held_back() {
        TargetFacts t = target(side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, true),
                side("site-b", "vol-9", VolumeReplicationRole.PRIMARY, true), PairMismatch.NONE);

        for (RiskOperation op : RiskOperation.values()) assertThat(RiskModel.unknownState(op, t)).as(op.name()).isNull();
    }
}
