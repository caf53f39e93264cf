package org.csiconsole.core.csi;

import csi.v1.Csi;
import csi.v1.SnapshotMetadataGrpc;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.FakeTimer;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.BlockMetadataPage;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.Secrets;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Separate node socket, a driver that goes away, and SnapshotMetadata streams. */
class CsiClientConnectionsTest {

    @Test
    void nodeCallsGoToTheSeparateNodeEndpoint() throws Exception {
        try (FakeCsiDriver controller = new FakeCsiDriver(); FakeCsiDriver node = new FakeCsiDriver()) {
            controller.nodeService = false;
            node.controllerService = false;
            Endpoint c = controller.startInProcess("ctrl-" + UUID.randomUUID());
            Endpoint n = node.startInProcess("node-" + UUID.randomUUID());
            try (CsiClient client = CsiClient.open(c, Optional.of(n), CsiClientOptions.defaults(), new CallTrace())) {
                assertThat(client.node().nodeInfo().get(10, TimeUnit.SECONDS).nodeId()).isEqualTo("node-1");
                assertThat(client.capabilities().get(10, TimeUnit.SECONDS).node()).contains(NodeCapability.STAGE_UNSTAGE_VOLUME);
                assertThat(client.nodeEndpoint()).contains(n);
                assertThat(node.calls("NodeGetInfo")).isEqualTo(1);
                assertThat(controller.calls("NodeGetInfo")).isZero();
                client.controller().listVolumes(10, p -> { }).get(10, TimeUnit.SECONDS);
                assertThat(controller.calls("ListVolumes")).isEqualTo(1);
            }
        }
    }

    @Test
    void driverThatStoppedIsExplainedByTheSocketDiagnosis() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "gone");
        Path sock = dir.resolve("csi.sock");
        FakeCsiDriver driver = new FakeCsiDriver();
        Endpoint ep = driver.startUnix(sock);
        try (CsiClient client = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults().withTimer(new FakeTimer()),
                new CallTrace())) {
            assertThat(client.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
            driver.close();
            Files.deleteIfExists(sock);
            CallFailure f = probeFailure(client);
            assertThat(f.kind()).isEqualTo(FailureKind.ENDPOINT);
            assertThat(f.why()).contains("there is no socket");
            assertThat(f.whatToDo()).contains("driver is running");
        } finally {
            Files.deleteIfExists(sock);
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void callbacksRunOnTheIoThreadAndMayCloseTheClient() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "close");
        Path sock = dir.resolve("csi.sock");
        try (FakeCsiDriver driver = new FakeCsiDriver()) {
            Endpoint ep = driver.startUnix(sock);
            CsiClient client = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
            String[] thread = new String[1];
            // The driver holds the answer until the callback is attached: a callback attached to a
            // future that has already completed would run on the attaching thread instead.
            driver.hang("Probe");
            CompletableFuture<Boolean> probe = client.identity().probe();
            // A close from a callback must hand the wait for termination to another thread: waiting
            // on the I/O thread would wait for that very thread. How long it takes is not asserted
            // here (a busy machine may take seconds); that it completes, and where, is.
            CompletableFuture<Void> closed = probe.thenRun(() -> {
                thread[0] = Thread.currentThread().getName();
                client.close();
            });
            answerHungProbe(driver);
            closed.get(30, TimeUnit.SECONDS);
            assertThat(thread[0]).startsWith("multiThreadIoEventLoopGroup");
            assertThat(probeFailure(client).kind()).isEqualTo(FailureKind.UNAVAILABLE);
            assertThat(probeFailure(client).owner()).as("a channel this console closed").isEqualTo(org.csiconsole.core.call.FailureOwner.CONSOLE);
        } finally {
            Files.deleteIfExists(sock);
            Files.deleteIfExists(dir);
        }
    }

    /** Waits until the driver holds a Probe call, then answers it ready. */
    @SuppressWarnings("unchecked")
    private static void answerHungProbe(FakeCsiDriver driver) {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (driver.hungObservers().isEmpty()) {
            if (System.nanoTime() > giveUp) throw new AssertionError("the driver never received the Probe call");
            Thread.onSpinWait();
        }
        StreamObserver<Csi.ProbeResponse> out = (StreamObserver<Csi.ProbeResponse>) driver.hungObservers().get(0);
        out.onNext(Csi.ProbeResponse.newBuilder().setReady(com.google.protobuf.BoolValue.of(true)).build());
        out.onCompleted();
    }

    private static CallFailure probeFailure(CsiClient client) {
        try {
            client.identity().probe().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            return CallFailure.unwrap(e);
        }
        throw new AssertionError("expected Probe to fail");
    }

    @Test
    void snapshotMetadataStreamsEveryMessageAndRetriesOnlyBeforeTheFirst() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        SnapshotMetadataGrpc.SnapshotMetadataImplBase metadata = new SnapshotMetadataGrpc.SnapshotMetadataImplBase() {
            @Override
            public void getMetadataAllocated(Csi.GetMetadataAllocatedRequest req, StreamObserver<Csi.GetMetadataAllocatedResponse> out) {
                if (calls.incrementAndGet() == 1) {
                    out.onError(Status.UNAVAILABLE.asRuntimeException());
                    return;
                }
                for (int i = 0; i < 3; i++) {
                    out.onNext(Csi.GetMetadataAllocatedResponse.newBuilder().setBlockMetadataType(Csi.BlockMetadataType.FIXED_LENGTH)
                            .setVolumeCapacityBytes(1L << 30)
                            .addBlockMetadata(Csi.BlockMetadata.newBuilder().setByteOffset(i * 65536L).setSizeBytes(65536)).build());
                }
                out.onCompleted();
            }

            @Override
            public void getMetadataDelta(Csi.GetMetadataDeltaRequest req, StreamObserver<Csi.GetMetadataDeltaResponse> out) {
                calls.incrementAndGet();
                out.onNext(Csi.GetMetadataDeltaResponse.newBuilder().setVolumeCapacityBytes(1L << 30).build());
                out.onError(Status.UNAVAILABLE.asRuntimeException());
            }
        };
        try (FakeCsiDriver driver = new FakeCsiDriver()) {
            Endpoint ep = driver.startInProcess("meta-" + UUID.randomUUID(), metadata);
            try (CsiClient client = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults().withTimer(new FakeTimer()),
                    new CallTrace())) {
                // not advertised: refused locally
                try {
                    client.snapshotMetadata().metadataAllocated("snap-1", 0, 0, Secrets.NONE, p -> { }).get(10, TimeUnit.SECONDS);
                    throw new AssertionError("expected a failure");
                } catch (Exception e) {
                    assertThat(CallFailure.unwrap(e).kind()).isEqualTo(FailureKind.UNSUPPORTED);
                }
                assertThat(calls.get()).isZero();
                List<BlockMetadataPage> pages = new ArrayList<>();
                client.forced().snapshotMetadata().metadataAllocated("snap-1", 0, 0, Secrets.NONE, pages::add).get(10, TimeUnit.SECONDS);
                assertThat(pages).hasSize(3);
                assertThat(pages.get(2).blocks()).singleElement().satisfies(b -> assertThat(b.byteOffset()).isEqualTo(131072));
                assertThat(calls.get()).isEqualTo(2);
                // a stream that broke after delivering data is not silently restarted
                calls.set(0);
                try {
                    client.forced().snapshotMetadata().metadataDelta("snap-1", "snap-2", 0, 0, Secrets.NONE, p -> { }).get(10, TimeUnit.SECONDS);
                    throw new AssertionError("expected a failure");
                } catch (Exception e) {
                    assertThat(CallFailure.unwrap(e).kind()).isEqualTo(FailureKind.UNAVAILABLE);
                }
                assertThat(calls.get()).isEqualTo(1);
            }
        }
    }
}
