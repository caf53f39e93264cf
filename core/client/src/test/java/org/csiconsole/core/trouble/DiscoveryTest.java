package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class DiscoveryTest {
    @TempDir
    Path root;

    private final MisbehavingDriver driver = new MisbehavingDriver();
    private final CallTrace trace = new CallTrace();
    private final List<AutoCloseable> closing = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : closing) c.close();
        driver.close();
    }

    /** A kubelet root: the driver's socket under plugins/, its registration under plugins_registry/, a stale socket. */
    private Path csiSocket() throws Exception {
        Path csi = Files.createDirectories(root.resolve("plugins/misbehaving.csi.example.com")).resolve("csi.sock");
        driver.startUnix(csi);
        Path reg = Files.createDirectories(root.resolve("plugins_registry")).resolve("misbehaving.csi.example.com-reg.sock");
        closing.add(new FakeRegistrar(reg, "misbehaving.csi.example.com", csi.toString()));
        Path stale = Files.createDirectories(root.resolve("plugins/gone.csi.example.com")).resolve("csi.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(stale));
        }
        return csi;
    }

    private static Map<String, DiscoveredSocket> byPath(DiscoveryReport r) {
        return r.sockets().stream().collect(Collectors.toMap(DiscoveredSocket::path, s -> s));
    }

    @Test
    void aRegistrationSocketLeadsToTheDriverItNames() throws Exception {
        Path csi = csiSocket();

        DiscoveryReport r = Discovery.run(root, List.of(root.resolve("plugins_registry")), ProbeOptions.defaults(), trace, e -> { });

        assertThat(r.sockets()).hasSize(2);
        DiscoveredSocket reg = r.sockets().get(0);
        assertThat(reg.role()).isEqualTo(SocketRole.REGISTRATION);
        assertThat(reg.registration().name()).isEqualTo("misbehaving.csi.example.com");
        assertThat(reg.registration().endpoint()).isEqualTo(csi.toString());
        assertThat(reg.registration().supportedVersions()).containsExactly("1.0.0");
        DiscoveredSocket driverSocket = byPath(r).get(csi.toString());
        assertThat(driverSocket.role()).isEqualTo(SocketRole.CSI);
        assertThat(driverSocket.pluginName()).isEqualTo("misbehaving.csi.example.com");
        assertThat(driverSocket.pluginVersion()).isEqualTo("1.2.3");
        assertThat(driverSocket.addons()).isEqualTo("no");
    }

    /** A socket file with nothing behind it: bound, then closed (a driver killed without cleaning up). */
    private static Path stale(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(p));
        }
        return p;
    }

    private Path registry() throws Exception {
        return Files.createDirectories(root.resolve("plugins_registry"));
    }

    @Test
    void aWorkingRegistrationAndItsEndpointPassAndTheEndpointNamesItsRegistration() throws Exception {
        Path csi = csiSocket();

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        DiscoveredSocket reg = byPath(r).get(root.resolve("plugins_registry/misbehaving.csi.example.com-reg.sock").toString());
        assertThat(reg.status()).isEqualTo(CheckStatus.PASS);
        assertThat(reg.problem()).isEmpty();
        assertThat(reg.nextStep()).isEmpty();
        assertThat(reg.registration().type()).isEqualTo("CSIPlugin");
        DiscoveredSocket end = byPath(r).get(csi.toString());
        assertThat(end.registeredBy()).isEqualTo(reg.path());
        assertThat(end.status()).isEqualTo(CheckStatus.PASS);
    }

    @Test
    void aRegistrationWhoseDriverRemovedItsSocketIsAProblemWithItsNextStep() throws Exception {
        Path gone = root.resolve("plugins/hostpath.csi.k8s.io/csi.sock");
        Files.createDirectories(gone.getParent());
        Path reg = registry().resolve("hostpath.csi.k8s.io-reg.sock");
        closing.add(new FakeRegistrar(reg, "hostpath.csi.k8s.io", gone.toString()));

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        DiscoveredSocket registration = byPath(r).get(reg.toString());
        assertThat(registration.state()).isEqualTo(SocketState.LISTENING);
        assertThat(registration.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(registration.problem()).contains(gone.toString()).contains("nothing is at that path").contains("kubelet cannot reach");
        assertThat(registration.nextStep()).startsWith("Restart hostpath.csi.k8s.io's driver container").contains("rm " + reg);
        DiscoveredSocket endpoint = byPath(r).get(gone.toString());
        assertThat(endpoint.state()).isEqualTo(SocketState.MISSING);
        assertThat(endpoint.registeredBy()).isEqualTo(reg.toString());
        assertThat(endpoint.pluginName()).isEqualTo("hostpath.csi.k8s.io");
        assertThat(endpoint.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(endpoint.nextStep()).contains("creates " + gone);
        assertThat(r.worst()).isEqualTo(CheckStatus.FAIL);
    }

    @Test
    void threeRegistrationsOfOneDriverNameNameEachOtherAndTheOneTheKubeletUses() throws Exception {
        Path csi = csiSocket();
        Path first = registry().resolve("misbehaving.csi.example.com-reg.sock");
        Path second = registry().resolve("other-reg.sock");
        Path third = registry().resolve("third-reg.sock");
        closing.add(new FakeRegistrar(second, "misbehaving.csi.example.com", csi.toString()));
        closing.add(new FakeRegistrar(third, "misbehaving.csi.example.com", csi.toString()));

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        DiscoveredSocket kept = byPath(r).get(first.toString());
        assertThat(kept.status()).isEqualTo(CheckStatus.WARN);
        assertThat(kept.problem()).isEqualTo("2 other registrations name misbehaving.csi.example.com too (" + second + ", " + third
                + "): the kubelet keeps one registration per driver name and uses this one; it refuses the others");
        assertThat(kept.nextStep()).contains("rm " + second).contains("rm " + third);
        for (Path refused : List.of(second, third)) {
            DiscoveredSocket s = byPath(r).get(refused.toString());
            assertThat(s.status()).isEqualTo(CheckStatus.FAIL);
            assertThat(s.problem()).contains("uses " + first + ", not this one");
            assertThat(s.nextStep()).contains("rm " + refused).contains("a name of its own");
        }
        assertThat(r.worst()).isEqualTo(CheckStatus.FAIL);
    }

    @Test
    void aStaleEndpointIsLinkedToItsRegistrationAndBothSayWhatToDo() throws Exception {
        Path killed = stale(root.resolve("plugins/hostpath.csi.k8s.io/csi.sock"));
        Path reg = registry().resolve("hostpath.csi.k8s.io-reg.sock");
        closing.add(new FakeRegistrar(reg, "hostpath.csi.k8s.io", "unix://" + killed));

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        DiscoveredSocket endpoint = byPath(r).get(killed.toString());
        assertThat(endpoint.state()).isEqualTo(SocketState.STALE);
        assertThat(endpoint.registeredBy()).isEqualTo(reg.toString());
        assertThat(endpoint.pluginName()).isEqualTo("hostpath.csi.k8s.io");
        assertThat(endpoint.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(endpoint.nextStep()).startsWith("Restart hostpath.csi.k8s.io's container").contains("rm " + killed);
        DiscoveredSocket registration = byPath(r).get(reg.toString());
        assertThat(registration.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(registration.problem()).contains("nothing listens");
        assertThat(registration.nextStep()).contains("removes the stale " + killed);
    }

    @Test
    void aStaleRegistrationIsNamedAfterItsFileAndSaysWhatToDo() throws Exception {
        Path reg = stale(registry().resolve("rbd.csi.ceph.com-reg.sock"));

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        DiscoveredSocket registration = byPath(r).get(reg.toString());
        assertThat(registration.role()).isEqualTo(SocketRole.REGISTRATION);
        assertThat(registration.state()).isEqualTo(SocketState.STALE);
        assertThat(registration.pluginName()).isEqualTo("rbd.csi.ceph.com");
        assertThat(registration.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(registration.nextStep()).startsWith("Restart the node-driver-registrar container of rbd.csi.ceph.com's node plugin pod")
                .endsWith("rm " + reg);
    }

    @Test
    void aLeftoverSocketNoRegistrationNamesIsAWarningWithItsNextStep() throws Exception {
        Path leftover = stale(root.resolve("plugins/gone.csi.example.com/csi.sock"));

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        DiscoveredSocket s = byPath(r).get(leftover.toString());
        assertThat(s.status()).isEqualTo(CheckStatus.WARN);
        assertThat(s.registeredBy()).isEmpty();
        assertThat(s.nextStep()).contains("rm " + leftover);
        assertThat(r.worst()).isEqualTo(CheckStatus.WARN);
    }

    @Test
    void aPathThatIsNotASocketIsNeverToldToBeRemovedWhenItIsADirectoryAndMovedAsideWhenAFile() throws Exception {
        Path dir = Files.createDirectories(root.resolve("plugins/some.csi.example.com"));
        Path link = Files.createSymbolicLink(root.resolve("linked"), dir);
        Path file = Files.writeString(dir.resolve("csi.sock"), "someone's notes");

        for (Path d : List.of(Path.of("/"), dir, link)) {
            assertThat(SocketAdvice.nextStep(d, false, SocketState.NOT_A_SOCKET, "")).doesNotContain("rm ")
                    .contains("is a directory").contains("point the endpoint at the socket inside it (e.g. " + d.resolve("csi.sock") + ")");
        }
        assertThat(SocketAdvice.nextStep(file, false, SocketState.NOT_A_SOCKET, "")).doesNotContain("rm ")
                .contains("regular file").contains("mv " + file + " " + file + ".bak");
    }

    @Test
    void aSymlinkedPluginFolderIsFollowedToTheDriverSocketInside() throws Exception {
        Path real = Files.createDirectories(root.resolve("elsewhere/misbehaving"));
        Path csi = real.resolve("csi.sock");
        driver.startUnix(csi);
        Files.createDirectories(root.resolve("plugins"));
        Path link = Files.createSymbolicLink(root.resolve("plugins/misbehaving.csi.example.com"), real);

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        assertThat(r.sockets()).extracting(DiscoveredSocket::path).containsExactly(link.resolve("csi.sock").toString());
        assertThat(r.sockets().get(0).state()).isEqualTo(SocketState.LISTENING);
        assertThat(r.sockets().get(0).role()).isEqualTo(SocketRole.CSI);
    }

    @Test
    void aRegularFileWhereTheDriverSocketShouldBeIsAProblemWithItsNextStepAndItsFolderIsLookedInOnce() throws Exception {
        Path dir = Files.createDirectories(root.resolve("plugins/some.csi.example.com"));
        Path file = Files.writeString(dir.resolve("csi.sock"), "data");

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of(dir)), ProbeOptions.defaults(), trace, e -> { });

        DiscoveredSocket s = byPath(r).get(file.toString());
        assertThat(s).isNotNull();
        assertThat(s.state()).isEqualTo(SocketState.NOT_A_SOCKET);
        assertThat(s.status()).isNotEqualTo(CheckStatus.PASS);
        assertThat(s.nextStep()).contains("mv " + file + " " + file + ".bak");
        assertThat(r.places()).filteredOn(p -> p.equals(dir.toString())).hasSize(1);
    }

    @Test
    void placesThatDoNotExistAreListedAsAbsent() throws Exception {
        registry();
        Path nowhere = root.resolve("no-such-place");

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of(nowhere)), ProbeOptions.defaults(), trace, e -> { });

        assertThat(r.absent()).contains(nowhere.toString(), root.resolve("plugins").toString())
                .doesNotContain(root.resolve("plugins_registry").toString());
        assertThat(r.whereLooked()).startsWith("Looked in " + root.resolve("plugins_registry") + ";")
                .contains("absent on this node: ").contains(nowhere.toString());
        assertThat(r.otherRoot()).contains(root.toString()).contains("--root-dir");
    }

    @Test
    void theUsualPlacesFindTheDriverDirectlyAndReportAStaleSocket() throws Exception {
        Path csi = csiSocket();

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        Map<String, DiscoveredSocket> found = byPath(r);
        assertThat(found.get(csi.toString()).state()).isEqualTo(SocketState.LISTENING);
        assertThat(found.get(csi.toString()).holders()).extracting(SocketHolder::pid).contains(ProcessHandle.current().pid());
        assertThat(found.get(csi.toString()).owner()).isNotEmpty();
        assertThat(found.get(csi.toString()).mode()).matches("[rwx-]{9}");
        DiscoveredSocket stale = found.get(root.resolve("plugins/gone.csi.example.com/csi.sock").toString());
        assertThat(stale.state()).isEqualTo(SocketState.STALE);
        assertThat(stale.problem()).contains("no longer running");
        assertThat(stale.holders()).isEmpty();
    }

    @Test
    void aCsiAddonsSocketBesideTheDriverIsNamedOnTheDriversSocket() throws Exception {
        Path csi = csiSocket();
        Path addons = csi.resolveSibling("csi-addons.sock");
        MisbehavingAddons sidecar = new MisbehavingAddons();
        closing.add(sidecar);
        sidecar.startUnix(addons);

        DiscoveryReport r = Discovery.run(root, List.of(csi.getParent()), ProbeOptions.defaults(), trace, e -> { });

        assertThat(byPath(r).get(addons.toString()).role()).isEqualTo(SocketRole.CSI_ADDONS);
        assertThat(byPath(r).get(csi.toString()).addons()).isEqualTo("at " + addons);
    }

    @Test
    void aDiscoveryStartedByATaskTracesEveryCallToIt() throws Exception {
        csiSocket();
        var task = trace.origins().next("Discover drivers");

        trace.origins().within(task, () -> Discovery.start(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace,
                e -> { })).get(30, java.util.concurrent.TimeUnit.SECONDS);

        assertThat(trace.snapshot()).isNotEmpty().allSatisfy(t -> assertThat(t.origin()).as(t.method()).isEqualTo(task));
    }

    @Test
    void discoveryIsReadOnlyAndNeverNotifiesARegistration() throws Exception {
        csiSocket();
        FakeRegistrar reg = (FakeRegistrar) closing.get(0);

        Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, e -> { });

        assertThat(trace.snapshot()).isNotEmpty().extracting(TraceEntry::method).allMatch(ReadOnlyRpcs::readOnly);
        assertThat(reg.notified).isEmpty();
        assertThat(driver.received).allMatch(m -> ReadOnlyRpcs.readOnly("x/" + m));
    }

    @Test
    void eachSocketIsReportedAsItIsDone() throws Exception {
        csiSocket();
        List<TroubleEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        DiscoveryReport r = Discovery.run(root, Discovery.defaultPlaces(root, List.of()), ProbeOptions.defaults(), trace, events::add);

        assertThat(events).filteredOn(TroubleEvent.SocketFound.class::isInstance).hasSize(r.sockets().size());
    }
}
