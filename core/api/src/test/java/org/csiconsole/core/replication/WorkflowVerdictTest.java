package org.csiconsole.core.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The end of a workflow as both sides read again show it, not as its steps went. */
class WorkflowVerdictTest {
    private static final Instant AT = Instant.parse("2026-12-06T07:45:44Z");

    private static ReplicationSample side(String site, String id, VolumeReplicationRole role, ReplicationHealth health) {
        ReplicatedItem item = new ReplicatedItem(ReplicationSource.volume(id), id, role, health, "", "", Duration.ofMinutes(5), List.of(), site);
        return new ReplicationSample(item, role, null, null, SampleOrigin.CSI_ADDONS, AT, null, AT);
    }

    private static String verdict(WorkflowKind kind, RunOutcome outcome, ReplicationSample a, ReplicationSample b) {
        return WorkflowVerdict.of(kind, outcome, "site-a", "site-b", List.of(new WorkflowVerdict.After("erp-db", a, b)), AT, ZoneOffset.UTC);
    }

    @Test
    void anUnplannedFailoverWhoseStepsSucceededButWhoseSiteAIsStillPrimaryIsNotDoneAndNamesTheSplitBrain() {
        String v = verdict(WorkflowKind.UNPLANNED_FAILOVER, RunOutcome.SUCCEEDED,
                side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, ReplicationHealth.ERROR),
                side("site-b", "vol-1r", VolumeReplicationRole.PRIMARY, ReplicationHealth.ERROR));

        assertThat(v).startsWith("Not done: every step succeeded, but as read again at 07:45:44 not every pair is as an unplanned failover leaves it.")
                .contains("erp-db: still wrong: vol-1 on site-a and vol-1r on site-b are both primary: a split brain")
                .contains(PairMismatch.BOTH_PRIMARY.safeNextStep());
    }

    @Test
    void anUnplannedFailoverWithSiteAUnreadIsDoneAndSaysWhatToDoWhenItReturns() {
        ReplicationSample lost = side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY)
                .failed(new CallFailure(FailureKind.UNAVAILABLE, "GetVolumeReplicationInfo", "connection refused", "", ""), AT);
        String v = verdict(WorkflowKind.UNPLANNED_FAILOVER, RunOutcome.SUCCEEDED, lost,
                side("site-b", "vol-1r", VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY));

        assertThat(v).startsWith("Done: as read again at 07:45:44")
                .contains("erp-db: vol-1r on site-b is primary (healthy); site-a was not read (it does not answer): when it returns, "
                        + "if vol-1 is still primary, both sides are primary (split brain). " + PairMismatch.BOTH_PRIMARY.safeNextStep().replaceAll("\\.$", ""))
                .doesNotContain("failback");
    }

    @Test
    void aPlannedFailoverIsDoneOnlyWhenSiteBIsPrimaryAndSiteASecondary() {
        assertThat(verdict(WorkflowKind.PLANNED_FAILOVER, RunOutcome.SUCCEEDED,
                side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, ReplicationHealth.UNKNOWN),
                side("site-b", "vol-1r", VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY)))
                .startsWith("Done:").contains("erp-db: vol-1r on site-b is primary (healthy) and vol-1 on site-a is secondary.");
        assertThat(verdict(WorkflowKind.PLANNED_FAILOVER, RunOutcome.SUCCEEDED,
                side("site-a", "vol-1", VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY),
                side("site-b", "vol-1r", VolumeReplicationRole.SECONDARY, ReplicationHealth.UNKNOWN)))
                .startsWith("Could not confirm").contains("vol-1r on site-b is secondary, not primary; vol-1 on site-a is primary, not secondary");
    }

    @Test
    void aPlannedFailoverWhoseStepsSucceededButWhoseReReadShowsTheOldRoleCannotBeConfirmedAndNeverAsksForASecondPromote() {
        String v = verdict(WorkflowKind.PLANNED_FAILOVER, RunOutcome.SUCCEEDED,
                side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, ReplicationHealth.DEGRADED),
                side("site-b", "vol-1r", VolumeReplicationRole.SECONDARY, ReplicationHealth.DEGRADED));

        assertThat(v).startsWith("Could not confirm: every step succeeded, but as read again at 07:45:44 not every pair reads as a planned "
                        + "failover leaves it: the read failed or disagrees with the steps.")
                .contains("erp-db: could not confirm: vol-1r on site-b is secondary, not primary. Every step reported success: read both sites "
                        + "again before any promote, demote or force")
                .doesNotContain("Not done").doesNotContain("Promote");
    }

    @Test
    void aPlannedFailoverWhoseSiteBCouldNotBeReadAgainSaysSoRatherThanNotDone() {
        ReplicationSample unread = side("site-b", "vol-1r", VolumeReplicationRole.SECONDARY, ReplicationHealth.HEALTHY)
                .failed(new CallFailure(FailureKind.UNAVAILABLE, "GetVolumeReplicationInfo", "connection refused", "", ""), AT);
        String v = verdict(WorkflowKind.PLANNED_FAILOVER, RunOutcome.SUCCEEDED,
                side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, ReplicationHealth.UNKNOWN), unread);

        assertThat(v).startsWith("Could not confirm:").contains("erp-db: could not confirm: vol-1r on site-b is not read (")
                .doesNotContain("Not done").doesNotContain("Promote");
    }

    @Test
    void aSplitBrainRecoveryIsDoneOnlyOnceThePairIsHealthy() {
        String v = verdict(WorkflowKind.SPLIT_BRAIN_RECOVERY, RunOutcome.SUCCEEDED,
                side("site-a", "vol-2", VolumeReplicationRole.PRIMARY, ReplicationHealth.DEGRADED),
                side("site-b", "vol-2r", VolumeReplicationRole.SECONDARY, ReplicationHealth.DEGRADED));

        assertThat(v).startsWith("Not done").contains("the pair is not healthy yet (degraded)")
                .contains("Resync vol-2r on site-b from vol-2 on site-a");
    }

    @Test
    void aStoppedRunSaysSoFirst() {
        assertThat(verdict(WorkflowKind.FAILBACK, RunOutcome.STOPPED,
                side("site-a", "vol-1", VolumeReplicationRole.SECONDARY, ReplicationHealth.UNKNOWN),
                side("site-b", "vol-1r", VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY)))
                .startsWith("Stopped between steps; as read again at 07:45:44:")
                .contains("vol-1 on site-a is secondary, not primary");
    }
}
