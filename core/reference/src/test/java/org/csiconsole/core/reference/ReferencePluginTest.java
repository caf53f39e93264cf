package org.csiconsole.core.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.csiconsole.core.reference.array.ReplicationHealthState;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.store.StoreException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferencePluginTest {
    @TempDir
    Path dir;

    @Test
    void demoSeedHasEveryStateAndSurvivesRestart() {
        int volumes;
        try (ReferencePlugin p = ReferencePlugin.builder(dir).seed(Seed.DEMO).nodeId("node-1").start()) {
            var m = p.model();
            volumes = m.volumes().count();
            assertThat(volumes).isBetween(190, 230);
            assertThat(m.arrays().all()).extracting(a -> a.name()).containsExactly("site-a", "site-b");
            assertThat(m.replications().all()).extracting(ReplicationStatus::health)
                    .contains(ReplicationHealthState.HEALTHY, ReplicationHealthState.DEGRADED, ReplicationHealthState.ERROR);
            assertThat(m.replications().all()).anyMatch(ReplicationStatus::resyncing);
            assertThat(m.replications().all()).anyMatch(r -> r.message().startsWith("Split-brain"));
            assertThat(m.hosts().all()).extracting(h -> h.accessProtocol()).contains("iscsi", "fc", "nvmetcp");
            assertThat(m.publications().all()).isNotEmpty();
            assertThat(m.nodeRecords().onNode("node-1")).anyMatch(n -> n.staged()).anyMatch(n -> !n.staged());
            assertThat(m.volumes().all()).anyMatch(v -> v.sourceSnapshotId() != null).anyMatch(v -> v.sourceVolumeId() != null);
            assertThat(m.groupSnapshots().all()).hasSize(1);
        }
        try (ReferencePlugin p = ReferencePlugin.builder(dir).seed(Seed.DEMO).start()) {
            assertThat(p.model().volumes().count()).isEqualTo(volumes);
        }
    }

    @Test
    void servesInProcessAndSplitsControllerAndNodeSockets() throws Exception {
        try (ReferencePlugin p = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.DEMO).nodeId("node-1").start()) {
            p.startInProcess("reference-plugin-test");
            var ch = io.grpc.inprocess.InProcessChannelBuilder.forName("reference-plugin-test").build();
            try {
                var list = csi.v1.ControllerGrpc.newBlockingStub(ch).listVolumes(csi.v1.Csi.ListVolumesRequest.getDefaultInstance());
                assertThat(list.getEntriesCount()).isEqualTo(p.model().volumes().count());
                assertThat(list.getEntriesList()).anyMatch(e -> e.getStatus().getPublishedNodeIdsCount() > 0)
                        .anyMatch(e -> e.getStatus().getVolumeCondition().getAbnormal());
            } finally {
                ch.shutdownNow();
            }
            Path ctl = dir.resolve("ctl.sock");
            Path nodeSock = dir.resolve("node.sock");
            p.serve(ctl, java.util.Optional.of(nodeSock));
            try (SocketFixture c = new SocketFixture(ctl); SocketFixture n = new SocketFixture(nodeSock)) {
                var info = csi.v1.NodeGrpc.newBlockingStub(n.channel).nodeGetInfo(csi.v1.Csi.NodeGetInfoRequest.getDefaultInstance());
                assertThat(info.getNodeId()).isEqualTo("node-1");
                assertThatThrownBy(() -> csi.v1.NodeGrpc.newBlockingStub(c.channel)
                        .nodeGetInfo(csi.v1.Csi.NodeGetInfoRequest.getDefaultInstance()))
                        .isInstanceOfSatisfying(io.grpc.StatusRuntimeException.class,
                                e -> assertThat(e.getStatus().getCode()).isEqualTo(io.grpc.Status.Code.UNIMPLEMENTED));
                assertThatThrownBy(() -> csi.v1.ControllerGrpc.newBlockingStub(n.channel)
                        .listVolumes(csi.v1.Csi.ListVolumesRequest.getDefaultInstance()))
                        .isInstanceOfSatisfying(io.grpc.StatusRuntimeException.class,
                                e -> assertThat(e.getStatus().getCode()).isEqualTo(io.grpc.Status.Code.UNIMPLEMENTED));
            }
        }
        assertThat(dir.resolve("ctl.sock")).doesNotExist();
        assertThat(dir.resolve("node.sock")).doesNotExist();
    }

    @Test
    void aSeedInterruptedByAKillIsRedoneOnTheNextStart() {
        try (var store = org.csiconsole.core.reference.store.StateStore.open(dir)) {
            var m = org.csiconsole.core.reference.array.ArrayModel.load(store, java.time.Clock.systemUTC());
            m.markSeeding(true);
            org.csiconsole.core.reference.seed.DemoSeed.apply(m, Seed.EMPTY, "node-1");
            m.volumes().create(org.csiconsole.core.reference.array.VolumeSpec.simple("half-seeded", 1L << 30));
            // the process dies here, before seeding is marked finished
        }
        try (ReferencePlugin p = ReferencePlugin.builder(dir).seed(Seed.DEMO).start()) {
            assertThat(p.model().seedingInterrupted()).isFalse();
            assertThat(p.model().volumes().byName("half-seeded")).isEmpty();
            assertThat(p.model().volumes().count()).isBetween(190, 230);
        }
    }

    @Test
    void secondPluginOnSameStateDirFailsFast() {
        try (ReferencePlugin p = ReferencePlugin.builder(dir).start()) {
            assertThatThrownBy(() -> ReferencePlugin.builder(dir).start())
                    .isInstanceOf(StoreException.class)
                    .hasMessageContaining("already in use");
        }
    }
}
