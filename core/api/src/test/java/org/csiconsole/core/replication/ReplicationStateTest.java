package org.csiconsole.core.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.risk.SideFacts;
import org.csiconsole.core.risk.TargetFacts;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.model.ReplicationHealth.DEGRADED;
import static org.csiconsole.core.model.ReplicationHealth.ERROR;
import static org.csiconsole.core.model.ReplicationHealth.HEALTHY;
import static org.csiconsole.core.model.ReplicationHealth.UNKNOWN;
import static org.csiconsole.core.model.VolumeReplicationRole.PRIMARY;
import static org.csiconsole.core.model.VolumeReplicationRole.RESYNCING;
import static org.csiconsole.core.model.VolumeReplicationRole.SECONDARY;

class ReplicationStateTest {
    static final Instant NOW = Instant.parse("2026-12-06T07:50:00Z");

    static ReplicationSample side(String site, String id, VolumeReplicationRole role, ReplicationHealth health, String partner) {
        ReplicatedItem item = new ReplicatedItem(ReplicationSource.volume(id), "erp-" + id, role, health, "", partner,
                Duration.ofMinutes(5), List.of(), site);
        ReplicationInfo info = new ReplicationInfo(NOW.minusSeconds(60), Duration.ofSeconds(2), 10, health, "");
        return new ReplicationSample(item, role, info, null, SampleOrigin.CSI_ADDONS, NOW.minusSeconds(5), null, NOW.minusSeconds(5));
    }

    @Test
    void splitBrainIsItsOwnStateBeforeTheErrorItsDriverReports() {
        ReplicationSample a = side("site-a", "vol-1", PRIMARY, ERROR, "vol-2");
        ReplicationSample b = side("site-b", "vol-2", PRIMARY, ERROR, "vol-1");
        SitePair pair = SitePairs.match(List.of(a), List.of(b)).get(0);
        assertThat(ReplicationState.of(pair)).isEqualTo(ReplicationState.SPLIT_BRAIN);
        assertThat(ReplicationState.of(a, pair.mismatch())).isEqualTo(ReplicationState.SPLIT_BRAIN);
        assertThat(ReplicationState.pairWords(pair)).isEqualTo("Split brain");
        assertThat(ReplicationState.SPLIT_BRAIN.token()).isEqualTo("state=split-brain");
    }

    @Test
    void aConsistentPairIsCalledConsistentOnlyWhenHealthy() {
        ReplicationSample a = side("site-a", "vol-1", PRIMARY, HEALTHY, "vol-2");
        ReplicationSample b = side("site-b", "vol-2", SECONDARY, UNKNOWN, "vol-1");
        assertThat(ReplicationState.pairWords(new SitePair(a, b, PairMismatch.NONE))).isEqualTo("Consistent");
        assertThat(ReplicationState.pairWords(new SitePair(side("site-a", "vol-1", PRIMARY, DEGRADED, "vol-2"), b, PairMismatch.NONE)))
                .isEqualTo("Degraded");
        assertThat(ReplicationState.pairWords(new SitePair(side("site-a", "vol-1", PRIMARY, ERROR, "vol-2"), b, PairMismatch.NONE)))
                .isEqualTo("Error");
        assertThat(ReplicationState.pairWords(new SitePair(a, side("site-b", "vol-2", RESYNCING, DEGRADED, "vol-1"), PairMismatch.NONE)))
                .isEqualTo("Resyncing");
        assertThat(ReplicationState.pairWords(new SitePair(a, null, PairMismatch.PARTNER_MISSING))).isEqualTo("Partner missing");
    }

    @Test
    void eachSideIsInExactlyOneStateFirstMatchWins() {
        ReplicationSample healthy = side("site-a", "vol-1", PRIMARY, HEALTHY, "vol-2");
        CallFailure refused = new CallFailure(FailureKind.UNAVAILABLE, "GetVolumeReplicationInfo", "connection refused", "", "");
        assertThat(ReplicationState.of(healthy.failed(refused, NOW), PairMismatch.NONE)).isEqualTo(ReplicationState.STALE);
        assertThat(ReplicationState.of(healthy, PairMismatch.BOTH_SECONDARY)).isEqualTo(ReplicationState.MISMATCHED);
        assertThat(ReplicationState.of(healthy, null)).as("not paired").isEqualTo(ReplicationState.HEALTHY);
        assertThat(ReplicationState.of(side("site-b", "vol-2", SECONDARY, UNKNOWN, ""), PairMismatch.NONE)).isEqualTo(ReplicationState.UNKNOWN);
    }

    @Test
    void aSideWhoseFirstReadFailedIsNotReadYetNotStaleAndItsFactsSaySo() {
        ReplicationSample listed = side("site-a", "vol-1", PRIMARY, HEALTHY, "vol-2");
        CallFailure noSecrets = new CallFailure(FailureKind.AUTHENTICATION, "GetVolumeReplicationInfo", "provided secret is empty", "", "");
        ReplicationSample neverRead = new ReplicationSample(listed.item(), PRIMARY, null, null, SampleOrigin.LISTING, null, noSecrets, NOW);

        assertThat(ReplicationState.of(neverRead, null)).isEqualTo(ReplicationState.NOT_READ);
        assertThat(ReplicationState.of(new SitePair(neverRead, side("site-b", "vol-2", SECONDARY, UNKNOWN, "vol-1"), PairMismatch.NONE)))
                .isEqualTo(ReplicationState.NOT_READ);
        assertThat(ReplicationState.NOT_READ.words()).isEqualTo("Not read yet");
        assertThat(ReplicationState.NOT_READ.meaning()).doesNotContain("previous");
        assertThat(SideFacts.of(neverRead).read()).isFalse();
        assertThat(SideFacts.of(listed).read()).isTrue();
        assertThat(ReplicationState.of(listed.failed(noSecrets, NOW), null)).as("read once, then refused").isEqualTo(ReplicationState.STALE);
    }

    @Test
    void anIdTheDriverDoesNotHoldIsNotFoundAndNoReplicatedSource() {
        ReplicationSample listed = side("site-a", "vol-1", PRIMARY, HEALTHY, "vol-2");
        CallFailure gone = new CallFailure(FailureKind.NOT_FOUND, "GetVolumeReplicationInfo vol-typo", "the object named in the request does not exist", "", "");
        ReplicationSample typo = new ReplicationSample(ReplicatedItem.of(ReplicationSource.volume("vol-typo"), "site-a"),
                VolumeReplicationRole.UNKNOWN, null, null, SampleOrigin.CSI_ADDONS, null, gone, NOW);

        assertThat(ReplicationState.of(typo, null)).isEqualTo(ReplicationState.NOT_FOUND);
        assertThat(ReplicationState.of(listed.failed(gone, NOW), null)).as("read once: stale, not a wrong id").isEqualTo(ReplicationState.STALE);
        assertThat(InventoryNote.count(List.of(listed, typo))).isEqualTo("1 replicated source; 1 id not found at the driver: vol-typo");
        assertThat(InventoryNote.whyEmpty(false, List.of(typo))).startsWith("The driver does not list its volumes (no LIST_VOLUMES)")
                .contains("the driver holds none of the 1 id it was given (NOT_FOUND)", "inventory add-ids", "Add volume ids");
        assertThat(InventoryNote.whyEmpty(true, List.of(typo))).as("a driver that lists: none listed means none").isEmpty();
        assertThat(InventoryNote.whyEmpty(false, List.of(listed, typo))).isEmpty();
    }

    @Test
    void aVolumeWhoseReplicationIsNotEnabledIsNotReplicatedNotAFailedReadAndNoReplicatedSource() {
        ReplicationSample listed = side("site-a", "vol-1", PRIMARY, HEALTHY, "vol-2");
        // csi-addons spec: "Volume is not replicated", FAILED_PRECONDITION; ceph-csi: INVALID_ARGUMENT "image mirroring is not enabled"
        CallFailure spec = new CallFailure(FailureKind.FAILED_PRECONDITION, "GetVolumeReplicationInfo vol-3",
                "the object is not in a state that allows this call (plugin says: Replication is not enabled for vol-3)", "", "");
        CallFailure rbd = new CallFailure(FailureKind.INVALID_ARGUMENT, "GetVolumeReplicationInfo vol-4",
                "the plugin rejected the request (plugin says: image mirroring is not enabled)", "", "");
        CallFailure otherPrecondition = new CallFailure(FailureKind.FAILED_PRECONDITION, "GetVolumeReplicationInfo vol-5",
                "the object is not in a state that allows this call (plugin says: failed to get last sync info: no sync yet)", "", "");
        ReplicationSample plain = unread("vol-3", spec);
        ReplicationSample image = unread("vol-4", rbd);
        ReplicationSample failing = unread("vol-5", otherPrecondition);

        assertThat(ReplicationState.of(plain, null)).isEqualTo(ReplicationState.NOT_REPLICATED);
        assertThat(ReplicationState.of(image, null)).isEqualTo(ReplicationState.NOT_REPLICATED);
        assertThat(ReplicationState.of(listed.failed(spec, NOW), null)).as("disabled since the last read").isEqualTo(ReplicationState.NOT_REPLICATED);
        assertThat(ReplicationState.of(failing, null)).as("a real read failure stays one").isEqualTo(ReplicationState.NOT_READ);
        assertThat(InventoryNote.answered(plain)).isTrue();
        assertThat(InventoryNote.answered(failing)).isFalse();
        assertThat(InventoryNote.count(List.of(listed, plain, image, failing)))
                .isEqualTo("2 replicated sources; 2 not replicated (the driver says replication is not enabled): vol-3, vol-4");
        assertThat(InventoryNote.whyEmpty(false, List.of(plain, image))).contains("the driver says none of the 2 volumes it knows is replicated");
    }

    private static ReplicationSample unread(String id, CallFailure f) {
        return new ReplicationSample(ReplicatedItem.of(ReplicationSource.volume(id), "site-a"), VolumeReplicationRole.UNKNOWN, null, null,
                SampleOrigin.CSI_ADDONS, null, f, NOW);
    }

    @Test
    void aSideIsReachableWhenItsLatestReadSucceededAndATargetCarriesBothSides() {
        ReplicationSample a = side("site-a", "vol-1", PRIMARY, HEALTHY, "vol-2");
        ReplicationSample b = side("site-b", "vol-2", SECONDARY, UNKNOWN, "vol-1");
        SideFacts f = SideFacts.of("", a);
        assertThat(f.site()).isEqualTo("site-a");
        assertThat(f.reachable()).isTrue();
        assertThat(f.lastSync()).isEqualTo(NOW.minusSeconds(60));
        CallFailure refused = new CallFailure(FailureKind.UNAVAILABLE, "GetVolumeReplicationInfo", "connection refused", "", "");
        assertThat(SideFacts.of("A", a.failed(refused, NOW)).reachable()).isFalse();
        assertThat(SideFacts.of("A", a.failed(refused, NOW)).site()).isEqualTo("A");

        TargetFacts t = TargetFacts.replicated("site-b", b, "site-a", a, PairMismatch.NONE);
        assertThat(t.id()).isEqualTo("vol-2");
        assertThat(t.displayName()).isEqualTo("erp-vol-2");
        assertThat(t.partner().where()).isEqualTo("vol-1 on site-a");
        assertThat(TargetFacts.replicated("site-a", a, "", null, null).partner()).as("the destination the side reports, its state not read")
                .satisfies(p -> {
                    assertThat(p.id()).isEqualTo("vol-2");
                    assertThat(p.read()).isFalse();
                    assertThat(p.role()).isEqualTo(org.csiconsole.core.model.VolumeReplicationRole.UNKNOWN);
                });
    }
}
