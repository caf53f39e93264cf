package org.csiconsole.core.endpoint;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.util.concurrent.FastThreadLocalThread;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * One open channel to one endpoint, and the resources behind it (the epoll event loop of a unix
 * socket). Closing it shuts the channel down: calls still running end with CANCELLED/UNAVAILABLE.
 * Made by {@link ChannelFactory#open(Endpoint)}.
 */
public final class Connection implements AutoCloseable {
    private final Endpoint endpoint;
    private final ManagedChannel channel;
    private final EventLoopGroup group;

    Connection(Endpoint endpoint, ManagedChannel channel, EventLoopGroup group) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.channel = Objects.requireNonNull(channel, "channel");
        this.group = group;
    }

    /** Wraps a channel made elsewhere (tests, embedding); closing the connection shuts it down. */
    public static Connection of(Endpoint endpoint, ManagedChannel channel) {
        return new Connection(endpoint, channel, null);
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** The gRPC channel; for use inside core only (views never see io.grpc types). */
    public ManagedChannel channel() {
        return channel;
    }

    /** True once {@link #close()} has been called. */
    public boolean isClosed() {
        return channel.isShutdown();
    }

    /**
     * Shuts the channel down, waiting up to 2 s for calls to finish before cancelling them. Called
     * from a callback on the channel's own I/O thread (where waiting would stall the very thread the
     * calls finish on), it returns at once and the wait happens on a thread of its own.
     */
    @Override
    public void close() {
        channel.shutdown();
        if (Thread.currentThread() instanceof FastThreadLocalThread) {
            Thread waiter = new Thread(this::awaitTermination, "close " + endpoint.text());
            waiter.setDaemon(true);
            waiter.start();
        } else {
            awaitTermination();
        }
    }

    private void awaitTermination() {
        try {
            if (!channel.awaitTermination(2, TimeUnit.SECONDS)) channel.shutdownNow();
        } catch (InterruptedException e) {
            channel.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            if (group != null) group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    @Override
    public String toString() {
        return "Connection[" + endpoint.text() + "]";
    }
}
