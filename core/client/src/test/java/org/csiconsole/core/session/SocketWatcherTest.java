package org.csiconsole.core.session;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class SocketWatcherTest {
    private static final Backoff FAST = new Backoff(Duration.ofMillis(10), Duration.ofMillis(80));
    private static final Duration POLL = Duration.ofMillis(20);

    @TempDir
    Path dir;
    private final BlockingQueue<SocketWatcher.SocketStatus> seen = new LinkedBlockingQueue<>();
    private ServerSocketChannel server;
    private SocketWatcher watcher;

    @AfterEach
    void tearDown() throws IOException {
        if (watcher != null) watcher.close();
        if (server != null) server.close();
    }

    private ServerSocketChannel serve(Path socket) throws IOException {
        ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        s.bind(UnixDomainSocketAddress.of(socket));
        return s;
    }

    /** Takes statuses until one in {@code state} arrives; fails after 10 s. */
    private SocketWatcher.SocketStatus awaitState(ConnectionState state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            SocketWatcher.SocketStatus s = seen.poll(100, TimeUnit.MILLISECONDS);
            if (s != null && s.state() == state) return s;
        }
        throw new AssertionError("no " + state + " status within 10 s; last " + (watcher == null ? null : watcher.status()));
    }

    @Test
    void goesFromConnectedToReconnectingWhenTheSocketIsDeletedAndBackWhenServedAgain() throws Exception {
        Path socket = dir.resolve("csi.sock");
        server = serve(socket);
        AtomicInteger connects = new AtomicInteger();
        watcher = SocketWatcher.start(socket, () -> {
            connects.incrementAndGet();
            return CompletableFuture.completedFuture(null);
        }, seen::add, FAST, POLL);

        assertThat(awaitState(ConnectionState.CONNECTING).message()).contains(socket.toString());
        awaitState(ConnectionState.CONNECTED);
        assertThat(connects).hasValue(1);

        server.close();
        Files.delete(socket);
        assertThat(awaitState(ConnectionState.RECONNECTING).message()).contains("disappeared");

        server = serve(socket);
        awaitState(ConnectionState.CONNECTED);
        assertThat(connects.get()).isGreaterThanOrEqualTo(2);
        assertThat(watcher.status().attempt()).isZero();

        watcher.close();
        assertThat(awaitState(ConnectionState.DISCONNECTED).message()).contains("Disconnected");
    }

    @Test
    void aStaleSocketFileWithNoListenerCountsAsGone() throws Exception {
        Path socket = dir.resolve("csi.sock");
        server = serve(socket);
        watcher = SocketWatcher.start(socket, () -> CompletableFuture.completedFuture(null), seen::add, FAST, POLL);
        awaitState(ConnectionState.CONNECTED);

        server.close(); // the file stays behind, but nobody listens
        assertThat(Files.exists(socket)).isTrue();
        assertThat(awaitState(ConnectionState.RECONNECTING).message()).contains("stopped accepting");
    }

    @Test
    void waitsForTheDriverWithGrowingAttemptsWhileTheSocketIsMissingThenConnects() throws Exception {
        Path socket = dir.resolve("later.sock");
        watcher = SocketWatcher.start(socket, () -> CompletableFuture.completedFuture(null), seen::add, FAST, POLL);
        SocketWatcher.SocketStatus first = awaitState(ConnectionState.CONNECTING);
        SocketWatcher.SocketStatus waiting;
        do {
            waiting = awaitState(ConnectionState.WAITING);
        } while (waiting.attempt() < 3);
        assertThat(waiting.message()).contains("There is no socket at").contains("next attempt in");
        assertThat(first.attempt()).isZero();

        server = serve(socket);
        awaitState(ConnectionState.CONNECTED);
    }

    @Test
    void aRegularFileAsSocketCannotConnectWithTheCommandLinesDiagnosisAndConnectsOnceItIsASocket() throws Exception {
        Path socket = dir.resolve("csi.sock");
        Files.writeString(socket, "not a socket");
        String cli = new org.csiconsole.core.endpoint.SocketDiagnostics().check(socket).orElseThrow().why();
        watcher = SocketWatcher.start(socket, () -> CompletableFuture.completedFuture(null), seen::add, FAST, POLL);

        SocketWatcher.SocketStatus cannot = awaitState(ConnectionState.CANNOT_CONNECT);
        assertThat(cli).contains("is a regular file, not a unix socket");
        assertThat(cannot.message()).containsIgnoringCase(cli).doesNotContain("not running");
        assertThat(cannot.state().label()).isEqualTo("Cannot connect");

        Files.delete(socket);
        server = serve(socket);
        awaitState(ConnectionState.CONNECTED);
    }

    @Test
    void aFailingConnectorIsRetriedWithBackoffUntilItSucceeds() throws Exception {
        Path socket = dir.resolve("csi.sock");
        server = serve(socket);
        AtomicInteger calls = new AtomicInteger();
        watcher = SocketWatcher.start(socket, () -> calls.incrementAndGet() < 3
                ? CompletableFuture.failedFuture(new IllegalStateException("UNAVAILABLE: plugin starting"))
                : CompletableFuture.completedFuture(null), seen::add, FAST, POLL);
        SocketWatcher.SocketStatus failing = awaitState(ConnectionState.CONNECTING);
        while (!failing.message().contains("did not answer")) failing = awaitState(ConnectionState.CONNECTING);
        assertThat(failing.message()).contains("plugin starting");
        awaitState(ConnectionState.CONNECTED);
        assertThat(calls).hasValue(3);
    }

    @Test
    void backoffDoublesUpToItsMaximum() {
        Backoff b = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(2));
        assertThat(b.delay(0)).isEqualTo(Duration.ofMillis(250));
        assertThat(b.delay(1)).isEqualTo(Duration.ofMillis(500));
        assertThat(b.delay(3)).isEqualTo(Duration.ofSeconds(2));
        assertThat(b.delay(60)).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void acceptingIsFalseForAMissingPath() {
        assertThat(SocketWatcher.accepting(dir.resolve("nothing.sock"))).isFalse();
    }
}
