package org.csiconsole.core.storage;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.replication.ArrayPartner;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.storage.replication.ScheduledReplicationSampler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo (reference plugin, demo seed, CSI and CSP) shows its replicated pairs: the listings mark
 * them, the CSP partner of a fresh demo is alive, and a sample of the combined connection reads the
 * seeded healthy, degraded, error, resyncing and split-brain pairs.
 */
class DemoReplicationTest {
    @TempDir
    Path dir;
    private TwoSites demo;
    private CombinedStorage storage;

    @BeforeEach
    void start() {
        demo = new TwoSites(dir, Seed.DEMO);
        storage = new CombinedStorage(demo.csi(), List.of(demo.array(TwoSites.SITE_A_IP, "site-a"), demo.array(TwoSites.SITE_B_IP, "site-b")));
    }

    @AfterEach
    void stop() {
        demo.close();
    }

    private static List<Volume> list(org.csiconsole.core.port.VolumePort port) throws Exception {
        List<Volume> all = new ArrayList<>();
        port.listVolumes(page -> {
            synchronized (all) {
                all.addAll(page);
            }
            return CompletableFuture.completedFuture(null);
        }).get(60, TimeUnit.SECONDS);
        return all;
    }

    @Test
    void theCsiAndCspListingsMarkTheSeededPairsAndTheirGroupMembersAsReplicated() throws Exception {
        List<Volume> csi = list(demo.csi());
        List<Volume> siteA = list(storage.arrays().get(0));
        List<Volume> combined = list(storage);

        // seven volume pairs and the three members of the replicated group, on both sides
        assertThat(csi).filteredOn(v -> v.replication().replicated()).hasSize(20);
        assertThat(siteA).filteredOn(v -> v.replication().replicated()).hasSize(10);
        assertThat(combined).filteredOn(v -> v.replication().replicated()).hasSize(20);
        assertThat(csi).filteredOn(v -> v.replication().replicated())
                .extracting(v -> v.replication().health()).contains(ReplicationHealth.HEALTHY, ReplicationHealth.DEGRADED, ReplicationHealth.ERROR);
    }

    @Test
    void theCspPartnerOfAFreshDemoIsAliveThoughOnePairsLinkIsDown() throws Exception {
        List<ArrayPartner> partners = storage.replication().partners().get(30, TimeUnit.SECONDS).items();

        assertThat(partners).hasSize(2).allSatisfy(p -> assertThat(p.partner().alive()).isTrue());
        assertThat(partners).extracting(ArrayPartner::array).containsExactly("site-a", "site-b");
    }

    @Test
    void aSampleOfTheDemoReadsEveryKindOfSeededPair() throws Exception {
        ReplicationPort port = storage.replication();
        List<ReplicatedItem> items = port.inventory().get(60, TimeUnit.SECONDS).items();
        try (ScheduledReplicationSampler s = ScheduledReplicationSampler.create("demo", port, SamplerSettings.DEFAULT, null)) {
            SampleRound round = s.sampleNow().get(60, TimeUnit.SECONDS);
            List<ReplicationSample> primaries = round.samples().stream().filter(x -> x.info() != null).toList();

            assertThat(items).anyMatch(i -> i.source().group());
            assertThat(round.samples()).hasSize(items.size());
            assertThat(primaries).extracting(ReplicationSample::health)
                    .contains(ReplicationHealth.HEALTHY, ReplicationHealth.DEGRADED, ReplicationHealth.ERROR);
            assertThat(round.samples()).anyMatch(x -> x.role() == VolumeReplicationRole.RESYNCING);
            assertThat(primaries).anyMatch(x -> x.statusMessage().contains("Split-brain"));
            assertThat(round.samples()).allMatch(x -> x.lastError() == null);
        }
    }
}
