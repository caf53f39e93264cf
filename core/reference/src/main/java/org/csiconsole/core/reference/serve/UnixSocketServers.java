package org.csiconsole.core.reference.serve;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * gRPC servers on unix domain sockets (Netty epoll, Linux). A stale socket file left by a killed
 * process is replaced; a socket another process is still serving on is refused.
 */
public final class UnixSocketServers {
    private UnixSocketServers() {
    }

    /** A started server plus what must be released with it. */
    public record Running(Server server, Path socket, EventLoopGroup group) {
        /** Stops serving (waiting up to 5 s for calls in flight), frees the event loop and removes the socket file. */
        public void stop() {
            server.shutdown();
            try {
                if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                    server.shutdownNow();
                }
            } catch (InterruptedException e) {
                server.shutdownNow();
                Thread.currentThread().interrupt();
            }
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            try {
                Files.deleteIfExists(socket);
            } catch (IOException ignored) {
                // nothing more to do
            }
        }
    }

    /**
     * Starts serving {@code services} on {@code socket}.
     *
     * @throws IOException when the socket path is in use by a live server, its directory does not
     *                     exist, or epoll is unavailable (message says which)
     */
    public static Running start(Path socket, List<BindableService> services) throws IOException {
        if (!Epoll.isAvailable()) {
            throw new IOException("Unix socket serving needs Linux epoll, which is unavailable here: "
                    + Epoll.unavailabilityCause().getMessage());
        }
        Path abs = socket.toAbsolutePath();
        if (abs.getParent() != null && !Files.isDirectory(abs.getParent())) {
            throw new IOException("Directory " + abs.getParent() + " for socket " + abs + " does not exist. Create it first.");
        }
        if (Files.exists(abs)) {
            if (inUse(abs)) {
                throw new IOException("Socket " + abs + " is in use by another server. Stop it or choose another endpoint.");
            }
            Files.delete(abs);
        }
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, EpollIoHandler.newFactory());
        NettyServerBuilder b = NettyServerBuilder.forAddress(new DomainSocketAddress(abs.toString()))
                .channelType(EpollServerDomainSocketChannel.class)
                .bossEventLoopGroup(group)
                .workerEventLoopGroup(group)
                // grpc-netty sets SO_KEEPALIVE on accepted channels; a domain socket has no such option
                .withChildOption(ChannelOption.SO_KEEPALIVE, null);
        services.forEach(b::addService);
        try {
            return new Running(b.build().start(), abs, group);
        } catch (IOException | RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IOException("Cannot serve on " + abs + ": " + e.getMessage(), e);
        }
    }

    private static boolean inUse(Path socket) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
