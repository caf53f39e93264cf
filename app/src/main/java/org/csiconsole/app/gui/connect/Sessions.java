package org.csiconsole.app.gui.connect;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csp.CertificateTrustFailure;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.csp.CspTrust;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.port.StorageService;
import org.csiconsole.views.workbench.ConnectionModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

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

    /**
     * @param ui the UI executor; model changes land here
     * @param trace the shared call trace
     * @param backoff reconnect backoff of watched sockets
     * @param poll how often a connected socket is checked
     */
    public Sessions(Executor ui, CallTrace trace, Backoff backoff, Duration poll) {
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

    /** The bundled demo; overridden once the reference plugin is wired. */
    protected Session openDemo(ConnectionModel model, ConnectionManager manager) {
        model.stateProperty().set(ConnectionState.DISCONNECTED);
        model.noteProperty().set("Not connected: the bundled reference plugin is not part of this build yet.");
        return null;
    }

    // ---- CSI ------------------------------------------------------------------------------------

    /** A CSI driver; a unix socket is watched and reconnected. */
    protected Session openCsi(ConnectionModel model, ConnectionManager manager) {
        String endpoint = model.profile().endpoint();
        if (!endpoint.startsWith("unix://")) {
            throw new CallFailure(FailureKind.UNSUPPORTED, "Connect to " + endpoint,
                    "this build connects to CSI drivers over unix sockets only",
                    "Give the driver's socket as unix:///path/to/csi.sock.", "");
        }
        Path socket = Path.of(endpoint.substring("unix://".length()));
        SocketWatcher watcher = SocketWatcher.start(socket, () -> CompletableFuture.completedFuture(null),
                s -> ui.execute(() -> applyStatus(model, s)), backoff, poll);
        return watcher::close;
    }

    /** Shows a watcher status in the model (UI thread). */
    protected static void applyStatus(ConnectionModel model, SocketWatcher.Status s) {
        model.stateProperty().set(s.state());
        model.noteProperty().set(s.state() == ConnectionState.CONNECTED ? "" : s.message());
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
