package org.csiconsole.core.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Status;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.ModelException;
import org.csiconsole.core.reference.array.ReplicationHealthState;
import org.csiconsole.core.reference.array.ReplicationRole;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.csiconsole.core.reference.fault.CspFault;
import org.csiconsole.core.reference.fault.Faults;
import org.csiconsole.core.testing.MutableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrayModelTest {
    static final long GIB = 1L << 30;
    static final long MIN = 60_000L;

    @TempDir
    Path dir;
    final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));

    ReferencePlugin start() {
        return ReferencePlugin.builder(dir).seed(Seed.EMPTY).clock(clock).start();
    }

    @Test
    void replicationSyncAdvancesFreezesOnLinkDownAndSplitBrainIsAnError() {
        long t0 = clock.millis();
        String id;
        String replica;
        try (ReferencePlugin p = start()) {
            ArrayModel m = p.model();
            id = m.volumes().create(VolumeSpec.simple("pvc-r", GIB)).id();
            ReplicationStatus st = m.replications().enable(id, Map.of(), 5 * MIN);
            replica = st.peerId();
            assertThat(m.volumes().get(replica).orElseThrow().array()).isEqualTo("site-b");
            assertThat(st.role()).isEqualTo(ReplicationRole.PRIMARY);
            assertThat(st.peerRole()).isEqualTo(ReplicationRole.SECONDARY);

            clock.advance(Duration.ofMinutes(12));
            st = m.replications().of(id).orElseThrow();
            assertThat(st.health()).isEqualTo(ReplicationHealthState.HEALTHY);
            assertThat(st.lastSyncTimeMs()).isEqualTo(t0 + 10 * MIN);
            assertThat(st.lastSyncBytes()).isPositive();
            assertThat(st.lastSyncDurationMs()).isPositive();

            p.faults().replicationLinkDown(id, true);
            clock.advance(Duration.ofMinutes(30));
            st = m.replications().of(replica).orElseThrow();
            assertThat(st.health()).isEqualTo(ReplicationHealthState.DEGRADED);
            assertThat(st.lastSyncTimeMs()).isEqualTo(t0 + 10 * MIN);
            assertThat(st.message()).contains("down");

            p.faults().replicationLinkDown(null, false);
            long up = clock.millis();
            clock.advance(Duration.ofMinutes(6));
            st = m.replications().of(id).orElseThrow();
            assertThat(st.health()).isEqualTo(ReplicationHealthState.HEALTHY);
            assertThat(st.lastSyncTimeMs()).isEqualTo(up + 5 * MIN);

            st = m.replications().promote(replica, false);
            assertThat(st.health()).isEqualTo(ReplicationHealthState.ERROR);
            assertThat(st.message()).startsWith("Split-brain");
            assertThatThrownBy(() -> m.replications().resync(replica, false)).isInstanceOfSatisfying(ModelException.class,
                    e -> assertThat(e.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION));
        }
        // persisted across a restart
        try (ReferencePlugin p = start()) {
            ArrayModel m = p.model();
            assertThat(m.replications().of(id).orElseThrow().health()).isEqualTo(ReplicationHealthState.ERROR);
            m.replications().demote(replica);
            ReplicationStatus st = m.replications().resync(replica, false);
            assertThat(st.resyncing()).isTrue();
            assertThat(st.health()).isEqualTo(ReplicationHealthState.DEGRADED);
            clock.advance(Duration.ofMillis(ArrayModel.RESYNC_MS));
            st = m.replications().of(replica).orElseThrow();
            assertThat(st.resyncing()).isFalse();
            assertThat(st.health()).isEqualTo(ReplicationHealthState.HEALTHY);
            assertThat(st.role()).isEqualTo(ReplicationRole.SECONDARY);
            assertThatThrownBy(() -> m.volumes().delete(id)).isInstanceOf(ModelException.class);
            assertThat(m.replications().disable(id)).isTrue();
            assertThat(m.replications().disable(id)).isFalse();
            assertThat(m.volumes().get(replica)).isEmpty();
            assertThat(m.volumes().delete(id)).isTrue();
        }
    }

    @Test
    void volumeGroupReplicationReclaimKeyRotationAndFencingPersist() {
        String groupId;
        String vol;
        long post;
        try (ReferencePlugin p = start()) {
            ArrayModel m = p.model();
            vol = m.volumes().create(VolumeSpec.simple("g1", 10 * GIB)).id();
            String v2 = m.volumes().create(VolumeSpec.simple("g2", 10 * GIB)).id();
            groupId = m.groups().create("grp", "", Map.of(), List.of(vol, v2)).id();
            assertThat(m.groups().of(vol).orElseThrow().id()).isEqualTo(groupId);
            ReplicationStatus st = m.replications().enable(groupId, Map.of(), 0);
            assertThat(st.group()).isTrue();
            assertThat(m.groups().get(st.peerId()).orElseThrow().volumeIds()).hasSize(2);
            m.volumes().setUsedBytes(vol, 8 * GIB);
            var r = m.volumes().reclaimSpace(vol);
            assertThat(r.preUsageBytes()).isEqualTo(8 * GIB);
            assertThat(r.postUsageBytes()).isLessThan(r.preUsageBytes());
            post = r.postUsageBytes();
            assertThat(m.volumes().rotateKey(vol).keyVersion()).isEqualTo(2);
            assertThat(m.fencing().fence(List.of("10.10.2.0/24"))).as("the fences after the call")
                    .extracting(f -> f.cidr()).containsExactly("10.10.2.0/24");
            assertThatThrownBy(() -> m.fencing().fence(List.of("10.10.2.0/33"))).isInstanceOfSatisfying(ModelException.class,
                    e -> assertThat(e.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT));
        }
        try (ReferencePlugin p = start()) {
            ArrayModel m = p.model();
            assertThat(m.replications().of(groupId)).isPresent();
            assertThat(m.volumes().get(vol).orElseThrow().usedBytes()).isEqualTo(post);
            assertThat(m.volumes().get(vol).orElseThrow().keyVersion()).isEqualTo(2);
            assertThat(m.fencing().fences()).extracting(f -> f.cidr()).containsExactly("10.10.2.0/24");
            assertThatThrownBy(() -> m.groups().setMembers(groupId, List.of(vol))).isInstanceOf(ModelException.class);
        }
    }

    @Test
    void probabilisticFaultsAreDeterministicUnderASeed() {
        try (ReferencePlugin p = start()) {
            List<List<Boolean>> runs = new ArrayList<>();
            for (int run = 0; run < 2; run++) {
                Faults f = new Faults(42, p.model());
                f.failWithProbability("CreateVolume", Status.Code.UNAVAILABLE, 0.3);
                List<Boolean> hits = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    hits.add(f.nextError("csi.v1.Controller/CreateVolume").isPresent());
                }
                runs.add(hits);
            }
            assertThat(runs.get(0)).isEqualTo(runs.get(1));
            assertThat(runs.get(0).stream().filter(b -> b).count()).isBetween(30L, 100L);
            Faults f = p.faults();
            f.cspUnauthorized(1).cspUnavailable(2);
            assertThat(List.of(f.nextCspFault(), f.nextCspFault(), f.nextCspFault(), f.nextCspFault()))
                    .containsExactly(CspFault.UNAUTHORIZED, CspFault.UNAVAILABLE, CspFault.UNAVAILABLE, CspFault.NONE);
        }
    }
}
