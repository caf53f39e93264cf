package org.csiconsole.app.bench;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The competitor of {@code csi-console volumes} in the start-up benchmark when csc is not on the
 * PATH: the least a grpc-java program does to list volumes. A blocking stub over a unix socket
 * pages ListVolumes with {@code max_entries} and prints one line per volume (volume_id and
 * capacity_bytes, as csc prints them), no policy, trace, audit or record mapping.
 *
 * <p>{@code RawStubList SOCKET_PATH PAGE_SIZE}
 */
public final class RawStubList {
    private RawStubList() {
    }

    public static void main(String[] args) throws Exception {
        // as the console's Main does: Netty's allocator registers no JFR events on the first call
        System.setProperty("io.grpc.netty.shaded.io.netty.jfr.enabled", "false");
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16));
        try {
            list(args[0], Integer.parseInt(args[1]), out);
        } finally {
            out.flush();
        }
        // Ends when the listing has, as csc does and as the console's Main does: otherwise Netty's
        // global event executor, a non-daemon thread with a one-second quiet period, keeps the JVM
        // up for about a second after main returns (1.1 s for an empty listing that took 0.17 s).
        System.exit(0);
    }

    /** Lists every volume on the socket at {@code socket} to {@code out}, then {@code N volumes}; returns N. */
    static long list(String socket, int pageSize, PrintWriter out) throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        ManagedChannel channel = NettyChannelBuilder.forAddress(new DomainSocketAddress(socket))
                .eventLoopGroup(group).channelType(EpollDomainSocketChannel.class).usePlaintext()
                // grpc-netty sets this TCP option on every channel; Netty warns on stderr that a domain socket has none
                .withOption(ChannelOption.SO_KEEPALIVE, null)
                .build();
        try {
            ControllerGrpc.ControllerBlockingStub stub = ControllerGrpc.newBlockingStub(channel);
            String token = "";
            long n = 0;
            do {
                Csi.ListVolumesResponse page = stub.withDeadlineAfter(60, TimeUnit.SECONDS).listVolumes(
                        Csi.ListVolumesRequest.newBuilder().setMaxEntries(pageSize).setStartingToken(token).build());
                for (Csi.ListVolumesResponse.Entry e : page.getEntriesList()) {
                    out.append(e.getVolume().getVolumeId()).append(' ').append(Long.toString(e.getVolume().getCapacityBytes())).append('\n');
                    n++;
                }
                token = page.getNextToken();
            } while (!token.isEmpty());
            out.println(n + " volumes");
            return n;
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
        }
    }
}
