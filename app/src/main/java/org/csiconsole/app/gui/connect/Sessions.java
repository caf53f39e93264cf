package org.csiconsole.app.gui.connect;

import org.csiconsole.core.storage.CombinedStorage;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.endpoint.TlsOptions;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.views.workbench.ConnectionModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Opens the {@link Session} behind a connection, per kind: a CSI driver (unix socket watched by a
 * {@link SocketWatcher}, or TCP), a CSP array (password asked, trust on first use), the demo, or a
 * saved report shown read-only.
 * Owns the background threads the clients run on; {@link #close()} stops them (after the sessions).
 */
public class Sessions implements AutoCloseable {
    /** The log of every kind of connection; the session classes write to it too. */
    static final Logger LOG = LoggerFactory.getLogger(Sessions.class);

    protected final Executor ui;
    protected final ExecutorService io;
    protected final CallTrace trace;
    protected final Backoff backoff;
    protected final Duration poll;
    private final Path demoStateDir;
    private final AuditSink audit;
    private final ConsoleRecords records;

    /**
     * Sessions that audit nothing: for tests of something else. The console passes its audit log
     * ({@link #Sessions(Executor, CallTrace, Backoff, Duration, Path, AuditSink)}).
     *
     * @param ui the UI executor; model changes land here
     * @param trace the shared call trace
     * @param backoff reconnect backoff of watched sockets
     * @param poll how often a connected socket is checked
     */
    public Sessions(Executor ui, CallTrace trace, Backoff backoff, Duration poll) {
        this(ui, trace, backoff, poll, defaultDemoStateDir());
    }

    /**
     * Sessions that audit nothing, with the demo's state in {@code demoStateDir}: for tests of something else.
     *
     * @param demoStateDir where the demo's reference plugin keeps its state between runs
     */
    public Sessions(Executor ui, CallTrace trace, Backoff backoff, Duration poll, Path demoStateDir) {
        this(ui, trace, backoff, poll, demoStateDir, AuditSink.discarding());
    }

    /**
     * @param audit where every change made through a session's clients is audited (the console's one audit log); the
     *     console's record is read from it when it keeps one
     */
    public Sessions(Executor ui, CallTrace trace, Backoff backoff, Duration poll, Path demoStateDir, AuditSink audit) {
        this(ui, trace, backoff, poll, demoStateDir, audit, audit instanceof ConsoleRecords r ? r : null);
    }

    /**
     * @param audit where every change made through a session's clients is audited
     * @param records the console's record of each connection, which the navigator counts where a driver cannot list; null
     *     when none is kept
     */
    public Sessions(Executor ui, CallTrace trace, Backoff backoff, Duration poll, Path demoStateDir, AuditSink audit,
                    ConsoleRecords records) {
        this.records = records;
        this.audit = Objects.requireNonNull(audit);
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
        return org.csiconsole.core.store.ConfigDirectory.state(System.getenv(), System.getProperty("user.home")).resolve("demo");
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
            case CSP -> CspSession.open(this, model, manager);
            case CSI -> openCsi(model, manager);
            case DEMO -> openDemo(model, manager);
            case REPORT -> ReportSession.reopen(this, model, manager);
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
        return DemoSession.open(this, model, manager);
    }

    /**
     * A running training scenario's connection, shown as the demo is: see {@link TrainingLinkSession}. Connected on
     * a background thread.
     */
    protected Session openTraining(ConnectionModel model, ConnectionManager manager, org.csiconsole.core.training.TrainingSession training) {
        return TrainingLinkSession.open(this, model, manager, training);
    }

    /** Where the demo keeps its state between runs. */
    protected Path demoStateDir() {
        return demoStateDir;
    }

    /**
     * Where training scenarios keep their plugins' state, one folder per run: beside the demo's
     * ({@code $XDG_STATE_HOME/csi-console/training}).
     */
    public Path trainingStateDir() {
        return demoStateDir.resolveSibling("training");
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
     * is connected once. On both, a {@link org.csiconsole.core.session.ChannelWatch} shows a transport
     * failure as Reconnecting and reconnects as soon as the endpoint accepts connections again.
     */
    protected Session openCsi(ConnectionModel model, ConnectionManager manager) {
        return CsiSession.open(this, model, manager);
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

    /** The options the CSI and csi-addons clients of connection {@code connection} are built with, audited. */
    CsiClientOptions csiOptions(String connection) {
        return csiOptions().withAudit(audit(connection));
    }

    /** How the clients of connection {@code connection} audit their changes: this user and host, that connection. */
    protected CallAudit audit(String connection) {
        return CallAudit.to(audit, AuditOrigin.local(connection));
    }

    /** Shows a watcher status in the model (UI thread); the note first, so whoever follows the state reads the new note. */
    protected static void applyStatus(ConnectionModel model, SocketWatcher.SocketStatus s) {
        model.noteProperty().set(s.state() == ConnectionState.CONNECTED ? "" : s.message());
        model.stateProperty().set(s.state());
    }

    // ---- shared by the sessions -----------------------------------------------------------------

    /** The failure behind the {@link CompletionException} wrappers a future completes with. */
    static Throwable unwrap(Throwable e) {
        while (e instanceof CompletionException && e.getCause() != null) e = e.getCause();
        return e;
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

    /** The console's durable record of {@code model} ({@link DurableRecords}); null when none is kept. */
    ConsoleBook book(ConnectionModel model) {
        return records == null ? null : DurableRecords.of(records, model.profile()).orElse(null);
    }

    /** Each connection's recount on changes, replaced when it connects again. */
    private final java.util.Map<ConnectionModel, org.csiconsole.views.workbench.ResourceChanges.Subscription> recounts =
            new java.util.IdentityHashMap<>();

    /**
     * Shows an open session's storage and fills plugin and counts (UI thread); from now on every
     * change the console makes on the connection (a create, a delete, a snapshot, from any view)
     * counts again, so the navigator's counts do not wait for their view to open.
     */
    protected void connected(ConnectionModel model, StorageService storage) {
        model.storageProperty().set(storage);
        Counts.refresh(model, storage, ui, book(model));
        org.csiconsole.views.workbench.ResourceChanges.Subscription old = recounts.put(model,
                model.changes().listen(java.util.List.of(org.csiconsole.views.workbench.ResourceKind.values()),
                        new Recount(model, storage)::changed));
        if (old != null) old.close();
    }

    /** Counts again after a change; changes told while a count runs (a bulk delete) give one more count, not one each. */
    private final class Recount {
        private final ConnectionModel model;
        private final StorageService storage;
        private boolean running;
        private boolean again;

        Recount(ConnectionModel model, StorageService storage) {
            this.model = model;
            this.storage = storage;
        }

        void changed(org.csiconsole.views.workbench.ResourceChanges.ResourceChange change) {
            if (model.storage() != storage) return;
            if (running) {
                again = true;
                return;
            }
            running = true;
            Counts.refresh(model, storage, ui, book(model)).whenComplete((x, e) -> ui.execute(() -> {
                running = false;
                if (again) {
                    again = false;
                    changed(change);
                }
            }));
        }
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
