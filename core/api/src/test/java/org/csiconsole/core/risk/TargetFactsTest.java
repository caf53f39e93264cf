package org.csiconsole.core.risk;

import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.risk.Placement.Knowledge;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The one way a volume's and a group's facts are gathered for an assessment, for the views and the command line alike. */
class TargetFactsTest {
    private static final Instant AT = Instant.parse("2026-12-06T08:00:00Z");

    private static Volume volume(List<String> published, Map<String, String> properties) {
        return new Volume("vol-1", "erp-db", 1L << 30, null, null, null, null, null, published, null, null, Origin.CSI, properties);
    }

    @Test
    void aHostsPublishedVolumesAreNamedWithTheirIdsBeside() {
        Volume unnamed = new Volume("vol-2", "", 1L << 30, null, null, null, null, null, List.of("host-0005"), null, null, Origin.CSI, Map.of());

        TargetFacts f = TargetFacts.ofHost("host-0005", "worker-04", List.of(volume(List.of("worker-04"), Map.of()), unnamed,
                volume(List.of("worker-01"), Map.of())), true);

        assertThat(f.dependents()).containsExactly("erp-db (vol-1)", "vol-2");
    }

    @Test
    void aNodeTheDriverReportsIsKeptOnceThoughThisConsolePublishedItThereToo() {
        Placement mine = new Placement("node-1", Placement.Kind.PUBLISHED, "", Knowledge.CONSOLE, AT);
        Placement staged = new Placement("node-1", Placement.Kind.STAGED, "/staging", Knowledge.CONSOLE, AT);

        TargetFacts f = TargetFacts.ofVolume(volume(List.of("node-1"), Map.of()), true, List.of(mine, staged));

        assertThat(f.placements()).extracting(Placement::step, Placement::from)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Placement.Kind.PUBLISHED, Knowledge.DRIVER),
                        org.assertj.core.groups.Tuple.tuple(Placement.Kind.STAGED, Knowledge.CONSOLE));
    }

    @Test
    void publishedNodeIdsOfADriverThatDoesNotAdvertiseReportingThemAreNotTakenAsItsReport() {
        Placement mine = new Placement("node-1", Placement.Kind.PUBLISHED, "", Knowledge.CONSOLE, AT);

        TargetFacts f = TargetFacts.ofVolume(volume(List.of("node-2"), Map.of()), false, List.of(mine));

        assertThat(f.placements()).extracting(Placement::nodeId, Placement::from)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("node-1", Knowledge.CONSOLE));
        assertThat(f.driverReportsPlacements()).isFalse();
    }

    private static org.csiconsole.core.model.CapabilitySet caps(org.csiconsole.core.model.ControllerCapability... c) {
        return new org.csiconsole.core.model.CapabilitySet(java.util.Set.of(), java.util.Set.of(c), java.util.Set.of(), java.util.Set.of(), java.util.Set.of());
    }

    @Test
    void controllerGetVolumeOfADriverThatPublishesReportsItsPublishedNodesThoughItsListingDoesNot() {
        var getAndPublish = caps(org.csiconsole.core.model.ControllerCapability.GET_VOLUME,
                org.csiconsole.core.model.ControllerCapability.PUBLISH_UNPUBLISH_VOLUME, org.csiconsole.core.model.ControllerCapability.LIST_VOLUMES);

        assertThat(TargetFacts.driverReportsPlacements(getAndPublish, false, TargetFacts.VolumeRead.CONTROLLER_GET_VOLUME)).isTrue();
        assertThat(TargetFacts.driverReportsPlacements(getAndPublish, false, TargetFacts.VolumeRead.LIST_VOLUMES)).isFalse();
        assertThat(TargetFacts.placementsNeedGetVolume(getAndPublish, false)).isTrue();
        assertThat(TargetFacts.driverReportsPlacements(caps(org.csiconsole.core.model.ControllerCapability.GET_VOLUME), false,
                TargetFacts.VolumeRead.CONTROLLER_GET_VOLUME)).as("no PUBLISH_UNPUBLISH_VOLUME: the field is optional").isFalse();
        assertThat(TargetFacts.driverReportsPlacements(caps(org.csiconsole.core.model.ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES), false,
                TargetFacts.VolumeRead.LIST_VOLUMES)).isTrue();
        assertThat(TargetFacts.driverReportsPlacements(caps(), true, TargetFacts.VolumeRead.LIST_VOLUMES)).as("a CSP array").isTrue();
        assertThat(TargetFacts.placementsNeedGetVolume(caps(org.csiconsole.core.model.ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES,
                org.csiconsole.core.model.ControllerCapability.GET_VOLUME, org.csiconsole.core.model.ControllerCapability.PUBLISH_UNPUBLISH_VOLUME), false)).isFalse();
    }

    @Test
    void anArrayThatSaysPublishedWithoutNamingItsHostsIsStillPublished() {
        TargetFacts f = TargetFacts.ofVolume(volume(List.of(), Map.of("published", "true")), true, List.of());

        assertThat(f.placements()).singleElement().satisfies(p -> {
            assertThat(p.step()).isEqualTo(Placement.Kind.PUBLISHED);
            assertThat(p.nodeId()).isEqualTo("a host the array does not name");
        });
    }

    @Test
    void aReplicatedVolumeCarriesItsRoleAndHealthOnThisSite() {
        Volume v = volume(List.of(), Map.of()).withReplication(VolumeReplication.of(VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY));

        TargetFacts f = TargetFacts.ofVolume(v, true, List.of());

        assertThat(f.side()).isNotNull();
        assertThat(f.side().role()).isEqualTo(VolumeReplicationRole.PRIMARY);
        assertThat(f.partner()).isNull();
        assertThat(TargetFacts.ofVolume(volume(List.of(), Map.of()), true, List.of()).side()).isNull();
    }

    @Test
    void aGroupNamesItsMembersAsWhatDependsOnIt() {
        Volume unnamed = Volume.csi("vol-9", 0);
        VolumeGroup g = new VolumeGroup("vg-1", "db", "", List.of(volume(List.of(), Map.of()), unnamed), null, null, Origin.CSI);

        TargetFacts f = TargetFacts.ofGroup(g);

        assertThat(f.kind()).isEqualTo("volume group");
        assertThat(f.displayName()).isEqualTo("db");
        assertThat(f.dependents()).containsExactly("erp-db", "vol-9");
    }

    @Test
    void aSizeIsTheDriversWithTheRecordsBesideItWhenTheyDifferAndTheRecordsNamedWhenTheDriverGaveNone() {
        var export = org.csiconsole.core.record.RecordedItem.of(org.csiconsole.core.record.RecordKind.VOLUME, "vol-1", "pvc-data", null,
                org.csiconsole.core.record.RecordOrigin.PV_EXPORT, 10L << 30, Map.of(), Instant.parse("2026-12-06T12:00:00Z"));
        TargetFacts t = TargetFacts.of("volume", "vol-1", "pvc-data");

        assertThat(t.sized(12L << 30, export).capacityBytes()).isEqualTo(12L << 30);
        assertThat(t.sized(12L << 30, export).sizeOrigin()).isEqualTo("as the driver reports; the console's record (imported from a PV export) says 10 GiB");
        assertThat(t.sized(10L << 30, export).sizeOrigin()).as("they agree").isEmpty();
        assertThat(t.sized(0, export).capacityBytes()).isEqualTo(10L << 30);
        assertThat(t.sized(0, export).sizeOrigin()).isEqualTo("from the console's record: imported from a PV export");
        assertThat(t.sized(12L << 30, null).sizeOrigin()).isEmpty();
        var created = org.csiconsole.core.record.RecordedItem.of(org.csiconsole.core.record.RecordKind.VOLUME, "vol-1", "pvc-data", null,
                org.csiconsole.core.record.RecordOrigin.CREATED, 5L << 30, Map.of(), Instant.parse("2026-12-06T12:00:00Z"));
        assertThat(t.sized(8L << 30, created).sizeOrigin()).as("the create's figure, before an expand: the latest read is the size").isEmpty();
        assertThat(t.sized(8L << 30, created).capacityBytes()).isEqualTo(8L << 30);
        assertThat(new RiskModel(java.time.ZoneOffset.UTC).assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(t.sized(12L << 30, export)),
                Instant.parse("2026-12-06T12:00:00Z"))).state().get(0))
                .contains("12 GiB (as the driver reports; the console's record (imported from a PV export) says 10 GiB)");
    }

    @Test
    void theLargestVolumeIsTheLargestMaximumAnySegmentReportsAndNoneWhenNoneReportsOne() {
        var a = new org.csiconsole.core.model.Capacity(null, Map.of(), 10L << 40, 4L << 40, null);
        var b = new org.csiconsole.core.model.Capacity(null, Map.of(), 10L << 40, 8L << 40, null);
        var silent = new org.csiconsole.core.model.Capacity(null, Map.of(), 10L << 40, null, null);
        assertThat(TargetFacts.maximumVolumeSize(List.of(a, silent, b))).isEqualTo(8L << 40);
        assertThat(TargetFacts.maximumVolumeSize(List.of(silent))).isZero();
        assertThat(TargetFacts.maximumVolumeSize(List.of())).isZero();
    }
}
