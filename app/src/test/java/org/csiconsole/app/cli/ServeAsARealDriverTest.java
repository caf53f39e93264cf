package org.csiconsole.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.csiconsole.core.reference.ReferencePlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import pluginregistration.PluginRegistration;
import pluginregistration.RegistrationGrpc;

/**
 * {@code csi-console serve} playing the RBD driver beside its registrar: required secrets, no
 * listing, an empty Probe and a kubelet registration socket, checked over the real sockets.
 */
class ServeAsARealDriverTest {
    @TempDir
    Path dir;

    private static int run(StringWriter out, StringWriter err, String... args) {
        CommandLine cl = CsiConsoleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private static Status.Code codeOf(Runnable call) {
        try {
            call.run();
            return Status.Code.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode();
        }
    }

    @Test
    void servesLikeTheRbdDriverBesideItsRegistrarAndDiscoverLinksTheRegistrationToTheEndpoint() throws Exception {
        Path root = dir.resolve("root");
        Path registry = Files.createDirectories(root.resolve("plugins_registry"));
        Path socket = Files.createDirectories(root.resolve("plugins/" + ReferencePlugin.PLUGIN_NAME)).resolve("csi.sock");
        Path secrets = Files.writeString(dir.resolve("s.properties"), "userID=admin\nuserKey=k3y\n");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        AtomicInteger code = new AtomicInteger(-1);
        Thread serving = new Thread(() -> code.set(run(out, err, "serve", "--endpoint", "unix://" + socket,
                "--state-dir", dir.resolve("state").toString(), "--seed", "empty", "--require-secrets", secrets.toString(),
                "--without-capability", "LIST_VOLUMES,LIST_SNAPSHOTS", "--empty-probe", "--registration-dir", registry.toString())));
        serving.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!out.toString().contains("Serving CSI") && System.nanoTime() < deadline && serving.isAlive()) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        Path reg = registry.resolve(ReferencePlugin.PLUGIN_NAME + "-reg.sock");
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        ManagedChannel ch = NettyChannelBuilder.forAddress(new DomainSocketAddress(socket.toString()))
                .channelType(EpollDomainSocketChannel.class).eventLoopGroup(group).usePlaintext().build();
        try {
            assertThat(out.toString()).as(err.toString()).contains("Registration on " + reg)
                    .contains("playing a stricter driver: secrets required (keys [userID, userKey]); without controller:LIST_SNAPSHOTS, "
                            + "controller:LIST_VOLUMES, controller:LIST_VOLUMES_PUBLISHED_NODES; empty Probe").doesNotContain("k3y");
            ManagedChannel regChannel = NettyChannelBuilder.forAddress(new DomainSocketAddress(reg.toString()))
                    .channelType(EpollDomainSocketChannel.class).eventLoopGroup(group).usePlaintext().build();
            try {
                var registration = RegistrationGrpc.newBlockingStub(regChannel);
                PluginRegistration.PluginInfo info = registration.getInfo(PluginRegistration.InfoRequest.getDefaultInstance());
                assertThat(info.getType()).isEqualTo("CSIPlugin");
                assertThat(info.getName()).isEqualTo(ReferencePlugin.PLUGIN_NAME);
                assertThat(info.getEndpoint()).isEqualTo(socket.toString());
                assertThat(info.getSupportedVersionsList()).containsExactly("1.0.0");
                assertThat(registration.notifyRegistrationStatus(PluginRegistration.RegistrationStatus.newBuilder()
                        .setPluginRegistered(true).build())).isEqualTo(PluginRegistration.RegistrationStatusResponse.getDefaultInstance());
            } finally {
                regChannel.shutdownNow();
            }

            StringWriter found = new StringWriter();
            assertThat(run(found, new StringWriter(), "discover", "--root-dir", root.toString(), "--output", "json"))
                    .isEqualTo(ExitCodes.OK);
            JsonNode sockets = new ObjectMapper().readTree(found.toString()).get("sockets");
            assertThat(sockets.toString()).contains(reg.toString()).contains(socket.toString()).contains("CSIPlugin")
                    .contains(ReferencePlugin.PLUGIN_NAME);
            StringWriter table = new StringWriter();
            run(table, new StringWriter(), "discover", "--root-dir", root.toString());
            assertThat(table.toString()).contains("REGISTERED-BY").contains("1.0.0").doesNotContain("What to do:");

            ControllerGrpc.ControllerBlockingStub controller = ControllerGrpc.newBlockingStub(ch);
            Csi.CreateVolumeRequest create = Csi.CreateVolumeRequest.newBuilder().setName("rbd-like")
                    .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(1L << 30))
                    .addVolumeCapabilities(Csi.VolumeCapability.newBuilder().setMount(Csi.VolumeCapability.MountVolume.getDefaultInstance())
                            .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder()
                                    .setMode(Csi.VolumeCapability.AccessMode.Mode.SINGLE_NODE_WRITER)))
                    .build();
            assertThat(codeOf(() -> controller.createVolume(create))).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(codeOf(() -> controller.createVolume(create.toBuilder().putSecrets("userID", "admin")
                    .putSecrets("userKey", "wrong").build()))).isEqualTo(Status.Code.UNAUTHENTICATED);
            assertThat(codeOf(() -> controller.createVolume(create.toBuilder().putSecrets("userID", "admin")
                    .putSecrets("userKey", "k3y").build()))).isEqualTo(Status.Code.OK);

            assertThat(controller.controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest.getDefaultInstance()).getCapabilitiesList())
                    .noneMatch(c -> c.getRpc().getType() == Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES
                            || c.getRpc().getType() == Csi.ControllerServiceCapability.RPC.Type.LIST_SNAPSHOTS);
            assertThat(codeOf(() -> controller.listVolumes(Csi.ListVolumesRequest.getDefaultInstance())))
                    .isEqualTo(Status.Code.UNIMPLEMENTED);
            assertThat(IdentityGrpc.newBlockingStub(ch).probe(Csi.ProbeRequest.getDefaultInstance()).hasReady()).isFalse();
        } finally {
            ch.shutdownNow();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            serving.interrupt();
            serving.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertThat(code.get()).isEqualTo(ExitCodes.OK);
        assertThat(reg).as("removed on shutdown like the other sockets").doesNotExist();
        assertThat(socket).doesNotExist();
    }

    @Test
    void aWrongCapabilityNameListsTheValidOnesAndAnEmptySecretsFileIsRefused() throws Exception {
        StringWriter err = new StringWriter();
        String sock = "unix://" + dir.resolve("s.sock");
        assertThat(run(new StringWriter(), err, "serve", "--endpoint", sock, "--state-dir", dir.resolve("state").toString(),
                "--without-capability", "LIST_VOLUMES,LISTSNAPSHOTS")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("'LISTSNAPSHOTS' is not a capability").contains("controller:LIST_SNAPSHOTS");

        Path empty = Files.writeString(dir.resolve("empty.properties"), "# nothing\n");
        assertThat(run(new StringWriter(), err, "serve", "--endpoint", sock, "--state-dir", dir.resolve("state").toString(),
                "--require-secrets", empty.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("holds no secret");
        assertThat(dir.resolve("s.sock")).doesNotExist();
    }
}
