package org.csiconsole.core.session;

import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Follows the gRPC channel of an open {@link Connection} (unix socket or TCP) and gets it back as
 * soon as the driver is.
 *
 * <p>When the transport fails (a refused or reset connection: the channel is in
 * TRANSIENT_FAILURE, and calls fail fast with UNAVAILABLE), gRPC itself would only try again after
 * its connect backoff, which grows to minutes (gRPC connection-backoff.md: 1 s, times 1.6 per
 * attempt, up to 120 s). This watch reports {@link ConnectionState#RECONNECTING} instead and checks
 * every {@code probe} interval whether something accepts connections at the endpoint again (a TCP
 * connect, or a connect on the unix socket); the first time one does, it calls
 * {@link ManagedChannel#resetConnectBackoff()}, so the channel reconnects at once. When the channel
 * is READY again it reports {@link ConnectionState#CONNECTED}. A channel that went IDLE (the driver
 * closed the connection, or the idle timeout passed) is asked to connect again at once, so a
 * driver that stopped is noticed without waiting for the next call.
 *
 * <p>Statuses go to the listener on a gRPC or scheduler thread, one at a time; the listener must
 * not block. No JavaFX here.
 */
public final class ChannelWatch implements AutoCloseable {
    /** How often a failed endpoint is checked: 250 ms. */
    public static final Duration DEFAULT_PROBE = Duration.ofMillis(250);
    /** Longest wait for a TCP connect of a probe: 1 s. */
    private static final int CONNECT_TIMEOUT_MS = 1000;
    /** Waits after a reconnect while the channel has not become READY yet: 250 ms doubling up to 8 s. */
    private static final Backoff RESET_BACKOFF = Backoff.DEFAULT;

    /**
     * One observation.
     *
     * @param state {@link ConnectionState#CONNECTED} or {@link ConnectionState#RECONNECTING}
     * @param message a sentence for a status bar
     */
    public record ChannelStatus(ConnectionState state, String message) {
    }

    private final ManagedChannel channel;
    private final String endpoint;
    private final BooleanSupplier accepting;
    private final Consumer<ChannelStatus> listener;
    private final ScheduledExecutorService scheduler;
    private final boolean ownsScheduler;
    private final Duration probe;

    private boolean closed;
    private boolean probing;
    private int resets;
    private ConnectionState reported;

    /**
     * @param channel the channel to follow
     * @param endpoint endpoint text for messages, e.g. {@code tcp://10.0.0.5:10000}
     * @param accepting whether something accepts connections at the endpoint now (may block up to ~1 s)
     * @param listener receives each change of state
     * @param scheduler runs the probes
     * @param ownsScheduler whether {@link #close()} shuts the scheduler down
     * @param probe wait between two probes (positive)
     */
    ChannelWatch(ManagedChannel channel, String endpoint, BooleanSupplier accepting, Consumer<ChannelStatus> listener,
                 ScheduledExecutorService scheduler, boolean ownsScheduler, Duration probe) {
        this.channel = Objects.requireNonNull(channel, "channel");
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.accepting = Objects.requireNonNull(accepting, "accepting");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.ownsScheduler = ownsScheduler;
        this.probe = Objects.requireNonNull(probe, "probe");
        if (probe.isNegative() || probe.isZero()) throw new IllegalArgumentException("probe interval must be positive");
    }

    /**
     * Starts following {@code connection}'s channel, probing on a daemon thread of its own (stopped
     * by {@link #close()}).
     *
     * @param listener receives each change of state; the first report comes once the channel is
     *     READY (CONNECTED) or has failed (RECONNECTING)
     * @param probe wait between two probes of a failed endpoint, e.g. {@link #DEFAULT_PROBE}
     */
    public static ChannelWatch start(Connection connection, Consumer<ChannelStatus> listener, Duration probe) {
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "channel-watch " + connection.endpoint().text());
            t.setDaemon(true);
            return t;
        });
        ChannelWatch w = new ChannelWatch(connection.channel(), connection.endpoint().text(),
                () -> accepting(connection.endpoint()), listener, s, true, probe);
        w.follow();
        return w;
    }

    /**
     * Whether something accepts connections at {@code endpoint} right now: a TCP connect (up to 1 s)
     * or a connect on the unix socket, closed at once. Always true in process.
     */
    public static boolean accepting(Endpoint endpoint) {
        if (endpoint instanceof Endpoint.Unix u) return SocketWatcher.accepting(u.path());
        if (endpoint instanceof Endpoint.Tcp t) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(t.host(), t.port()), CONNECT_TIMEOUT_MS);
                return true;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }
        return true;
    }

    /** The last reported state, or null before the first report. */
    public synchronized ConnectionState state() {
        return reported;
    }

    /** Stops following and probing. Idempotent; reports nothing more. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        if (ownsScheduler) scheduler.shutdownNow();
    }

    /** Looks at the channel's state now and again at each change. */
    void follow() {
        ConnectivityState now;
        synchronized (this) {
            if (closed) return;
            now = channel.getState(false);
        }
        channel.notifyWhenStateChanged(now, this::follow);
        switch (now) {
            case READY -> {
                synchronized (this) {
                    resets = 0;
                }
                report(ConnectionState.CONNECTED, "Connected to " + endpoint + ".");
            }
            case TRANSIENT_FAILURE -> {
                report(ConnectionState.RECONNECTING, "The driver at " + endpoint
                        + " does not accept connections; reconnecting as soon as it does.");
                startProbing();
            }
            case IDLE -> channel.getState(true);
            default -> { }
        }
    }

    private void startProbing() {
        synchronized (this) {
            if (closed || probing) return;
            probing = true;
        }
        schedule(Duration.ZERO);
    }

    private void probeOnce() {
        synchronized (this) {
            if (closed) return;
        }
        if (channel.getState(false) != ConnectivityState.TRANSIENT_FAILURE) {
            synchronized (this) {
                probing = false;
            }
            return;
        }
        if (accepting.getAsBoolean()) {
            // the driver is back: reconnect now rather than when gRPC's backoff ends. The channel
            // stays in TRANSIENT_FAILURE until a connection is READY (pick_first, gRFC A62), so keep
            // probing, more slowly each time something accepts and the channel still fails (a
            // TLS or HTTP/2 problem would otherwise reconnect in a tight loop).
            channel.resetConnectBackoff();
            int n;
            synchronized (this) {
                n = resets++;
            }
            schedule(RESET_BACKOFF.delay(n));
            return;
        }
        schedule(probe);
    }

    private void schedule(Duration delay) {
        try {
            scheduler.schedule(this::probeOnce, delay.toNanos(), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            synchronized (this) {
                probing = false;
            }
        }
    }

    private void report(ConnectionState state, String message) {
        synchronized (this) {
            if (closed || state == reported) return;
            reported = state;
            listener.accept(new ChannelStatus(state, message));
        }
    }
}
