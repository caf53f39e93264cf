package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@link CombinedStorage} over the reference plugin's CSI face and its CSP arrays site-a and
 * site-b: correlation of a CSI volume with its CSP record, hosts and partners; listings when one
 * array does not answer; and the reload of one volume.
 */
class CombinedStorageTest {
    @TempDir
    Path dir;
    private TwoSites sites;
    private CspStorage siteA;
    private CspStorage siteB;

    @BeforeEach
    void start() {
        sites = new TwoSites(dir);
        siteA = sites.array(TwoSites.SITE_A_IP, "site-a");
        siteB = sites.array(TwoSites.SITE_B_IP, "site-b");
    }

    @AfterEach
    void stop() {
        sites.close();
    }

    private static List<Volume> read(CombinedStorage storage, List<SourceFailure> missing) throws Exception {
        List<Volume> rows = Collections.synchronizedList(new ArrayList<>());
        missing.addAll(storage.listVolumes(PageSink.unpaced(rows::addAll)).get(30, TimeUnit.SECONDS));
        return rows;
    }

    // ---- correlation --------------------------------------------------------------------------

    @Test
    void aVolumeKnownToCsiAndToItsArrayArrivesOnceWithBothOriginsAndTheCspAttributes() throws Exception {
        Volume a = TwoSites.createOn(siteA, "vol-on-a");
        Volume b = TwoSites.createOn(siteB, "vol-on-b");
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA, siteB));

        List<SourceFailure> missing = new ArrayList<>();
        List<Volume> rows = read(storage, missing);

        assertThat(missing).isEmpty();
        assertThat(rows).extracting(Volume::volumeId).containsExactlyInAnyOrder(a.volumeId(), b.volumeId());
        assertThat(rows).allSatisfy(v -> {
            assertThat(v.origin()).isEqualTo(Origin.BOTH);
            assertThat(v.properties()).as("the CSP's published flag").containsKey("published");
            assertThat(v.name()).isIn("vol-on-a", "vol-on-b");
        });
    }

    @Test
    void theArraysNameOfACorrelatedVolumeIsWhatTheConnectionsFailuresNameItBy() throws Exception {
        Volume a = TwoSites.createOn(siteA, "erp-db");
        CsiStorage csi = sites.csi();
        CombinedStorage storage = new CombinedStorage(csi, List.of(siteA, siteB));
        assertThat(csi.names().label(a.volumeId())).as("CSI reports no name").isEqualTo(a.volumeId());

        read(storage, new ArrayList<>());

        assertThat(csi.names().label(a.volumeId())).isEqualTo("erp-db (" + a.volumeId() + ")");
    }

    // ---- capacity -----------------------------------------------------------------------------

    @Test
    void capacityAddsARowPerReportedPoolWithItsTotalAndUsedAfterTheGetCapacityRows() throws Exception {
        ArrayPools pools = () -> java.util.concurrent.CompletableFuture.completedFuture(List.of(
                new org.csiconsole.core.model.PoolUsage("site-a", "pool-ssd", 1L << 40, 612L << 30)));
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA, siteB), pools, "example.com/site");

        Listing<org.csiconsole.core.model.Capacity> l = storage.capacity().get(30, TimeUnit.SECONDS);

        assertThat(l.missing()).isEmpty();
        assertThat(l.items()).hasSizeGreaterThan(1);
        assertThat(l.items().subList(0, l.items().size() - 1)).as("GetCapacity reports available space only")
                .allSatisfy(c -> assertThat(c.pool()).isNull());
        org.csiconsole.core.model.Capacity pool = l.items().get(l.items().size() - 1);
        assertThat(pool.pool().totalBytes()).isEqualTo(1L << 40);
        assertThat(pool.availableCapacityBytes()).isEqualTo((1L << 40) - (612L << 30));
        assertThat(pool.parameters()).containsEntry("pool", "pool-ssd");
        assertThat(pool.topology().segments()).containsEntry("example.com/site", "site-a");
    }

    @Test
    void poolsThatDoNotAnswerAreNamedAndGetCapacityRowsStillArrive() throws Exception {
        ArrayPools pools = () -> java.util.concurrent.CompletableFuture.failedFuture(new IllegalStateException("array busy"));
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA), pools, null);

        Listing<org.csiconsole.core.model.Capacity> l = storage.capacity().get(30, TimeUnit.SECONDS);

        assertThat(l.items()).isNotEmpty().allSatisfy(c -> assertThat(c.pool()).isNull());
        assertThat(l.missing()).extracting(SourceFailure::source).containsExactly("array pools");
    }

    @Test
    void theMergeKeepsTheCsiRecordAndTakesNameGroupPartnerAndDisplayAttributesFromTheCsp() {
        Volume csi = new Volume("vol-1", "", 1L << 30, null, null, Map.of(), Map.of("k", "v"), null,
                List.of("node-1"), null, "", Origin.CSI, Map.of("published", "true"));
        VolumeReplication partner = new VolumeReplication(true, VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY,
                "site-b", "");
        Volume csp = new Volume("vol-1", "pvc-1", 2L << 30, null, null, Map.of("pool", "ssd"), Map.of(), null,
                List.of(), null, "vg-1", Origin.CSP, Map.of("description", "db", "published", "false"), partner);

        Volume merged = CombinedStorage.merge(csi, csp);

        assertThat(merged.origin()).isEqualTo(Origin.BOTH);
        assertThat(merged.name()).as("CSI reports no name").isEqualTo("pvc-1");
        assertThat(merged.capacityBytes()).as("CSI's capacity wins").isEqualTo(1L << 30);
        assertThat(merged.groupId()).isEqualTo("vg-1");
        assertThat(merged.parameters()).isEqualTo(Map.of("pool", "ssd"));
        assertThat(merged.volumeContext()).isEqualTo(Map.of("k", "v"));
        assertThat(merged.publishedNodeIds()).containsExactly("node-1");
        assertThat(merged.properties()).containsEntry("description", "db").containsEntry("published", "true");
        assertThat(merged.replication().partner()).as("CSI reports no replication: the CSP's partner").isEqualTo("site-b");
    }

    @Test
    void aHostRegisteredOnceForBothArraysOfOneCspIsListedOnce() throws Exception {
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA, siteB));
        List<Host> fromA = siteA.listHosts().get(30, TimeUnit.SECONDS).items();

        Listing<Host> hosts = storage.listHosts().get(30, TimeUnit.SECONDS);

        assertThat(fromA).as("the plugin's own node is registered as a host").isNotEmpty();
        assertThat(hosts.isComplete()).isTrue();
        assertThat(hosts.items()).extracting(Host::id).doesNotHaveDuplicates()
                .containsAll(fromA.stream().map(Host::id).toList());
    }

    // ---- partial failure ----------------------------------------------------------------------

    @Test
    void whenOneArrayDoesNotAnswerTheListingHasEveryCsiVolumeAndNamesTheArrayAndWhy() throws Exception {
        Volume a = TwoSites.createOn(siteA, "vol-on-a");
        Volume b = TwoSites.createOn(siteB, "vol-on-b");
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA, sites.unreachable("site-b")));

        List<SourceFailure> missing = new ArrayList<>();
        List<Volume> rows = read(storage, missing);

        assertThat(rows).extracting(Volume::volumeId).containsExactlyInAnyOrder(a.volumeId(), b.volumeId());
        assertThat(rows).filteredOn(v -> v.volumeId().equals(a.volumeId())).extracting(Volume::origin).containsExactly(Origin.BOTH);
        assertThat(rows).filteredOn(v -> v.volumeId().equals(b.volumeId())).extracting(Volume::origin)
                .as("site-b's volume has only its CSI attributes").containsExactly(Origin.CSI);
        assertThat(missing).singleElement().satisfies(m -> {
            assertThat(m.source()).isEqualTo("site-b");
            assertThat(m.failure().kind()).isEqualTo(FailureKind.UNAVAILABLE);
            assertThat(m.describe()).startsWith("site-b: UNAVAILABLE \u2014 ");
        });
    }

    @Test
    void hostsAndVolumeGroupsOfTheArrayThatAnsweredComeWithTheMissingArrayNamed() throws Exception {
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA, sites.unreachable("site-b")));

        Listing<Host> hosts = storage.listHosts().get(30, TimeUnit.SECONDS);
        Listing<?> groups = storage.listVolumeGroups().get(30, TimeUnit.SECONDS);
        Listing<?> groupSnapshots = storage.listGroupSnapshots().get(30, TimeUnit.SECONDS);

        assertThat(hosts.items()).isNotEmpty();
        for (Listing<?> l : List.of(hosts, groups, groupSnapshots)) {
            assertThat(l.missing()).extracting(SourceFailure::source).containsExactly("site-b");
        }
    }

    @Test
    void whenNoArrayAnswersAListingOfCspObjectsFailsWithTheFirstArraysFailure() {
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(sites.unreachable("site-a"), sites.unreachable("site-b")));

        Throwable t = catchThrowable(() -> storage.listHosts().get(30, TimeUnit.SECONDS));

        assertThat(t).isInstanceOf(ExecutionException.class);
        assertThat(CallFailure.unwrap(t)).isNotNull().extracting(CallFailure::kind).isEqualTo(FailureKind.UNAVAILABLE);
    }

    @Test
    void whenNoArrayAnswersTheVolumeListingStillHasTheCsiVolumesAndNamesBothArrays() throws Exception {
        Volume a = TwoSites.createOn(siteA, "vol-on-a");
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(sites.unreachable("site-a"), sites.unreachable("site-b")));

        List<SourceFailure> missing = new ArrayList<>();
        List<Volume> rows = read(storage, missing);

        assertThat(rows).extracting(Volume::volumeId).containsExactly(a.volumeId());
        assertThat(missing).extracting(SourceFailure::source).containsExactly("site-a", "site-b");
    }

    // ---- reload of one volume -----------------------------------------------------------------

    @Test
    void reloadingOneVolumeReadsOnlyThatVolumeOnTheArrayTheListingFoundItOn() throws Exception {
        TwoSites.createOn(siteA, "vol-on-a");
        Volume b = TwoSites.createOn(siteB, "vol-on-b");
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA, siteB));
        read(storage, new ArrayList<>());
        var mark = sites.mark();

        Volume again = storage.getVolume(b.volumeId()).get(30, TimeUnit.SECONDS);

        assertThat(again.origin()).isEqualTo(Origin.BOTH);
        assertThat(mark.httpSince()).as("one GET of that volume, no listing of any array")
                .containsExactly("GET /csp/containers/v1/volumes/" + b.volumeId());
    }

    @Test
    void reloadingAVolumeNoListingPlacedAsksTheArraysOneByOneUntilOneHasIt() throws Exception {
        Volume b = TwoSites.createOn(siteB, "vol-on-b");
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA, siteB));
        var mark = sites.mark();

        Volume again = storage.getVolume(b.volumeId()).get(30, TimeUnit.SECONDS);
        List<String> first = mark.httpSince();
        var second = sites.mark();
        storage.getVolume(b.volumeId()).get(30, TimeUnit.SECONDS);

        assertThat(again.origin()).isEqualTo(Origin.BOTH);
        assertThat(first).as("site-a answers 404, site-b has it").filteredOn(m -> m.contains("/volumes"))
                .containsExactly("GET /csp/containers/v1/volumes/" + b.volumeId(), "GET /csp/containers/v1/volumes/" + b.volumeId());
        assertThat(second.httpSince()).as("then it is remembered").containsExactly("GET /csp/containers/v1/volumes/" + b.volumeId());
    }

    @Test
    void reloadingAVolumeOfTheArrayThatDoesNotAnswerFailsWithThatArraysFailure() throws Exception {
        Volume b = TwoSites.createOn(siteB, "vol-on-b");
        CombinedStorage storage = new CombinedStorage(sites.csi(), List.of(siteA, sites.unreachable("site-b")));

        Throwable t = catchThrowable(() -> storage.getVolume(b.volumeId()).get(30, TimeUnit.SECONDS));

        assertThat(CallFailure.unwrap(t)).isNotNull().extracting(CallFailure::kind).isEqualTo(FailureKind.UNAVAILABLE);
    }
}
