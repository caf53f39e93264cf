package org.csiconsole.core.reference;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A raw gRPC channel to a unix socket, as a CO would open it. */
final class SocketFixture implements AutoCloseable {
    final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, EpollIoHandler.newFactory());
    final ManagedChannel channel;

    SocketFixture(Path socket) {
        channel = NettyChannelBuilder.forAddress(new DomainSocketAddress(socket.toString()))
                .eventLoopGroup(group).channelType(EpollDomainSocketChannel.class)
                .withOption(io.grpc.netty.shaded.io.netty.channel.ChannelOption.SO_KEEPALIVE, null) // no TCP options on a domain socket
                .maxInboundMessageSize(256 << 20).usePlaintext().build();
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow();
        channel.awaitTermination(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
