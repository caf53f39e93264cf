package org.csiconsole.core.csi;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.FakeTimer;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.call.RetrySettings;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeStats;
import csi.v1.Csi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CsiClientTest {
    private final FakeCsiDriver driver = new FakeCsiDriver().withVolumes(250);
    private final CallTrace trace = new CallTrace();
    private final FakeTimer timer = new FakeTimer();
    private final List<AutoCloseable> closing = new ArrayList<>();

    @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ALWAYS)
    Path unused;

    @AfterEach
    void tearDown() throws Exception {
        for (AutoCloseable c : closing) c.close();
        driver.close();
    }

    private CsiClient client(String transport, PolicySettings settings) throws Exception {
        Endpoint ep;
        if (transport.equals("unix")) {
            Path dir = Files.createTempDirectory(Path.of("/tmp"), "cc");
            closing.add(() -> {
                try (var s = Files.list(dir)) {
                    for (Path p : s.toList()) Files.deleteIfExists(p);
                }
                Files.deleteIfExists(dir);
            });
            ep = driver.startUnix(dir.resolve("csi.sock"));
        } else {
            ep = driver.startInProcess("csi-" + UUID.randomUUID());
        }
        CsiClient c = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults().withTimer(timer).withPolicy(settings), trace);
        closing.add(0, c);
        return c;
    }

    private CsiClient client(String transport) throws Exception {
        return client(transport, PolicySettings.DEFAULT);
    }

    private static CallFailure failureOf(CompletableFuture<?> f) {
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            CallFailure c = CallFailure.unwrap(e);
            assertThat(c).as("a CallFailure, got %s", e).isNotNull();
            return c;
        }
        throw new AssertionError("expected a failure");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inproc", "unix"})
    void identityCapabilitiesAndNode(String transport) throws Exception {
        CsiClient c = client(transport);
        assertThat(c.identity().pluginInfo().get(10, TimeUnit.SECONDS).name()).isEqualTo("fake.csi.example.com");
        assertThat(c.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
        CapabilitySet caps = c.capabilities().get(10, TimeUnit.SECONDS);
        assertThat(caps.plugin()).contains(PluginCapability.CONTROLLER_SERVICE, PluginCapability.VOLUME_EXPANSION_ONLINE);
        assertThat(caps.controller()).contains(ControllerCapability.LIST_VOLUMES, ControllerCapability.CREATE_DELETE_VOLUME);
        assertThat(caps.node()).contains(NodeCapability.STAGE_UNSTAGE_VOLUME, NodeCapability.VOLUME_CONDITION);
        assertThat(caps.isAlpha(NodeCapability.VOLUME_CONDITION)).isTrue();
        assertThat(caps.isAlpha(NodeCapability.STAGE_UNSTAGE_VOLUME)).isFalse();
        NodeInfo n = c.node().nodeInfo().get(10, TimeUnit.SECONDS);
        assertThat(n.nodeId()).isEqualTo("node-1");
        assertThat(n.maxVolumesPerNode()).isEqualTo(64);
        VolumeStats st = c.node().nodeVolumeStats("vol-1", "/mnt/x", "").get(10, TimeUnit.SECONDS);
        assertThat(st.usage()).singleElement().satisfies(u -> assertThat(u.used()).isEqualTo(40));
        // capabilities are discovered once
        c.capabilities().get(10, TimeUnit.SECONDS);
        assertThat(driver.calls("GetPluginCapabilities")).isEqualTo(1);
        c.refreshCapabilities().get(10, TimeUnit.SECONDS);
        assertThat(driver.calls("GetPluginCapabilities")).isEqualTo(2);
        assertThat(CsiRpc.GET_SNAPSHOT.alpha()).isTrue();
        assertThat(CsiRpc.GET_METADATA_DELTA.alpha()).isTrue();
        assertThat(CsiRpc.CREATE_VOLUME.alpha()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"inproc", "unix"})
    void listsEveryPageInOrder(String transport) throws Exception {
        CsiClient c = client(transport);
        List<List<Volume>> pages = new ArrayList<>();
        c.controller().listVolumes(100, pages::add).get(10, TimeUnit.SECONDS);
        assertThat(pages).hasSize(3);
        assertThat(pages.stream().mapToInt(List::size).sum()).isEqualTo(250);
        assertThat(pages.get(0).get(0).volumeId()).isEqualTo("vol-1");
        assertThat(pages.get(2).get(49).volumeId()).isEqualTo("vol-250");
        assertThat(pages.get(0).get(0).publishedNodeIds()).containsExactly("node-1");
        assertThat(driver.<Csi.ListVolumesRequest>requests("ListVolumes")).extracting(Csi.ListVolumesRequest::getStartingToken)
                .containsExactly("", "100", "200");
        assertThat(driver.<Csi.ListVolumesRequest>requests("ListVolumes")).allMatch(r -> r.getMaxEntries() == 100);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inproc", "unix"})
    void aPacedListingAsksForTheNextPageOnlyOnceTheConsumerIsReady(String transport) throws Exception {
        CsiClient c = client(transport);
        java.util.concurrent.BlockingQueue<CompletableFuture<Void>> ready = new java.util.concurrent.LinkedBlockingQueue<>();
        List<Integer> sizes = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<Void> listing = c.controller().listVolumesPaced(100, page -> {
            sizes.add(page.size());
            CompletableFuture<Void> f = new CompletableFuture<>();
            ready.add(f);
            return f;
        });
        for (int page = 1; page <= 3; page++) {
            CompletableFuture<Void> f = ready.poll(10, TimeUnit.SECONDS);
            assertThat(f).as("page %d arrived", page).isNotNull();
            // The consumer holds the listing: no further ListVolumes until it is ready.
            assertThat(driver.calls("ListVolumes")).isEqualTo(page);
            assertThat(listing).isNotDone();
            f.complete(null);
        }
        listing.get(10, TimeUnit.SECONDS);
        assertThat(sizes).containsExactly(100, 100, 50);
    }

    @Test
    void aPacedListingEndsWithTheFailureOfItsConsumer() throws Exception {
        CsiClient c = client("inproc");
        CallFailure f = failureOf(c.controller().listVolumesPaced(100, page -> CompletableFuture.failedFuture(
                new CallFailure(FailureKind.CANCELLED, "Read volumes", "the view was closed", "", ""))));
        assertThat(f.why()).isEqualTo("the view was closed");
        assertThat(driver.calls("ListVolumes")).isEqualTo(1);
    }

    @Test
    void repeatedNextTokenStopsInsteadOfLooping() throws Exception {
        CsiClient c = client("inproc");
        driver.paging = FakeCsiDriver.Paging.REPEAT_TOKEN;
        List<Volume> got = new ArrayList<>();
        CallFailure f = failureOf(c.controller().listVolumes(100, got::addAll));
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("next_token '100' again");
        assertThat(driver.calls("ListVolumes")).isEqualTo(2);
        assertThat(got).hasSize(200);
    }

    @Test
    void cyclicNextTokenStopsInsteadOfLooping() throws Exception {
        CsiClient c = client("inproc");
        driver.paging = FakeCsiDriver.Paging.CYCLE;
        CallFailure f = failureOf(c.controller().listVolumes(50, p -> { }));
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(driver.calls("ListVolumes")).isEqualTo(3);
    }

    @Test
    void callNotAdvertisedFailsLocallyUnlessForced() throws Exception {
        CsiClient c = client("inproc");
        driver.controllerCaps.remove(Csi.ControllerServiceCapability.RPC.Type.GET_CAPACITY);
        CallFailure f = failureOf(c.controller().getCapacity(List.of(), java.util.Map.of(), null));
        assertThat(f.kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(f.getMessage()).contains("not supported by this driver").contains("GET_CAPACITY");
        assertThat(driver.calls("GetCapacity")).isZero();
        assertThat(c.forced().controller().getCapacity(List.of(), java.util.Map.of(), null).get(10, TimeUnit.SECONDS)
                .availableCapacityBytes()).isEqualTo(1L << 40);
        assertThat(driver.calls("GetCapacity")).isEqualTo(1);
    }

    @Test
    void aCallNotAdvertisedSaysWhichCapabilityToLookForAndOffersNoForce() throws Exception {
        CsiClient c = client("inproc");
        driver.controllerCaps.remove(Csi.ControllerServiceCapability.RPC.Type.GET_CAPACITY);
        CallFailure f = failureOf(c.controller().getCapacity(List.of(), java.util.Map.of(), null));
        assertThat(f.whatToDo()).contains("advertises GET_CAPACITY in ControllerGetCapabilities")
                .contains("reconnect").doesNotContainIgnoringCase("force");
        assertThat(f.describe()).doesNotContainIgnoringCase("force");
    }

    @Test
    void everyServicePartAndViewOfOneClientSharesOneCapabilityDiscovery() throws Exception {
        CsiClient c = client("inproc");
        driver.controllerCaps.remove(Csi.ControllerServiceCapability.RPC.Type.GET_CAPACITY);
        assertThat(c.controller().allVolumes().get(10, TimeUnit.SECONDS)).hasSize(250);
        assertThat(c.node().nodeVolumeStats("vol-1", "/mnt/x", "").get(10, TimeUnit.SECONDS).usage()).isNotEmpty();
        assertThat(failureOf(c.withLockMode(LockMode.FAIL_FAST).controller().getCapacity(List.of(), java.util.Map.of(), null))
                .kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(c.forced().controller().getCapacity(List.of(), java.util.Map.of(), null).get(10, TimeUnit.SECONDS)
                .availableCapacityBytes()).isEqualTo(1L << 40);
        assertThat(driver.calls("GetPluginCapabilities")).isEqualTo(1);
        assertThat(driver.calls("ControllerGetCapabilities")).isEqualTo(1);
        assertThat(driver.calls("NodeGetCapabilities")).isEqualTo(1);
        c.forced().refreshCapabilities().get(10, TimeUnit.SECONDS);
        c.groupController().getGroupSnapshot("g", List.of(), org.csiconsole.core.model.Secrets.NONE).exceptionally(t -> null)
                .get(10, TimeUnit.SECONDS);
        assertThat(driver.calls("GetPluginCapabilities")).isEqualTo(2);
    }

    @Test
    void unimplementedFromDriverSaysNotSupported() throws Exception {
        CsiClient c = client("inproc");
        driver.nodeService = false;
        CallFailure f = failureOf(c.node().nodeInfo());
        assertThat(f.kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(f.getMessage()).contains("not supported by this driver");
        // a controller-only socket has no node capabilities, and that is not an error
        assertThat(c.refreshCapabilities().get(10, TimeUnit.SECONDS).node()).isEmpty();
    }

    @Test
    void retriesRetryableCodesWithGrowingJitteredBackoff() throws Exception {
        RetrySettings r = new RetrySettings(5, Duration.ofMillis(100), Duration.ofSeconds(1), 2.0, 0.2, Duration.ofSeconds(30));
        CsiClient c = client("inproc", PolicySettings.DEFAULT.withRetry(r));
        driver.failNext("DeleteVolume", Status.UNAVAILABLE, Status.ABORTED, Status.DEADLINE_EXCEEDED);
        c.controller().deleteVolume("vol-1", Secrets.NONE).get(10, TimeUnit.SECONDS);
        assertThat(driver.calls("DeleteVolume")).isEqualTo(4);
        List<Duration> waits = timer.waits();
        assertThat(waits).hasSize(3);
        assertThat(waits.get(0)).isBetween(Duration.ofMillis(80), Duration.ofMillis(120));
        assertThat(waits.get(1)).isBetween(Duration.ofMillis(160), Duration.ofMillis(240));
        assertThat(waits.get(2)).isBetween(Duration.ofMillis(320), Duration.ofMillis(480));
        assertThat(trace.snapshot()).filteredOn(e -> e.method().endsWith("DeleteVolume"))
                .extracting(e -> e.attempt() + ":" + e.status())
                .containsExactly("1:UNAVAILABLE", "2:ABORTED", "3:DEADLINE_EXCEEDED", "4:OK");
    }

    @Test
    void retriesStopAtMaxAttemptsAndBackoffIsCapped() throws Exception {
        RetrySettings r = new RetrySettings(6, Duration.ofMillis(100), Duration.ofMillis(300), 2.0, 0.2, Duration.ofMinutes(5));
        CsiClient c = client("inproc", PolicySettings.DEFAULT.withRetry(r));
        for (int i = 0; i < 20; i++) driver.failNext("DeleteVolume", Status.UNAVAILABLE);
        CallFailure f = failureOf(c.controller().deleteVolume("vol-1", Secrets.NONE));
        assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(f.detail()).contains("after 6 attempts");
        assertThat(driver.calls("DeleteVolume")).isEqualTo(6);
        assertThat(timer.waits()).hasSize(5).allSatisfy(w -> assertThat(w).isLessThanOrEqualTo(Duration.ofMillis(300)));
    }

    @Test
    void retriesStopWhenTotalTimeWouldBeExceeded() throws Exception {
        RetrySettings r = new RetrySettings(50, Duration.ofSeconds(1), Duration.ofSeconds(1), 1.0, 0.0, Duration.ofMillis(3500));
        CsiClient c = client("inproc", PolicySettings.DEFAULT.withRetry(r));
        for (int i = 0; i < 60; i++) driver.failNext("DeleteVolume", Status.ABORTED);
        CallFailure f = failureOf(c.controller().deleteVolume("vol-1", Secrets.NONE));
        assertThat(f.kind()).isEqualTo(FailureKind.BUSY);
        assertThat(f.why()).contains("already pending for this volume");
        assertThat(f.whatToDo()).contains("retry with exponential backoff");
        assertThat(driver.calls("DeleteVolume")).isEqualTo(4);
    }

    @Test
    void nonRetryableCodeIsNotRetried() throws Exception {
        CsiClient c = client("inproc");
        driver.failNext("DeleteVolume", Status.FAILED_PRECONDITION.withDescription("volume has snapshots"));
        CallFailure f = failureOf(c.controller().deleteVolume("vol-1", Secrets.NONE));
        assertThat(f.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(f.why()).contains("in use").contains("volume has snapshots");
        assertThat(driver.calls("DeleteVolume")).isEqualTo(1);
    }

    @Test
    void aModifyWithAnEmptyValueIsRefusedByTheConsolesCheckAndNothingIsSent() throws Exception {
        CsiClient c = client("inproc");
        CallFailure f = failureOf(c.controller().modifyVolume("vol-1", java.util.Map.of("iops", ""), Secrets.NONE));
        assertThat(f.owner()).isEqualTo(org.csiconsole.core.call.FailureOwner.CHECKED);
        assertThat(f.why()).contains("mutable_parameters[iops] has an empty value");
        assertThat(f.describe()).contains("Whose: the console (checked before sending)");
        assertThat(failureOf(c.controller().modifyVolume("vol-1", java.util.Map.of(), Secrets.NONE)).why())
                .contains("no mutable parameter");
        assertThat(driver.calls("ControllerModifyVolume")).isZero();
        assertThat(trace.snapshot()).noneMatch(e -> e.method().endsWith("ControllerModifyVolume"));
    }

    @Test
    void deadlineExpiresAndEveryAttemptIsBounded() throws Exception {
        RetrySettings r = new RetrySettings(3, Duration.ofMillis(10), Duration.ofMillis(10), 1.0, 0.0, Duration.ofMinutes(1));
        CsiClient c = client("inproc", PolicySettings.DEFAULT.withRetry(r).withDeadline(CallKind.PROBE, Duration.ofMillis(100)));
        driver.hang("Probe");
        CallFailure f = failureOf(c.identity().probe());
        assertThat(f.kind()).isEqualTo(FailureKind.TIMEOUT);
        assertThat(driver.calls("Probe")).isEqualTo(3);
        assertThat(trace.snapshot()).filteredOn(e -> e.method().endsWith("Probe")).extracting(e -> e.status())
                .containsOnly("DEADLINE_EXCEEDED");
    }

    @Test
    void cancellationReachesTheServerAndReleasesTheGuard() throws Exception {
        CsiClient c = client("inproc");
        driver.hang("DeleteVolume");
        CompletableFuture<Void> f = c.controller().deleteVolume("vol-7", Secrets.NONE);
        awaitTrue(() -> driver.calls("DeleteVolume") == 1);
        assertThat(c.guard().heldCount()).isEqualTo(1);
        f.cancel(true);
        awaitTrue(() -> c.guard().heldCount() == 0);
        Object observer = driver.hungObservers().get(0);
        awaitTrue(() -> ((ServerCallStreamObserver<?>) observer).isCancelled());
    }

    @Test
    void failFastWhenTheVolumeIsBusy() throws Exception {
        CsiClient c = client("inproc");
        driver.hang("DeleteVolume");
        CompletableFuture<Void> first = c.controller().deleteVolume("vol-7", Secrets.NONE);
        awaitTrue(() -> driver.calls("DeleteVolume") == 1);
        CallFailure f = failureOf(c.withLockMode(LockMode.FAIL_FAST).controller().deleteVolume("vol-7", Secrets.NONE));
        assertThat(f.kind()).isEqualTo(FailureKind.BUSY);
        assertThat(f.why()).contains("volume vol-7");
        assertThat(driver.calls("DeleteVolume")).isEqualTo(1);
        // another volume is not blocked
        driver.failNext("ControllerExpandVolume");
        c.withLockMode(LockMode.FAIL_FAST).controller().expandVolume("vol-8", 5L << 30, 0, null, Secrets.NONE).get(10, TimeUnit.SECONDS);
        first.cancel(true);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inproc", "unix"})
    void codeChainedOnAMutationMayMutateTheSameVolumeAtOnceEvenFailFast(String transport) throws Exception {
        CsiClient c = client(transport).withLockMode(LockMode.FAIL_FAST);
        for (int i = 0; i < 50; i++) {
            long size = (3L << 30) + i;
            c.controller().expandVolume("vol-3", size, 0, null, Secrets.NONE)
                    .thenCompose(r -> c.controller().expandVolume("vol-3", size + 1, 0, null, Secrets.NONE))
                    .get(10, TimeUnit.SECONDS);
        }
        assertThat(driver.calls("ControllerExpandVolume")).isEqualTo(100);
        assertThat(c.guard().heldCount()).isZero();
    }

    @Test
    void thousandConcurrentMutationsOverTenVolumesAreSerializedPerVolume() throws Exception {
        CsiClient c = client("inproc");
        driver.whileMutating(() -> {
            long until = System.nanoTime() + 20_000;
            while (System.nanoTime() < until) Thread.onSpinWait();
        });
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String vol = "vol-" + (1 + i % 10);
            all.add(c.controller().expandVolume(vol, (2L << 30) + i, 0, null, Secrets.NONE));
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        assertThat(driver.calls("ControllerExpandVolume")).isEqualTo(1000);
        assertThat(driver.maxInFlightPerVolume.get()).isEqualTo(1);
        assertThat(c.guard().heldCount()).isZero();
    }

    @Test
    void createAndSnapshotsMapToModelRecords() throws Exception {
        CsiClient c = client("inproc");
        Volume v = c.controller().createVolume(CreateVolumeRequest.of("pvc-1", 5L << 30, VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")))
                .get(10, TimeUnit.SECONDS);
        assertThat(v.volumeId()).isEqualTo("vol-pvc-1");
        assertThat(v.name()).isEqualTo("pvc-1");
        assertThat(v.capacityBytes()).isEqualTo(5L << 30);
        Csi.CreateVolumeRequest sent = driver.<Csi.CreateVolumeRequest>requests("CreateVolume").get(0);
        assertThat(sent.getVolumeCapabilities(0).getMount().getFsType()).isEqualTo("ext4");
        List<Snapshot> snaps = new ArrayList<>();
        c.controller().listSnapshots(0, snaps::addAll).get(10, TimeUnit.SECONDS);
        assertThat(snaps).hasSize(3);
        assertThat(snaps.get(0).creationTime()).isNotNull();
        Snapshot s = c.controller().createSnapshot("vol-1", "s1", java.util.Map.of(), Secrets.NONE).get(10, TimeUnit.SECONDS);
        assertThat(s.snapshotId()).isEqualTo("snap-s1");
        assertThat(c.controller().controllerPublish("vol-1", "node-1", VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER), false,
                Secrets.NONE, java.util.Map.of()).get(10, TimeUnit.SECONDS)).containsEntry("lun", "7");
    }

    @Test
    void oversizedFieldsAreRejectedBeforeSending() throws Exception {
        CsiClient c = client("inproc");
        CallFailure f = failureOf(c.controller().createVolume(CreateVolumeRequest.of("x".repeat(200), 1, VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER))));
        assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
        assertThat(f.why()).contains("name is 200 bytes").contains("128");
        java.util.Map<String, String> big = new java.util.HashMap<>();
        for (int i = 0; i < 50; i++) big.put("key" + i, "v".repeat(100));
        f = failureOf(c.controller().createVolume(CreateVolumeRequest.of("ok", 1, VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER)).withParameters(big)));
        assertThat(f.why()).contains("parameters").contains("4096");
        assertThat(driver.calls("CreateVolume")).isZero();
    }

    /** Polls a condition until it holds or 10 s pass. */
    static void awaitTrue(java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 10 s");
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
