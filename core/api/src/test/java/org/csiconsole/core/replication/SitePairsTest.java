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

    private static ReplicationSample onArray(String site, String id, VolumeReplicationRole role, String partnerArray, String partnerId) {
        ReplicatedItem item = new ReplicatedItem(ReplicationSource.volume(id), "", role, null, partnerArray, partnerId, null, List.of(), site);
        return new ReplicationSample(item, role, null, null, SampleOrigin.LISTING, T, null, T);
    }

    private static PairingScope scope(PairingScope.Site a, PairingScope.Site b, PairingScope.Site... others) {
        List<PairingScope.Site> known = new java.util.ArrayList<>(List.of(a, b));
        known.addAll(List.of(others));
        return new PairingScope(a, b, known);
    }

    @Test
    void aVolumeWhosePartnerNamesAnotherVolumeIsNotConfirmedThoughItsIdMatches() {
        // site B's vol-1r is the partner of some vol-7, not of site A's vol-1: two arrays that happen to share ids
        List<SitePair> pairs = SitePairs.match(List.of(sample("a", "vol-1", VolumeReplicationRole.PRIMARY, "vol-1r")),
                List.of(sample("b", "vol-1r", VolumeReplicationRole.SECONDARY, "vol-7")));

        assertThat(pairs).extracting(SitePair::mismatch).startsWith(PairMismatch.NOT_CONFIRMED);
        assertThat(SitePairs.unconfirmed(pairs.get(0).a(), pairs.get(0).b(), PairingScope.NONE))
                .isEqualTo("vol-1r on b names vol-7 as its partner, not vol-1");
    }

    @Test
    void aPartnerArrayTheDriverNamesDecidesWhichSiteIsThePairNotTheEqualIds() {
        PairingScope.Site demoA = new PairingScope.Site("Demo", "site-a");
        PairingScope.Site demoB = new PairingScope.Site("Demo", "site-b");
        PairingScope.Site otherB = new PairingScope.Site("Demo 2", "site-b");
        PairingScope.Site training = new PairingScope.Site("Training", "dc-west");
        ReplicationSample a = onArray("site-a", "vol-1", VolumeReplicationRole.PRIMARY, "site-b", "vol-1r");
        ReplicationSample b = onArray("site-b", "vol-1r", VolumeReplicationRole.SECONDARY, "site-a", "vol-1");
        ReplicationSample west = onArray("dc-west", "vol-1r", VolumeReplicationRole.SECONDARY, "dc-east", "vol-1");

        assertThat(SitePairs.judge(a, b, scope(demoA, demoB, otherB))).as("the array the driver names, on its own connection")
                .isEqualTo(PairMismatch.NONE);
        assertThat(SitePairs.judge(a, b, scope(demoA, otherB, demoB))).as("a site-b of another connection, same name and ids")
                .isEqualTo(PairMismatch.NOT_CONFIRMED);
        assertThat(SitePairs.unconfirmed(a, b, scope(demoA, otherB, demoB)))
                .isEqualTo("vol-1 on site-a names its partner array site-b, which Demo serves itself; the site-b of Demo 2 is another array of that name");
        assertThat(SitePairs.unconfirmed(a, west, scope(demoA, training, demoB)))
                .isEqualTo("vol-1 on site-a names its partner array site-b, not dc-west");
        assertThat(SitePairs.judge(a, b, scope(new PairingScope.Site("East", "site-a"), new PairingScope.Site("West", "site-b"))))
                .as("one connection per site: the named array is the other connection's").isEqualTo(PairMismatch.NONE);
        assertThat(SitePairs.judge(a, west, PairingScope.NONE)).as("without a scope only the partner ids are checked").isEqualTo(PairMismatch.NONE);
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
