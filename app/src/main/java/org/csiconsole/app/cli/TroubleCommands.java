package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.Discovery;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.OrphanReport;
import org.csiconsole.core.trouble.OrphanVolume;
import org.csiconsole.core.trouble.Orphans;
import org.csiconsole.core.trouble.Probe;
import org.csiconsole.core.trouble.ProbeOptions;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.ProbeTarget;
import org.csiconsole.core.trouble.TroubleReport;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * The read-only troubleshooting commands: {@code discover} (the drivers on this node; exit 0
 * whatever it finds, unless {@code --fail-on} is given: the same levels as {@code probe} and {@code report}), {@code probe} (the check list of one
 * driver; exit 0 when nothing failed, 1 when a check failed, 3 when the driver is unreachable;
 * {@code --fail-on warn} exits 1 on a warning too) and {@code orphans} (the driver's volumes against
 * PersistentVolumes or a CSP volume list). None of them changes anything, so none is audited.
 * {@link ExerciseCommand} and {@link ReportCommand} are the other two.
 */
public final class TroubleCommands {
    private TroubleCommands() {
    }

    /** The read-only commands, reading {@code CSI_ENDPOINT} through {@code env}. */
    static List<Object> all(Function<String, String> env) {
        return List.of(new DiscoverCommand(), new ProbeCommand(env), new OrphansCommand(env));
    }

    /** The probe's options from the endpoint options: the deadline of --timeout, the kubelet root. */
    static ProbeOptions probeOptions(CsiEndpointOptions o, Path rootDir) {
        return ProbeOptions.defaults().withDeadline(CsiEndpointOptions.deadline(o.timeoutSeconds)).withKubeletRoot(rootDir);
    }

    static ProbeTarget target(CsiEndpointOptions o, Function<String, String> env) {
        return new ProbeTarget(o.controller(env), o.node(),
                o.addonsEndpoint == null ? Optional.empty() : Optional.of(o.withTls(Endpoint.parse(o.addonsEndpoint))));
    }

    /**
     * 0 when no check failed, 1 when one did, 3 when the driver could not be reached, 5 when it refused the secrets
     * given ({@link ProbeReport#secretsRefused()}).
     */
    static int exitCode(ProbeReport r) {
        return exitCode(r, FailOn.problem);
    }

    /** As {@link #exitCode(ProbeReport)}, and 1 when a check warned with {@code --fail-on warn}. */
    static int exitCode(ProbeReport r, FailOn failOn) {
        if (!r.reachable()) return ExitCodes.ENDPOINT;
        if (r.secretsRefused()) return ExitCodes.AUTH;
        return failOn.met(r.anyFailed() ? CheckStatus.FAIL : r.count(CheckStatus.WARN) > 0 ? CheckStatus.WARN : CheckStatus.PASS)
                ? ExitCodes.CALL_FAILED : ExitCodes.OK;
    }

    /**
     * 0 without {@code --fail-on}; with it, 1 when a socket has a problem of that level or worse
     * ({@link DiscoveryReport#worst()}), or when the kubelet root directory is missing
     * ({@link DiscoveryReport#rootMissing()}) or none of the places looked at exists ({@link DiscoveryReport#lookedAtNothing()}):
     * a discovery that saw nothing says nothing of the node.
     */
    static int exitCode(DiscoveryReport r, FailOn failOn) {
        return failOn != null && (failOn.met(r.worst()) || r.rootMissing() || r.lookedAtNothing()) ? ExitCodes.CALL_FAILED : ExitCodes.OK;
    }

    /**
     * 3 when the driver could not be reached; 5 when it refused the secrets given ({@link ProbeReport#secretsRefused()}); without {@code --fail-on}, 1 when something about the
     * driver failed ({@link TroubleReport#driverWorst()}: a check, an exercise step, its own socket or
     * registration); with it, 1 when anything in the report is at that level or worse
     * ({@link TroubleReport#worst()}: other sockets and a missing kubelet root too, as discover judges them); else 0.
     */
    static int exitCode(TroubleReport r, FailOn failOn) {
        if (r.probe() != null && !r.probe().reachable()) return ExitCodes.ENDPOINT;
        if (r.probe() != null && r.probe().secretsRefused()) return ExitCodes.AUTH;
        boolean failed = failOn == null ? r.driverWorst() == CheckStatus.FAIL : failOn.met(r.worst());
        return failed ? ExitCodes.CALL_FAILED : ExitCodes.OK;
    }

    /** The {@code --fail-on} levels: what makes {@code discover}, {@code probe} and {@code report} exit 1. */
    enum FailOn {
        /** A warning or a problem: a WARN or FAIL check or socket. */
        warn,
        /** A problem: a FAIL check, a socket whose status is FAIL (the kubelet cannot use a registered driver). */
        problem;

        boolean met(CheckStatus worst) {
            return worst == CheckStatus.FAIL || this == warn && worst == CheckStatus.WARN;
        }
    }

    @Command(name = "discover", mixinStandardHelpOptions = true,
            description = {"Find the CSI drivers on this node, read-only: the kubelet's plugin registration sockets "
                    + "(<root-dir>/plugins_registry, asked GetInfo), the usual driver socket places (<root-dir>/plugins/*, /csi, "
                    + "/run/csi, --path) and the sockets registrations name. Per socket: owner, mode, listening or stale, the "
                    + "process holding it, the driver's name and version, whether csi-addons answers, the registration that "
                    + "names it, its problem and what to do.",
                    "Exit code 0 by default whatever is found: stale sockets, FAILs and a --root-dir that does not exist too "
                    + "(they are listed with their problem and next step). A script that must tell a broken node passes "
                    + "--fail-on problem: exit 1 when the kubelet cannot use a registered driver (a stale registration, a "
                    + "registration whose driver socket is missing or stale, one the kubelet refuses for another of its name), "
                    + "or when the kubelet root directory is missing or none of the places looked at exists; --fail-on warn "
                    + "also on any other socket problem."})
    static final class DiscoverCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--root-dir", paramLabel = "DIR", defaultValue = "/var/lib/kubelet",
                description = "The kubelet's root directory (default ${DEFAULT-VALUE}).")
        Path rootDir;

        @Option(names = "--path", paramLabel = "PATH", description = "Another directory to search (one level) or socket to look at; repeatable.")
        List<Path> paths = new ArrayList<>();

        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "2",
                description = "Deadline of each call in seconds (default ${DEFAULT-VALUE}).")
        long timeoutSeconds;

        @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT", description = "table or json (default ${DEFAULT-VALUE}).")
        OutputFormat output;

        @Option(names = "--trace", description = "Print the gRPC call trace on stderr.")
        boolean trace;

        @Option(names = "--fail-on", paramLabel = "LEVEL", description = "Exit 1 when a socket has a problem of this level or worse: "
                + "problem (the kubelet cannot use a registered driver, or the kubelet root directory is missing) or warn (any "
                + "socket problem). Without it, exit 0.")
        FailOn failOn;

        @Override
        public Integer call() throws Exception {
            CallTrace calls = new CallTrace();
            ProbeOptions options = ProbeOptions.defaults().withDeadline(CsiEndpointOptions.deadline(timeoutSeconds)).withKubeletRoot(rootDir);
            DiscoveryReport r = Discovery.run(rootDir, Discovery.defaultPlaces(rootDir, paths), options, calls, e -> { });
            new TroubleOutput(spec.commandLine().getOut(), output).discovery(r);
            if (trace) CsiOutput.trace(spec.commandLine().getErr(), calls.snapshot());
            return exitCode(r, failOn);
        }
    }

    @Command(name = "probe", mixinStandardHelpOptions = true,
            description = {"Check one driver without changing anything: only Identity, Get*, List*, Validate* and NodeGet* calls, "
                    + "each sent once. Every check passes, warns, fails or is skipped, with its evidence, the spec section it comes from "
                    + "and what to do.",
                    "Exit code 0 when no check failed, 1 when a check failed (or, with --fail-on warn, warned), 3 when the driver "
                            + "is unreachable, 5 when it refused the secrets given."})
    static final class ProbeCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        SecretsFileOption secrets = new SecretsFileOption();

        @Mixin
        CsiEndpointOptions o;

        @Option(names = "--root-dir", paramLabel = "DIR", defaultValue = "/var/lib/kubelet",
                description = "The kubelet's root directory, where the volumes published for pods are found (default ${DEFAULT-VALUE}).")
        Path rootDir;

        @Option(names = "--page-size", paramLabel = "N", defaultValue = "500", description = "max_entries per list page (default ${DEFAULT-VALUE}).")
        int pageSize;

        @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "problem",
                description = "Exit 1 when a check ends at this level or worse: problem (a check failed) or warn (a check failed or warned); "
                        + "default ${DEFAULT-VALUE}.")
        FailOn failOn;

        private final Function<String, String> env;

        ProbeCommand(Function<String, String> env) {
            this.env = Objects.requireNonNull(env, "env");
        }

        @Override
        public Integer call() throws Exception {
            if (pageSize < 1) throw CallFailure.refused("Read --page-size", "it must be 1 or more", "Give --page-size 500");
            CallTrace calls = new CallTrace();
            ProbeReport r = Probe.run(target(o, env), probeOptions(o, rootDir).withPageSize(pageSize)
                    .withSecrets(secrets.connection(env), secrets.from(env)), calls, e -> { });
            new TroubleOutput(spec.commandLine().getOut(), o.output).probe(r);
            if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), calls.snapshot());
            return exitCode(r, failOn);
        }
    }

    @Command(name = "orphans", mixinStandardHelpOptions = true,
            description = {"Compare the driver's volumes (ListVolumes) with PersistentVolumes (kubectl get pv -o json > pvs.json) "
                    + "or a CSP array's volume list (the answer of GET /containers/v1/volumes), by volume id, read-only. Lists the "
                    + "volumes on one side only, with sizes."})
    static final class OrphansCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        CsiEndpointOptions o;

        @ArgGroup(exclusive = true, multiplicity = "1")
        ListFile list;

        static final class ListFile {
            @Option(names = "--pv-file", paramLabel = "FILE", description = "PersistentVolumes exported with kubectl get pv -o json.")
            Path pvFile;

            @Option(names = "--csp-volumes", paramLabel = "FILE", description = "A CSP array's volume list (GET /containers/v1/volumes).")
            Path cspVolumes;
        }

        @Option(names = "--driver", paramLabel = "NAME",
                description = "The driver name PersistentVolumes name in spec.csi.driver (default: the driver's GetPluginInfo name).")
        String driver;

        private final Function<String, String> env;

        OrphansCommand(Function<String, String> env) {
            this.env = Objects.requireNonNull(env, "env");
        }

        @Override
        public Integer call() throws Exception {
            CallTrace calls = new CallTrace();
            try (CsiClient client = CsiClient.open(o.controller(env), o.node(), CsiClientOptions.defaults().withPolicy(o.policy()), calls)) {
                String name = driver != null ? driver : client.identity().pluginInfo().get().name();
                List<OrphanVolume> theirs = list.pvFile != null ? Orphans.persistentVolumes(list.pvFile, name) : Orphans.cspVolumes(list.cspVolumes);
                List<Volume> mine = client.controller().allVolumes().get();
                OrphanReport r = Orphans.compare(name, String.valueOf(list.pvFile != null ? list.pvFile : list.cspVolumes), mine, theirs);
                new TroubleOutput(spec.commandLine().getOut(), o.output).orphans(r);
            } catch (java.util.concurrent.ExecutionException e) {
                CallFailure f = CallFailure.unwrap(e);
                throw f != null ? f : e;
            } finally {
                if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), calls.snapshot());
            }
            return ExitCodes.OK;
        }
    }
}
