package org.csiconsole.app.cli;

import csi.v1.Csi;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import org.csiconsole.core.csi.CsiRpc;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.channels.SocketChannel;

/**
 * The one-time work a command that dials a gRPC endpoint meets before its first call, started on a
 * daemon thread while the main thread reads the command line: the JDK's unix sockets, which the socket
 * check ({@link org.csiconsole.core.endpoint.SocketDiagnostics}) connects with, Netty's native epoll
 * transport, and csi.proto's descriptor (CsiRpc reads the spec's alpha options from it). Each is
 * initialized once per JVM; the main thread finds it ready or waits for this thread to finish it.
 * Together about 60 ms of CPU in a short command's start-up (async-profiler), now on another core.
 * A failure here is logged at debug and left to the main thread, which meets and reports it in its own words.
 */
final class ConnectPrefetch {
    private ConnectPrefetch() {
    }

    /** Starts the prefetch and returns at once. */
    static void start() {
        Thread t = new Thread(ConnectPrefetch::run, "connect-prefetch");
        t.setDaemon(true);
        t.start();
    }

    private static void run() {
        try {
            // in the order the main thread needs them: the socket check and the channel, then the first call
            SocketChannel.open(StandardProtocolFamily.UNIX).close();
            Epoll.isAvailable();
            Csi.getDescriptor();
            CsiRpc.values();
        } catch (IOException | RuntimeException | LinkageError e) {
            LoggerFactory.getLogger(ConnectPrefetch.class).debug("connect prefetch: {}", e.toString());
        }
    }
}
