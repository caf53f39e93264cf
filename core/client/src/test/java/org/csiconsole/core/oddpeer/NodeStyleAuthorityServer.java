package org.csiconsole.core.oddpeer;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.netty.shaded.io.netty.bootstrap.ServerBootstrap;
import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.buffer.Unpooled;
import io.grpc.netty.shaded.io.netty.channel.Channel;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelInitializer;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.SimpleChannelInboundHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2DataFrame;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Error;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Headers;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2HeadersFrame;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2StreamChannel;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2StreamFrame;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * An odd peer: a gRPC server on a unix socket whose HTTP/2 layer checks the {@code :authority} the
 * way Node's HTTP/2 server (nghttp2, behind {@code @grpc/grpc-js} drivers such as democratic-csi)
 * does. A request whose {@code :authority} is not a valid RFC 3986 authority (only unreserved
 * characters, percent escapes, sub-delims, {@code : @ [ ]}; nghttp2's {@code nghttp2_check_authority})
 * is reset with RST_STREAM PROTOCOL_ERROR before any service sees it. A socket path, with its
 * {@code /}, is such an authority.
 *
 * <p>Valid requests are relayed, unary or server-streaming, to a gRPC server served in process
 * under a given name (a {@code FakeCsiDriver} or the reference plugin), so any service can sit
 * behind this front. Only identity encoding; messages are relayed as bytes.
 */
public final class NodeStyleAuthorityServer implements AutoCloseable {
    private static final String AUTHORITY_CHARS =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%!$&'()*+,;=:@[]";

    private final EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
    private final EventLoopGroup workers = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
    private final ManagedChannel backend;
    private final Channel server;
    private final List<String> rejected = new CopyOnWriteArrayList<>();
    private final List<String> accepted = new CopyOnWriteArrayList<>();

    private NodeStyleAuthorityServer(Path socket, String inProcessName) throws InterruptedException {
        this.backend = InProcessChannelBuilder.forName(inProcessName).directExecutor().build();
        this.server = new ServerBootstrap()
                .group(boss, workers)
                .channel(EpollServerDomainSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(),
                                new Http2MultiplexHandler(new ChannelInitializer<Http2StreamChannel>() {
                                    @Override
                                    protected void initChannel(Http2StreamChannel stream) {
                                        stream.pipeline().addLast(new Relay());
                                    }
                                }));
                    }
                })
                .bind(new DomainSocketAddress(socket.toString())).sync().channel();
    }

    /**
     * Listens on {@code socket} (an old file there is removed) and relays valid calls to the
     * in-process server named {@code inProcessName}.
     */
    public static NodeStyleAuthorityServer start(Path socket, String inProcessName) throws IOException, InterruptedException {
        Files.deleteIfExists(socket);
        return new NodeStyleAuthorityServer(socket, inProcessName);
    }

    /** Whether nghttp2 accepts {@code authority} as the value of {@code :authority}. */
    public static boolean validAuthority(CharSequence authority) {
        if (authority == null || authority.length() == 0) return false;
        for (int i = 0; i < authority.length(); i++) {
            if (AUTHORITY_CHARS.indexOf(authority.charAt(i)) < 0) return false;
        }
        return true;
    }

    /** The {@code :authority} values of the requests reset so far, in arrival order. */
    public List<String> rejectedAuthorities() {
        return List.copyOf(rejected);
    }

    /** The {@code :authority} values of the requests relayed so far, in arrival order. */
    public List<String> acceptedAuthorities() {
        return List.copyOf(accepted);
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        backend.shutdownNow();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One HTTP/2 stream: checks the authority, gathers the request body, relays the call. */
    private final class Relay extends SimpleChannelInboundHandler<Http2StreamFrame> {
        private String path;
        private ByteBuf body;
        private boolean responseHeadersSent;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Http2StreamFrame frame) {
            if (frame instanceof Http2HeadersFrame h && path == null) {
                CharSequence authority = h.headers().authority();
                if (!validAuthority(authority)) {
                    rejected.add(String.valueOf(authority));
                    ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.PROTOCOL_ERROR));
                    return;
                }
                accepted.add(authority.toString());
                path = h.headers().path().toString();
                body = ctx.alloc().buffer();
                if (h.isEndStream()) relay(ctx);
            } else if (frame instanceof Http2DataFrame d && body != null) {
                body.writeBytes(d.content());
                if (d.isEndStream()) relay(ctx);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (body != null) body.release();
            body = null;
        }

        private void relay(ChannelHandlerContext ctx) {
            List<byte[]> messages = new java.util.ArrayList<>();
            while (body.readableBytes() >= 5) {
                body.readByte(); // compressed flag: identity only
                byte[] m = new byte[body.readInt()];
                body.readBytes(m);
                messages.add(m);
            }
            body.release();
            body = null;
            MethodDescriptor<byte[], byte[]> method = MethodDescriptor.<byte[], byte[]>newBuilder()
                    .setType(MethodDescriptor.MethodType.UNKNOWN)
                    .setFullMethodName(path.substring(1))
                    .setRequestMarshaller(Bytes.INSTANCE)
                    .setResponseMarshaller(Bytes.INSTANCE)
                    .build();
            ClientCall<byte[], byte[]> call = backend.newCall(method, CallOptions.DEFAULT);
            call.start(new ClientCall.Listener<>() {
                @Override
                public void onMessage(byte[] message) {
                    sendResponseHeaders(ctx);
                    ByteBuf framed = Unpooled.buffer(5 + message.length).writeByte(0).writeInt(message.length).writeBytes(message);
                    ctx.writeAndFlush(new DefaultHttp2DataFrame(framed, false));
                }

                @Override
                public void onClose(Status status, Metadata trailers) {
                    sendResponseHeaders(ctx);
                    Http2Headers t = new DefaultHttp2Headers().set("grpc-status", String.valueOf(status.getCode().value()));
                    if (status.getDescription() != null) {
                        t.set("grpc-message", URLEncoder.encode(status.getDescription(), StandardCharsets.UTF_8).replace("+", "%20"));
                    }
                    ctx.writeAndFlush(new DefaultHttp2HeadersFrame(t, true));
                }
            }, new Metadata());
            call.request(Integer.MAX_VALUE);
            for (byte[] m : messages) call.sendMessage(m);
            call.halfClose();
        }

        private void sendResponseHeaders(ChannelHandlerContext ctx) {
            if (responseHeadersSent) return;
            responseHeadersSent = true;
            ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200").set("content-type", "application/grpc")));
        }
    }

    /** Messages as raw bytes. */
    private enum Bytes implements MethodDescriptor.Marshaller<byte[]> {
        INSTANCE;

        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
