package org.csiconsole.app.gui.connect;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.storage.CombinedStorage;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.training.TrainingSession;
import org.csiconsole.views.workbench.ConnectionModel;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The clients of a running training scenario's connection, built as the demo's: CSI and csi-addons on the
 * scenario's plugin ({@link TrainingSession#endpoint()}), correlated by {@link CombinedStorage} with each array's
 * CSP view ({@link TrainingSession#cspUrl()}, which names the seed's volumes), and one replication site per array
 * ({@link TrainingSession#siteEndpoints()}). The scenario's plugin belongs to its training: closing this session
 * closes the clients only.
 */
final class TrainingLinkSession implements Session {
    private static final Logger LOG = Sessions.LOG;

    private final Sessions sessions;
    private final TrainingSession training;
    /** The connection's name, as its changes are audited. */
    private final String connection;
    private final PluginClients clients;
    private volatile List<ReplicationPort> sites = List.of();
    private String note = "";
    private boolean closed;

    private TrainingLinkSession(Sessions sessions, TrainingSession training, String connection) {
        this.sessions = sessions;
        this.training = training;
        this.connection = connection;
        this.clients = new PluginClients(sessions, connection);
    }

    /**
     * Connects {@code model} to {@code training}'s plugin on the background executor and returns its session at
     * once; the outcome is reported into the model on the UI executor.
     */
    static Session open(Sessions sessions, ConnectionModel model, ConnectionManager manager, TrainingSession training) {
        TrainingLinkSession live = new TrainingLinkSession(sessions, training, model.profile().name());
        model.stateProperty().set(ConnectionState.CONNECTING);
        model.noteProperty().set("Connecting to the scenario's plugin\u2026");
        CompletableFuture.supplyAsync(live::start, sessions.io).whenComplete((storage, e) -> sessions.ui.execute(() -> {
            synchronized (live) {
                if (live.closed) return;
            }
            if (e != null) {
                Throwable t = Sessions.unwrap(e);
                LOG.warn("The training connection did not open", t);
                manager.ended(model);
                model.stateProperty().set(ConnectionState.DISCONNECTED);
                model.noteProperty().set("Not connected: " + (t instanceof CallFailure f ? f.why() : t.getMessage()));
                return;
            }
            model.stateProperty().set(ConnectionState.CONNECTED);
            model.noteProperty().set(live.note);
            sessions.connected(model, storage);
        }));
        return live;
    }

    private synchronized StorageService start() {
        if (closed) throw new IllegalStateException("closed");
        CsiStorage main = clients.openMain(Endpoint.parse(training.endpoint()));
        try {
            String url = training.cspUrl();
            for (String array : training.siteEndpoints().keySet()) clients.addArray(url, array, array);
        } catch (IllegalStateException e) {
            LOG.warn("Training connection {} without its arrays' CSP view: {}", connection, e.getMessage());
            note = "CSI only: the arrays' CSP view did not start (" + e.getMessage() + "); volumes show their ids.";
        }
        List<ReplicationPort> out = new ArrayList<>();
        for (Map.Entry<String, String> site : training.siteEndpoints().entrySet()) {
            out.add(clients.addSite(site.getKey(), Endpoint.parse(site.getValue()), null));
        }
        sites = List.copyOf(out);
        return new CombinedStorage(main, clients.arrays());
    }

    @Override
    public List<ReplicationPort> replicationSites() {
        return sites;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        sessions.closeInBackground(() -> {
            synchronized (this) {
                clients.close();
            }
        });
    }
}
