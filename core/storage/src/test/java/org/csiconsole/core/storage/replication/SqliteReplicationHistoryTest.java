package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.HistoryOperation;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationTimeline;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.SampleOrigin;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.store.SqliteReplicationHistory;
import org.csiconsole.core.testing.MutableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class SqliteReplicationHistoryTest {
    @TempDir
    Path dir;
    private final MutableClock clock = new MutableClock(Instant.parse("2030-03-01T00:00:00Z"));
    private final ReplicationSource vol = ReplicationSource.volume("vol-1");

    private SampleRound round(ReplicationHealth health, Instant lastSync, CallFailure error) {
        ReplicatedItem item = new ReplicatedItem(vol, "db", VolumeReplicationRole.PRIMARY, null, "site-b", "r-1", Duration.ofMinutes(1),
                List.of(), "site-a");
        Instant now = clock.instant();
        ReplicationSample s = new ReplicationSample(item, VolumeReplicationRole.PRIMARY,
                new ReplicationInfo(lastSync, Duration.ofSeconds(3), 4096, health, health == ReplicationHealth.HEALTHY ? "" : "link down"),
                null, SampleOrigin.CSI_ADDONS, now, error, now);
        return new SampleRound("site-a", now, now, List.of(s), List.of());
    }

    @Test
    void theTimelineHoldsEveryChangeAPointEveryFiveMinutesAndTheOperationsInOrder() throws Exception {
        try (SqliteReplicationHistory h = SqliteReplicationHistory.open(dir, clock, Duration.ofDays(30), Duration.ofMinutes(5))) {
            Instant sync = clock.instant();
            h.record(round(ReplicationHealth.HEALTHY, sync, null), RpoThresholds.DEFAULT).get(10, TimeUnit.SECONDS);
            for (int i = 0; i < 9; i++) { // unchanged every 30 s for 4.5 min: not stored
                clock.advance(Duration.ofSeconds(30));
                h.record(round(ReplicationHealth.HEALTHY, sync, null), RpoThresholds.DEFAULT).get(10, TimeUnit.SECONDS);
            }
            clock.advance(Duration.ofSeconds(30)); // 5 min: stored
            h.record(round(ReplicationHealth.HEALTHY, sync, null), RpoThresholds.DEFAULT).get(10, TimeUnit.SECONDS);
            clock.advance(Duration.ofSeconds(30)); // a change: stored
            h.record(round(ReplicationHealth.DEGRADED, sync, null), RpoThresholds.DEFAULT).get(10, TimeUnit.SECONDS);
            clock.advance(Duration.ofSeconds(30)); // stale now: stored
            h.record(round(ReplicationHealth.DEGRADED, sync, new CallFailure(FailureKind.UNAVAILABLE, "x", "refused", "", "")),
                    RpoThresholds.DEFAULT).get(10, TimeUnit.SECONDS);
            h.record(new HistoryOperation(clock.instant(), "site-a", vol, WorkflowKind.DEMOTE, ReplicationAction.DEMOTE, false,
                    RunOutcome.SUCCEEDED, "")).get(10, TimeUnit.SECONDS);

            ReplicationTimeline t = h.timeline(vol, "site-a", Instant.EPOCH, clock.instant()).get(10, TimeUnit.SECONDS);

            assertThat(t.points()).hasSize(4);
            assertThat(t.points()).extracting(p -> p.health()).containsExactly(ReplicationHealth.HEALTHY, ReplicationHealth.HEALTHY,
                    ReplicationHealth.DEGRADED, ReplicationHealth.DEGRADED);
            assertThat(t.points().get(1).rpoAge()).isEqualTo(Duration.ofMinutes(5));
            assertThat(t.points().get(3).stale()).isTrue();
            assertThat(t.points().get(0).lastSyncBytes()).isEqualTo(4096);
            assertThat(t.operations()).singleElement().satisfies(o -> {
                assertThat(o.action()).isEqualTo(ReplicationAction.DEMOTE);
                assertThat(o.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
            });
            assertThat(h.timeline(ReplicationSource.volumeGroup("vol-1"), "site-a", Instant.EPOCH, clock.instant())
                    .get(10, TimeUnit.SECONDS).points()).as("a group of the same id is another source").isEmpty();
        }
    }

    @Test
    void aRoundOfOneDriverServingBothSitesKeepsEachSampleUnderItsOwnSite() throws Exception {
        try (SqliteReplicationHistory h = SqliteReplicationHistory.open(dir, clock, Duration.ofDays(30), Duration.ofMinutes(5))) {
            Instant now = clock.instant();
            ReplicationSource replica = ReplicationSource.volume("vol-2");
            List<ReplicationSample> samples = List.of(
                    new ReplicationSample(ReplicatedItem.of(vol, "site-a"), VolumeReplicationRole.PRIMARY, null, null, SampleOrigin.CSI_ADDONS,
                            now, null, now),
                    new ReplicationSample(ReplicatedItem.of(replica, "site-b"), VolumeReplicationRole.SECONDARY, null, null,
                            SampleOrigin.CSI_ADDONS, now, null, now));
            h.record(new SampleRound("Served", now, now, samples, List.of()), RpoThresholds.DEFAULT).get(10, TimeUnit.SECONDS);

            assertThat(h.timeline(vol, "site-a", Instant.EPOCH, now).get(10, TimeUnit.SECONDS).points()).hasSize(1);
            assertThat(h.timeline(replica, "site-b", Instant.EPOCH, now).get(10, TimeUnit.SECONDS).points()).hasSize(1);
            assertThat(h.timeline(vol, "Served", Instant.EPOCH, now).get(10, TimeUnit.SECONDS).points()).isEmpty();
        }
    }

    @Test
    void rowsOlderThanTheRetentionAreRemovedOnceMoreThanAnHourHasPassedSinceTheLastRemoval() throws Exception {
        try (SqliteReplicationHistory h = SqliteReplicationHistory.open(dir, clock, Duration.ofDays(30), Duration.ZERO)) {
            h.record(round(ReplicationHealth.HEALTHY, clock.instant(), null), RpoThresholds.DEFAULT).get(10, TimeUnit.SECONDS);
            clock.advance(Duration.ofDays(31));
            h.record(round(ReplicationHealth.HEALTHY, clock.instant(), null), RpoThresholds.DEFAULT).get(10, TimeUnit.SECONDS);

            h.prune().get(10, TimeUnit.SECONDS); // after the one the write started on its own (an hour since the last)

            assertThat(h.timeline(vol, "site-a", Instant.EPOCH, clock.instant()).get(10, TimeUnit.SECONDS).points()).hasSize(1);
        }
    }
}
