package org.csiconsole.core.trouble;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import pluginregistration.PluginRegistration;
import org.csiconsole.core.registration.RegistrationService;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A registration socket as node-driver-registrar serves it in {@code <root-dir>/plugins_registry}:
 * GetInfo names a CSI plugin and its endpoint. Records the status notifications it receives
 * (a probe must send none). The service itself is {@link RegistrationService}; this adds the socket.
 * Other modules reuse it through core's test-jar.
 */
public final class FakeRegistrar implements AutoCloseable {
    final List<PluginRegistration.RegistrationStatus> notified = new CopyOnWriteArrayList<>();
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
    private final Server server;

    /** Serves GetInfo at {@code socket}: a CSIPlugin named {@code driver} at {@code endpoint}, version 1.0.0. */
    public FakeRegistrar(Path socket, String driver, String endpoint) throws IOException {
        Files.deleteIfExists(socket);
        server = NettyServerBuilder.forAddress(new DomainSocketAddress(socket.toString()))
                .channelType(EpollServerDomainSocketChannel.class).bossEventLoopGroup(group).workerEventLoopGroup(group)
                .withChildOption(ChannelOption.SO_KEEPALIVE, null)
                .addService(new RegistrationService(driver, endpoint, notified::add)).build().start();
    }

    @Override
    public void close() throws InterruptedException {
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
