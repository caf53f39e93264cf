package org.csiconsole.core.trouble;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.stub.StreamObserver;
import identity.IdentityGrpc;
import identity.IdentityProto;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A csi-addons sidecar that serves only its identity: it advertises NETWORK_FENCE, which it does not
 * serve (ListClusterFence answers UNIMPLEMENTED).
 */
final class MisbehavingAddons implements AutoCloseable {
    volatile String name = "misbehaving.csi.example.com";
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
    private Server server;

    void startUnix(Path socket) throws IOException {
        Files.deleteIfExists(socket);
        server = NettyServerBuilder.forAddress(new DomainSocketAddress(socket.toString()))
                .channelType(EpollServerDomainSocketChannel.class).bossEventLoopGroup(group).workerEventLoopGroup(group)
                .withChildOption(ChannelOption.SO_KEEPALIVE, null)
                .addService(new IdentityGrpc.IdentityImplBase() {
                    @Override
                    public void getIdentity(IdentityProto.GetIdentityRequest req, StreamObserver<IdentityProto.GetIdentityResponse> out) {
                        out.onNext(IdentityProto.GetIdentityResponse.newBuilder().setName(name).setVendorVersion("0.9").build());
                        out.onCompleted();
                    }

                    @Override
                    public void getCapabilities(IdentityProto.GetCapabilitiesRequest req,
                                                StreamObserver<IdentityProto.GetCapabilitiesResponse> out) {
                        out.onNext(IdentityProto.GetCapabilitiesResponse.newBuilder()
                                .addCapabilities(IdentityProto.Capability.newBuilder().setNetworkFence(
                                        IdentityProto.Capability.NetworkFence.newBuilder()
                                                .setType(IdentityProto.Capability.NetworkFence.Type.NETWORK_FENCE)))
                                .build());
                        out.onCompleted();
                    }

                    @Override
                    public void probe(IdentityProto.ProbeRequest req, StreamObserver<IdentityProto.ProbeResponse> out) {
                        out.onNext(IdentityProto.ProbeResponse.getDefaultInstance());
                        out.onCompleted();
                    }
                }).build().start();
    }

    @Override
    public void close() throws InterruptedException {
        if (server != null) {
            server.shutdownNow();
            server.awaitTermination(5, TimeUnit.SECONDS);
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
