package org.csiconsole.core.addons;

import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.testing.MutableClock;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * AddonsClient against the reference plugin in process: network fence, volume groups, encryption
 * key rotation, reclaim space and the replication enable / info / demote / promote / resync cycle.
 */
class AddonsReferenceTest {
    private static final long GIB = 1L << 30;
    private static final long MIB = 1L << 20;
    private static final VolumeCapability EXT4 = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");

    @TempDir
    Path state;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T08:00:00Z"));
    private final CallTrace trace = new CallTrace();
    private ReferencePlugin plugin;
    private CsiClient csi;
    private AddonsClient addons;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(state).seed(Seed.EMPTY).clock(clock).start();
        String name = "addons-ref-" + UUID.randomUUID();
        plugin.startInProcess(name);
        csi = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults(), trace);
        addons = AddonsClient.open(new Endpoint.InProcess(name), CsiClientOptions.defaults(), trace);
    }

    @AfterEach
    void stop() {
        addons.close();
        csi.close();
        plugin.close();
    }

    private static <T> T await(CompletableFuture<T> f) throws Exception {
        return f.get(10, TimeUnit.SECONDS);
    }

    private static CallFailure failureOf(CompletableFuture<?> f) {
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            CallFailure cf = CallFailure.unwrap(e);
            if (cf == null) throw new AssertionError("expected a CallFailure", e);
            return cf;
        }
        throw new AssertionError("expected a failure");
    }

    private Volume volume(String name) throws Exception {
        return await(csi.controller().createVolume(CreateVolumeRequest.of(name, GIB, EXT4)));
    }

    @Test
    void fenceAndUnfenceNetworks() throws Exception {
        assertThat(await(addons.fence().listFences(Map.of(), Secrets.NONE))).isEmpty();
        await(addons.fence().fence(List.of("10.10.2.0/24", "192.168.7.9/32"), Map.of(), Secrets.NONE));
        assertThat(await(addons.fence().listFences(Map.of(), Secrets.NONE))).containsExactlyInAnyOrder("10.10.2.0/24", "192.168.7.9/32");
        // idempotent: fencing a fenced CIDR again changes nothing
        await(addons.fence().fence(List.of("10.10.2.0/24"), Map.of(), Secrets.NONE));
        assertThat(await(addons.fence().listFences(Map.of(), Secrets.NONE))).hasSize(2);

        await(addons.fence().unfence(List.of("10.10.2.0/24"), Map.of(), Secrets.NONE));
        assertThat(await(addons.fence().listFences(Map.of(), Secrets.NONE))).containsExactly("192.168.7.9/32");

        CallFailure empty = failureOf(addons.fence().fence(List.of(), Map.of(), Secrets.NONE));
        assertThat(empty.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
        assertThat(empty.why()).contains("cidr");
        assertThat(await(addons.fence().listFences(Map.of(), Secrets.NONE))).containsExactly("192.168.7.9/32");
    }

    @Test
    void volumeGroupCreateModifyDelete() throws Exception {
        Volume a = volume("vg-a");
        Volume b = volume("vg-b");
        Volume c = volume("vg-c");
        VolumeGroup g = await(addons.volumeGroups().createVolumeGroup("orders", List.of(a.volumeId(), b.volumeId()), Map.of(), Secrets.NONE));
        assertThat(g.id()).isNotBlank();
        assertThat(g.name()).isEqualTo("orders");
        assertThat(g.volumes()).extracting(Volume::volumeId).containsExactlyInAnyOrder(a.volumeId(), b.volumeId());

        VolumeGroup modified = await(addons.volumeGroups().modifyVolumeGroup(g.id(), List.of(b.volumeId(), c.volumeId()), Map.of(), Secrets.NONE));
        assertThat(modified.id()).isEqualTo(g.id());
        assertThat(modified.volumes()).extracting(Volume::volumeId).containsExactlyInAnyOrder(b.volumeId(), c.volumeId());
        assertThat(await(addons.volumeGroups().getVolumeGroup(g.id(), Secrets.NONE)).volumes()).extracting(Volume::volumeId)
                .containsExactlyInAnyOrder(b.volumeId(), c.volumeId());

        await(addons.volumeGroups().modifyVolumeGroup(g.id(), List.of(), Map.of(), Secrets.NONE));
        await(addons.volumeGroups().deleteVolumeGroup(g.id(), Secrets.NONE));
        CallFailure gone = failureOf(addons.volumeGroups().getVolumeGroup(g.id(), Secrets.NONE));
        assertThat(gone.kind()).isEqualTo(FailureKind.NOT_FOUND);
        // the member volumes outlive their group
        assertThat(await(csi.controller().getVolume(b.volumeId())).volumeId()).isEqualTo(b.volumeId());
    }

    @Test
    void encryptionKeyRotationBumpsTheKeyVersionAndNeverTracesTheKey() throws Exception {
        Volume v = volume("enc-1");
        int before = plugin.model().volumes().get(v.volumeId()).orElseThrow().keyVersion();
        String key = "new-key-canary-5521";
        await(addons.keyRotation().rotateEncryptionKey(v.volumeId(), "", key, Map.of(), Secrets.NONE, EXT4));
        await(addons.keyRotation().rotateEncryptionKey(v.volumeId(), "", key, Map.of(), Secrets.NONE, EXT4));
        assertThat(plugin.model().volumes().get(v.volumeId()).orElseThrow().keyVersion()).isEqualTo(before + 2);
        assertThat(trace.snapshot()).anySatisfy(e -> assertThat(e.toString()).contains("EncryptionKeyRotate"));
        assertThat(trace.snapshot()).allSatisfy(e -> assertThat(e.toString()).doesNotContain(key));

        CallFailure missing = failureOf(addons.keyRotation().rotateEncryptionKey("no-such-volume", "", key, Map.of(), Secrets.NONE, EXT4));
        assertThat(missing.kind()).isEqualTo(FailureKind.NOT_FOUND);
        assertThat(missing.getMessage()).doesNotContain(key);
    }

    @Test
    void reclaimSpaceReportsLessUsageAfterwards() throws Exception {
        Volume v = volume("thin-1");
        plugin.model().volumes().setUsedBytes(v.volumeId(), 400 * MIB); // the workload wrote 400 MiB, then deleted files
        SpaceReclaimed first = await(addons.reclaimSpace().reclaimSpace(v.volumeId(), Map.of(), Secrets.NONE));
        assertThat(first.preUsageBytes()).isEqualTo(400 * MIB);
        assertThat(first.postUsageBytes()).isLessThan(first.preUsageBytes()).isPositive();
        SpaceReclaimed second = await(addons.reclaimSpace().reclaimSpace(v.volumeId(), Map.of(), Secrets.NONE));
        assertThat(second.preUsageBytes()).isEqualTo(first.postUsageBytes());
        assertThat(second.postUsageBytes()).isLessThan(second.preUsageBytes());
    }

    @Test
    void replicationEnableInfoDemotePromoteResync() throws Exception {
        Volume v = volume("dr-1");
        ReplicationSource local = ReplicationSource.volume(v.volumeId());
        await(addons.replication().enableReplication(local, "", Map.of("schedulingInterval", "1m"), Secrets.NONE));
        ReplicationInfo initial = await(addons.replication().replicationInfo(local, "", Secrets.NONE));
        assertThat(initial.health()).isEqualTo(ReplicationHealth.HEALTHY);

        clock.advance(Duration.ofMinutes(3));
        ReplicationInfo info = await(addons.replication().replicationInfo(local, "", Secrets.NONE));
        assertThat(info.health()).isEqualTo(ReplicationHealth.HEALTHY);
        assertThat(info.lastSyncTime()).isAfter(Instant.parse("2026-03-01T08:00:00Z")).isBeforeOrEqualTo(clock.instant());
        if (initial.lastSyncTime() != null) assertThat(info.lastSyncTime()).isAfter(initial.lastSyncTime());
        assertThat(info.lastSyncBytes()).isNotNegative();
        assertThat(info.statusMessage()).isEmpty();

        ReplicationDestination dest = await(addons.replication().replicationDestination(local, Secrets.NONE));
        assertThat(dest.volumeId()).isNotBlank().isNotEqualTo(v.volumeId());
        ReplicationSource remote = ReplicationSource.volume(dest.volumeId());

        // planned failover: demote this side, promote the replica
        await(addons.replication().demote(local, "", false, Map.of(), Secrets.NONE));
        // both sides secondary: either reports, so a planned failover can wait for the final sync
        ReplicationInfo demoted = await(addons.replication().replicationInfo(local, "", Secrets.NONE));
        assertThat(demoted.health()).isEqualTo(ReplicationHealth.DEGRADED);
        assertThat(demoted.statusMessage()).contains("Neither side is primary");
        clock.advance(Duration.ofSeconds(2));
        assertThat(await(addons.replication().replicationInfo(local, "", Secrets.NONE)).lastSyncTime())
                .as("the final sync after the demote").isAfter(clock.instant().minusSeconds(2));
        await(addons.replication().promote(remote, "", false, Map.of(), Secrets.NONE));
        CallFailure secondary = failureOf(addons.replication().replicationInfo(local, "", Secrets.NONE));
        assertThat(secondary.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(secondary.why()).contains("secondary");
        assertThat(await(addons.replication().replicationInfo(remote, "", Secrets.NONE)).health()).isEqualTo(ReplicationHealth.HEALTHY);

        // the demoted side catches up from the new primary: not ready at first, ready once the resync ran
        assertThat(await(addons.replication().resync(local, "", false, Map.of(), Secrets.NONE))).isFalse();
        assertThat(await(addons.replication().replicationInfo(remote, "", Secrets.NONE)).health()).isEqualTo(ReplicationHealth.DEGRADED);
        clock.advance(Duration.ofMinutes(5));
        assertThat(await(addons.replication().resync(local, "", false, Map.of(), Secrets.NONE))).isTrue();
        assertThat(await(addons.replication().replicationInfo(remote, "", Secrets.NONE)).health()).isEqualTo(ReplicationHealth.HEALTHY);

        // promoting the old primary back without demoting the replica first is refused (split-brain guard)
        CallFailure splitBrain = failureOf(addons.replication().promote(local, "", false, Map.of(), Secrets.NONE));
        assertThat(splitBrain.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(splitBrain.why()).contains("Demote the peer first");
    }
}
