package org.csiconsole.core.endpoint;

import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NegotiationType;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.Objects;
import java.util.Optional;

/**
 * Makes gRPC channels for endpoints: unix sockets over Netty epoll (with {@code :authority}
 * {@value #UNIX_AUTHORITY} and no TCP socket options), TCP with optional TLS over Netty, and the
 * in-process transport. Unix sockets are checked with {@link SocketDiagnostics}
 * first. {@link Connection} owns what this factory creates.
 *
 * <p>Netty channels run their callbacks on the connection's I/O thread ({@code directExecutor}):
 * responses are decoded there and the client's futures complete there, with no hand-off to a
 * thread pool (that hand-off cost about 25 µs per call, a fifth of a unary call over a unix
 * socket). The price is a rule for every caller: code chained on a client future must not block;
 * slow work goes to an executor of its own ({@code thenApplyAsync(fn, executor)}).
 *
 * <p>gRPC's own retries are off: {@link org.csiconsole.core.call.CallPolicy} retries, with the
 * spec's codes, its own backoff and a trace entry per attempt. With them on, every call went through
 * grpc-java's retry buffer, which kept each request for a replay that never came: about 20 ms of
 * the I/O thread's CPU in a listing of 100,000 volumes in pages of 500 (async-profiler).
 */
public final class ChannelFactory {
    /** Largest inbound message accepted, in bytes (a ListVolumes page of a few thousand entries fits easily). */
    public static final int MAX_INBOUND_BYTES = 32 * 1024 * 1024;

    /**
     * The HTTP/2 {@code :authority} sent on unix sockets, as gRPC-Go sends it: a socket path is not a
     * valid authority (RFC 3986 section 3.2, RFC 9113 section 8.3.1), and Node's HTTP/2 server resets
     * a stream that carries one with RST_STREAM PROTOCOL_ERROR.
     */
    public static final String UNIX_AUTHORITY = "localhost";

    private final SocketDiagnostics diagnostics;
    private final String userAgent;

    public ChannelFactory() {
        this(new SocketDiagnostics(), "csi-console");
    }

    /**
     * @param diagnostics checks run on unix sockets before connecting
     * @param userAgent sent as the gRPC user agent
     */
    public ChannelFactory(SocketDiagnostics diagnostics, String userAgent) {
        this.diagnostics = Objects.requireNonNull(diagnostics, "diagnostics");
        this.userAgent = Objects.requireNonNull(userAgent, "userAgent");
    }

    /**
     * Opens a connection.
     *
     * @throws CallFailure {@link FailureKind#ENDPOINT} when a unix socket fails a diagnostic check or
     *     epoll is not available; {@link FailureKind#TLS} when the TLS files cannot be read
     */
    public Connection open(Endpoint endpoint) {
        if (endpoint instanceof Endpoint.Unix u) return unix(u);
        if (endpoint instanceof Endpoint.Tcp t) return tcp(t);
        Endpoint.InProcess p = (Endpoint.InProcess) endpoint;
        return new Connection(endpoint, InProcessChannelBuilder.forName(p.name()).userAgent(userAgent).disableRetry().build(), null);
    }

    /**
     * Opens a connection to an endpoint whose unix socket may not be there yet: a csi-addons
     * sidecar's or a node plugin's, which start on their own. The socket is not checked now; calls
     * fail UNAVAILABLE until something listens on it, and the channel connects once it does.
     *
     * @throws CallFailure {@link FailureKind#ENDPOINT} when epoll is not available;
     *     {@link FailureKind#TLS} when the TLS files cannot be read
     */
    public Connection openLater(Endpoint endpoint) {
        return endpoint instanceof Endpoint.Unix u ? unix(u, false) : open(endpoint);
    }

    private Connection unix(Endpoint.Unix u) {
        return unix(u, true);
    }

    private Connection unix(Endpoint.Unix u, boolean checkNow) {
        Optional<CallFailure> problem = checkNow ? diagnostics.check(u.path()) : Optional.empty();
        if (problem.isPresent()) throw problem.get();
        if (!Epoll.isAvailable()) {
            throw new CallFailure(FailureKind.ENDPOINT, "Connect to " + u.text(),
                    "unix sockets need Netty's native epoll transport, which is not available on this system",
                    "Run the console on Linux (x86_64 or aarch64)", String.valueOf(Epoll.unavailabilityCause()));
        }
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        try {
            ManagedChannel ch = NettyChannelBuilder.forAddress(new DomainSocketAddress(u.path().toString()))
                    .channelType(EpollDomainSocketChannel.class)
                    // grpc-java would send the socket path as :authority; HTTP/2 servers that check it
                    // (Node's, under grpc-js drivers) reset such a stream with PROTOCOL_ERROR
                    .overrideAuthority(UNIX_AUTHORITY)
                    // grpc-netty sets this TCP option on every channel; a domain socket has none
                    .withOption(ChannelOption.SO_KEEPALIVE, null)
                    .directExecutor()
                    .disableRetry()
                    .eventLoopGroup(group)
                    .usePlaintext()
                    .userAgent(userAgent)
                    .maxInboundMessageSize(MAX_INBOUND_BYTES)
                    .build();
            return new Connection(u, ch, group);
        } catch (RuntimeException e) {
            group.shutdownGracefully();
            throw e;
        }
    }

    private Connection tcp(Endpoint.Tcp t) {
        NettyChannelBuilder b = NettyChannelBuilder.forAddress(t.host(), t.port())
                .directExecutor()
                .disableRetry()
                .userAgent(userAgent)
                .maxInboundMessageSize(MAX_INBOUND_BYTES);
        TlsOptions tls = t.tls();
        if (!tls.enabled()) {
            b.usePlaintext();
        } else {
            try {
                SslContextBuilder ssl = GrpcSslContexts.forClient();
                if (tls.caFile().isPresent()) ssl.trustManager(tls.caFile().get().toFile());
                if (tls.clientCertificate().isPresent()) {
                    ssl.keyManager(tls.clientCertificate().get().toFile(), tls.clientKey().orElseThrow().toFile());
                }
                SslContext ctx = ssl.build();
                b.negotiationType(NegotiationType.TLS).sslContext(ctx);
            } catch (Exception e) {
                throw new CallFailure(FailureKind.TLS, "Set up TLS for " + t.text(),
                        "the certificate or key files could not be read (" + e.getClass().getSimpleName() + ")",
                        "Check that the CA file, client certificate and key are readable PEM files (the key in PKCS#8)",
                        String.valueOf(e.getMessage()), e);
            }
        }
        return new Connection(t, b.build(), null);
    }
}
