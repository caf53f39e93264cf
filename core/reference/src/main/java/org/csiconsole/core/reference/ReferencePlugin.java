package org.csiconsole.core.reference;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.inprocess.InProcessServerBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.csiconsole.core.reference.addons.AddonsIdentityService;
import org.csiconsole.core.reference.addons.EncryptionKeyRotationService;
import org.csiconsole.core.reference.addons.NetworkFenceService;
import org.csiconsole.core.reference.addons.ReclaimSpaceControllerService;
import org.csiconsole.core.reference.addons.ReclaimSpaceNodeService;
import org.csiconsole.core.reference.addons.ReplicationService;
import org.csiconsole.core.reference.addons.VolumeGroupService;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.StorageArray;
import org.csiconsole.core.reference.cspserver.CspFaultHook;
import org.csiconsole.core.reference.cspserver.CspServer;
import org.csiconsole.core.reference.cspserver.CspServerConfig;
import org.csiconsole.core.reference.cspserver.ModelCspBackend;
import org.csiconsole.core.reference.fault.CspFault;
import org.csiconsole.core.reference.csi.ControllerService;
import org.csiconsole.core.reference.csi.GroupControllerService;
import org.csiconsole.core.reference.csi.IdentityService;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.reference.csi.NodeService;
import org.csiconsole.core.reference.csi.SnapshotMetadataService;
import org.csiconsole.core.reference.fault.Faults;
import org.csiconsole.core.reference.seed.DemoSeed;
import org.csiconsole.core.reference.serve.UnixSocketServers;
import org.csiconsole.core.reference.shape.DriverShape;
import org.csiconsole.core.registration.RegistrationService;
import org.csiconsole.core.reference.store.StateStore;
import org.csiconsole.core.reference.store.StoreException;

/**
 * The bundled reference plugin: simulated arrays behind CSI v1.12 (Identity, Controller, Node,
 * GroupController, SnapshotMetadata), the csi-addons services (Identity, Replication,
 * ReclaimSpace, NetworkFence, VolumeGroup, EncryptionKeyRotation) and the HPE CSP REST API
 * ({@link #startCsp(int)}), all on one model persisted in SQLite in a state directory, served in
 * process or on unix sockets. This is the only entry point the rest of core uses.
 *
 * <pre>{@code
 * try (ReferencePlugin p = ReferencePlugin.builder(stateDir).seed(Seed.DEMO).nodeId("node-1").start()) {
 *     p.startInProcess("demo");            // clients connect to endpoint inproc:demo
 *     p.serve(Path.of("/tmp/ref.sock"), Optional.empty());   // and/or unix:///tmp/ref.sock
 * }
 * }</pre>
 *
 * <p>Every mutation is committed to {@code <stateDir>/state.db} before its response is sent
 * (see {@link StateStore}). A state directory can be open in one plugin at a time.
 */
public final class ReferencePlugin implements AutoCloseable {
    /** Plugin name reported by GetPluginInfo unless {@link Builder#pluginName} gives another. */
    public static final String PLUGIN_NAME = "reference.csi-console.org";
    /** Version reported by GetPluginInfo. */
    public static final String VERSION = "0.1.0";

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ReferencePlugin.class);

    private final StateStore store;
    private final ArrayModel model;
    private final Faults faults;
    private final org.csiconsole.core.reference.calls.CallLog callLog;
    private final String nodeId;
    private final String pluginName;
    private final NodePaths nodePaths;
    private final DriverShape shape;
    private final List<Server> inProcess = new ArrayList<>();
    private final List<UnixSocketServers.Running> sockets = new ArrayList<>();
    private CspServer csp;
    private final java.util.Set<String> demotedSides = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private boolean closed;

    private ReferencePlugin(StateStore store, ArrayModel model, Faults faults, String nodeId, String pluginName, NodePaths.Mode pathMode,
                            DriverShape shape) {
        this.store = store;
        this.pluginName = pluginName;
        this.shape = shape;
        this.model = model;
        this.faults = faults;
        this.callLog = new org.csiconsole.core.reference.calls.CallLog(model.clock());
        this.nodeId = nodeId;
        this.nodePaths = pathMode == NodePaths.Mode.SANDBOX
                ? NodePaths.sandbox(store.directory().resolve("node")) : NodePaths.host();
    }

    /** Starts configuring a plugin whose state lives in {@code stateDir} (created when missing). */
    public static Builder builder(Path stateDir) {
        return new Builder(stateDir);
    }

    /** Options of a plugin; {@link #start()} opens the state and seeds a fresh directory. */
    public static final class Builder {
        private final Path stateDir;
        private Seed seed = Seed.EMPTY;
        private String nodeId = "node-1";
        private String pluginName = PLUGIN_NAME;
        private Clock clock = Clock.systemUTC();
        private long faultSeed = 1L;
        private NodePaths.Mode nodePaths = NodePaths.Mode.SANDBOX;
        private DriverShape shape = DriverShape.GENEROUS;
        private java.util.function.Consumer<ArrayModel> seeder;

        private Builder(Path stateDir) {
            this.stateDir = Objects.requireNonNull(stateDir, "stateDir");
        }

        /** What a fresh state directory starts with (default {@link Seed#EMPTY}); ignored for an existing one. */
        public Builder seed(Seed value) {
            this.seed = Objects.requireNonNull(value);
            return this;
        }

        /**
         * Seeds a fresh state directory with {@code value} instead of a {@link Seed} (a training scenario's
         * seed): it receives the empty model and creates arrays and everything else itself.
         */
        public Builder seedWith(java.util.function.Consumer<ArrayModel> value) {
            this.seeder = Objects.requireNonNull(value);
            return this;
        }

        /** node_id reported by NodeGetInfo and used for node records (default "node-1"). */
        public Builder nodeId(String value) {
            this.nodeId = Objects.requireNonNull(value);
            return this;
        }

        /**
         * The driver name GetPluginInfo, csi-addons GetIdentity and the registration socket report
         * (default {@value ReferencePlugin#PLUGIN_NAME}): another name serves a second driver on one node.
         *
         * @throws IllegalArgumentException when {@code value} is not a CSI driver name (CSI spec, GetPluginInfo: at most
         *     63 characters, domain name notation: letters, digits, '-', '_' and '.', beginning and ending with a letter or digit)
         */
        public Builder pluginName(String value) {
            if (value == null || !value.matches("[A-Za-z0-9]([A-Za-z0-9._-]{0,61}[A-Za-z0-9])?")) {
                throw new IllegalArgumentException("'" + value + "' is not a CSI driver name: give at most 63 letters, digits, '-', "
                        + "'_' or '.', beginning and ending with a letter or digit, e.g. second.csi-console.org.");
            }
            this.pluginName = value;
            return this;
        }

        /** Clock for creation times and the replication schedule (default system UTC). */
        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value);
            return this;
        }

        /**
         * Where the Node service finds the CO's staging_target_path and target_path. The default,
         * {@link NodePaths.Mode#SANDBOX}, mirrors them below {@code <stateDir>/node} and creates
         * parents and staging directories itself, so an in-process plugin (the demo, tests) never
         * writes outside its state directory whatever paths a caller makes up.
         * {@link NodePaths.Mode#HOST} uses this machine's paths, as a CO driving a real node plugin
         * expects; {@code csi-console serve} uses it unless told otherwise.
         */
        public Builder nodePaths(NodePaths.Mode value) {
            this.nodePaths = Objects.requireNonNull(value);
            return this;
        }

        /**
         * How far the plugin plays a stricter real driver (required secrets, capabilities left out, an
         * empty Probe); default {@link DriverShape#GENEROUS}. Applies to every service it serves.
         */
        public Builder shape(DriverShape value) {
            this.shape = Objects.requireNonNull(value);
            return this;
        }

        /** Seed of fault-injection probability draws (default 1). */
        public Builder faultSeed(long value) {
            this.faultSeed = value;
            return this;
        }

        /**
         * Opens the state directory, seeds it when fresh, and returns the running plugin (not yet
         * serving anything).
         *
         * @throws StoreException when the directory is locked by another plugin process or the
         *                        database cannot be opened; the message says what to do
         */
        public ReferencePlugin start() {
            StateStore store = StateStore.open(stateDir);
            try {
                ArrayModel model = ArrayModel.load(store, clock);
                if (model.seedingInterrupted()) {
                    // a process was killed while seeding: the content is a partial seed, redo it
                    store.clear();
                    model = ArrayModel.load(store, clock);
                }
                if (model.isEmpty()) {
                    model.markSeeding(true);
                    if (seeder != null) {
                        seeder.accept(model);
                    } else {
                        DemoSeed.apply(model, seed, nodeId);
                    }
                    model.markSeeding(false);
                }
                DemoSeed.ensureNode(model, nodeId);
                return new ReferencePlugin(store, model, new Faults(faultSeed, model), nodeId, pluginName, nodePaths, shape);
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
        }
    }

    /**
     * The array model shared by every protocol. Code inside the {@code reference} package (CSI,
     * csi-addons and CSP services) works on it directly; nothing outside uses it.
     */
    public ArrayModel model() {
        return model;
    }

    /**
     * What the plugin records of {@code volumeId} on every node: the controller publication, the
     * stagings (NodeStageVolume) and the node publications (NodePublishVolume). CSI has no call that
     * reports stagings or node publications; the console reads them here to show a volume's exact
     * place in the lifecycle. Nodes without any record are left out; an unknown volume has none.
     */
    public List<org.csiconsole.core.model.VolumeOnNode> volumeOnNodes(String volumeId) {
        java.util.Set<String> published = new java.util.TreeSet<>();
        java.util.Map<String, List<String>> staged = new java.util.TreeMap<>();
        java.util.Map<String, List<String>> targets = new java.util.TreeMap<>();
        for (var p : model.publications().of(volumeId)) published.add(p.nodeId());
        for (var m : model.nodeRecords().of(volumeId)) {
            (m.staged() ? staged : targets).computeIfAbsent(m.nodeId(), k -> new ArrayList<>()).add(m.path());
        }
        java.util.Set<String> nodes = new java.util.TreeSet<>(published);
        nodes.addAll(staged.keySet());
        nodes.addAll(targets.keySet());
        List<org.csiconsole.core.model.VolumeOnNode> out = new ArrayList<>();
        for (String n : nodes) {
            out.add(new org.csiconsole.core.model.VolumeOnNode(n, published.contains(n), staged.getOrDefault(n, List.of()),
                    targets.getOrDefault(n, List.of())));
        }
        return out;
    }

    /** Fault injection for this plugin. */
    public Faults faults() {
        return faults;
    }

    /**
     * The replication faults of this plugin through the UI-neutral port of core/api (link down and
     * up, split brain, array errors, scheduling interval, resync duration), for a faults panel.
     */
    public org.csiconsole.core.replication.ReplicationFaults replicationFaults() {
        return new org.csiconsole.core.reference.fault.ModelReplicationFaults(model);
    }

    /** Every call this plugin served (since the last {@link #resetTo}), for training mode's "how" checks. */
    public org.csiconsole.core.reference.calls.CallLog callLog() {
        return callLog;
    }

    /**
     * Puts the plugin back to {@code state} (an {@link ArrayModel#dump()}) exactly: the model's rows,
     * no injected faults, no remembered demotes, an empty call log.
     */
    public void resetTo(java.util.Map<String, ? extends java.util.Map<String, String>> state) {
        faults.clear();
        demotedSides.clear();
        model.restore(state);
        callLog.clear();
    }

    /** node_id of this plugin's node service. */
    public String nodeId() {
        return nodeId;
    }

    /**
     * Where a CO path (staging_target_path, target_path) is on this machine: the path itself in
     * {@link NodePaths.Mode#HOST} mode, its mirror below {@code <stateDir>/node} in SANDBOX mode.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT for a relative path or one with ".."
     */
    public Path nodePath(String coPath) {
        return nodePaths.resolve(coPath, "path");
    }

    /** The state directory. */
    public Path stateDir() {
        return store.directory();
    }

    /**
     * The CSI services (Identity, Controller, Node, GroupController, SnapshotMetadata) and every
     * csi-addons service, each wrapped by the fault interceptor. Fresh instances on each call, all
     * on this plugin's model.
     */
    public List<BindableService> bindableServices() {
        return bindableServices(SiteScope.ALL);
    }

    /** As {@link #bindableServices()}, listing and replicating only {@code scope}'s array ({@link SiteScope}). */
    public List<BindableService> bindableServices(SiteScope scope) {
        List<BindableService> out = new ArrayList<>(csiController(scope));
        out.add(csiNode());
        out.add(addonsIdentity(AddonsIdentityService.Scope.BOTH));
        out.addAll(addonsController(scope));
        out.addAll(addonsNode());
        return out;
    }

    /** CSI Identity, Controller, GroupController and SnapshotMetadata. */
    private List<BindableService> csiController(SiteScope scope) {
        return List.of(wrap(new IdentityService(pluginName)),
                wrap(new ControllerService(model, faults, scope)),
                wrap(new GroupControllerService(model, faults)),
                wrap(new SnapshotMetadataService(model, faults)));
    }

    /**
     * {@code service} behind the driver shape, then the fault interceptor (a fault answers first), then
     * the call log (which logs every call, failed ones included).
     */
    private BindableService wrap(BindableService service) {
        return callLog.wrap(faults.interceptor().wrap(shape.wrap(service)));
    }

    private BindableService csiNode() {
        return wrap(new NodeService(model, faults, nodeId, nodePaths));
    }

    private BindableService addonsIdentity(AddonsIdentityService.Scope scope) {
        return wrap(new AddonsIdentityService(pluginName, VERSION, scope));
    }

    /** csi-addons controller side: Replication, offline ReclaimSpace, NetworkFence, VolumeGroup. */
    private List<BindableService> addonsController(SiteScope scope) {
        return List.of(wrap(new ReplicationService(model, faults, demotedSides, scope)),
                wrap(new ReclaimSpaceControllerService(model, faults)),
                wrap(new NetworkFenceService(model, faults)),
                wrap(new VolumeGroupService(model, faults, scope)));
    }

    /** csi-addons node side: online ReclaimSpace and EncryptionKeyRotation. */
    private List<BindableService> addonsNode() {
        return List.of(wrap(new ReclaimSpaceNodeService(model, faults, nodeId)),
                wrap(new EncryptionKeyRotationService(model, faults)));
    }

    /**
     * Serves every service in process under {@code name}; clients use endpoint {@code inproc:NAME}
     * ({@code InProcessChannelBuilder.forName(name)}). The server is stopped by {@link #close()}.
     * Calls run on gRPC's own executor, never on the caller's thread (a UI thread stays free even
     * while injected latency or a SQLite commit runs).
     *
     * @throws IllegalStateException when the name is already taken in this JVM
     */
    public synchronized Server startInProcess(String name) {
        return startInProcess(name, SiteScope.ALL);
    }

    /** As {@link #startInProcess(String)}, serving one site ({@link SiteScope}): a second site is a second name. */
    public synchronized Server startInProcess(String name, SiteScope scope) {
        try {
            Server s = InProcessServerBuilder.forName(name).addServices(
                    bindableServices(scope).stream().map(BindableService::bindService).toList()).build().start();
            inProcess.add(s);
            return s;
        } catch (IOException e) {
            throw new IllegalStateException("In-process name " + name + " is already in use: " + e.getMessage(), e);
        }
    }

    /**
     * Serves on unix sockets. With a node socket, {@code socket} carries Identity, Controller,
     * GroupController and SnapshotMetadata and {@code nodeSocket} carries Identity and Node (the
     * controller/node split of a real deployment); without one, {@code socket} carries everything.
     * The csi-addons services stay beside the CSI ones of their side (see {@link #serve(Sockets)} to
     * give them sockets of their own). Socket files are removed by {@link #close()}.
     *
     * @return the server on {@code socket}
     * @throws IOException when a socket cannot be bound (in use, directory missing)
     */
    public synchronized Server serve(Path socket, Optional<Path> nodeSocket) throws IOException {
        return serve(new Sockets(socket, nodeSocket, Optional.empty(), Optional.empty()));
    }

    /**
     * Where each group of services listens. A csi-addons socket takes the csi-addons services off
     * the CSI sockets, as a csi-addons sidecar serves them beside a driver (ceph-csi:
     * {@code unix:///csi/csi-addons.sock}).
     *
     * @param csi the CSI socket: Identity, Controller, GroupController, SnapshotMetadata, and Node
     *     when {@code node} is empty
     * @param node the CSI Node service's own socket (with Identity), or empty
     * @param addons the csi-addons socket of the controller side (Replication, ControllerReclaimSpace,
     *     NetworkFence, VolumeGroup), or empty to serve them on {@code csi}
     * @param nodeAddons the csi-addons socket of the node side (NodeReclaimSpace,
     *     EncryptionKeyRotation), or empty to serve them beside Node ({@code node}, else
     *     {@code addons}, else {@code csi})
     * @param scope the array these sockets serve ({@link SiteScope}); {@link SiteScope#ALL} by default
     */
    public record Sockets(Path csi, Optional<Path> node, Optional<Path> addons, Optional<Path> nodeAddons, SiteScope scope) {
        public Sockets {
            java.util.Objects.requireNonNull(csi, "csi");
            node = node == null ? Optional.empty() : node;
            addons = addons == null ? Optional.empty() : addons;
            nodeAddons = nodeAddons == null ? Optional.empty() : nodeAddons;
            scope = scope == null ? SiteScope.ALL : scope;
        }

        /** Sockets serving every array. */
        public Sockets(Path csi, Optional<Path> node, Optional<Path> addons, Optional<Path> nodeAddons) {
            this(csi, node, addons, nodeAddons, SiteScope.ALL);
        }

        /** The same sockets serving only {@code site}'s array ({@link SiteScope}). */
        public Sockets scopedTo(SiteScope site) {
            return new Sockets(csi, node, addons, nodeAddons, site);
        }
    }

    /**
     * Serves on the unix sockets {@code layout} names; each socket that carries csi-addons services
     * also carries a csi-addons Identity whose capabilities name only the services on it. All the
     * sockets are bound, or none. Socket files are removed by {@link #close()}.
     *
     * @return the server on the CSI socket
     * @throws IOException when a socket cannot be bound (in use, directory missing); the ones already
     *     bound are closed again
     */
    public synchronized Server serve(Sockets layout) throws IOException {
        return serve(layout, List.of());
    }

    /**
     * As {@link #serve(Sockets)}, with {@code extra} services beside the CSI controller services on
     * {@code layout.csi()} (a training's control service). They bypass the driver shape, the fault
     * interceptor and the call log.
     */
    public synchronized Server serve(Sockets layout, List<BindableService> extra) throws IOException {
        java.util.Map<Path, List<BindableService>> csiOn = new java.util.LinkedHashMap<>();
        java.util.Map<Path, boolean[]> addonsOn = new java.util.LinkedHashMap<>(); // [controller side, node side]
        csiOn.computeIfAbsent(layout.csi(), k -> new ArrayList<>()).addAll(csiController(layout.scope()));
        csiOn.get(layout.csi()).addAll(extra);
        Path node = layout.node().orElse(layout.csi());
        if (layout.node().isPresent()) csiOn.computeIfAbsent(node, k -> new ArrayList<>()).add(wrap(new IdentityService(pluginName)));
        csiOn.get(node).add(csiNode());
        Path controllerAddons = layout.addons().orElse(layout.csi());
        Path nodeAddons = layout.nodeAddons().orElse(layout.node().orElse(controllerAddons));
        addonsOn.computeIfAbsent(controllerAddons, k -> new boolean[2])[0] = true;
        addonsOn.computeIfAbsent(nodeAddons, k -> new boolean[2])[1] = true;
        addonsOn.forEach((path, sides) -> {
            List<BindableService> on = csiOn.computeIfAbsent(path, k -> new ArrayList<>());
            on.add(addonsIdentity(sides[0] && sides[1] ? AddonsIdentityService.Scope.BOTH
                    : sides[0] ? AddonsIdentityService.Scope.CONTROLLER : AddonsIdentityService.Scope.NODE));
            if (sides[0]) on.addAll(addonsController(layout.scope()));
            if (sides[1]) on.addAll(addonsNode());
        });
        List<UnixSocketServers.Running> started = new ArrayList<>();
        try {
            for (var e : csiOn.entrySet()) started.add(UnixSocketServers.start(e.getKey(), e.getValue()));
        } catch (IOException | RuntimeException e) {
            started.forEach(UnixSocketServers.Running::stop);
            throw e;
        }
        sockets.addAll(started);
        return started.get(0).server();
    }

    /**
     * Serves the kubelet plugin registration socket {@code <registrationDir>/<driver name>-reg.sock} as
     * node-driver-registrar does beside a driver ({@link RegistrationService}: GetInfo names a
     * CSIPlugin of this plugin's name ({@link Builder#pluginName}) at {@code csiSocket}, versions 1.0.0; NotifyRegistrationStatus is
     * accepted and logged). The socket file is removed by {@link #close()}.
     *
     * @param registrationDir the kubelet's {@code plugins_registry} directory (it must exist)
     * @param csiSocket the CSI socket the registration names, as the kubelet reaches it
     * @return the registration socket
     * @throws IOException when the socket cannot be bound (in use, directory missing)
     */
    public synchronized Path serveRegistration(Path registrationDir, Path csiSocket) throws IOException {
        if (closed) throw new IllegalStateException("The reference plugin is closed.");
        Path socket = registrationDir.resolve(RegistrationService.socketName(pluginName));
        RegistrationService service = new RegistrationService(pluginName, csiSocket.toAbsolutePath().toString(), status -> {
            if (status.getPluginRegistered()) {
                LOG.info("The kubelet registered {} (NotifyRegistrationStatus)", pluginName);
            } else {
                LOG.error("The kubelet did not register {}: {}", pluginName, status.getError());
            }
        });
        UnixSocketServers.Running running = UnixSocketServers.start(socket, List.of(service));
        sockets.add(running);
        return running.socket();
    }

    /**
     * Starts the CSP REST server (hpe-csp-rest-spec.md plus OpenAPI 1.1.0) on 127.0.0.1 over the same
     * model as the CSI and csi-addons services, with user admin/admin, 30-minute tokens and one
     * array per model array, selected by its management IP in {@code x-array-ip} (the demo's site-a
     * is 10.10.1.5, site-b 10.20.1.5). The fault API's CSP faults apply ({@link Faults#cspUnauthorized},
     * {@link Faults#cspExpireTokens}, {@link Faults#cspUnavailable}). Stopped by {@link #close()}.
     *
     * @param port TCP port, 0 for an ephemeral one
     * @return the base URL, e.g. {@code http://127.0.0.1:41234}; the API is under both {@code /csp/containers/v1}
     *     and {@code /containers/v1} ({@link #cspApiRoots()})
     * @throws IllegalStateException when a CSP server is already running or the port cannot be bound
     */
    public synchronized String startCsp(int port) {
        return startCsp(port, CspServerConfig.builder());
    }

    /** As {@link #startCsp(int)} with other users, token lifetime or context path; arrays come from the model. */
    public synchronized String startCsp(int port, CspServerConfig.Builder settings) {
        if (closed) throw new IllegalStateException("The reference plugin is closed.");
        if (csp != null) throw new IllegalStateException("The CSP server is already running at " + csp.url() + ".");
        for (StorageArray a : model.arrays().all()) {
            if (a.managementIp() != null && !a.managementIp().isBlank()) settings.array(a.managementIp(), a.name());
        }
        csp = CspServer.start(settings.port(port).build(), new ModelCspBackend(model), cspFaults());
        return csp.url();
    }

    /**
     * The CSP API roots, {@code http://host:port<context path>/containers/v1}, one per context path
     * served; empty when no CSP server runs.
     */
    public synchronized List<String> cspApiRoots() {
        return csp == null ? List.of() : csp.apiRoots();
    }

    private CspFaultHook cspFaults() {
        return (method, path) -> {
            if (faults.consumeCspTokenExpiry()) return CspFaultHook.Fault.EXPIRE_ALL_TOKENS;
            CspFault f = faults.nextCspFault();
            return switch (f) {
                case UNAUTHORIZED -> CspFaultHook.Fault.TOKEN_EXPIRED;
                case UNAVAILABLE -> CspFaultHook.Fault.UNAVAILABLE;
                case NONE -> CspFaultHook.Fault.NONE;
            };
        };
    }

    /** Stops every server (socket files removed) and closes the state. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Server s : inProcess) {
            s.shutdownNow();
            try {
                s.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        sockets.forEach(UnixSocketServers.Running::stop);
        if (csp != null) {
            csp.close(); // before the store: no request may reach a closed model
        }
        store.close();
    }
}
