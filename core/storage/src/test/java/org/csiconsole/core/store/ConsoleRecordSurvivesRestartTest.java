package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.NodeStageRequest;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.Recheck;
import org.csiconsole.core.record.RecordFeed;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.storage.RecordRecheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's record, fed by its audited calls to the reference plugin, is read back by a new store on the
 * same data folder (a restart): names, sources and placements; a re-check marks what the driver no longer
 * knows and keeps the row.
 */
class ConsoleRecordSurvivesRestartTest {
    private static final VolumeCapability RWO = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
    private static final Instant LATER = Instant.parse("2026-12-06T15:10:00Z");

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private String name;
    private SqliteConsoleRecords records;
    private CsiClient client;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("plugin")).seed(Seed.EMPTY).start();
        name = "record-" + UUID.randomUUID();
        plugin.startInProcess(name);
        records = SqliteConsoleRecords.open(dir.resolve("data"));
        client = open(CallAudit.to(r -> {
            RecordFeed.apply(r, records);
            return CompletableFuture.completedFuture(null);
        }, AuditOrigin.local("test")));
    }

    private CsiClient open(CallAudit audit) {
        return CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), AuditedCallsTest.options(audit), new CallTrace());
    }

    @AfterEach
    void stop() {
        client.close();
        records.close();
        plugin.close();
    }

    @Test
    void namesSourcesAndPlacementsAreReadBackByANewStoreOnTheSameFolder() throws Exception {
        Volume vol = client.controller().createVolume(CreateVolumeRequest.of("walk-vol-1", 1L << 30, RWO)).get(30, TimeUnit.SECONDS);
        Snapshot snap = client.controller().createSnapshot(vol.volumeId(), "walk-snap-1", Map.of(), Secrets.NONE).get(30, TimeUnit.SECONDS);
        Volume clone = client.controller().createVolume(CreateVolumeRequest.of("walk-clone-1", 1L << 30, RWO)
                .withSource(VolumeSource.snapshot(snap.snapshotId()))).get(30, TimeUnit.SECONDS);
        String node = client.node().nodeInfo().get(30, TimeUnit.SECONDS).nodeId();
        client.controller().controllerPublish(vol.volumeId(), node, RWO, false, Secrets.NONE, Map.of()).get(30, TimeUnit.SECONDS);
        String endpoint = client.endpoint().text();
        records.close();

        try (SqliteConsoleRecords again = SqliteConsoleRecords.open(dir.resolve("data"))) {
            ConsoleBook book = again.book(endpoint);
            assertThat(book.items(RecordKind.VOLUME)).extracting(RecordedItem::id, RecordedItem::name, RecordedItem::origin)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(vol.volumeId(), "walk-vol-1", RecordOrigin.CREATED),
                            org.assertj.core.groups.Tuple.tuple(clone.volumeId(), "walk-clone-1", RecordOrigin.CREATED));
            assertThat(book.find(RecordKind.VOLUME, clone.volumeId()).orElseThrow().source()).isEqualTo(VolumeSource.snapshot(snap.snapshotId()));
            assertThat(book.find(RecordKind.VOLUME, vol.volumeId()).orElseThrow().capacityBytes()).isEqualTo(1L << 30);
            assertThat(book.find(RecordKind.SNAPSHOT, snap.snapshotId()).orElseThrow())
                    .extracting(RecordedItem::name, RecordedItem::source).containsExactly("walk-snap-1", VolumeSource.volume(vol.volumeId()));
            assertThat(book.consolePlacements(vol.volumeId(), "")).extracting(Placement::nodeId, Placement::step, Placement::from)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(node, Placement.Kind.PUBLISHED, Placement.Knowledge.CONSOLE));
            assertThat(book.named(Volume.csi(clone.volumeId(), 0)).name()).as("a listing's nameless volume gets its name").isEqualTo("walk-clone-1");
            assertThat(again.book("unix:///other.sock").items(RecordKind.VOLUME)).as("per connection").isEmpty();
        }
    }

    @Test
    void aVolumeDeletedBehindTheConsolesBackIsMarkedGoneNotDropped() throws Exception {
        Volume kept = client.controller().createVolume(CreateVolumeRequest.of("walk-vol-1", 1L << 30, RWO)).get(30, TimeUnit.SECONDS);
        Volume lost = client.controller().createVolume(CreateVolumeRequest.of("walk-vol-2", 1L << 30, RWO)).get(30, TimeUnit.SECONDS);
        try (CsiClient elsewhere = open(CallAudit.none())) {
            elsewhere.controller().deleteVolume(lost.volumeId(), Secrets.NONE).get(30, TimeUnit.SECONDS);
        }
        ConsoleBook book = records.book(client.endpoint().text());

        Recheck.Result r = RecordRecheck.all(book, client, null, Secrets.NONE, Clock.fixed(LATER, ZoneOffset.UTC)).get(30, TimeUnit.SECONDS);

        assertThat(r.gone()).containsExactly(lost.volumeId());
        assertThat(r.known()).containsExactly(kept.volumeId());
        RecordedItem row = book.find(RecordKind.VOLUME, lost.volumeId()).orElseThrow();
        assertThat(row.goneSince()).isEqualTo(LATER);
        assertThat(row.note(ZoneOffset.UTC)).endsWith("gone at the driver since 2026-12-06 15:10");
        assertThat(book.find(RecordKind.VOLUME, kept.volumeId()).orElseThrow().gone()).isFalse();
    }

    @Test
    void stagingRecordsItsPathAndThePublishContextKeysAndUnstagingRemovesIt() throws Exception {
        Volume vol = client.controller().createVolume(CreateVolumeRequest.of("walk-vol-1", 1L << 30, RWO)).get(30, TimeUnit.SECONDS);
        String node = client.node().nodeInfo().get(30, TimeUnit.SECONDS).nodeId();
        Map<String, String> context = client.controller().controllerPublish(vol.volumeId(), node, RWO, false, Secrets.NONE, Map.of())
                .get(30, TimeUnit.SECONDS);
        Path staging = dir.resolve("staging");
        client.node().nodeStage(new NodeStageRequest(vol.volumeId(), context, staging.toString(), RWO, Secrets.NONE, Map.of()))
                .get(30, TimeUnit.SECONDS);
        ConsoleBook book = records.book(client.endpoint().text());

        assertThat(book.placements(vol.volumeId())).filteredOn(p -> p.step() == Placement.Kind.STAGED).singleElement()
                .satisfies(p -> {
                    assertThat(p.path()).isEqualTo(staging.toString());
                    assertThat(p.publishContextKeys()).containsExactlyInAnyOrderElementsOf(context.keySet());
                });

        client.node().nodeUnstage(vol.volumeId(), staging.toString()).get(30, TimeUnit.SECONDS);
        assertThat(book.placements(vol.volumeId())).extracting(p -> p.step()).containsExactly(Placement.Kind.PUBLISHED);
    }
}
