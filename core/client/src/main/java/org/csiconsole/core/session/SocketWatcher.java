package org.csiconsole.core.session;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Watches a CSI driver's unix socket and keeps a connection to it, the way the CSI spec has a CO
 * do it: "CO: monitor the socket ... observe that socket now exists, establish connection"
 * (csi-spec-v0.1-lifecycle.md, "Configuration and Operation", "Plugin Bootstrap Example"). A
 * driver may be restarted at any time, so the watcher keeps monitoring after the first connection.
 *
 * <p>Life cycle, reported to a listener as {@link Status} values:
 * <ol>
 *   <li>{@link ConnectionState#CONNECTING} at start; the watcher checks that something accepts
 *       connections on the socket, then runs the connector (normally: build the gRPC channel and call
 *       {@code GetPluginInfo}).</li>
 *   <li>{@link ConnectionState#CONNECTED} when the connector's future completes normally. From then
 *       on the socket is checked every poll interval, and at once after {@link #poke()}.</li>
 *   <li>{@link ConnectionState#RECONNECTING} when the socket file is gone or nobody accepts on it;
 *       attempts follow the {@link Backoff} (250 ms, 500 ms, 1 s, ... up to its maximum) until the
 *       connector succeeds again. While the first connection has never succeeded the state is
 *       {@link ConnectionState#WAITING} as long as the socket file does not exist, else
 *       {@code CONNECTING}.</li>
 *   <li>{@link ConnectionState#CANNOT_CONNECT} while the path cannot become the driver's socket by
 *       itself (a regular file, a directory, a path too long, no permission); the message is the
 *       command line's diagnosis ({@link org.csiconsole.core.endpoint.SocketDiagnostics}), which words
 *       every failed check here. Attempts go on, so a fixed path connects.</li>
 *   <li>{@link ConnectionState#DISCONNECTED} after {@link #close()}; nothing runs any more.</li>
 * </ol>
 *
 * <p>The listener is called on the watcher's scheduler thread, one call at a time; it must not
 * block (hand the value to the UI thread). No JavaFX here.
 */
public final class SocketWatcher implements AutoCloseable {
    /** How often a connected socket is checked when nothing else happens: 1 s. */
    public static final Duration DEFAULT_POLL = Duration.ofSeconds(1);

    /**
     * One observation of the watcher.
     *
     * @param state where the connection stands
     * @param message a sentence for a status bar, e.g. "The socket /run/csi.sock is gone; next attempt in 1 s."
     * @param attempt reconnect attempts made since the connection was last up (0 when connected)
     */
    public record SocketStatus(ConnectionState state, String message, int attempt) {
    }

    private final Path socket;
    private final Supplier<CompletableFuture<?>> connector;
    private final Consumer<SocketStatus> listener;
    private final ScheduledExecutorService scheduler;
    private final boolean ownsScheduler;
    private final Backoff backoff;
    private final Duration poll;

    private boolean closed;
    private boolean everConnected;
    private int attempt;
    private long generation;
    private ScheduledFuture<?> pending;
    private SocketStatus status;

    private SocketWatcher(Path socket, Supplier<CompletableFuture<?>> connector, Consumer<SocketStatus> listener,
                          ScheduledExecutorService scheduler, boolean ownsScheduler, Backoff backoff, Duration poll) {
        this.socket = Objects.requireNonNull(socket, "socket");
        this.connector = Objects.requireNonNull(connector, "connector");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.ownsScheduler = ownsScheduler;
        this.backoff = Objects.requireNonNull(backoff, "backoff");
        this.poll = Objects.requireNonNull(poll, "poll");
        if (poll.isNegative() || poll.isZero()) throw new IllegalArgumentException("poll interval must be positive");
    }

    /**
     * Starts watching on a scheduler thread of its own (a daemon thread, stopped by {@link #close()}).
     *
     * @param socket path of the driver's unix socket
     * @param connector (re)connects and proves the plugin answers; its future fails when it does not
     * @param listener receives every state change
     * @param backoff waits between reconnect attempts
     * @param poll how often a connected socket is checked
     */
    public static SocketWatcher start(Path socket, Supplier<CompletableFuture<?>> connector, Consumer<SocketStatus> listener,
                                      Backoff backoff, Duration poll) {
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "socket-watcher " + socket.getFileName());
            t.setDaemon(true);
            return t;
        });
        SocketWatcher w = new SocketWatcher(socket, connector, listener, s, true, backoff, poll);
        w.begin();
        return w;
    }

    /** As {@link #start(Path, Supplier, Consumer, Backoff, Duration)} on a caller-owned scheduler (not shut down by close). */
    public static SocketWatcher start(Path socket, Supplier<CompletableFuture<?>> connector, Consumer<SocketStatus> listener,
                                      ScheduledExecutorService scheduler, Backoff backoff, Duration poll) {
        SocketWatcher w = new SocketWatcher(socket, connector, listener, scheduler, false, backoff, poll);
        w.begin();
        return w;
    }

    /** The socket this watcher watches. */
    public Path socket() {
        return socket;
    }

    /** The last reported status. */
    public synchronized SocketStatus status() {
        return status;
    }

    /**
     * Asks for a check now, for example after a call failed with gRPC {@code UNAVAILABLE}. While
     * connected, the socket is checked at once; otherwise the next attempt is moved forward.
     */
    public synchronized void poke() {
        if (closed) return;
        if (status.state() == ConnectionState.CONNECTED) schedule(this::check, Duration.ZERO);
        else schedule(this::attempt, Duration.ZERO);
    }

    /** Stops watching and reports {@link ConnectionState#DISCONNECTED}. Idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
            generation++;
            if (pending != null) pending.cancel(false);
            publish(ConnectionState.DISCONNECTED, "Disconnected from " + socket + ".");
        }
        if (ownsScheduler) scheduler.shutdownNow();
    }

    /**
     * Whether a process accepts connections on the unix socket at {@code path} right now: the file
     * exists and a connect succeeds (the connection is closed at once).
     */
    public static boolean accepting(Path path) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            return ch.connect(UnixDomainSocketAddress.of(path));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private synchronized void begin() {
        publish(ConnectionState.CONNECTING, "Connecting to " + socket + ".");
        schedule(this::attempt, Duration.ZERO);
    }

    private void attempt() {
        long gen;
        synchronized (this) {
            if (closed) return;
            gen = generation;
        }
        if (!accepting(socket)) {
            // The command line's diagnosis, word for word: one code path for both.
            java.util.Optional<org.csiconsole.core.call.CallFailure> problem = DIAGNOSTICS.check(socket);
            boolean exists = java.nio.file.Files.exists(socket);
            String why = problem.map(f -> sentence(f.why())).orElse("Nothing accepts connections on " + socket);
            boolean passing = problem.map(org.csiconsole.core.endpoint.SocketDiagnostics::waitsForTheDriver).orElse(true);
            failed(gen, why, !exists, !passing);
            return;
        }
        CompletableFuture<?> f;
        try {
            f = Objects.requireNonNull(connector.get(), "connector returned null");
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        f.whenComplete((v, e) -> {
            if (e == null) connected(gen);
            else failed(gen, "The driver at " + socket + " did not answer: " + reason(e), false, false);
        });
    }

    private synchronized void connected(long gen) {
        if (closed || gen != generation) return;
        everConnected = true;
        attempt = 0;
        publish(ConnectionState.CONNECTED, "Connected to " + socket + ".");
        schedule(this::check, poll);
    }

    /**
     * @param unusable the path cannot become the driver's socket by itself ({@link
     *     org.csiconsole.core.endpoint.SocketDiagnostics#waitsForTheDriver}): reported as
     *     {@link ConnectionState#CANNOT_CONNECT}, still checked again
     */
    private synchronized void failed(long gen, String why, boolean socketMissing, boolean unusable) {
        if (closed || gen != generation) return;
        Duration wait = backoff.delay(attempt);
        attempt++;
        publish(unusable ? ConnectionState.CANNOT_CONNECT : everConnected ? ConnectionState.RECONNECTING
                        : socketMissing ? ConnectionState.WAITING : ConnectionState.CONNECTING,
                why + "; next attempt in " + words(wait) + ".");
        schedule(this::attempt, wait);
    }

    private void check() {
        long gen;
        synchronized (this) {
            if (closed) return;
            gen = generation;
        }
        boolean up = accepting(socket);
        synchronized (this) {
            if (closed || gen != generation) return;
            if (up) {
                schedule(this::check, poll);
                return;
            }
            attempt = 0;
            Duration wait = backoff.delay(attempt++);
            publish(ConnectionState.RECONNECTING, (java.nio.file.Files.exists(socket)
                    ? "The driver stopped accepting connections on " + socket
                    : "The socket " + socket + " disappeared") + "; reconnecting in " + words(wait) + ".");
            schedule(this::attempt, wait);
        }
    }

    private void schedule(Runnable step, Duration delay) {
        if (closed) return;
        if (pending != null) pending.cancel(false);
        generation++;
        long gen = generation;
        pending = scheduler.schedule(() -> {
            synchronized (this) {
                if (closed || gen != generation) return;
            }
            step.run();
        }, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void publish(ConnectionState state, String message) {
        SocketStatus s = new SocketStatus(state, message, state == ConnectionState.CONNECTED ? 0 : attempt);
        status = s;
        listener.accept(s);
    }

    /** Checks a path the way the command line does before it connects. */
    private static final org.csiconsole.core.endpoint.SocketDiagnostics DIAGNOSTICS = new org.csiconsole.core.endpoint.SocketDiagnostics();

    /** {@code why} as a sentence: its first letter upper case. */
    private static String sentence(String why) {
        return why.isEmpty() ? why : Character.toUpperCase(why.charAt(0)) + why.substring(1);
    }

    private static String reason(Throwable e) {
        Throwable t = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }

    private static String words(Duration d) {
        long ms = d.toMillis();
        return ms < 1000 ? ms + " ms" : (ms % 1000 == 0 ? ms / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0));
    }
}
