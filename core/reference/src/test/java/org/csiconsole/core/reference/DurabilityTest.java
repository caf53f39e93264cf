package org.csiconsole.core.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import io.grpc.StatusRuntimeException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.store.StoreException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 durability: a child JVM serves the plugin on a unix socket; four callers stream 1,000
 * operations (create volume, snapshot it, delete it); the child is killed with SIGKILL while calls
 * are in flight, then restarted on the same state dir. Every acknowledged operation must be there
 * and the state must be consistent (nothing half-applied, pool accounting matches the volumes).
 */
class DurabilityTest {
    static final long GIB = 1L << 30;
    static final int OPS = 1000;
    static final int KILL_AFTER = 400;

    @TempDir
    Path dir;

    private Process startChild(Path state, Path sock) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                ServeMain.class.getName(), state.toString(), sock.toString())
                .redirectErrorStream(true).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            if (line.equals("READY")) {
                Thread drain = new Thread(() -> {
                    try {
                        while (r.readLine() != null) {
                            // keep the pipe empty
                        }
                    } catch (IOException ignored) {
                        // child gone
                    }
                });
                drain.setDaemon(true);
                drain.start();
                return p;
            }
            if (line.startsWith("FAILED")) {
                throw new IllegalStateException(line);
            }
        }
        throw new IllegalStateException("child exited before READY with " + p.waitFor());
    }

    @Test
    void acknowledgedOperationsSurviveKillDashNine() throws Exception {
        Path state = dir.resolve("state");
        Path sock = dir.resolve("ref.sock");
        Process child = startChild(state, sock);

        // a second plugin on the same state dir fails fast while the child holds it
        assertThatThrownBy(() -> ReferencePlugin.builder(state).start()).isInstanceOf(StoreException.class)
                .hasMessageContaining("already in use");

        Map<String, String> ackedCreates = new ConcurrentHashMap<>();   // name -> volume_id
        Set<String> ackedDeletes = ConcurrentHashMap.newKeySet();       // volume_id
        Set<String> sentDeletes = ConcurrentHashMap.newKeySet();        // volume_id, acknowledged or not
        Map<String, String> ackedSnapshots = new ConcurrentHashMap<>(); // snapshot_id -> source
        AtomicInteger next = new AtomicInteger();
        AtomicInteger acked = new AtomicInteger();
        CountDownLatch enoughAcked = new CountDownLatch(1);
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try (SocketFixture s = new SocketFixture(sock)) {
            ControllerGrpc.ControllerBlockingStub c = ControllerGrpc.newBlockingStub(s.channel);
            for (int t = 0; t < 4; t++) {
                callers.submit(() -> {
                    int i;
                    while ((i = next.getAndIncrement()) < OPS) {
                        String name = "dur-" + i;
                        try {
                            String id = c.withDeadlineAfter(20, TimeUnit.SECONDS).createVolume(
                                    CsiConformanceTest.create(name, GIB).build()).getVolume().getVolumeId();
                            ackedCreates.put(name, id);
                            if (i % 3 == 1) {
                                var snap = c.withDeadlineAfter(20, TimeUnit.SECONDS).createSnapshot(Csi.CreateSnapshotRequest
                                        .newBuilder().setName("snap-" + name).setSourceVolumeId(id).build()).getSnapshot();
                                ackedSnapshots.put(snap.getSnapshotId(), id);
                            }
                            if (i % 3 == 2) {
                                sentDeletes.add(id);
                                c.withDeadlineAfter(20, TimeUnit.SECONDS).deleteVolume(
                                        Csi.DeleteVolumeRequest.newBuilder().setVolumeId(id).build());
                                ackedDeletes.add(id);
                            }
                        } catch (StatusRuntimeException e) {
                            return null; // the plugin is gone: this op is unacknowledged
                        }
                        if (acked.incrementAndGet() == KILL_AFTER) {
                            enoughAcked.countDown();
                        }
                    }
                    return null;
                });
            }
            assertThat(enoughAcked.await(120, TimeUnit.SECONDS)).isTrue();
            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            callers.shutdown();
            assertThat(callers.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(acked.get()).isGreaterThanOrEqualTo(KILL_AFTER).isLessThan(OPS);

        Process again = startChild(state, sock);
        try (SocketFixture s = new SocketFixture(sock)) {
            ControllerGrpc.ControllerBlockingStub c = ControllerGrpc.newBlockingStub(s.channel)
                    .withDeadlineAfter(60, TimeUnit.SECONDS);
            Map<String, Csi.Volume> byId = new HashMap<>();
            for (var e : c.listVolumes(Csi.ListVolumesRequest.getDefaultInstance()).getEntriesList()) {
                byId.put(e.getVolume().getVolumeId(), e.getVolume());
            }
            ackedCreates.forEach((name, id) -> {
                if (ackedDeletes.contains(id)) {
                    assertThat(byId).doesNotContainKey(id);
                } else if (!sentDeletes.contains(id)) {
                    assertThat(byId).containsKey(id);
                } // a delete in flight at the kill may or may not have been applied
            });
            Set<String> snapshots = new java.util.HashSet<>();
            c.listSnapshots(Csi.ListSnapshotsRequest.getDefaultInstance()).getEntriesList()
                    .forEach(e -> snapshots.add(e.getSnapshot().getSnapshotId()));
            assertThat(snapshots).containsAll(ackedSnapshots.keySet());
            // nothing half-applied: every volume is whole, and pool accounting equals the volumes present
            List<Long> sizes = new ArrayList<>();
            byId.values().forEach(v -> {
                assertThat(v.getCapacityBytes()).isEqualTo(GIB);
                assertThat(v.getAccessibleTopologyList()).isNotEmpty();
                sizes.add(v.getCapacityBytes());
            });
            long available = c.getCapacity(Csi.GetCapacityRequest.newBuilder().setAccessibleTopology(
                    Csi.Topology.newBuilder().putSegments(ArrayModel.TOPOLOGY_KEY, "site-a")).build()).getAvailableCapacity();
            assertThat(available).isEqualTo((200L << 40) - sizes.stream().mapToLong(Long::longValue).sum());
            // the ids keep counting up after the restart: no acknowledged id is reused
            String fresh = c.createVolume(CsiConformanceTest.create("after-restart", GIB).build()).getVolume().getVolumeId();
            assertThat(ackedCreates.values()).doesNotContain(fresh);
        } finally {
            again.destroy(); // SIGTERM: the shutdown hook closes the plugin and removes the socket
            assertThat(again.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(Files.exists(sock)).isFalse();
    }
}
