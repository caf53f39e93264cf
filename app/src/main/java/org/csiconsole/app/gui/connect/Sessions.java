package org.csiconsole.app.gui.connect;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csp.CertificateTrustFailure;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.csp.CspTrust;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.endpoint.TlsOptions;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.port.StorageService;
import org.csiconsole.views.workbench.ConnectionModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Opens the {@link Session} behind a connection, per kind: a CSI driver (unix socket watched by a
 * {@link SocketWatcher}, or TCP), a CSP array (password asked, trust on first use), or the demo.
 * Owns the background threads the clients run on; {@link #close()} stops them (after the sessions).
 */
public class Sessions implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Sessions.class);

    protected final Executor ui;
    protected final ExecutorService io;
    protected final CallTrace trace;
    protected final Backoff backoff;
    protected final Duration poll;
    private final Path demoStateDir;

    /**
     * @param ui the UI executor; model changes land here
     * @param trace the shared call trace
     * @param backoff reconnect backoff of watched sockets
     * @param poll how often a connected socket is checked
     */
    public Sessions(Executor ui, CallTrace trace, Backoff backoff, Duration poll) {
        this(ui, trace, backoff, poll, defaultDemoStateDir());
    }

    /**
     * @param demoStateDir where the demo's reference plugin keeps its state between runs
     */
    public Sessions(Executor ui, CallTrace trace, Backoff backoff, Duration poll, Path demoStateDir) {
        this.demoStateDir = Objects.requireNonNull(demoStateDir);
        this.ui = Objects.requireNonNull(ui);
        this.trace = Objects.requireNonNull(trace);
        this.backoff = Objects.requireNonNull(backoff);
        this.poll = Objects.requireNonNull(poll);
        this.io = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "console-io");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * {@code $XDG_STATE_HOME/csi-console/demo}, or {@code ~/.local/state/csi-console/demo} (XDG Base
     * Directory Specification: state that should persist between restarts).
     */
    public static Path defaultDemoStateDir() {
        String xdg = System.getenv("XDG_STATE_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".local", "state");
        return base.resolve("csi-console").resolve("demo");
    }

    /** The background executor the clients run their blocking work on. */
    public ExecutorService io() {
        return io;
    }

    /**
     * Opens {@code model}'s connection. Returns the session, or null when the person cancelled
     * (for example the password prompt). UI thread.
     *
     * @throws CallFailure INVALID_ARGUMENT when the profile cannot be used as it is
     */
    public Session open(ConnectionModel model, ConnectionManager manager) {
        ConnectionProfile p = model.profile();
        return switch (p.kind()) {
            case CSP -> openCsp(model, manager);
            case CSI -> openCsi(model, manager);
            case DEMO -> openDemo(model, manager);
        };
    }

    // ---- demo -----------------------------------------------------------------------------------

    /**
     * The bundled demo: the reference plugin seeded with {@link Seed#DEMO} in the demo state folder
     * (a fresh temporary folder when that one is in use by another console), served in process
     * to a CSI client, plus its CSP server on 127.0.0.1 for the arrays behind it (user admin), the
     * two correlated by {@link CombinedStorage}. Started on a background thread.
     */
    protected Session openDemo(ConnectionModel model, ConnectionManager manager) {
        DemoLive live = new DemoLive();
        model.stateProperty().set(ConnectionState.CONNECTING);
        model.noteProperty().set("Starting the bundled reference plugin\u2026");
        CompletableFuture.supplyAsync(live::start, io).whenComplete((storage, e) -> ui.execute(() -> {
            if (live.closed) return;
            if (e != null) {
                Throwable t = unwrap(e);
                LOG.warn("The demo did not start", t);
                manager.ended(model);
                model.stateProperty().set(ConnectionState.DISCONNECTED);
                model.noteProperty().set("The demo did not start: " + (t instanceof CallFailure f ? f.why() : t.getMessage()));
                return;
            }
            model.stateProperty().set(ConnectionState.CONNECTED);
            model.noteProperty().set(live.note);
            connected(model, storage);
        }));
        return live;
    }

    /** Where the demo keeps its state between runs. */
    protected Path demoStateDir() {
        return demoStateDir;
    }

    /** The reference plugin, its servers and the clients of one demo connection. */
    private final class DemoLive implements Session {
        private ReferencePlugin plugin;
        private CsiClient csi;
        private AddonsClient addons;
        private final List<CspClient> csp = new ArrayList<>();
        private String note = "";
        /** A state folder made for this run only (the usual one was in use), removed on close. */
        private Path scratch;
        volatile boolean closed;

        synchronized StorageService start() {
            if (closed) throw new IllegalStateException("closed");
            Path dir = demoStateDir();
            try {
                plugin = ReferencePlugin.builder(dir).seed(Seed.DEMO).start();
            } catch (RuntimeException locked) {
                try {
                    dir = Files.createTempDirectory("csi-console-demo");
                } catch (IOException io) {
                    throw locked;
                }
                scratch = dir;
                LOG.info("Demo state {} unavailable ({}); using {}", demoStateDir(), locked.getMessage(), dir);
                plugin = ReferencePlugin.builder(dir).seed(Seed.DEMO).start();
                note = "Demo state kept in " + dir + " for this run only (" + demoStateDir() + " is in use).";
            }
            String name = "demo";
            for (int n = 2; ; n++) {
                try {
                    plugin.startInProcess(name);
                    break;
                } catch (IllegalStateException taken) {
                    if (n > 50) throw taken;
                    name = "demo-" + n;
                }
            }
            csi = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), csiOptions(), trace);
            addons = AddonsClient.open(new Endpoint.InProcess(name), csiOptions(), trace);
            List<CspStorage> arrays = new ArrayList<>();
            try {
                String url = plugin.startCsp(0);
                for (Map.Entry<String, String> array : demoArrays().entrySet()) {
                    CspConfig cfg = CspConfig.builder(url, "admin").arrayIp(array.getKey()).build();
                    CspClient client = CspClient.open(cfg, CspPassword.of("admin".toCharArray()), trace, io);
                    csp.add(client);
                    arrays.add(new CspStorage(client, array.getValue()));
                }
            } catch (UnsupportedOperationException | IllegalStateException e) {
                note = "CSI only: the reference CSP server is not part of this build.";
            }
            return new CombinedStorage(new CsiStorage(csi, true, addons), arrays);
        }

        @Override
        public void close() {
            synchronized (this) {
                if (closed) return;
                closed = true;
            }
            closeInBackground(() -> {
                synchronized (this) {
                    csp.forEach(c -> {
                        try {
                            c.close();
                        } catch (RuntimeException e) {
                            LOG.debug("CSP close: {}", e.toString());
                        }
                    });
                    if (csi != null) csi.close();
                    if (addons != null) addons.close();
                    if (plugin != null) plugin.close();
                    if (scratch != null) deleteTree(scratch);
                }
            });
        }
    }

    /** Deletes {@code dir} and everything in it; what cannot be deleted stays and is logged. */
    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    LOG.debug("Could not delete {}: {}", p, e.toString());
                }
            });
        } catch (IOException e) {
            LOG.debug("Could not delete {}: {}", dir, e.toString());
        }
    }

    /** The arrays of the demo seed: management IP (sent as {@code x-array-ip}) to array name. */
    protected Map<String, String> demoArrays() {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("10.10.1.5", "site-a");
        m.put("10.20.1.5", "site-b");
        return m;
    }

    // ---- CSI ------------------------------------------------------------------------------------

    /**
     * A CSI driver. A unix socket is watched by a {@link SocketWatcher}: the client is built when the
     * socket first accepts, proven with GetPluginInfo, and after the driver came back the channel is
     * told to reconnect at once and proven again. A TCP endpoint (TLS when the profile has a CA file)
     * is connected once.
     */
    protected Session openCsi(ConnectionModel model, ConnectionManager manager) {
        ConnectionProfile p = model.profile();
        Endpoint controller = endpoint(p.endpoint(), p);
        Optional<Endpoint> node = p.nodeEndpoint().isEmpty() ? Optional.empty() : Optional.of(endpoint(p.nodeEndpoint(), p));
        CsiLive live = new CsiLive(model, controller, node);
        if (controller instanceof Endpoint.Unix u) {
            live.watcher = SocketWatcher.start(u.path(), live::connect, s -> ui.execute(() -> {
                if (!live.closed) applyStatus(model, s);
            }), backoff, poll);
        } else {
            model.stateProperty().set(ConnectionState.CONNECTING);
            model.noteProperty().set("Connecting to " + controller.text() + "\u2026");
            live.connect().whenComplete((v, e) -> ui.execute(() -> {
                if (live.closed) return;
                if (e == null) {
                    model.stateProperty().set(ConnectionState.CONNECTED);
                    model.noteProperty().set("");
                    return;
                }
                Throwable t = unwrap(e);
                manager.ended(model);
                model.stateProperty().set(ConnectionState.DISCONNECTED);
                model.noteProperty().set("Not connected: " + (t instanceof CallFailure f ? f.why() : t.getMessage()));
                if (t instanceof CallFailure f) manager.dialogs().showFailure(f);
            }));
        }
        return live;
    }

    /** Parses a profile endpoint; a TCP endpoint gets TLS from the profile's CA file and client certificate. */
    static Endpoint endpoint(String text, ConnectionProfile p) {
        Endpoint e = Endpoint.parse(text);
        if (e instanceof Endpoint.Tcp t && !p.tlsCaPath().isEmpty()) {
            TlsOptions tls = TlsOptions.caFile(Path.of(p.tlsCaPath()));
            if (!p.tlsClientCertPath().isEmpty()) {
                tls = tls.withClientCertificate(Path.of(p.tlsClientCertPath()), Path.of(p.tlsClientKeyPath()));
            }
            return t.withTls(tls);
        }
        return e;
    }

    /** The options CSI clients are built with. */
    protected CsiClientOptions csiOptions() {
        return CsiClientOptions.defaults();
    }

    /** A CSI client kept across reconnects of a watched socket. */
    private final class CsiLive implements Session {
        private final ConnectionModel model;
        private final Endpoint controller;
        private final Optional<Endpoint> node;
        private final CsiClientOptions options = csiOptions();
        private Connection controllerConnection;
        private CsiClient client;
        private AddonsClient addons;
        private Connection addonsConnection;
        private CsiStorage storage;
        volatile SocketWatcher watcher;
        volatile boolean closed;

        CsiLive(ConnectionModel model, Endpoint controller, Optional<Endpoint> node) {
            this.model = model;
            this.controller = controller;
            this.node = node;
        }

        /** Builds the client on first use, else asks the channel to reconnect now; then GetPluginInfo. */
        synchronized CompletableFuture<?> connect() {
            if (closed) return CompletableFuture.failedFuture(new IllegalStateException("closed"));
            try {
                if (client == null) {
                    controllerConnection = options.channels().open(controller);
                    Connection nodeConnection = null;
                    try {
                        if (node.isPresent()) nodeConnection = options.channels().open(node.get());
                    } catch (RuntimeException e) {
                        controllerConnection.close();
                        throw e;
                    }
                    client = CsiClient.over(controllerConnection, Optional.ofNullable(nodeConnection), options, trace);
                    addonsConnection = options.channels().open(controller);
                    addons = AddonsClient.over(addonsConnection, options, trace);
                    storage = new CsiStorage(client, true, addons);
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
            CsiStorage s = storage;
            return c.pluginInfo().thenCompose(info -> c.refreshCapabilities()).thenAccept(caps -> ui.execute(() -> {
                if (closed) return;
                if (model.storage() != s) model.storageProperty().set(s);
                Counts.refresh(model, s, ui);
            }));
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
            synchronized (this) {
                if (closed) return;
                closed = true;
                c = client;
                a = addons;
            }
            if (watcher != null) watcher.close();
            if (c != null) closeInBackground(c::close);
            if (a != null) closeInBackground(a::close);
        }
    }

    /** Shows a watcher status in the model (UI thread); the note first, so whoever follows the state reads the new note. */
    protected static void applyStatus(ConnectionModel model, SocketWatcher.Status s) {
        model.noteProperty().set(s.state() == ConnectionState.CONNECTED ? "" : s.message());
        model.stateProperty().set(s.state());
    }

    // ---- CSP ------------------------------------------------------------------------------------

    private Session openCsp(ConnectionModel model, ConnectionManager manager) {
        Optional<char[]> password = manager.connectionDialogs().askPassword(model.profile());
        if (password.isEmpty()) {
            model.stateProperty().set(ConnectionState.DISCONNECTED);
            model.noteProperty().set("Not connected: no password was given.");
            return null;
        }
        return loginCsp(model, manager, password.get());
    }

    /** Logs in with {@code password} (wiped when done); on an unknown certificate asks to pin it and retries once. */
    private Session loginCsp(ConnectionModel model, ConnectionManager manager, char[] password) {
        ConnectionProfile p = model.profile();
        CspClient client;
        try {
            client = CspClient.open(cspConfig(p), CspPassword.of(password), trace, io);
        } catch (CallFailure f) {
            Arrays.fill(password, '\0');
            throw f;
        }
        CspLive live = new CspLive(client);
        model.stateProperty().set(ConnectionState.CONNECTING);
        model.noteProperty().set("Logging in as " + p.user() + "\u2026");
        client.login().whenComplete((info, e) -> ui.execute(() -> {
            if (live.closed) {
                Arrays.fill(password, '\0');
                return;
            }
            if (e == null) {
                Arrays.fill(password, '\0');
                CspStorage storage = new CspStorage(client, hostOf(p.cspUrl()));
                model.storageProperty().set(storage);
                model.stateProperty().set(ConnectionState.CONNECTED);
                model.noteProperty().set("Logged in as " + info.username() + ".");
                Counts.refresh(model, storage, ui);
                return;
            }
            Throwable t = unwrap(e);
            if (t instanceof CertificateTrustFailure trust && p.pinnedFingerprint().isEmpty()
                    && manager.connectionDialogs().trustCertificate(p.cspUrl(), trust.subject(), trust.fingerprint())) {
                ConnectionProfile pinned = p.withPinnedFingerprint(trust.fingerprint());
                if (!manager.save(pinned)) {
                    Arrays.fill(password, '\0');
                    return;
                }
                ConnectionModel replacement = manager.replace(model, pinned);
                try {
                    manager.opened(replacement, loginCsp(replacement, manager, password));
                } catch (CallFailure f) {
                    replacement.noteProperty().set(f.why());
                    manager.dialogs().showFailure(f);
                }
                return;
            }
            Arrays.fill(password, '\0');
            manager.ended(model);
            model.stateProperty().set(ConnectionState.DISCONNECTED);
            if (t instanceof CertificateTrustFailure && p.pinnedFingerprint().isEmpty()) {
                model.noteProperty().set("Not connected: the certificate was not trusted.");
            } else if (t instanceof CallFailure f) {
                model.noteProperty().set("Not connected: " + f.why() + ".");
                manager.dialogs().showFailure(f);
            } else {
                model.noteProperty().set("Not connected: " + t.getMessage());
            }
        }));
        return live;
    }

    /** The CSP client settings of a profile: CA file, pin or the system trust store. */
    static CspConfig cspConfig(ConnectionProfile p) {
        CspTrust trust = !p.pinnedFingerprint().isEmpty() ? CspTrust.pin(p.pinnedFingerprint())
                : !p.tlsCaPath().isEmpty() ? CspTrust.caFile(Path.of(p.tlsCaPath())) : CspTrust.system();
        return CspConfig.builder(p.cspUrl(), p.user()).arrayIp(p.arrayIp()).trust(trust).build();
    }

    private static String hostOf(String url) {
        try {
            String h = URI.create(url).getHost();
            return h == null ? url : h;
        } catch (IllegalArgumentException e) {
            return url;
        }
    }

    static Throwable unwrap(Throwable e) {
        while (e instanceof CompletionException && e.getCause() != null) e = e.getCause();
        return e;
    }

    /** A logged-in (or logging-in) CSP client; closing logs out on a background thread. */
    private final class CspLive implements Session {
        private final CspClient client;
        private volatile boolean closed;

        CspLive(CspClient client) {
            this.client = client;
        }

        @Override
        public void close() {
            if (closed) return;
            closed = true;
            closeInBackground(client::close);
        }
    }

    /** Runs {@code close} on the background executor (it may block on the network). */
    protected void closeInBackground(Runnable close) {
        try {
            io.execute(() -> {
                try {
                    close.run();
                } catch (RuntimeException e) {
                    LOG.debug("Close failed: {}", e.toString());
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            close.run();
        }
    }

    /** Shows an open session's storage and fills plugin and counts (UI thread). */
    protected void connected(ConnectionModel model, StorageService storage) {
        model.storageProperty().set(storage);
        Counts.refresh(model, storage, ui);
    }

    /** Stops the background threads, waiting up to 5 s for closes in flight. */
    @Override
    public void close() {
        io.shutdown();
        try {
            if (!io.awaitTermination(5, TimeUnit.SECONDS)) io.shutdownNow();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            io.shutdownNow();
        }
    }
}
