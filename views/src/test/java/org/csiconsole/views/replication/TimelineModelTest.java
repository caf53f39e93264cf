package org.csiconsole.views.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.HistoryPoint;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationTimeline;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.model.VolumeReplicationRole.PRIMARY;
import static org.csiconsole.core.model.VolumeReplicationRole.SECONDARY;

class TimelineModelTest {
    static final Instant T0 = Instant.parse("2026-12-06T07:00:00Z");

    static HistoryPoint at(int minute, VolumeReplicationRole role) {
        return new HistoryPoint(T0.plusSeconds(60L * minute), role, ReplicationHealth.HEALTHY, null, null, -1, false, "");
    }

    static ReplicationTimeline side(String id, String site, HistoryPoint... points) {
        return new ReplicationTimeline(ReplicationSource.volume(id), site, List.of(points), List.of());
    }

    @Test
    void theHistoryMarksSplitBrainWhereBothSidesSamplesSaidPrimary() {
        ReplicationTimeline a = side("vol-1", "site-a", at(0, PRIMARY), at(10, PRIMARY), at(20, PRIMARY), at(30, SECONDARY), at(40, PRIMARY));
        ReplicationTimeline b = side("vol-1r", "site-b", at(1, SECONDARY), at(11, PRIMARY), at(21, PRIMARY), at(31, PRIMARY), at(41, PRIMARY));

        List<TimelineModel.Period> split = TimelineModel.splitBrain(a, b, T0.plusSeconds(60L * 50));

        assertThat(split).containsExactly(
                new TimelineModel.Period(T0.plusSeconds(60L * 11), T0.plusSeconds(60L * 30)),
                new TimelineModel.Period(T0.plusSeconds(60L * 40), T0.plusSeconds(60L * 50)));
        assertThat(TimelineModel.splitBrain(a, side("vol-1r", "site-b", at(1, SECONDARY)), T0)).as("a consistent pair").isEmpty();
    }
}
