package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSource;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The sites of the console's recorded volumes beside a driver's listing, while the driver restarts. */
class RecordedReplicationPortSitesTest {
    private static final Instant T = Instant.parse("2026-12-07T00:59:47Z");

    /** A driver whose next listing the test sets: its items, or null when the listing fails (the driver is down). */
    private static final class Driver implements ReplicationPort {
        List<ReplicatedItem> items;

        Driver(ReplicatedItem... items) {
            this.items = List.of(items);
        }

        @Override
        public CompletableFuture<Listing<ReplicatedItem>> inventory() {
            return items == null ? CompletableFuture.failedFuture(new CallFailure(FailureKind.UNAVAILABLE, "ListVolumes", "connection refused", "", ""))
                    : CompletableFuture.completedFuture(Listing.complete(items));
        }
    }

    private static ConsoleBook book(String... ids) {
        ConsoleBook book = ConsoleBook.inMemory("Served");
        for (String id : ids) book.record(RecordedItem.of(RecordKind.VOLUME, id, "", null, RecordOrigin.CREATED, 1L << 30, Map.of(), T));
        return book;
    }

    private static Map<String, String> sites(ReplicationPort port) {
        return port.inventory().join().items().stream().collect(Collectors.toMap(i -> i.source().id(), ReplicatedItem::site));
    }

    @Test
    void aDriverServingTwoSitesNeverGainsASiteNamedAfterTheConnectionFromTheRecordWhileItIsUpDownOrListsNothing() {
        Driver driver = new Driver(ReplicatedItem.of(ReplicationSource.volume("vol-111"), "site-a"),
                ReplicatedItem.of(ReplicationSource.volume("vol-196"), "site-b"));
        // vol-196 was promoted by this console; vol-7 (not replicated) had its key rotated: both are in the record
        RecordedReplicationPort port = new RecordedReplicationPort(driver, book("vol-196", "vol-7"));

        assertThat(sites(port)).as("up").isEqualTo(Map.of("vol-111", "site-a", "vol-196", "site-b"));
        driver.items = null;
        assertThat(sites(port)).as("down: the record's volume stays on the site it was listed on").isEqualTo(Map.of("vol-196", "site-b"));
        driver.items = List.of();
        assertThat(sites(port)).as("restarted, listing nothing yet").isEqualTo(Map.of("vol-196", "site-b"));
    }

    @Test
    void aDriverServingOneSiteKeepsTheRecordsVolumesOnTheConnectionsSite() {
        RecordedReplicationPort port = new RecordedReplicationPort(new Driver(ReplicatedItem.of(ReplicationSource.volume("vol-1"), "")),
                book("vol-1", "vol-2"));

        assertThat(sites(port)).isEqualTo(Map.of("vol-1", "", "vol-2", ""));
    }
}
