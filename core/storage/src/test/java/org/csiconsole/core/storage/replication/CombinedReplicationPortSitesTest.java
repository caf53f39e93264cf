package org.csiconsole.core.storage.replication;

import org.csiconsole.core.port.Listing;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSource;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** The sites a connection's CSI driver and CSP array name together. */
class CombinedReplicationPortSitesTest {

    private static ReplicationPort listing(String site, ReplicatedItem... items) {
        return new ReplicationPort() {
            @Override
            public String site() {
                return site;
            }

            @Override
            public CompletableFuture<Listing<ReplicatedItem>> inventory() {
                return CompletableFuture.completedFuture(Listing.complete(List.of(items)));
            }
        };
    }

    private static ReplicatedItem item(String id, String site) {
        return ReplicatedItem.of(ReplicationSource.volume(id), site);
    }

    @Test
    void aDriverShowingOneSiteAndItsOneArrayAreOneSiteTheConnections() {
        ReplicationPort port = new CombinedReplicationPort(listing("", item("vol-1", "")), List.of(listing("array-1", item("vol-9", "array-1"))));

        assertThat(port.inventory().join().items()).extracting(ReplicatedItem::site).containsExactly("", "");
    }

    @Test
    void aDriverShowingTwoSitesKeepsThem() {
        ReplicationPort port = new CombinedReplicationPort(listing("", item("vol-1", "site-a"), item("vol-2", "site-b")), List.of());

        assertThat(port.inventory().join().items()).extracting(ReplicatedItem::site).containsExactly("site-a", "site-b");
    }

    @Test
    void aPortScopedToOneSiteKeepsWhatItsPartsName() {
        ReplicationPort port = new CombinedReplicationPort(listing("site-a", item("vol-1", "site-a")), List.of(listing("site-a", item("vol-9", "site-a"))));

        assertThat(port.inventory().join().items()).extracting(ReplicatedItem::site).containsExactly("site-a", "site-a");
    }
}
