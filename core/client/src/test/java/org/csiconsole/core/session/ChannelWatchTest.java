package org.csiconsole.core.session;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.call.RetrySettings;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A transport failure shows as Reconnecting, and the channel reconnects as soon as the driver is back. */
class ChannelWatchTest {

    @Test
    void aFailedChannelIsReportedReconnectingAndResetOnlyOnceTheEndpointAcceptsAgain() throws Exception {
        ScriptedChannel channel = new ScriptedChannel();
        AtomicBoolean up = new AtomicBoolean(false);
        AtomicInteger probes = new AtomicInteger();
        BlockingQueue<ChannelWatch.ChannelStatus> seen = new LinkedBlockingQueue<>();
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        ChannelWatch watch = new ChannelWatch(channel, "tcp://127.0.0.1:1", () -> {
            probes.incrementAndGet();
            return up.get();
        }, seen::add, scheduler, true, Duration.ofMillis(1));
        try {
            watch.follow();
            channel.moveTo(ConnectivityState.READY);
            assertThat(next(seen).state()).isEqualTo(ConnectionState.CONNECTED);

            channel.moveTo(ConnectivityState.TRANSIENT_FAILURE);
            ChannelWatch.ChannelStatus reconnecting = next(seen);
            assertThat(reconnecting.state()).isEqualTo(ConnectionState.RECONNECTING);
            assertThat(reconnecting.message()).contains("tcp://127.0.0.1:1");
            int before = probes.get();
            await(() -> probes.get() >= before + 3);
            assertThat(channel.resets.get()).as("no reconnect while nothing accepts").isZero();

            up.set(true);
            await(() -> channel.resets.get() == 1);
            channel.moveTo(ConnectivityState.READY);
            assertThat(next(seen).state()).isEqualTo(ConnectionState.CONNECTED);
        } finally {
            watch.close();
        }
    }

    @Test
    void anIdleChannelIsAskedToConnectAgainAtOnce() throws Exception {
        ScriptedChannel channel = new ScriptedChannel();
        ChannelWatch watch = new ChannelWatch(channel, "tcp://127.0.0.1:1", () -> true, s -> { },
                Executors.newSingleThreadScheduledExecutor(), true, Duration.ofMillis(1));
        try {
            watch.follow();
            assertThat(channel.connectRequests.get()).isEqualTo(1);
        } finally {
            watch.close();
        }
    }

    @Test
    void aDriverRestartedOnTheSameTcpPortIsReachedAgainWithoutWaitingOutGrpcsBackoff() throws Exception {
        FakeCsiDriver first = new FakeCsiDriver();
        Endpoint.Tcp ep = first.startTcp(0);
        BlockingQueue<ChannelWatch.ChannelStatus> seen = new LinkedBlockingQueue<>();
        CsiClientOptions options = CsiClientOptions.defaults().withPolicy(
                PolicySettings.DEFAULT.withRetry(RetrySettings.NONE));
        Connection conn = options.channels().open(ep);
        FakeCsiDriver second = new FakeCsiDriver();
        try (CsiClient client = CsiClient.over(conn, Optional.empty(), options, new CallTrace());
             ChannelWatch watch = ChannelWatch.start(conn, seen::add, Duration.ofMillis(10))) {
            assertThat(client.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(next(seen).state()).isEqualTo(ConnectionState.CONNECTED);

            first.close();
            assertThat(next(seen).state()).isEqualTo(ConnectionState.RECONNECTING);
            assertThatThrownBy(() -> client.identity().probe().get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .satisfies(e -> {
                        CallFailure f = CallFailure.unwrap(e);
                        assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
                        assertThat(f.why()).contains("refused the connection").doesNotContain("plugin");
                    });

            second.startTcp(ep.port());
            assertThat(next(seen).state()).isEqualTo(ConnectionState.CONNECTED);
            assertThat(client.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            second.close();
            first.close();
        }
    }

    private static ChannelWatch.ChannelStatus next(BlockingQueue<ChannelWatch.ChannelStatus> q) throws InterruptedException {
        ChannelWatch.ChannelStatus s = q.poll(20, TimeUnit.SECONDS);
        if (s == null) throw new AssertionError("no status reported");
        return s;
    }

    private static void await(java.util.function.BooleanSupplier condition) {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > giveUp) throw new AssertionError("condition not met");
            Thread.onSpinWait();
        }
    }

    /** A channel whose connectivity state the test moves; counts reconnects and connect requests. */
    private static final class ScriptedChannel extends ManagedChannel {
        private ConnectivityState state = ConnectivityState.IDLE;
        private final List<Runnable> waiting = new ArrayList<>();
        final AtomicInteger resets = new AtomicInteger();
        final AtomicInteger connectRequests = new AtomicInteger();

        void moveTo(ConnectivityState next) {
            List<Runnable> run;
            synchronized (this) {
                state = next;
                run = new ArrayList<>(waiting);
                waiting.clear();
            }
            run.forEach(Runnable::run);
        }

        @Override
        public synchronized ConnectivityState getState(boolean requestConnection) {
            if (requestConnection && state == ConnectivityState.IDLE) connectRequests.incrementAndGet();
            return state;
        }

        @Override
        public void notifyWhenStateChanged(ConnectivityState source, Runnable callback) {
            boolean now;
            synchronized (this) {
                now = source != state;
                if (!now) waiting.add(callback);
            }
            if (now) callback.run();
        }

        @Override
        public void resetConnectBackoff() {
            resets.incrementAndGet();
        }

        @Override
        public ManagedChannel shutdown() {
            return this;
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public ManagedChannel shutdownNow() {
            return this;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }

        @Override
        public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> method, CallOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String authority() {
            return "localhost";
        }
    }
}
