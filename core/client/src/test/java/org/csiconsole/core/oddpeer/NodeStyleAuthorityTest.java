package org.csiconsole.core.oddpeer;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.endpoint.Endpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A driver whose HTTP/2 server checks {@code :authority} as Node's does, reached over a real unix socket. */
class NodeStyleAuthorityTest {
    @TempDir
    Path dir;

    @Test
    void theConsoleReachesADriverThatChecksTheAuthorityLikeNodeOverAUnixSocket() throws Exception {
        String name = "node-style-" + UUID.randomUUID();
        Path sock = dir.resolve("csi.sock");
        try (FakeCsiDriver driver = new FakeCsiDriver()) {
            driver.startInProcess(name);
            try (NodeStyleAuthorityServer peer = NodeStyleAuthorityServer.start(sock, name);
                 CsiClient client = CsiClient.open(new Endpoint.Unix(sock), Optional.empty(), CsiClientOptions.defaults(),
                         new CallTrace())) {
                assertThat(client.identity().pluginInfo().get(10, TimeUnit.SECONDS).name()).isEqualTo(driver.name);
                assertThat(client.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
                assertThat(peer.rejectedAuthorities()).isEmpty();
                assertThat(peer.acceptedAuthorities()).isNotEmpty().allMatch("localhost"::equals);
            }
        }
    }

    @Test
    void theDriverResetsACallThatSendsTheSocketPathAsAuthorityAndTheConsoleBlamesTheEndpoint() throws Exception {
        String name = "node-style-" + UUID.randomUUID();
        Path sock = dir.resolve("csi.sock");
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        try (FakeCsiDriver driver = new FakeCsiDriver()) {
            driver.startInProcess(name);
            try (NodeStyleAuthorityServer peer = NodeStyleAuthorityServer.start(sock, name)) {
                // a channel as grpc-java builds it by default: the socket path becomes the :authority
                ManagedChannel raw = NettyChannelBuilder.forAddress(new DomainSocketAddress(sock.toString()))
                        .channelType(EpollDomainSocketChannel.class).eventLoopGroup(group).usePlaintext().build();
                try {
                    CallPolicy policy = new CallPolicy(new CallTrace());
                    assertThatThrownBy(() -> policy.unary(raw, "unix://" + sock, IdentityGrpc.getGetPluginInfoMethod(),
                            Csi.GetPluginInfoRequest.getDefaultInstance(), CallSpec.of(CallKind.READ, "GetPluginInfo"))
                            .get(10, TimeUnit.SECONDS))
                            .isInstanceOf(ExecutionException.class)
                            .satisfies(e -> {
                                CallFailure f = CallFailure.unwrap(e);
                                assertThat(f.kind()).isEqualTo(FailureKind.ENDPOINT);
                                assertThat(f.why()).contains("unix://" + sock).contains("reset the stream")
                                        .contains("PROTOCOL_ERROR").doesNotContain("plugin says")
                                        .doesNotContain("failed internally");
                                assertThat(f.whatToDo()).contains("driver is running and listening at unix://" + sock);
                            });
                    assertThat(peer.rejectedAuthorities()).containsExactly(sock.toString());
                } finally {
                    raw.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
                }
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    @Test
    void connectingOverAUnixSocketLogsNoWarning() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        root.addAppender(log);
        Logger bootstrap = (Logger) LoggerFactory.getLogger("io.grpc.netty.shaded.io.netty.bootstrap");
        Level before = bootstrap.getLevel();
        bootstrap.setLevel(Level.WARN);
        Path sock = dir.resolve("csi.sock");
        try (FakeCsiDriver driver = new FakeCsiDriver()) {
            driver.startUnix(sock);
            try (CsiClient client = CsiClient.open(new Endpoint.Unix(sock), Optional.empty(), CsiClientOptions.defaults(),
                    new CallTrace())) {
                assertThat(client.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
            }
        } finally {
            root.detachAppender(log);
            bootstrap.setLevel(before);
        }
        assertThat(log.list).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                .extracting(ILoggingEvent::getFormattedMessage).isEmpty();
    }
}
