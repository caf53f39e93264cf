package org.csiconsole.app.cli;

import io.grpc.Status;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.reference.cspserver.CspServerConfig;
import org.csiconsole.core.reference.fault.Faults;
import org.csiconsole.core.reference.shape.DriverShape;
import org.csiconsole.core.reference.store.StoreException;
import org.csiconsole.core.store.ConfigDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code csi-console serve}: runs the bundled reference plugin on a unix socket until SIGTERM or
 * Ctrl-C, then removes its socket(s) and exits 0. State persists in {@code --state-dir}; a fresh
 * directory is seeded with {@code --seed}. Faults can be injected from the command line, and the
 * plugin can play a stricter real driver ({@link DriverShape}: required secrets, capabilities left
 * out, an empty Probe) beside a node-driver-registrar ({@code --registration-dir}).
 *
 * <pre>
 * csi-console serve --endpoint unix:///tmp/ref.sock --seed demo --fault CreateVolume=UNAVAILABLE:2
 * csi-console serve --endpoint unix:///tmp/rbd.sock --require-secrets s.json --without-capability LIST_VOLUMES,LIST_SNAPSHOTS \
 *     --empty-probe --registration-dir /tmp/root/plugins_registry
 * </pre>
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve the bundled reference CSI plugin (simulated arrays) on a unix socket until stopped.")
public class ServeCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--endpoint", required = true, paramLabel = "unix:///PATH",
            description = "Socket for the CSI services (all of them unless --node-endpoint is given).")
    String endpoint;

    @Option(names = "--node-endpoint", paramLabel = "unix:///PATH",
            description = "Separate socket for the Node service (Identity and Node), as a node plugin would serve.")
    String nodeEndpoint;

    @Option(names = "--addons-endpoint", paramLabel = "unix:///PATH",
            description = "Separate socket for the csi-addons services of the controller side (Replication, "
                    + "ControllerReclaimSpace, NetworkFence, VolumeGroup), as a csi-addons sidecar serves them.")
    String addonsEndpoint;

    @Option(names = "--node-addons-endpoint", paramLabel = "unix:///PATH",
            description = "Separate socket for the csi-addons services of the node side (NodeReclaimSpace, "
                    + "EncryptionKeyRotation). Default: beside the Node service.")
    String nodeAddonsEndpoint;

    @Option(names = "--csp-port", paramLabel = "N", description = "Also serve the CSP REST API on 127.0.0.1:N (0 = any free port).")
    Integer cspPort;

    @Option(names = "--csp-context-path", paramLabel = "PATH",
            description = "Serve the CSP API only under PATH/containers/v1: a leading slash (e.g. /csp), or empty (\"\") "
                    + "for none. Default: both /containers/v1 (as the HPE CSI driver calls an in-cluster CSP service) "
                    + "and /csp/containers/v1.")
    String cspContextPath;

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "State directory (SQLite). Default: <config dir>/reference.")
    Path stateDir;

    @Option(names = "--seed", paramLabel = "demo|empty", defaultValue = "demo",
            description = "Content of a fresh state directory: demo (two arrays, ~200 volumes) or empty. Default: ${DEFAULT-VALUE}.")
    String seed;

    @Option(names = "--node-id", paramLabel = "ID", defaultValue = "node-1",
            description = "node_id of the node service. Default: ${DEFAULT-VALUE}.")
    String nodeId;

    @Option(names = "--fault", paramLabel = "RPC=CODE[:N|:pP]",
            description = "Inject an error: CreateVolume=UNAVAILABLE (every call), =UNAVAILABLE:3 (next 3 calls), "
                    + "=ABORTED:p0.2 (20%% of calls). RPC is a method name, a full name (csi.v1.Controller/CreateVolume) or *.")
    List<String> faults = new ArrayList<>();

    @Option(names = "--latency", paramLabel = "RPC=MS", description = "Add latency in milliseconds to an RPC, e.g. NodeStageVolume=1500.")
    List<String> latencies = new ArrayList<>();

    @Option(names = "--fault-seed", paramLabel = "N", defaultValue = "1", description = "Seed of probabilistic faults. Default: ${DEFAULT-VALUE}.")
    long faultSeed;

    @Option(names = "--node-paths", paramLabel = "host|sandbox", defaultValue = "host",
            description = "Where NodeStageVolume/NodePublishVolume paths live: host (this machine's paths; the caller, as a "
                    + "CO, creates the parent of target_path and the staging directory) or sandbox (mirrored below "
                    + "<state dir>/node, parents created by the plugin; for clients that pass made-up paths). "
                    + "Default: ${DEFAULT-VALUE}.")
    String nodePaths;

    @Option(names = "--link-down", description = "Start with every replication link down (pairs DEGRADED, sync frozen).")
    boolean linkDown;

    @picocli.CommandLine.Mixin
    ReplicationFaultOptions replicationFaults = new ReplicationFaultOptions();

    @Option(names = "--site", paramLabel = "ARRAY",
            description = "Serve one site: ListVolumes, ListVolumeGroups and the Replication service see only array ARRAY "
                    + "(site-a or site-b in the demo). Run serve twice, once per site, for two sites of a replicated pair.")
    String site;

    @Option(names = "--site-endpoint", paramLabel = "ARRAY=unix:///PATH",
            description = "Also serve one site on a socket of its own (every CSI and csi-addons service, scoped to ARRAY as --site "
                    + "is), e.g. site-b=unix:///tmp/site-b.sock; repeatable. With --site site-a this serves both sites of the pairs.")
    List<String> siteEndpoints = new ArrayList<>();

    @Option(names = "--driver-name", paramLabel = "NAME", defaultValue = ReferencePlugin.PLUGIN_NAME,
            description = "The driver name GetPluginInfo, csi-addons GetIdentity and the registration answer; the registration "
                    + "socket is then DIR/NAME-reg.sock. Give each driver served on one node its own name. Default: ${DEFAULT-VALUE}.")
    String driverName;

    @Option(names = "--registration-dir", paramLabel = "DIR",
            description = "Also serve the kubelet registration socket DIR/<driver-name>-reg.sock as node-driver-registrar does "
                    + "(pluginregistration.v1 GetInfo: CSIPlugin, the driver name, the CSI socket's path, versions 1.0.0), "
                    + "e.g. /var/lib/kubelet/plugins_registry or <fake kubelet root>/plugins_registry. Removed on shutdown.")
    Path registrationDir;

    @Option(names = "--require-secrets", paramLabel = "FILE",
            description = "Refuse every CSI and csi-addons call whose request has a csi_secret field unless its secrets equal "
                    + "FILE's (in the format --secrets-file reads): none gives INVALID_ARGUMENT \"provided secret is "
                    + "empty\", other ones UNAUTHENTICATED. The CSP REST API keeps its own login.")
    Path requireSecrets;

    @Option(names = "--without-capability", paramLabel = "NAME[,NAME...]", split = ",",
            description = "Stop advertising these capabilities (e.g. LIST_VOLUMES,LIST_SNAPSHOTS,GET_VOLUME or a csi-addons one "
                    + "such as VOLUME_REPLICATION; qualify as controller:EXPAND_VOLUME to pick one place) and answer the RPCs "
                    + "behind them UNIMPLEMENTED. A wrong name lists the valid ones.")
    List<String> withoutCapabilities = new ArrayList<>();

    @Option(names = "--empty-probe", description = "Answer Probe with an empty ProbeResponse (ready unset; the spec lets a CO assume ready).")
    boolean emptyProbe;

    static Path socketPath(String endpoint, String option) {
        if (endpoint == null || !endpoint.startsWith("unix://") || endpoint.length() <= "unix://".length()) {
            throw new IllegalArgumentException(option + " must look like unix:///path/to/csi.sock, was '" + endpoint + "'.");
        }
        return Path.of(endpoint.substring("unix://".length()));
    }

    static void applyFault(Faults f, String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--fault " + spec + " must be RPC=CODE[:N|:pP], e.g. CreateVolume=UNAVAILABLE:2.");
        }
        String rpc = spec.substring(0, eq);
        String[] parts = spec.substring(eq + 1).split(":", 2);
        Status.Code code;
        try {
            code = Status.Code.valueOf(parts[0].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--fault " + spec + ": " + parts[0] + " is not a gRPC code such as UNAVAILABLE or ABORTED.");
        }
        try {
            if (parts.length == 1) {
                f.failWithProbability(rpc, code, 1.0);
            } else if (parts[1].startsWith("p")) {
                f.failWithProbability(rpc, code, Double.parseDouble(parts[1].substring(1)));
            } else {
                f.failTimes(rpc, code, Integer.parseInt(parts[1]));
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--fault " + spec + ": '" + parts[1] + "' must be a count (3) or a probability (p0.2).");
        }
    }

    static void applyLatency(Faults f, String spec) {
        int eq = spec.indexOf('=');
        try {
            f.latency(spec.substring(0, eq), Duration.ofMillis(Long.parseLong(spec.substring(eq + 1))));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--latency " + spec + " must be RPC=MS, e.g. NodeStageVolume=1500.");
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path socket;
        Optional<Path> nodeSocket;
        Optional<Path> addonsSocket;
        Optional<Path> nodeAddonsSocket;
        Seed s;
        try {
            socket = socketPath(endpoint, "--endpoint");
            nodeSocket = nodeEndpoint == null ? Optional.empty() : Optional.of(socketPath(nodeEndpoint, "--node-endpoint"));
            addonsSocket = addonsEndpoint == null ? Optional.empty() : Optional.of(socketPath(addonsEndpoint, "--addons-endpoint"));
            nodeAddonsSocket = nodeAddonsEndpoint == null ? Optional.empty()
                    : Optional.of(socketPath(nodeAddonsEndpoint, "--node-addons-endpoint"));
            s = Seed.valueOf(seed.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage().startsWith("No enum") ? "--seed must be demo or empty, was '" + seed + "'." : e.getMessage());
            return ExitCodes.USAGE;
        }
        NodePaths.Mode pathMode;
        try {
            pathMode = NodePaths.Mode.valueOf(nodePaths.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            err.println("--node-paths must be host or sandbox, was '" + nodePaths + "'.");
            return ExitCodes.USAGE;
        }
        String cspContext = null;
        if (cspContextPath != null) {
            if (cspPort == null) {
                err.println("--csp-context-path needs --csp-port: give the port the CSP REST API listens on (0 = any free port).");
                return ExitCodes.USAGE;
            }
            try {
                cspContext = CspServerConfig.normalizeContextPath(cspContextPath);
            } catch (IllegalArgumentException e) {
                err.println("--csp-context-path: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }
        DriverShape shape;
        try {
            Optional<java.util.Map<String, String>> secrets = requireSecrets == null ? Optional.empty()
                    : Optional.of(CsiCommands.readSecrets(requireSecrets).values());
            if (secrets.isPresent() && secrets.get().isEmpty()) {
                err.println("--require-secrets " + requireSecrets + " holds no secret: give the secrets the driver requires.");
                return ExitCodes.USAGE;
            }
            shape = DriverShape.of(secrets, withoutCapabilities, emptyProbe);
        } catch (IllegalArgumentException e) {
            err.println("--without-capability: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (org.csiconsole.core.call.CallFailure e) {
            err.println(e.describe());
            return ExitCodes.USAGE;
        }
        Path dir = stateDir != null ? stateDir : ConfigDirectory.resolve().resolve("reference");
        ReferencePlugin plugin;
        try {
            plugin = ReferencePlugin.builder(dir).seed(s).nodeId(nodeId).pluginName(driverName).faultSeed(faultSeed).nodePaths(pathMode).shape(shape).start();
        } catch (StoreException e) {
            err.println(e.getMessage());
            return ExitCodes.USAGE;
        } catch (IllegalArgumentException e) {
            err.println("--driver-name: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        try {
            for (String f : faults) {
                applyFault(plugin.faults(), f);
            }
            for (String l : latencies) {
                applyLatency(plugin.faults(), l);
            }
            if (linkDown) {
                plugin.faults().replicationLinkDown(null, true);
            }
            replicationFaults.apply(plugin.replicationFaults());
            if (site != null && plugin.model().arrays().get(site).isEmpty()) {
                throw new IllegalArgumentException("--site " + site + " is not an array of this state; the demo has site-a and site-b.");
            }
            plugin.serve(new ReferencePlugin.Sockets(socket, nodeSocket, addonsSocket, nodeAddonsSocket)
                    .scopedTo(site == null ? org.csiconsole.core.reference.SiteScope.ALL : org.csiconsole.core.reference.SiteScope.of(site)));
            for (String spec : siteEndpoints) {
                int eq = spec.indexOf('=');
                String array = eq <= 0 ? "" : spec.substring(0, eq);
                if (array.isEmpty() || plugin.model().arrays().get(array).isEmpty()) {
                    throw new IllegalArgumentException("--site-endpoint " + spec + " must be ARRAY=unix:///PATH with an array of this state "
                            + "(the demo has site-a and site-b).");
                }
                plugin.serve(new ReferencePlugin.Sockets(socketPath(spec.substring(eq + 1), "--site-endpoint"), Optional.empty(),
                        Optional.empty(), Optional.empty()).scopedTo(org.csiconsole.core.reference.SiteScope.of(array)));
            }
            if (registrationDir != null) {
                out.println("Registration on " + plugin.serveRegistration(registrationDir, nodeSocket.orElse(socket))
                        + " (as node-driver-registrar serves it)");
            }
        } catch (IllegalArgumentException e) {
            plugin.close();
            err.println(e.getMessage());
            return ExitCodes.USAGE;
        } catch (java.io.IOException e) {
            plugin.close();
            err.println(e.getMessage());
            return ExitCodes.ENDPOINT;
        }
        if (cspPort != null) {
            try {
                CspServerConfig.Builder settings = CspServerConfig.builder();
                if (cspContext != null) settings.contextPath(cspContext);
                plugin.startCsp(cspPort, settings);
                out.println("CSP REST API on " + String.join(" and ", plugin.cspApiRoots())
                        + " (user admin, x-array-ip selects the array)");
            } catch (IllegalStateException e) {
                plugin.close();
                err.println(e.getMessage());
                return ExitCodes.ENDPOINT;
            }
        }
        Thread hook = new Thread(() -> {
            plugin.close();
            stopped.countDown();
        }, "reference-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println("Serving CSI on " + endpoint + (nodeEndpoint != null ? " (node: " + nodeEndpoint + ")" : "")
                + (addonsEndpoint != null ? ", csi-addons on " + addonsEndpoint : "")
                + (nodeAddonsEndpoint != null ? ", node csi-addons on " + nodeAddonsEndpoint : "")
                + (site != null ? ", site " + site : "")
                + (siteEndpoints.isEmpty() ? "" : ", sites " + String.join(", ", siteEndpoints))
                + (shape.isGenerous() ? "" : ", playing a stricter driver: " + shape.describe())
                + ", driver " + driverName + ", node_id " + nodeId + ", state in " + dir.toAbsolutePath() + ". Stop with SIGTERM or Ctrl-C.");
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            // embedded use: the caller interrupts the serving thread to stop it
            Runtime.getRuntime().removeShutdownHook(hook);
            plugin.close();
            Thread.currentThread().interrupt();
        }
        return ExitCodes.OK;
    }
}
