package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SitePairsTest {
    private static final Instant T = Instant.parse("2030-01-01T00:00:00Z");

    private static ReplicationSample sample(String site, String id, VolumeReplicationRole role, String partnerId) {
        ReplicatedItem item = new ReplicatedItem(ReplicationSource.volume(id), "", role, null, "", partnerId, null, List.of(), site);
        return new ReplicationSample(item, role, null, null, SampleOrigin.LISTING, T, null, T);
    }

    @Test
    void eachVolumeStandsNextToItsPartnerAndAConsistentPairHasNoMismatch() {
        List<SitePair> pairs = SitePairs.match(List.of(sample("a", "v1", VolumeReplicationRole.PRIMARY, "r1")),
                List.of(sample("b", "r1", VolumeReplicationRole.SECONDARY, "v1")));

        assertThat(pairs).singleElement().satisfies(p -> {
            assertThat(p.a().source().id()).isEqualTo("v1");
            assertThat(p.b().source().id()).isEqualTo("r1");
            assertThat(p.mismatch()).isEqualTo(PairMismatch.NONE);
            assertThat(p.primary()).isSameAs(p.a());
        });
    }

    @Test
    void bothPrimaryAndBothSecondaryAreFlaggedWithMeaningAndASafeNextStep() {
        List<SitePair> pairs = SitePairs.match(
                List.of(sample("a", "v1", VolumeReplicationRole.PRIMARY, "r1"), sample("a", "v2", VolumeReplicationRole.SECONDARY, "r2")),
                List.of(sample("b", "r1", VolumeReplicationRole.PRIMARY, "v1"), sample("b", "r2", VolumeReplicationRole.SECONDARY, "v2")));

        assertThat(pairs).extracting(SitePair::mismatch).containsExactly(PairMismatch.BOTH_PRIMARY, PairMismatch.BOTH_SECONDARY);
        assertThat(PairMismatch.BOTH_PRIMARY.meaning()).contains("split brain");
        assertThat(PairMismatch.BOTH_PRIMARY.safeNextStep()).contains("demote the other side and resync");
        assertThat(PairMismatch.BOTH_SECONDARY.safeNextStep()).contains("without force");
    }

    @Test
    void aPartnerNotListedOnTheOtherSiteIsMissingAndAnUnknownDestinationIsSaidSo() {
        List<SitePair> pairs = SitePairs.match(
                List.of(sample("a", "v1", VolumeReplicationRole.PRIMARY, "r-gone"), sample("a", "v2", VolumeReplicationRole.PRIMARY, "")),
                List.of(sample("b", "r9", VolumeReplicationRole.SECONDARY, "v9")));

        assertThat(pairs).extracting(SitePair::mismatch)
                .containsExactly(PairMismatch.PARTNER_MISSING, PairMismatch.DESTINATION_UNKNOWN, PairMismatch.PARTNER_MISSING);
        assertThat(pairs.get(2).a()).isNull();
        assertThat(pairs.get(2).b().source().id()).isEqualTo("r9");
    }

    @Test
    void theDestinationReportedByGetReplicationDestinationInfoFindsThePartner() {
        ReplicatedItem item = new ReplicatedItem(ReplicationSource.volume("v1"), "", VolumeReplicationRole.PRIMARY, null, "", "", null, List.of(), "a");
        ReplicationSample a = new ReplicationSample(item, VolumeReplicationRole.PRIMARY, null,
                new ReplicationDestination("r1", "", Map.of()), SampleOrigin.CSI_ADDONS, T, null, T);

        List<SitePair> pairs = SitePairs.match(List.of(a), List.of(sample("b", "r1", VolumeReplicationRole.SECONDARY, "")));

        assertThat(pairs).singleElement().extracting(SitePair::mismatch).isEqualTo(PairMismatch.NONE);
    }
}
