package org.csiconsole.core.trouble;

import csi.v1.Csi;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.endpoint.Endpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class ProbeTest {
    @TempDir
    Path dir;

    private final MisbehavingDriver driver = new MisbehavingDriver();
    private final CallTrace trace = new CallTrace();

    @AfterEach
    void stop() {
        driver.close();
    }

    private ProbeOptions options() {
        return ProbeOptions.defaults().withKubeletRoot(dir.resolve("kubelet")).withPageSize(10).withDeadline(Duration.ofSeconds(5));
    }

    private ProbeReport probe(ProbeOptions options) throws Exception {
        Endpoint e = driver.startUnix(dir.resolve("csi.sock"));
        return Probe.run(ProbeTarget.of(e), options, trace, ev -> { });
    }

    private static Map<String, CheckResult> byId(ProbeReport r) {
        return r.checks().stream().collect(Collectors.toMap(CheckResult::id, c -> c));
    }

    private static Set<String> notPassing(ProbeReport r) {
        return r.checks().stream().filter(c -> c.status() == CheckStatus.FAIL || c.status() == CheckStatus.WARN)
                .map(c -> c.id() + "=" + c.status()).collect(Collectors.toSet());
    }

    @Test
    void aWellBehavedDriverHasNeitherFailuresNorWarnings() throws Exception {
        ProbeReport r = probe(options());

        assertThat(notPassing(r)).isEmpty();
        assertThat(r.reachable()).isTrue();
        assertThat(r.volumeCount()).isEqualTo(25);
        assertThat(r.snapshotCount()).isEqualTo(3);
        assertThat(r.plugin().name()).isEqualTo("misbehaving.csi.example.com");
        assertThat(byId(r)).containsKeys("socket.listening", "socket.process", "identity.plugin-name", "identity.probe",
                "list.volumes.paging", "list.volumes.unique-ids", "list.volumes.max-entries", "list.volumes.stable-count",
                "list.volumes.conditions", "list.snapshots.paging", "capacity.topology", "node.info", "node.published",
                "capabilities.consistency", "latency.thresholds", "latency.deadline", "addons.identity");
        assertThat(byId(r).get("capacity.topology").evidence()).as("capacities in binary units and exact bytes")
                .matches(".*: [0-9.]+ [KMGTPE]?i?B available \\([0-9,]+ bytes\\).*");
        assertThat(byId(r).get("socket.process").status()).isEqualTo(CheckStatus.PASS);
        assertThat(byId(r).get("socket.process").evidence()).contains("pid " + ProcessHandle.current().pid());
    }

    @Test
    void checksOfADriverWithoutVolumesAreSkippedSayingWhyNotPassed() throws Exception {
        driver.volumes = 0;

        ProbeReport r = probe(options());

        for (String id : List.of("list.volumes.max-entries", "list.volumes.conditions")) {
            assertThat(byId(r).get(id).status()).as(id).isEqualTo(CheckStatus.SKIPPED);
            assertThat(byId(r).get(id).evidence()).as(id).contains("no volume");
        }
    }

    @Test
    void theProbeSendsOnlyReadOnlyRpcs() throws Exception {
        probe(options());

        assertThat(driver.received).isNotEmpty().allMatch(m -> ReadOnlyRpcs.readOnly("csi.v1.X/" + m));
        assertThat(trace.snapshot()).extracting(TraceEntry::method).allMatch(ReadOnlyRpcs::readOnly);
    }

    @Test
    void aProbeStartedByATaskTracesEveryCallToIt() throws Exception {
        Endpoint e = driver.startUnix(dir.resolve("csi.sock"));
        var task = trace.origins().next("Probe " + e.text());
        trace.origins().within(task, () -> Probe.start(ProbeTarget.of(e), options(), trace, ev -> { })).get(30, java.util.concurrent.TimeUnit.SECONDS);

        assertThat(trace.snapshot()).isNotEmpty().allSatisfy(t -> assertThat(t.origin()).as(t.method()).isEqualTo(task));
    }

    @Test
    void aDriverThatIsNotReadyIsAWarning() throws Exception {
        driver.ready = false;

        CheckResult c = byId(probe(options())).get("identity.probe");

        assertThat(c.status()).isEqualTo(CheckStatus.WARN);
        assertThat(c.evidence()).contains("ready: false").contains("still initializing");
        assertThat(c.remediation()).isNotBlank();
    }

    @Test
    void aRepeatingPageTokenFailsThePaging() throws Exception {
        driver.paging = MisbehavingDriver.PageFault.REPEAT_TOKEN;

        ProbeReport r = probe(options());

        assertThat(byId(r).get("list.volumes.paging").status()).isEqualTo(CheckStatus.FAIL);
        assertThat(byId(r).get("list.volumes.paging").evidence()).contains("next_token '10'").contains("loop forever");
        assertThat(byId(r).get("list.volumes.stable-count").status()).isEqualTo(CheckStatus.SKIPPED);
    }

    @Test
    void overlappingPagesFailTheUniqueIdCheck() throws Exception {
        driver.paging = MisbehavingDriver.PageFault.DUPLICATE_IDS;

        CheckResult c = byId(probe(options())).get("list.volumes.unique-ids");

        assertThat(c.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(c.evidence()).contains("vol-10");
    }

    @Test
    void theReportKeepsTheVolumesAndSnapshotsAsListed() throws Exception {
        ProbeReport r = probe(options());

        assertThat(r.volumes()).hasSize(25);
        assertThat(r.volumes().get(0).volumeId()).isEqualTo("vol-1");
        assertThat(r.volumes().get(0).publishedNodeIds()).containsExactly("node-1");
        assertThat(r.volumes().get(1).publishedNodeIds()).isEmpty();
        assertThat(r.volumes().get(0).capacityBytes()).isEqualTo(1L << 30);
        assertThat(r.volumes().get(0).condition().message()).isEqualTo("ok");
        assertThat(r.snapshots()).extracting(org.csiconsole.core.model.Snapshot::snapshotId).containsExactly("snap-1", "snap-2", "snap-3");
        assertThat(r.snapshots()).allMatch(s -> s.sourceVolumeId().equals("vol-1") && s.readyToUse());
    }

    @Test
    void aVolumeListedTwiceIsKeptOnce() throws Exception {
        driver.paging = MisbehavingDriver.PageFault.DUPLICATE_IDS;

        ProbeReport r = probe(options());

        assertThat(r.volumes()).extracting(org.csiconsole.core.model.Volume::volumeId).doesNotHaveDuplicates().contains("vol-10");
        assertThat(r.volumeCount()).isGreaterThan(r.volumes().size());
    }

    @Test
    void pagesLargerThanMaxEntriesFail() throws Exception {
        driver.paging = MisbehavingDriver.PageFault.IGNORE_MAX_ENTRIES;

        CheckResult c = byId(probe(options())).get("list.volumes.max-entries");

        assertThat(c.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(c.evidence()).contains("a page of 25 entries was returned for max_entries 10")
                .contains("25 entries were returned for max_entries 1");
    }

    @Test
    void aPluginNameAgainstTheSpecFails() throws Exception {
        driver.name = "-bad_name.example.com";

        CheckResult c = byId(probe(options())).get("identity.plugin-name");

        assertThat(c.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(c.specSection()).contains("GetPluginInfo");
    }

    @Test
    void aPluginNameOfMoreThan63CharactersFails() throws Exception {
        driver.name = "a".repeat(60) + ".example.com";

        assertThat(byId(probe(options())).get("identity.plugin-name").evidence()).contains("72 characters, more than 63");
    }

    @Test
    void aNameThatIsNotDomainStyleIsAWarning() throws Exception {
        driver.name = "mydriver";

        assertThat(byId(probe(options())).get("identity.plugin-name").status()).isEqualTo(CheckStatus.WARN);
    }

    @Test
    void publishedNodesWithoutListVolumesAreAnInconsistentCapabilitySet() throws Exception {
        driver.controllerCaps.remove(Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES);

        CheckResult c = byId(probe(options())).get("capabilities.consistency");

        assertThat(c.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(c.evidence()).contains("LIST_VOLUMES_PUBLISHED_NODES without LIST_VOLUMES");
    }

    @Test
    void aGroupControllerAdvertisedButNotServedFails() throws Exception {
        driver.pluginServices.add(Csi.PluginCapability.Service.Type.GROUP_CONTROLLER_SERVICE);

        CheckResult c = byId(probe(options())).get("capabilities.group-controller");

        assertThat(c.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(c.evidence()).contains("UNIMPLEMENTED");
    }

    @Test
    void aSlowRpcIsAWarningNamingIt() throws Exception {
        AtomicLong ticker = new AtomicLong();
        driver.onCall = m -> {
            if (m.equals("GetCapacity")) ticker.addAndGet(Duration.ofSeconds(7).toNanos());
        };

        ProbeReport r = probe(options().withTicker(ticker::get));

        CheckResult c = byId(r).get("latency.thresholds");
        assertThat(c.status()).isEqualTo(CheckStatus.WARN);
        assertThat(c.evidence()).contains("GetCapacity 7000 ms (threshold 2000 ms)").doesNotContain("ListVolumes");
        assertThat(r.timings()).filteredOn(t -> t.method().endsWith("/GetCapacity")).singleElement()
                .satisfies(t -> assertThat(t.slow()).isTrue());
    }

    @Test
    void anRpcWithoutAnAnswerBeforeTheDeadlineFails() throws Exception {
        driver.hanging.add("NodeGetInfo");

        ProbeReport r = probe(options().withDeadline(Duration.ofMillis(300)));

        assertThat(byId(r).get("latency.deadline").status()).isEqualTo(CheckStatus.FAIL);
        assertThat(byId(r).get("latency.deadline").evidence()).contains("NodeGetInfo 1 of 1 call got no answer");
        assertThat(byId(r).get("node.info").status()).isEqualTo(CheckStatus.FAIL);
    }

    @Test
    void aProbeCancelledWhileTheDriverHangsSaysWhichCallDidNotAnswerAndForHowLong() throws Exception {
        AtomicLong ticker = new AtomicLong(1_000_000_000L);
        driver.hanging.add("GetPluginInfo");
        java.util.concurrent.CompletableFuture<CheckResult> last = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CountDownLatch sent = new java.util.concurrent.CountDownLatch(1);
        driver.onCall = m -> {
            if (m.equals("GetPluginInfo")) {
                ticker.addAndGet(4_200_000_000L); // the call has waited 4.2 s by the probe's clock
                sent.countDown();
            }
        };
        Endpoint e = driver.startUnix(dir.resolve("csi.sock"));

        java.util.concurrent.CompletableFuture<ProbeReport> probe = Probe.start(ProbeTarget.of(e), options().withTicker(ticker::get), trace, ev -> {
            if (ev instanceof TroubleEvent.CheckDone d && d.check().id().equals(ProbeReport.CANCELLED_CHECK)) last.complete(d.check());
        });
        assertThat(sent.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        probe.cancel(true);

        CheckResult c = last.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(c.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(c.evidence()).contains("GetPluginInfo sent to " + e.text() + " had not answered after 4.2 s when the probe was cancelled")
                .contains("the driver hangs on it");
        assertThat(c.remediation()).contains("does not answer GetPluginInfo");
    }

    @Test
    void aGetPluginInfoPastTheDeadlineIsTheConsolesTimeoutWithAdviceForARead() throws Exception {
        driver.hanging.add("GetPluginInfo");

        ProbeReport r = probe(options().withDeadline(Duration.ofMillis(300)));

        CheckResult c = byId(r).get("identity.plugin-info");
        assertThat(c.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(c.evidence()).contains("did not answer GetPluginInfo within the console's deadline of 0.3 s")
                .doesNotContain("plugin says");
        assertThat(c.remediation()).doesNotContain("object's state");
    }

    @Test
    void aStaleSocketFailsAndLeavesTheDriverUnreachable() throws Exception {
        Path sock = dir.resolve("stale.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(sock));
        }

        ProbeReport r = Probe.run(ProbeTarget.of(new Endpoint.Unix(sock)), options(), trace, e -> { });

        assertThat(r.reachable()).isFalse();
        assertThat(byId(r).get("socket.listening").status()).isEqualTo(CheckStatus.FAIL);
        assertThat(byId(r).get("socket.listening").evidence()).contains("left behind").contains("no process holds it");
        assertThat(byId(r).get("capabilities.consistency").status()).isEqualTo(CheckStatus.SKIPPED);
    }

    @Test
    void whenNoCallIsAnsweredTheLatencyChecksAreSkippedSayingWhy() throws Exception {
        Path sock = dir.resolve("stale.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(sock));
        }

        ProbeReport r = Probe.run(ProbeTarget.of(new Endpoint.Unix(sock)), options(), trace, e -> { });

        assertThat(r.timings()).as("the failed call was made and timed").isNotEmpty();
        for (String id : List.of("latency.thresholds", "latency.deadline")) {
            assertThat(byId(r).get(id).status()).as(id).isEqualTo(CheckStatus.SKIPPED);
            assertThat(byId(r).get(id).evidence()).as(id).contains("was not answered").contains("GetPluginInfo");
        }
        assertThat(r.diagnosis()).as("why it could not be reached and what to do, from the socket check")
                .startsWith(byId(r).get("socket.listening").evidence()).contains("Restart");
        assertThat(r.summary()).endsWith("; the driver could not be reached");
    }

    @Test
    void aSocketTheUserMayNotWriteFailsThePermissionCheck() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Endpoint.Unix e = driver.startUnix(dir.resolve("csi.sock"));
        Files.setPosixFilePermissions(e.path(), PosixFilePermissions.fromString("rw-------"));
        ConsoleUser other = new ConsoleUser(4242, Set.of(4242L), "someone");

        ProbeReport r = Probe.run(ProbeTarget.of(e), options().withUser(other), trace, ev -> { });

        CheckResult c = byId(r).get("socket.permissions");
        assertThat(c.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(c.evidence()).contains("mode rw-------").contains("someone may not connect");
    }

    @Test
    void aDirectoryTheUserMayNotSearchFailsThePermissionCheck() throws Exception {
        Path inner = Files.createDirectories(dir.resolve("private"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(inner, PosixFilePermissions.fromString("rwx------"));
        Endpoint.Unix e = driver.startUnix(inner.resolve("csi.sock"));
        ConsoleUser other = new ConsoleUser(4242, Set.of(4242L), "someone");

        ProbeReport r = Probe.run(ProbeTarget.of(e), options().withUser(other), trace, ev -> { });

        assertThat(byId(r).get("socket.permissions").evidence()).contains("someone may not search the directory " + inner);
    }

    @Test
    void aPathThatIsNotASocketIsAskedNothingAndTheProbeDoesNotContradictItself() throws Exception {
        for (Path p : List.of(Path.of("/"), Files.writeString(dir.resolve("notes.sock"), "data"))) {
            CallTrace calls = new CallTrace();
            ProbeReport r = Probe.run(ProbeTarget.of(new Endpoint.Unix(p)), options(), calls, e -> { });

            assertThat(calls.snapshot()).as(p.toString()).isEmpty();
            assertThat(r.reachable()).isFalse();
            assertThat(byId(r).get("socket.file").status()).isEqualTo(CheckStatus.FAIL);
            assertThat(byId(r).get("identity.plugin-info").status()).isEqualTo(CheckStatus.SKIPPED);
            assertThat(r.diagnosis()).doesNotContain("rm /").doesNotContain("listening");
        }
    }

    @Test
    void aMissingSocketIsReportedAsSuchAndUnreachable() throws Exception {
        ProbeReport r = Probe.run(ProbeTarget.of(new Endpoint.Unix(dir.resolve("nothing.sock"))), options(), trace, e -> { });

        assertThat(r.reachable()).isFalse();
        assertThat(byId(r).get("socket.file").status()).isEqualTo(CheckStatus.FAIL);
        assertThat(byId(r).get("identity.plugin-info").status()).isEqualTo(CheckStatus.FAIL);
    }

    @Test
    void everyCheckIsReportedAsAnEventInOrder() throws Exception {
        Endpoint e = driver.startUnix(dir.resolve("csi.sock"));
        List<TroubleEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        ProbeReport r = Probe.run(ProbeTarget.of(e), options(), trace, events::add);

        assertThat(events).filteredOn(TroubleEvent.CheckDone.class::isInstance)
                .map(ev -> ((TroubleEvent.CheckDone) ev).check()).containsExactlyElementsOf(r.checks());
        assertThat(events).anyMatch(TroubleEvent.Stage.class::isInstance);
    }

    @Test
    void aCsiAddonsSidecarAdvertisingAServiceItDoesNotServeFails() throws Exception {
        Endpoint e = driver.startUnix(dir.resolve("csi.sock"));
        try (MisbehavingAddons sidecar = new MisbehavingAddons()) {
            sidecar.startUnix(dir.resolve("csi-addons.sock"));

            ProbeReport r = Probe.run(ProbeTarget.of(e), options(), trace, ev -> { });

            assertThat(r.addonsEndpoint()).isEqualTo("unix://" + dir.resolve("csi-addons.sock"));
            assertThat(byId(r).get("addons.identity").status()).isEqualTo(CheckStatus.PASS);
            assertThat(byId(r).get("addons.probe").status()).isEqualTo(CheckStatus.PASS);
            assertThat(byId(r).get("addons.services").status()).isEqualTo(CheckStatus.FAIL);
            assertThat(byId(r).get("addons.services").evidence()).contains("UNIMPLEMENTED: [NETWORK_FENCE]");
        }
    }
}
