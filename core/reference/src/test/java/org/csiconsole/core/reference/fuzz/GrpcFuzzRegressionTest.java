package org.csiconsole.core.reference.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import replication.ControllerGrpc;
import replication.Replication;

/** Inputs the gRPC fuzz test found, each pinned to the answer it must get and the state it must leave. */
class GrpcFuzzRegressionTest {
    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private ManagedChannel channel;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir).seed(Seed.EMPTY).nodeId("node-1").start();
        String name = "fuzz-regression-" + UUID.randomUUID();
        plugin.startInProcess(name);
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        plugin.close();
    }

    /** Found by seed 7, try 3140: the replica was deleted and its volume group kept listing it. */
    @Test
    void disablingReplicationIsRefusedWhileTheReplicaVolumeIsInAVolumeGroup() {
        ArrayModel m = plugin.model();
        String source = m.volumes().create(VolumeSpec.simple("pvc-source", 1L << 30)).id();
        String replica = m.replications().enable(source, Map.of(), 0).peerId();
        String group = m.groups().create("vg-replicas", "", Map.of(), List.of(replica)).id();

        assertThatThrownBy(() -> ControllerGrpc.newBlockingStub(channel).disableVolumeReplication(
                Replication.DisableVolumeReplicationRequest.newBuilder().setVolumeId(source).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
                    assertThat(e.getStatus().getDescription()).contains(replica, group);
                });
        assertThat(m.volumes().get(replica)).isPresent();
        assertThat(m.replications().of(source)).isPresent();
        assertThat(PluginInvariants.violations(m)).isEmpty();
    }
}
