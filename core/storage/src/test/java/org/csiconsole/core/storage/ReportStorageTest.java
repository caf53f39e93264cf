package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Availability;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.TroubleReport;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReportStorageTest {
    private static final Set<Feature> READS = EnumSet.of(Feature.LIST_VOLUMES, Feature.GET_VOLUME, Feature.LIST_SNAPSHOTS,
            Feature.NODE_INFO, Feature.ADDONS);

    private static Volume volume(int i, String... nodes) {
        return new Volume("vol-" + i, "pvc-" + i, (long) i << 30, null, null, Map.of("pool", "gold"), null,
                List.of(Topology.of("zone", "a")), List.of(nodes), null, null, Origin.CSI, null);
    }

    private static TroubleReport report(List<Volume> volumes, long volumeCount) {
        return report(volumes, volumeCount, null, Map.of());
    }

    private static TroubleReport report(List<Volume> volumes, long volumeCount, List<String> fences, Map<String, String> moreFacts) {
        CapabilitySet caps = new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE),
                Set.of(ControllerCapability.CREATE_DELETE_VOLUME, ControllerCapability.LIST_VOLUMES,
                        ControllerCapability.CREATE_DELETE_SNAPSHOT, ControllerCapability.LIST_SNAPSHOTS,
                        ControllerCapability.EXPAND_VOLUME, ControllerCapability.PUBLISH_UNPUBLISH_VOLUME),
                Set.of(NodeCapability.STAGE_UNSTAGE_VOLUME), Set.of(), Set.of());
        List<Snapshot> snaps = List.of(new Snapshot("snap-1", "", "vol-1", 1 << 30, null, true, "", Origin.CSI, null),
                new Snapshot("snap-2", "", "vol-2", 1 << 30, null, true, "", Origin.CSI, null));
        ProbeReport p = new ProbeReport("unix:///csi/csi.sock", "", "unix:///csi/csi.sock", Instant.parse("2030-01-01T00:00:00Z"),
                Duration.ofMillis(500), true, new PluginInfo("csi.example.com", "2.4.1", Map.of()), caps, List.of("RECLAIM_SPACE_OFFLINE"),
                new NodeInfo("node-1", 0, Topology.of("zone", "a")), volumeCount, 2, List.of(), List.of(),
                facts(moreFacts), volumes, snaps, fences);
        return new TroubleReport(null, "1.0.0", Instant.parse("2030-01-01T00:00:01Z"), Map.of(), p.endpoint(), null, p, null,
                List.of(), null);
    }

    private static Map<String, String> facts(Map<String, String> more) {
        Map<String, String> facts = new java.util.HashMap<>(Map.of("addons.name", "csi.example.com", "addons.version", "0.9"));
        facts.putAll(more);
        return facts;
    }

    private static ReportStorage storage(int volumes) {
        List<Volume> vs = IntStream.rangeClosed(1, volumes).mapToObj(i -> volume(i, i % 2 == 0 ? "node-2" : "node-1")).toList();
        return new ReportStorage(report(vs, volumes), "/cases/17/report.json");
    }

    private static List<Volume> listAll(ReportStorage s) {
        List<Volume> out = new ArrayList<>();
        s.listVolumes(PageSink.unpaced(out::addAll)).join();
        return out;
    }

    private static CallFailure failure(CompletableFuture<?> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            return (CallFailure) e.getCause();
        }
        throw new AssertionError("the call did not fail");
    }

    @Test
    void theVolumesAreListedAsTheReportListedThemInPagesOfFiveHundred() {
        ReportStorage s = storage(1200);
        List<Integer> sizes = new ArrayList<>();

        List<Volume> all = new ArrayList<>();
        s.listVolumes(PageSink.unpaced(p -> {
            sizes.add(p.size());
            all.addAll(p);
        })).join();

        assertThat(all).isEqualTo(s.report().probe().volumes());
        assertThat(sizes).containsExactly(500, 500, 200);
    }

    @Test
    void theNextPageWaitsForTheConsumerToTakeThePreviousOne() {
        ReportStorage s = storage(1200);
        CompletableFuture<Void> taken = new CompletableFuture<>();
        List<Integer> sizes = new ArrayList<>();

        CompletableFuture<?> done = s.listVolumes(page -> {
            sizes.add(page.size());
            return sizes.size() == 1 ? taken : PageSink.READY;
        });

        assertThat(sizes).containsExactly(500);
        assertThat(done).isNotDone();
        taken.complete(null);
        assertThat(sizes).containsExactly(500, 500, 200);
        assertThat(done).isCompleted();
    }

    @Test
    void onlyTheReadsTheReportAnswersAreAvailable() {
        Features f = storage(3).features().join();

        for (Feature feature : Feature.values()) {
            assertThat(f.available(feature)).as(feature.name()).isEqualTo(READS.contains(feature));
        }
        assertThat(f.csi().has(ControllerCapability.CREATE_DELETE_VOLUME)).isTrue();
        assertThat(f.csiConnected()).as("no endpoint is connected").isFalse();
    }

    @Test
    void theFencedNetworksTheProbeReadAreListedWhileFencingStaysUnavailable() {
        ReportStorage s = new ReportStorage(report(List.of(), 0, List.of("10.30.0.0/24"), Map.of()), "/cases/17/report.json");
        Features f = s.features().join();

        assertThat(f.available(Feature.LIST_FENCES)).isTrue();
        assertThat(s.listFences(Map.of(), org.csiconsole.core.model.Secrets.NONE).join()).containsExactly("10.30.0.0/24");
        assertThat(f.reason(Feature.NETWORK_FENCE)).startsWith(ReportStorage.READ_ONLY);
    }

    @Test
    void aFenceListingTheReportDidNotReadIsNotRecordedNotACannotList() {
        Features f = storage(3).features().join();

        assertThat(f.available(Feature.LIST_FENCES)).isFalse();
        assertThat(Availability.notRecorded(f.reason(Feature.LIST_FENCES))).as(f.reason(Feature.LIST_FENCES)).isTrue();
        assertThat(f.reason(Feature.LIST_FENCES)).contains("fenced networks").contains("did not advertise NETWORK_FENCE");
    }

    @Test
    void aFenceListingThatFailedKeepsTheDriversWords() {
        String words = "ListClusterFence: the driver failed internally (INTERNAL): panic: runtime error: invalid memory address";
        Features f = new ReportStorage(report(List.of(), 0, null, Map.of(ProbeReport.FENCE_FAILURE, words)), "/r.json").features().join();

        assertThat(f.available(Feature.LIST_FENCES)).isFalse();
        assertThat(Availability.notRecorded(f.reason(Feature.LIST_FENCES))).isFalse();
        assertThat(f.reason(Feature.LIST_FENCES)).isEqualTo("ListClusterFence failed when the report was made: " + words);
    }

    @Test
    void everyChangeIsUnavailableBecauseTheReportIsReadOnly() {
        Features f = storage(3).features().join();

        for (Feature change : List.of(Feature.CREATE_VOLUME, Feature.DELETE_VOLUME, Feature.EXPAND_VOLUME, Feature.MODIFY_VOLUME,
                Feature.CLONE_VOLUME, Feature.CONTROLLER_PUBLISH, Feature.NODE_STAGE, Feature.NODE_PUBLISH,
                Feature.CREATE_DELETE_SNAPSHOT, Feature.CLONE_FROM_SNAPSHOT, Feature.GROUP_SNAPSHOTS, Feature.CSP_PUBLISH,
                Feature.RECLAIM_SPACE, Feature.NETWORK_FENCE, Feature.ROTATE_ENCRYPTION_KEY)) {
            assertThat(f.reason(change)).as(change.name()).startsWith(ReportStorage.READ_ONLY)
                    .contains("2030-01-01 00:00 UTC").contains(change.words());
        }
    }

    @Test
    void aChangeAskedForAnywayFailsNamingTheReportAndSendsNothing() {
        ReportStorage s = storage(3);

        CallFailure delete = failure(s.deleteVolume("vol-1"));
        CallFailure expand = failure(s.expandVolume("vol-1", 2L << 30));

        assertThat(delete.kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(delete.getMessage()).contains("DeleteVolume vol-1").contains("saved report (/cases/17/report.json)")
                .contains("read-only").contains("nothing was sent");
        assertThat(expand.kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(listAll(s)).extracting(Volume::volumeId).containsExactly("vol-1", "vol-2", "vol-3");
    }

    @Test
    void aVolumeIsReadFromTheListAndOneNotListedIsNotFound() {
        ReportStorage s = storage(3);

        assertThat(s.getVolume("vol-2").join().name()).isEqualTo("pvc-2");
        assertThat(failure(s.getVolume("vol-9")).kind()).isEqualTo(FailureKind.NOT_FOUND);
    }

    @Test
    void snapshotsOfOneVolumeAreTheReportsSnapshotsOfThatVolume() {
        List<Snapshot> of1 = new ArrayList<>();
        List<Snapshot> all = new ArrayList<>();
        ReportStorage s = storage(3);

        s.listSnapshots("vol-1", PageSink.unpaced(of1::addAll)).join();
        s.listSnapshots(null, PageSink.unpaced(all::addAll)).join();

        assertThat(of1).extracting(Snapshot::snapshotId).containsExactly("snap-1");
        assertThat(all).extracting(Snapshot::snapshotId).containsExactly("snap-1", "snap-2");
    }

    @Test
    void pluginNodeAndCsiAddonsAreWhatTheReportRecorded() {
        ReportStorage s = storage(3);

        assertThat(s.pluginInfo().join().name()).isEqualTo("csi.example.com");
        assertThat(s.connectedNodes().join()).extracting(NodeInfo::nodeId).containsExactly("node-1");
        assertThat(s.listNodes().join().items()).extracting(NodeInfo::nodeId).containsExactly("node-1", "node-2");
        assertThat(s.addons().join()).hasValueSatisfying(a -> {
            assertThat(a.identity().vendorVersion()).isEqualTo("0.9");
            assertThat(a.capabilities()).containsExactly("RECLAIM_SPACE_OFFLINE");
        });
    }

    @Test
    void aReportThatCountedVolumesWithoutListingThemSaysSo() {
        ReportStorage s = new ReportStorage(report(List.of(), 25), "old/report.json");

        Features f = s.features().join();

        assertThat(f.available(Feature.LIST_VOLUMES)).isFalse();
        assertThat(f.reason(Feature.LIST_VOLUMES)).contains("counts 25 volumes but does not list them").contains("console 1.0.0");
        assertThat(failure(s.listVolumes(PageSink.unpaced(p -> { }))).kind()).isEqualTo(FailureKind.UNSUPPORTED);
    }

    @Test
    void aReportWhoseDriverListedNothingListsNoVolumes() {
        ReportStorage s = new ReportStorage(report(List.of(), 0), "empty/report.json");

        assertThat(s.features().join().available(Feature.LIST_VOLUMES)).isTrue();
        assertThat(listAll(s)).isEmpty();
    }
}
