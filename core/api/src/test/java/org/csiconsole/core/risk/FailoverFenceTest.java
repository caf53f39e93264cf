package org.csiconsole.core.risk;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationSource;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which fenced block an unplanned failover of this console fenced, read back from its audit log. */
class FailoverFenceTest {
    static final Instant T = Instant.parse("2026-12-06T07:40:00Z");
    static final String WORDS = FailoverFence.words("site-a", "vol-00000113", true, "site-b", "vol-00000198");

    static AuditRecord record(String call, String cidr, Instant at, AuditOutcome outcome, String workflow) {
        return new AuditRecord(at, AuditOrigin.local("Demo"), "inproc:demo", "grpc", call, Map.of("cidr", List.of(cidr)), "", outcome,
                "", "", 3, "c", 1, false, false, workflow);
    }

    @Test
    void aFenceOfAnUnplannedFailoverNamesTheOldPrimaryAndThePromotedSide() {
        FailoverFence f = FailoverFence.recorded("10.10.3.0/24",
                List.of(record(FailoverFence.FENCE_CALL, "10.10.3.0/24", T, AuditOutcome.OK, WORDS))).orElseThrow();
        assertThat(WORDS).isEqualTo("Unplanned failover: site-a (vol-00000113) still answers: forced, site-b (vol-00000198) force-promoted");
        assertThat(f.oldPrimary().where()).isEqualTo("vol-00000113 on site-a");
        assertThat(f.promoted().where()).isEqualTo("vol-00000198 on site-b");
        assertThat(f.fencedAt()).isEqualTo(T);
        assertThat(f.read()).as("known from the record only, not read").isFalse();
    }

    @Test
    void aLaterUnfenceAFenceOnItsOwnOrAFailedFenceIsNoFailoversFence() {
        String block = "10.10.3.0/24";
        assertThat(FailoverFence.recorded(block, List.of(record(FailoverFence.UNFENCE_CALL, block, T.plusSeconds(60), AuditOutcome.OK, ""),
                record(FailoverFence.FENCE_CALL, block, T, AuditOutcome.OK, WORDS)))).isEmpty();
        assertThat(FailoverFence.recorded(block, List.of(record(FailoverFence.FENCE_CALL, block, T, AuditOutcome.OK, "")))).isEmpty();
        assertThat(FailoverFence.recorded(block, List.of(record(FailoverFence.FENCE_CALL, block, T, AuditOutcome.FAILED, WORDS)))).isEmpty();
        assertThat(FailoverFence.recorded(block, List.of(record(FailoverFence.FENCE_CALL, "10.10.4.0/24", T, AuditOutcome.OK, WORDS)))).isEmpty();
    }

    @Test
    void theListingGivesEachSidesRoleAndASideItLacksStaysUnreadAndNamed() {
        FailoverFence f = FailoverFence.recorded("10.10.3.0/24",
                List.of(record(FailoverFence.FENCE_CALL, "10.10.3.0/24", T, AuditOutcome.OK, WORDS))).orElseThrow();
        ReplicatedItem a = new ReplicatedItem(new ReplicationSource(false, "vol-00000113"), "erp", VolumeReplicationRole.PRIMARY,
                ReplicationHealth.ERROR, "site-b", "vol-00000198", null, List.of(), "Demo");
        FailoverFence both = f.readFrom(List.of(a, new ReplicatedItem(new ReplicationSource(false, "vol-00000198"), "", VolumeReplicationRole.PRIMARY,
                ReplicationHealth.ERROR, "site-a", "vol-00000113", null, List.of(), "Demo")), "the listing");
        assertThat(both.read()).isTrue();
        assertThat(both.oldPrimary().primary()).isTrue();
        FailoverFence one = f.readFrom(List.of(a), "the connection's replication listing");
        assertThat(one.read()).isFalse();
        assertThat(one.unread()).isEqualTo("vol-00000198 on site-b is not in the connection's replication listing");
    }
}
