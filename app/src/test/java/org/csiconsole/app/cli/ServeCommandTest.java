package org.csiconsole.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.Status;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.fault.Faults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code csi-console serve}: usage errors, a locked state dir, fault options, and a real serve/stop cycle. */
class ServeCommandTest {
    @TempDir
    Path dir;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = CsiConsoleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void badEndpointAndSeedAreUsageErrors() {
        assertThat(run("serve", "--endpoint", "tcp://localhost:1", "--state-dir", dir.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("unix:///path/to/csi.sock");
        assertThat(run("serve", "--endpoint", "unix://" + dir.resolve("s.sock"), "--state-dir", dir.toString(),
                "--seed", "full")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--seed must be demo or empty");
        assertThat(run("serve", "--endpoint", "unix://" + dir.resolve("s.sock"), "--state-dir", dir.toString(),
                "--fault", "CreateVolume=NOPE")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("is not a gRPC code");
        assertThat(run("serve", "--endpoint", "unix://" + dir.resolve("s.sock"), "--state-dir", dir.toString(),
                "--node-paths", "tmp")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--node-paths must be host or sandbox");
        assertThat(Files.exists(dir.resolve("s.sock"))).isFalse();
    }

    @Test
    void cspContextPathMustBeAPathPrefixAndNeedsACspPort() {
        String sock = "unix://" + dir.resolve("s.sock");
        assertThat(run("serve", "--endpoint", sock, "--state-dir", dir.toString(), "--csp-context-path", "/csp"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--csp-context-path needs --csp-port");
        assertThat(run("serve", "--endpoint", sock, "--state-dir", dir.toString(), "--csp-port", "0",
                "--csp-context-path", "/csp/containers/v1")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("which the server adds itself");
        assertThat(Files.exists(dir.resolve("s.sock"))).isFalse();
    }

    @Test
    void servesTheCspApiOnlyUnderAnExplicitContextPath() throws Exception {
        Path sock = dir.resolve("csp.sock");
        AtomicInteger code = new AtomicInteger(-1);
        Thread serving = new Thread(() -> code.set(run("serve", "--endpoint", "unix://" + sock,
                "--state-dir", dir.resolve("state").toString(), "--seed", "empty", "--csp-port", "0", "--csp-context-path", "")));
        serving.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!out.toString().contains("Serving CSI") && System.nanoTime() < deadline && serving.isAlive()) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        try {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("CSP REST API on (http://127\\.0\\.0\\.1:\\d+)/containers/v1 \\(")
                    .matcher(out.toString());
            assertThat(m.find()).as(out.toString()).isTrue();
            java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
            java.util.function.Function<String, Integer> login = root -> {
                try {
                    return client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(root + "/tokens"))
                            .header("Content-Type", "application/json")
                            .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"username\":\"admin\",\"password\":\"admin\"}"))
                            .build(), java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            };
            assertThat(login.apply(m.group(1) + "/containers/v1")).isEqualTo(200);
            assertThat(login.apply(m.group(1) + "/csp/containers/v1")).isEqualTo(404);
        } finally {
            serving.interrupt();
            serving.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertThat(code.get()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void lockedStateDirFailsFast() {
        try (ReferencePlugin held = ReferencePlugin.builder(dir).start()) {
            assertThat(run("serve", "--endpoint", "unix://" + dir.resolve("s.sock"), "--state-dir", dir.toString()))
                    .isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("already in use");
        }
    }

    @Test
    void faultOptionsConfigureTheFaultsApi() {
        try (ReferencePlugin p = ReferencePlugin.builder(dir).start()) {
            Faults f = p.faults();
            ServeCommand.applyFault(f, "CreateVolume=UNAVAILABLE:2");
            assertThat(f.nextError("csi.v1.Controller/CreateVolume")).contains(Status.Code.UNAVAILABLE);
            assertThat(f.nextError("csi.v1.Controller/CreateVolume")).contains(Status.Code.UNAVAILABLE);
            assertThat(f.nextError("csi.v1.Controller/CreateVolume")).isEmpty();
            ServeCommand.applyLatency(f, "NodeStageVolume=1500");
            assertThat(f.latencyOf("csi.v1.Node/NodeStageVolume").toMillis()).isEqualTo(1500);
        }
    }

    @Test
    void replicationFaultOptionsSetLinkSplitBrainErrorIntervalAndResyncDurationOfNamedPairs() {
        try (ReferencePlugin p = ReferencePlugin.builder(dir).seed(org.csiconsole.core.reference.Seed.DEMO).start()) {
            var pairs = p.replicationFaults().pairs().join().stream().filter(x -> x.health() == org.csiconsole.core.model.ReplicationHealth.HEALTHY
                    && !x.group()).toList();
            ReplicationFaultOptions o = new ReplicationFaultOptions();
            new CommandLine(o).parseArgs("--pair-link-down", pairs.get(0).localId(), "--split-brain", pairs.get(1).remoteId(),
                    "--replication-error", pairs.get(2).localId() + "=Pool full on site-b.", "--sync-interval", pairs.get(0).localId() + "=30s",
                    "--resync-duration", "10s");

            o.apply(p.replicationFaults());

            var after = p.replicationFaults().pairs().join();
            var byId = new java.util.HashMap<String, org.csiconsole.core.replication.SimulatedPair>();
            after.forEach(x -> byId.put(x.localId(), x));
            assertThat(byId.get(pairs.get(0).localId()).linkDown()).isTrue();
            assertThat(byId.get(pairs.get(0).localId()).schedulingInterval()).isEqualTo(java.time.Duration.ofSeconds(30));
            assertThat(byId.get(pairs.get(1).localId()).health()).isEqualTo(org.csiconsole.core.model.ReplicationHealth.ERROR);
            assertThat(byId.get(pairs.get(1).localId()).remoteRole()).isEqualTo(org.csiconsole.core.model.VolumeReplicationRole.PRIMARY);
            assertThat(byId.get(pairs.get(2).localId()).message()).isEqualTo("Pool full on site-b.");
        }
    }

    @Test
    void aReplicationFaultOnAnUnknownPairOrAnUnknownSiteIsAUsageError() {
        assertThat(run("serve", "--endpoint", "unix://" + dir.resolve("s.sock"), "--state-dir", dir.resolve("a").toString(),
                "--split-brain", "vol-nope")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--split-brain vol-nope").contains("does not exist");
        assertThat(run("serve", "--endpoint", "unix://" + dir.resolve("s.sock"), "--state-dir", dir.resolve("b").toString(),
                "--site", "site-z")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--site site-z is not an array");
        assertThat(run("serve", "--endpoint", "unix://" + dir.resolve("s.sock"), "--state-dir", dir.resolve("c").toString(),
                "--site-endpoint", "site-z=unix://" + dir.resolve("z.sock"))).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--site-endpoint site-z=");
    }

    @Test
    void aSecondDriverNameIsServedUnderItsOwnRegistrationSocketAndABadNameIsRefused() throws Exception {
        Path sock = dir.resolve("second.sock");
        Path registry = Files.createDirectories(dir.resolve("plugins_registry"));
        AtomicInteger code = new AtomicInteger(-1);
        Thread serving = new Thread(() -> code.set(run("serve", "--endpoint", "unix://" + sock, "--state-dir", dir.resolve("state").toString(),
                "--seed", "empty", "--driver-name", "second.example.com", "--registration-dir", registry.toString())));
        serving.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!out.toString().contains("Serving CSI") && System.nanoTime() < deadline && serving.isAlive()) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        assertThat(out.toString()).as(err.toString()).contains("Registration on " + registry.resolve("second.example.com-reg.sock"))
                .contains("driver second.example.com");
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        ManagedChannel ch = NettyChannelBuilder.forAddress(new DomainSocketAddress(sock.toString()))
                .eventLoopGroup(group).channelType(EpollDomainSocketChannel.class).usePlaintext().build();
        try {
            assertThat(IdentityGrpc.newBlockingStub(ch).withDeadlineAfter(20, TimeUnit.SECONDS)
                    .getPluginInfo(Csi.GetPluginInfoRequest.getDefaultInstance()).getName()).isEqualTo("second.example.com");
        } finally {
            ch.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            serving.interrupt();
            serving.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertThat(code.get()).isEqualTo(ExitCodes.OK);

        assertThat(run("serve", "--endpoint", "unix://" + sock, "--state-dir", dir.resolve("state").toString(),
                "--driver-name", "-bad name")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--driver-name: '-bad name' is not a CSI driver name");
        assertThat(sock).doesNotExist();
    }

    @Test
    void servesOnTheSocketUntilStoppedThenRemovesIt() throws Exception {
        Path sock = dir.resolve("ref.sock");
        AtomicInteger code = new AtomicInteger(-1);
        Thread serving = new Thread(() -> code.set(run("serve", "--endpoint", "unix://" + sock,
                "--state-dir", dir.resolve("state").toString(), "--seed", "empty", "--node-id", "n-7")));
        serving.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!out.toString().contains("Serving CSI") && System.nanoTime() < deadline && serving.isAlive()) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        assertThat(out.toString()).contains("Serving CSI on unix://" + sock);
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        ManagedChannel ch = NettyChannelBuilder.forAddress(new DomainSocketAddress(sock.toString()))
                .eventLoopGroup(group).channelType(EpollDomainSocketChannel.class).usePlaintext()
                .withOption(io.grpc.netty.shaded.io.netty.channel.ChannelOption.SO_KEEPALIVE, null).build();
        try {
            assertThat(IdentityGrpc.newBlockingStub(ch).withDeadlineAfter(20, TimeUnit.SECONDS)
                    .probe(Csi.ProbeRequest.getDefaultInstance()).getReady().getValue()).isTrue();
        } finally {
            ch.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
        serving.interrupt();
        serving.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(code.get()).isEqualTo(ExitCodes.OK);
        assertThat(Files.exists(sock)).isFalse();
    }
}
