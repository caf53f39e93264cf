package org.csiconsole.views.resource;

import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class KnownResourcesTest {
    private static final Instant NINE = Instant.parse("2026-11-25T09:05:00Z");
    private static final Instant TEN = Instant.parse("2026-11-25T10:42:00Z");

    private static Volume volume(String id) {
        return new Volume(id, "pvc-" + id, 1L << 30, null, List.of(), Map.of(), Map.of(), List.of(), List.of(), null, "", Origin.CSI, null);
    }

    @Test
    void createdResourcesAreKnownOldestFirstUntilDeleted() {
        KnownResources known = KnownResources.inSession();
        known.volumes().created("vol-2", volume("vol-2"), TEN);
        known.volumes().created("vol-1", volume("vol-1"), NINE);

        assertThat(known.volumes().entries()).extracting(KnownList.KnownItem::id).containsExactly("vol-1", "vol-2");
        assertThat(known.snapshots().entries()).isEmpty();

        known.volumes().deleted("vol-1");
        known.volumes().deleted("vol-unknown");
        assertThat(known.volumes().entries()).extracting(KnownList.KnownItem::id).containsExactly("vol-2");
    }

    @Test
    void subscribersHearOfEachChangeUntilTheyUnsubscribe() throws Exception {
        KnownResources known = KnownResources.inSession();
        AtomicInteger heard = new AtomicInteger();
        AutoCloseable subscription = known.snapshots().subscribe(heard::incrementAndGet);
        Snapshot s = new Snapshot("snap-1", "daily", "vol-1", 0, NINE, true, "", Origin.CSI, null);

        known.snapshots().created("snap-1", s, NINE);
        known.snapshots().deleted("snap-unknown");
        known.snapshots().deleted("snap-1");
        subscription.close();
        known.snapshots().created("snap-1", s, NINE);

        assertThat(heard).hasValue(2);
    }

    @Test
    void unlistedRowsAreNotedWithTheLocalTimeTheyWereCreatedOrLookedUpAt() {
        KnownResources known = KnownResources.inSession();
        UnlistedRows<Volume> rows = new UnlistedRows<>(known.volumes(), Volume::volumeId, ZoneOffset.ofHours(1));
        rows.created(volume("vol-1"), NINE);
        rows.lookedUp(volume("vol-7"), TEN);
        rows.lookedUp(volume("vol-1"), TEN);

        assertThat(rows.rows()).extracting(Volume::volumeId).containsExactly("vol-1", "vol-7");
        assertThat(rows.noteOf(volume("vol-1"))).isEqualTo("created by this console at 2026-11-25 10:05");
        assertThat(rows.noteOf(volume("vol-7"))).isEqualTo("looked up by id at 11:42");

        rows.listed();
        assertThat(rows.noteOf(volume("vol-7"))).isEmpty();
        assertThat(rows.rows()).extracting(Volume::volumeId).containsExactly("vol-1");
    }
}
