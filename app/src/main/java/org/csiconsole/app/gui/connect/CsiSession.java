package org.csiconsole.app.gui.connect;

import org.csiconsole.core.storage.NodeDirectories;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.storage.CombinedStorage;
import org.csiconsole.core.storage.CspStorage;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.session.ChannelWatch;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.workbench.ConnectionModel;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** A CSI client kept across reconnects of a watched socket. */
final class CsiSession implements Session {
    private final Sessions sessions;
    private final ConnectionModel model;
    private final Endpoint controller;
    private final Optional<Endpoint> node;
    /** Where csi-addons is tried: the profile's csi-addons endpoint, else the CSI controller endpoint. */
    private final Endpoint addonsEndpoint;
    private final CsiClientOptions options;
    private Connection controllerConnection;
    private CsiClient client;
    private AddonsClient addons;
    private Connection addonsConnection;
    /** The node side's csi-addons client when it has an endpoint of its own (NodeReclaimSpace, EncryptionKeyRotate), else null. */
    private AddonsClient nodeAddons;
    private CsiStorage storage;
    volatile SocketWatcher watcher;
    /** Watchers of the profile's other unix sockets (node, csi-addons), by what they carry. */
    private final java.util.Map<String, SocketWatcher> sideWatchers = new java.util.LinkedHashMap<>();
    /** The last trouble each side socket reported, shown in the connection's note while the CSI socket is up (UI thread). */
    private final java.util.Map<String, String> sideTrouble = new java.util.LinkedHashMap<>();
    private ChannelWatch channelWatch;
    volatile boolean closed;
    /** The CSP array the profile names ({@link ConnectionProfile#pairsCsp()}), else null. */
    private PairedArray array;
    /** The CSI storage correlated with the array's, for the array it was made with; null before both are there. */
    private CombinedStorage combined;
    /** Whether the driver refuses this connection's secrets, or its array login failed: the state shown as degraded. */
    private final org.csiconsole.core.session.CredentialHealth health = new org.csiconsole.core.session.CredentialHealth();
    /** The schedule of tries of a TCP endpoint that did not answer; null until its first connect failed (UI thread). */
    private org.csiconsole.core.session.EndpointRetry retry;
    /** Runs the waits of {@link #retry}; null until needed, shut down on close. */
    private volatile java.util.concurrent.ScheduledExecutorService retryTimer;
    /** The subscription to the call trace that feeds {@link #health}; null once closed. */
    private volatile AutoCloseable healthFeed;

    private CsiSession(Sessions sessions, ConnectionModel model, Endpoint controller, Optional<Endpoint> node, Endpoint addonsEndpoint) {
        this.sessions = sessions;
        this.options = sessions.csiOptions(model.profile().name())
                .withSecrets(org.csiconsole.core.store.SecretFiles.of(model.profile().secrets())).withReachability(model.reachability());
        this.model = model;
        this.controller = controller;
        this.node = node;
        this.addonsEndpoint = addonsEndpoint;
    }

    /**
     * Connects to the driver of {@code model}'s profile and returns its session at once; the state is
     * reported into the model on the UI executor. See {@link Sessions#openCsi}.
     */
    static Session open(Sessions sessions, ConnectionModel model, ConnectionManager manager) {
        ConnectionProfile p = model.profile();
        Endpoint controller = Sessions.endpoint(p.endpoint(), p);
        Optional<Endpoint> node = p.nodeEndpoint().isEmpty() ? Optional.empty()
                : Optional.of(Sessions.endpoint(p.nodeEndpoint(), p));
        Endpoint addons = p.addonsEndpoint().isEmpty() ? controller : Sessions.endpoint(p.addonsEndpoint(), p);
        CsiSession live = new CsiSession(sessions, model, controller, node, addons);
        java.util.Set<String> endpoints = new java.util.HashSet<>(List.of(controller.text(), addons.text()));
        node.ifPresent(n -> endpoints.add(n.text()));
        live.healthFeed = sessions.trace.subscribe(e -> {
            if (endpoints.contains(e.endpoint()) && live.health.observe(e)) sessions.ui.execute(live::showSideTrouble);
        });
        if (p.pairsCsp()) live.array = PairedArray.open(sessions, model, manager, live::arrayChanged);
        if (controller instanceof Endpoint.Unix u) {
            live.watcher = SocketWatcher.start(u.path(), live::connect, s -> sessions.ui.execute(() -> {
                if (live.closed) return;
                Sessions.applyStatus(model, s);
                live.showSideTrouble();
            }), sessions.backoff, sessions.poll);
        } else {
            model.stateProperty().set(ConnectionState.CONNECTING);
            model.noteProperty().set("Connecting to " + controller.text() + "\u2026");
            live.firstConnect(manager);
        }
        return live;
    }

    /**
     * Connects to a TCP endpoint (UI thread). An endpoint that does not answer is tried again on a growing schedule
     * ({@link org.csiconsole.core.session.EndpointRetry}): the note says when; between tries only an untraced check
     * that something accepts connections is made, so the trace keeps the first failure, not one per poll.
     */
    private void firstConnect(ConnectionManager manager) {
        connect().whenComplete((v, e) -> sessions.ui.execute(() -> {
            if (closed) return;
            if (e == null) {
                model.stateProperty().set(ConnectionState.CONNECTED);
                model.noteProperty().set("");
                showSideTrouble();
                return;
            }
            Throwable t = Sessions.unwrap(e);
            if (t instanceof CallFailure f && org.csiconsole.core.session.EndpointRetry.retries(f)) {
                if (retry == null) manager.dialogs().showFailure(f);
                waitAndRetry(f, manager);
                return;
            }
            manager.ended(model);
            model.stateProperty().set(ConnectionState.DISCONNECTED);
            model.noteProperty().set("Not connected: " + (t instanceof CallFailure f ? f.why() : t.getMessage()));
            if (t instanceof CallFailure f) manager.dialogs().showFailure(f);
        }));
    }

    /** Says when the next try is and waits for it; tries again once something accepts connections at the endpoint (UI thread). */
    private void waitAndRetry(CallFailure why, ConnectionManager manager) {
        if (retry == null) {
            retry = new org.csiconsole.core.session.EndpointRetry(org.csiconsole.core.session.EndpointRetry.DEFAULT);
            retryTimer = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread th = new Thread(r, "connect-retry " + controller.text());
                th.setDaemon(true);
                return th;
            });
        }
        java.time.Duration wait = retry.next();
        model.stateProperty().set(ConnectionState.CONNECTING);
        model.noteProperty().set(retry.note(why, wait, java.time.Instant.now(), java.time.ZoneId.systemDefault()));
        retryTimer.schedule(() -> {
            boolean accepting = org.csiconsole.core.session.ChannelWatch.accepting(controller);
            sessions.ui.execute(() -> {
                if (closed) return;
                if (accepting) firstConnect(manager);
                else waitAndRetry(why, manager);
            });
        }, wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Builds the client on first use, else asks the channel to reconnect now; then GetPluginInfo. */
    synchronized CompletableFuture<?> connect() {
        if (closed) return CompletableFuture.failedFuture(new IllegalStateException("closed"));
        try {
            if (client == null) {
                controllerConnection = options.channels().open(controller);
                Connection nodeConnection = null;
                try {
                    if (node.isPresent()) nodeConnection = options.channels().openLater(node.get());
                } catch (RuntimeException e) {
                    controllerConnection.close();
                    throw e;
                }
                client = CsiClient.over(controllerConnection, Optional.ofNullable(nodeConnection), options, sessions.trace);
                org.csiconsole.core.record.ConsoleBook book = sessions.book(model);
                if (book != null) client.names().fallingBackTo(book::nameOf);
                // A sidecar's socket may come later than the driver's: it is watched, not required.
                addonsConnection = addonsEndpoint.equals(controller) ? options.channels().open(addonsEndpoint)
                        : options.channels().openLater(addonsEndpoint);
                addons = AddonsClient.over(addonsConnection, options, sessions.trace);
                Endpoint nodeAddonsEndpoint = Sessions.endpoint(model.profile().effectiveNodeAddonsEndpoint(), model.profile());
                Connection nodeAddonsConnection = nodeAddonsEndpoint.equals(addonsEndpoint) ? null
                        : options.channels().openLater(nodeAddonsEndpoint);
                nodeAddons = nodeAddonsConnection == null ? null : AddonsClient.over(nodeAddonsConnection, options, sessions.trace);
                storage = new CsiStorage(client, true, addons, nodeAddons,
                        node.orElse(controller) instanceof Endpoint.Unix ? new NodeDirectories() : null);
                if (nodeConnection != null) watchSide("Node socket", node.get(), nodeConnection, null);
                if (!addonsEndpoint.equals(controller)) watchSide("csi-addons socket", addonsEndpoint, addonsConnection, storage::forgetAddons);
                if (nodeAddonsConnection != null && !node.equals(Optional.of(nodeAddonsEndpoint))) {
                    watchSide("Node csi-addons socket", nodeAddonsEndpoint, nodeAddonsConnection, storage::forgetAddons);
                }
                channelWatch = ChannelWatch.start(controllerConnection,
                        s -> sessions.ui.execute(() -> applyChannel(s)), ChannelWatch.DEFAULT_PROBE);
            } else {
                controllerConnection.channel().resetConnectBackoff();
                addonsConnection.channel().resetConnectBackoff();
                storage.forgetAddons();
            }
        } catch (RuntimeException e) {
            client = null;
            return CompletableFuture.failedFuture(e);
        }
        CsiClient c = client;
        return c.identity().pluginInfo().thenCompose(info -> c.refreshCapabilities()).thenAccept(caps -> sessions.ui.execute(() -> {
            if (closed) return;
            StorageService s = shown();
            // The first connect shows the storage and counts again after every change the console makes; a reconnect counts again.
            if (model.storage() != s) sessions.connected(model, s);
            else Counts.refresh(model, s, sessions.ui, sessions.book(model));
        }));
    }

    /**
     * Watches another unix socket of the profile (the node plugin's, the csi-addons sidecar's) the
     * way the CSI socket is watched: when it comes back, its channel reconnects at once and
     * {@code reset} runs; while it is gone, the connection's note says so. A TCP endpoint is not
     * watched (its channel reconnects by itself).
     */
    private void watchSide(String what, Endpoint endpoint, Connection connection, Runnable reset) {
        if (!(endpoint instanceof Endpoint.Unix u) || endpoint.equals(controller)) return;
        SocketWatcher w = SocketWatcher.start(u.path(), () -> {
            connection.channel().resetConnectBackoff();
            if (reset != null) reset.run();
            return CompletableFuture.completedFuture(null);
        }, st -> sessions.ui.execute(() -> sideStatus(what, st)), sessions.backoff, sessions.poll);
        synchronized (this) {
            sideWatchers.put(what, w);
        }
    }

    /** Puts a side socket's trouble into the connection's note while the CSI socket is up (UI thread). */
    private void sideStatus(String what, SocketWatcher.SocketStatus st) {
        if (closed) return;
        if (st.state() == ConnectionState.WAITING || st.state() == ConnectionState.RECONNECTING) sideTrouble.put(what, what + ": " + st.message());
        else sideTrouble.remove(what);
        showSideTrouble();
    }

    /**
     * While the CSI socket is up, the state is Connected or, while the driver refuses the secrets or the array login failed,
     * Degraded ({@link org.csiconsole.core.session.CredentialHealth}); the note says why, which side socket is missing and
     * whether the array is not reached (UI thread).
     */
    private void showSideTrouble() {
        if (closed || !model.stateProperty().get().up()) return;
        health.login(array == null ? null : array.loginFailure());
        List<String> trouble = new java.util.ArrayList<>();
        if (!health.reason().isEmpty()) trouble.add(health.reason());
        trouble.addAll(sideTrouble.values());
        if (array != null && !array.trouble().isEmpty()) trouble.add(array.trouble());
        model.noteProperty().set(String.join(" ", trouble));
        model.stateProperty().set(health.state(ConnectionState.CONNECTED));
    }

    @Override
    public boolean logInAgain() {
        return array != null && array.logInAgain();
    }

    /**
     * What the connection shows: the driver's storage, correlated with its array's
     * ({@link CombinedStorage}: {@code volume_id}s are the CSP's volume ids) while the array is
     * reached; null before the driver answered.
     */
    private synchronized StorageService shown() {
        if (storage == null) return null;
        CspStorage a = array == null ? null : array.storage();
        if (a == null) return storage;
        if (combined == null || combined.csi() != storage || combined.arrays().get(0) != a) combined = new CombinedStorage(storage, List.of(a));
        return combined;
    }

    /** The array was reached or lost (UI thread): a driver that answered shows its storage with the array's, or without. */
    private void arrayChanged() {
        if (closed) return;
        StorageService s = shown();
        if (s != null && model.storage() != null && model.storage() != s) sessions.connected(model, s);
        showSideTrouble();
    }

    /**
     * Shows what the channel watch saw (UI thread): a transport failure as Reconnecting, the channel
     * READY again as Connected. Only while the session is up: the first connect reports itself.
     */
    private void applyChannel(ChannelWatch.ChannelStatus s) {
        ConnectionState now = model.stateProperty().get();
        if (closed || (!now.up() && now != ConnectionState.RECONNECTING)) return;
        model.noteProperty().set(s.state() == ConnectionState.CONNECTED ? "" : s.message());
        model.stateProperty().set(s.state());
        showSideTrouble();
        if (s.state() == ConnectionState.RECONNECTING) {
            poke();
        } else {
            Connection addonsChannel;
            synchronized (this) {
                addonsChannel = addonsConnection;
            }
            if (addonsChannel != null) addonsChannel.channel().resetConnectBackoff(); // the driver is back for both channels
        }
    }

    @Override
    public void poke() {
        SocketWatcher w = watcher;
        if (w != null) w.poke();
    }

    @Override
    public void close() {
        CsiClient c;
        AddonsClient a;
        AddonsClient na;
        ChannelWatch cw;
        synchronized (this) {
            if (closed) return;
            closed = true;
            c = client;
            a = addons;
            na = nodeAddons;
            cw = channelWatch;
        }
        if (cw != null) cw.close();
        java.util.concurrent.ScheduledExecutorService timer = retryTimer;
        if (timer != null) timer.shutdownNow();
        AutoCloseable feed = healthFeed;
        healthFeed = null;
        if (feed != null) {
            try {
                feed.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not stop following the call trace", e);
            }
        }
        if (watcher != null) watcher.close();
        if (array != null) sessions.ui.execute(array::close);
        List<SocketWatcher> sides;
        synchronized (this) {
            sides = List.copyOf(sideWatchers.values());
        }
        sides.forEach(SocketWatcher::close);
        if (c != null) sessions.closeInBackground(c::close);
        if (a != null) sessions.closeInBackground(a::close);
        if (na != null) sessions.closeInBackground(na::close);
    }
}
