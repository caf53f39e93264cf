package org.csiconsole.app.gui.connect;

import org.csiconsole.core.model.PoolUsage;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.storage.ArrayPools;
import org.csiconsole.core.storage.CombinedStorage;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.views.workbench.ConnectionModel;
import org.slf4j.Logger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/** The reference plugin, its servers and the clients of one demo connection. */
final class DemoSession implements Session {
    /** The demo's two arrays, each a replication site with an in-process endpoint of its own. */
    private static final List<String> SITES = List.of("site-a", "site-b");
    /** Demo messages go to the same log as the other connection messages. */
    private static final Logger LOG = Sessions.LOG;

    private final Sessions sessions;
    private ReferencePlugin plugin;
    /** The plugin's clients; per array, those of an endpoint serving that array alone: the demo's replication sites. */
    private final PluginClients clients;
    private volatile List<org.csiconsole.core.replication.ReplicationPort> sites = List.of();
    private String note = "";
    /** A state folder made for this run only (the usual one was in use), removed on close. */
    private Path scratch;
    volatile boolean closed;
    /** The connection's name, as its changes are audited. */
    private final String connection;

    private DemoSession(Sessions sessions, String connection) {
        this.connection = connection;
        this.sessions = sessions;
        this.clients = new PluginClients(sessions, connection);
    }

    /**
     * Starts the demo for {@code model} on the background executor and returns its session at once; the
     * outcome is reported into the model on the UI executor. See {@link Sessions#openDemo}.
     */
    static Session open(Sessions sessions, ConnectionModel model, ConnectionManager manager) {
        DemoSession live = new DemoSession(sessions, model.profile().name());
        model.stateProperty().set(ConnectionState.CONNECTING);
        model.noteProperty().set("Starting the bundled reference plugin\u2026");
        CompletableFuture.supplyAsync(live::start, sessions.io).whenComplete((storage, e) -> sessions.ui.execute(() -> {
            if (live.closed) return;
            if (e != null) {
                Throwable t = Sessions.unwrap(e);
                LOG.warn("The demo did not start", t);
                manager.ended(model);
                model.stateProperty().set(ConnectionState.DISCONNECTED);
                model.noteProperty().set("The demo did not start: " + (t instanceof CallFailure f ? f.why() : t.getMessage()));
                return;
            }
            model.stateProperty().set(ConnectionState.CONNECTED);
            model.noteProperty().set(live.note);
            sessions.connected(model, storage);
        }));
        return live;
    }

    synchronized StorageService start() {
        if (closed) throw new IllegalStateException("closed");
        Path dir = sessions.demoStateDir();
        try {
            plugin = ReferencePlugin.builder(dir).seed(Seed.DEMO).nodePaths(NodePaths.Mode.SANDBOX).start();
        } catch (RuntimeException locked) {
            try {
                dir = Files.createTempDirectory("csi-console-demo");
            } catch (IOException io) {
                throw locked;
            }
            scratch = dir;
            LOG.info("Demo state {} unavailable ({}); using {}", sessions.demoStateDir(), locked.getMessage(), dir);
            plugin = ReferencePlugin.builder(dir).seed(Seed.DEMO).nodePaths(NodePaths.Mode.SANDBOX).start();
            note = "Demo state kept in " + dir + " for this run only (" + sessions.demoStateDir() + " is in use).";
        }
        String name = startNamed();
        CsiStorage main = clients.openMain(new Endpoint.InProcess(name));
        try {
            String url = plugin.startCsp(0);
            for (Map.Entry<String, String> array : sessions.demoArrays().entrySet()) clients.addArray(url, array.getKey(), array.getValue());
        } catch (UnsupportedOperationException | IllegalStateException e) {
            note = "CSI only: the reference CSP server is not part of this build.";
        }
        // The reference arrays report their pools' total and used bytes directly: no CSI or CSP call carries them.
        ReferencePlugin reference = plugin;
        ArrayPools pools = () -> CompletableFuture.supplyAsync(() -> reference.model().arrays().all().stream()
                .flatMap(a -> a.pools().stream().map(p -> new PoolUsage(a.name(), p.name(), p.capacityBytes(),
                        reference.model().arrays().provisionedBytes(a.name(), p.name()))))
                .toList());
        org.csiconsole.core.replication.ReplicationFaults faults = plugin.replicationFaults();
        sites = replicationSites(name, faults);
        // The reference arrays record stagings and node publications, which no CSI call reports: the lifecycle is exact.
        return new CombinedStorage(main, clients.arrays(), pools, ArrayModel.TOPOLOGY_KEY,
                volumeId -> CompletableFuture.supplyAsync(() -> reference.volumeOnNodes(volumeId)), faults);
    }

    /**
     * Starts the plugin's in-process servers under the first free name: {@code demo} and one per
     * site ({@code demo-site-a}, {@code demo-site-b}), else {@code demo-2} and its sites, and so on.
     * In-process names are global to the JVM, and a console closed a moment ago may still hold some
     * of its names while its servers stop: a name is taken only when all three are free.
     *
     * @return the main name
     * @throws IllegalStateException when no name up to {@code demo-50} is free
     */
    private String startNamed() {
        for (int n = 1; ; n++) {
            String name = n == 1 ? "demo" : "demo-" + n;
            List<io.grpc.Server> started = new ArrayList<>();
            try {
                started.add(plugin.startInProcess(name));
                for (String array : SITES) started.add(plugin.startInProcess(name + "-" + array, org.csiconsole.core.reference.SiteScope.of(array)));
                return name;
            } catch (IllegalStateException taken) {
                started.forEach(io.grpc.Server::shutdownNow);
                if (n >= 50) throw taken;
            }
        }
    }

    /**
     * One replication site per array, as two clusters each see their own array: an in-process CSI
     * and csi-addons endpoint scoped to the array ({@link org.csiconsole.core.reference.SiteScope}),
     * with that array's CSP partners and snapshot groups as a second source, and the plugin's faults.
     */
    private List<org.csiconsole.core.replication.ReplicationPort> replicationSites(String name,
                                                                                  org.csiconsole.core.replication.ReplicationFaults faults) {
        List<org.csiconsole.core.replication.ReplicationPort> out = new ArrayList<>();
        for (String array : SITES) {
            // the array's endpoint was started by startNamed
            out.add(clients.addSite(array, new Endpoint.InProcess(name + "-" + array), faults));
        }
        return List.copyOf(out);
    }

    @Override
    public List<org.csiconsole.core.replication.ReplicationPort> replicationSites() {
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
                if (plugin != null) plugin.close();
                if (scratch != null) deleteTree(scratch);
            }
        });
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
}
