package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.json.StableJson;
import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.FenceFacts;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.port.FenceConfirmation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Network fencing on the command line (csi-addons fence.proto): {@code fences} (ListClusterFence),
 * {@code fence} and {@code unfence} (FenceClusterNetwork, UnfenceClusterNetwork) and
 * {@code fence-clients} (GetFenceClients). They talk to the csi-addons endpoint:
 * {@code --addons-endpoint}, else {@code --endpoint} (or {@code CSI_ENDPOINT}), as a driver serving
 * csi-addons on its CSI socket does.
 *
 * <p>{@code fence} and {@code unfence} cut or restore clients' I/O, so they print core's risk
 * assessment first (the clients GetFenceClients knows inside each block, when the sidecar serves it)
 * and ask: on a terminal the person types the blocks ({@code 10.1.0.0/24}, or
 * {@code 10.1.0.0/24,10.2.0.0/24}); without one, {@code --yes=} must give that same text, or nothing
 * is sent (exit 2).
 *
 * <p>Secrets are never given as arguments: {@code --secrets-file FILE} (key=value lines), or, without
 * it, environment variables {@value #SECRET_PREFIX}{@code <key>} (for example
 * {@code CSI_SECRET_userKey}). They go to the wire only and are redacted from {@code --trace}.
 */
public final class FenceCommands {
    /** Environment variables named {@code CSI_SECRET_<key>} give the secret {@code <key>} when no --secrets-file is given. */
    public static final String SECRET_PREFIX = "CSI_SECRET_";

    private static final class FenceJson {
        /** Built on first use: the commands that print no JSON load no Jackson. */
        static final ObjectMapper MAPPER = StableJson.INDENTED;
    }

    private FenceCommands() {
    }

    /** The four commands, reading the environment through {@code env} and asking on {@code terminal}; auditing nothing. */
    static List<Object> all(Function<String, String> env, Map<String, String> environment, Supplier<Optional<ConsoleTerminal>> terminal) {
        return all(env, environment, terminal, AuditSink.discarding());
    }

    /** The four commands; every fence and unfence they make is audited into {@code audit}; no audit log is read back. */
    static List<Object> all(Function<String, String> env, Map<String, String> environment, Supplier<Optional<ConsoleTerminal>> terminal,
                                   AuditSink audit) {
        return all(env, environment, terminal, audit, null);
    }

    /**
     * The four commands; every fence and unfence they make is audited into {@code audit}, and an unfence reads {@code log}
     * back to learn which blocks an unplanned failover of this console fenced ({@link FenceFacts#readForUnfence}).
     *
     * @param log this console's audit log; null when none is read
     */
    static List<Object> all(Function<String, String> env, Map<String, String> environment, Supplier<Optional<ConsoleTerminal>> terminal,
                                   AuditSink audit, org.csiconsole.core.audit.AuditLog log) {
        List<FenceBase> commands = List.of(new FencesCommand(env, environment), new FenceCommand(env, environment, terminal, true),
                new UnfenceCommand(env, environment, terminal), new FenceClientsCommand(env, environment));
        commands.forEach(c -> {
            c.audit = Objects.requireNonNull(audit, "audit");
            c.log = log;
        });
        return List.copyOf(commands);
    }

    /** Open the csi-addons client, run, print the trace, close. */
    abstract static class FenceBase implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        CsiEndpointOptions o;

        @Option(names = "--parameter", paramLabel = "KEY=VALUE",
                description = "Driver parameter identifying the storage cluster (e.g. clusterID=...); repeatable.")
        Map<String, String> parameters = new LinkedHashMap<>();

        @Option(names = "--secrets-file", paramLabel = "FILE",
                description = "Properties file (key=value lines) of the secrets the driver needs. Without it, environment "
                        + "variables CSI_SECRET_<key> are used. Secrets are never given on the command line and never printed.")
        Path secretsFile;

        final Function<String, String> env;
        final Map<String, String> environment;
        AuditSink audit = AuditSink.discarding();
        /** The audit log read back before an unfence; null when none is. */
        org.csiconsole.core.audit.AuditLog log;
        /** Every call of this command, printed with --trace. */
        final CallTrace trace = new CallTrace();

        /** The clients' options: the call policy, and the audit of mutations under {@code endpoint}'s text. */
        CsiClientOptions options(Endpoint endpoint) {
            return CsiClientOptions.defaults().withPolicy(o.policy())
                    .withAudit(CallAudit.to(r -> audit.append(marked(r)), AuditedConnection.origin(env, endpoint.text())));
        }

        FenceBase(Function<String, String> env, Map<String, String> environment) {
            this.env = Objects.requireNonNull(env, "env");
            this.environment = Objects.requireNonNull(environment, "environment");
        }

        abstract void run(AddonsClient addons, PrintWriter out) throws Exception;

        Secrets secrets() {
            if (secretsFile != null) return CsiCommands.readSecrets(secretsFile);
            Map<String, String> m = new TreeMap<>();
            environment.forEach((k, v) -> {
                if (k.startsWith(SECRET_PREFIX) && k.length() > SECRET_PREFIX.length()) m.put(k.substring(SECRET_PREFIX.length()), v);
            });
            return Secrets.of(m);
        }

        boolean json() {
            return o.output == OutputFormat.json;
        }

        /** {@code r} as audited: marked an override when the person sent a refused call anyway. */
        AuditRecord marked(AuditRecord r) {
            return r;
        }

        @Override
        public Integer call() throws Exception {
            Endpoint endpoint = o.addons(env);
            PrintWriter out = spec.commandLine().getOut();
            try (AddonsClient addons = AddonsClient.open(endpoint, options(endpoint), trace)) {
                run(addons, out);
                out.flush();
            } catch (ExecutionException | CompletionException e) {
                CallFailure f = CallFailure.unwrap(e);
                throw f != null ? f : e;
            } finally {
                if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), trace.snapshot());
            }
            return ExitCodes.OK;
        }
    }

    /** One CIDR block as a JSON or table row. */
    static Map<String, Object> row(String reported) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cidr", reported);
        try {
            Cidr c = Cidr.parse(reported);
            m.put("family", c.ipv6() ? "IPv6" : "IPv4");
            m.put("prefixLength", c.prefixLength());
            m.put("addresses", c.addressCount().toString());
        } catch (IllegalArgumentException e) {
            m.put("family", "");
            m.put("note", "not a CIDR block as reported");
        }
        return m;
    }

    @Command(name = "fences", mixinStandardHelpOptions = true,
            description = "List the fenced CIDR blocks (csi-addons ListClusterFence). Needs NetworkFence.NETWORK_FENCE.")
    static final class FencesCommand extends FenceBase {
        FencesCommand(Function<String, String> env, Map<String, String> environment) {
            super(env, environment);
        }

        @Override
        void run(AddonsClient addons, PrintWriter out) throws Exception {
            List<String> cidrs = addons.fence().listFences(parameters, secrets()).get();
            List<Map<String, Object>> rows = cidrs.stream().map(FenceCommands::row).toList();
            if (json()) {
                out.println(FenceJson.MAPPER.writeValueAsString(rows));
                return;
            }
            Table t = new Table("CIDR", "FAMILY", "ADDRESSES");
            for (Map<String, Object> r : rows) t.row(r.get("cidr"), r.get("family"), r.getOrDefault("addresses", r.get("note")));
            t.print(out);
            out.println(org.csiconsole.core.model.Words.count(cidrs.size(), "fenced block"));
        }
    }

    /** {@code fence} and, with {@code fence == false}, {@code unfence}. */
    @Command(name = "fence", mixinStandardHelpOptions = true,
            description = {"Fence CIDR blocks (csi-addons FenceClusterNetwork): every client in them loses access to its volumes "
                    + "until they are unfenced. Needs NetworkFence.NETWORK_FENCE.",
                    "Asks to type the blocks on a terminal; without a terminal, --yes must name them "
                            + "(e.g. --yes=10.1.0.0/24, or --yes=10.1.0.0/24,10.2.0.0/24)."})
    static class FenceCommand extends FenceBase {
        @Option(names = "--cidr", paramLabel = "CIDR", required = true,
                description = "A CIDR block, IPv4 or IPv6 (10.1.0.0/24, fd00:10::/64); repeatable. Host bits are cleared: "
                        + "10.1.0.5/24 is the block 10.1.0.0/24; a bare address is one host (/32, /128).")
        List<String> cidrs;

        @Option(names = "--yes", paramLabel = "CIDRS",
                description = "Confirms without a terminal: the blocks joined by commas, exactly as they are fenced.")
        String yes;

        @Option(names = "--override", description = "unfence only: send it although the driver cannot list its fenced blocks "
                + "(ListClusterFence), so the console cannot tell whether they are fenced, or although an unplanned failover fenced "
                + "the block and its pair is in split brain (another orchestrator may be recovering it); needs --yes (or the blocks "
                + "typed) and is audited as an override. A block the driver lists as not fenced is never sent.")
        boolean override;

        @Option(names = "--dry-run", description = "Print core's assessment (who is cut off or can write again, and for an unfence the "
                + "failover that fenced the block and its pair's roles now) and send nothing; needs no --yes. Exits 2 when the real "
                + "run would be refused whatever is typed.")
        boolean dryRun;

        private boolean overriding;

        private final Supplier<Optional<ConsoleTerminal>> terminal;
        private final boolean fence;

        FenceCommand(Function<String, String> env, Map<String, String> environment, Supplier<Optional<ConsoleTerminal>> terminal, boolean fence) {
            super(env, environment);
            this.terminal = Objects.requireNonNull(terminal, "terminal");
            this.fence = fence;
        }

        @Override
        public Integer call() throws Exception {
            // Everything that can be refused before connecting is refused before anything is opened or sent.
            List<Cidr> blocks = blocks();
            String note = FenceConfirmation.notes(blocks);
            if (!note.isEmpty()) spec.commandLine().getErr().println(note);
            String asTyped = yes == null ? "" : FenceConfirmation.typedBeforeNormalising(blocks, yes);
            if (!asTyped.isEmpty()) {
                throw RiskConsent.usage((fence ? "Fence " : "Unfence ") + Cidr.join(blocks), "--yes=" + yes.strip()
                        + " names the blocks as typed, not as sent; nothing was sent", capitalised(asTyped));
            }
            if (!dryRun) risk().requireTerminalOrYes(operation(), TargetFacts.of("network", Cidr.join(blocks), ""), yes());
            return super.call();
        }

        private static String capitalised(String s) {
            return Character.toUpperCase(s.charAt(0)) + s.substring(1);
        }

        private RiskConsent risk() {
            return RiskConsent.on(terminal);
        }

        private RiskOperation operation() {
            return fence ? RiskOperation.FENCE : RiskOperation.UNFENCE;
        }

        private List<String> yes() {
            return yes == null ? List.of() : List.of(yes.replaceAll("\\s+", ""));
        }

        private List<Cidr> blocks() {
            try {
                return Cidr.parseAll(cidrs);
            } catch (IllegalArgumentException e) {
                throw CallFailure.refused("Read --cidr", e.getMessage() + "; nothing was sent",
                        "Give each --cidr as an IPv4 or IPv6 block, e.g. --cidr 10.1.0.0/24");
            }
        }

        @Override
        AuditRecord marked(AuditRecord r) {
            return overriding ? r.asOverride() : r;
        }

        /**
         * Each block with who it cuts off and what the fence list says of it, read as the workbench reads them
         * ({@link FenceFacts#read}: GetFenceClients, the volumes published to the clients from the driver's ListVolumes
         * on {@code --endpoint}, ListClusterFence; reads, not audited). This command reaches no CSP, so no CSP host is
         * known here. A source that cannot be read is named on stderr and left out.
         */
        private List<TargetFacts> facts(AddonsClient addons, List<Cidr> blocks) throws Exception {
            FenceRequest request = new FenceRequest(blocks, parameters, secrets());
            Endpoint controller = controller();
            // without the driver's endpoint the sidecar's stands in: it serves no CSI, so no volume is read
            Endpoint csiEndpoint = controller != null ? controller : addons.endpoint();
            try (CsiClient csi = CsiClient.open(csiEndpoint, Optional.empty(), options(csiEndpoint), trace)) {
                CsiStorage storage = new CsiStorage(csi, false, addons);
                FenceFacts.WhoIsInside r = (fence ? FenceFacts.read(storage, storage.features().get(), request, List.of())
                        : FenceFacts.readForUnfence(storage, storage.features().get(), request, List.of(), log)).get();
                List<String> unread = new java.util.ArrayList<>(r.unread());
                if (controller == null) unread.add("the volumes published to the clients (give the driver's --endpoint)");
                if (!unread.isEmpty()) {
                    spec.commandLine().getErr().println("The assessment could not read " + String.join(", ", unread) + ".");
                }
                return r.facts();
            }
        }

        /** The driver's endpoint, for its volumes; null when only --addons-endpoint names one. */
        private Endpoint controller() {
            try {
                return o.controller(env);
            } catch (CallFailure e) {
                return null;
            }
        }

        /**
         * Prints {@code a} (table: its lines, then that nothing was sent; JSON: {@code {"dryRun":true,"assessment":{..}}}) and
         * sends nothing; refused (exit 2) when the real run would be refused whatever is typed: a verdict that is not
         * overridable, or an overridable one without {@code --override}.
         */
        private void dryRun(Assessment a, PrintWriter out) throws Exception {
            if (json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("dryRun", true);
                m.put("assessment", RiskConsent.json(a));
                out.println(FenceJson.MAPPER.writeValueAsString(m));
            } else {
                a.lines().forEach(out::println);
                out.println("Dry run: nothing was sent.");
            }
            out.flush();
            if (a.blocked() && !(a.illegal().overridable() && override)) {
                throw RiskConsent.usage(a.title(), "the real run would be refused: " + a.illegal().reason() + "; this dry run sent nothing",
                        a.illegal().nextStep());
            }
        }

        @Override
        void run(AddonsClient addons, PrintWriter out) throws Exception {
            List<Cidr> blocks = blocks();
            RiskConsent risk = risk();
            Assessment a = risk.assess(RiskRequest.of(operation(), facts(addons, blocks), Instant.now()).on(AuditedConnection.described(env, addons.endpoint().text())));
            if (dryRun) {
                dryRun(a, out);
                return;
            }
            overriding = risk.confirm(a, yes(), override, spec.commandLine().getErr()).override();
            List<String> texts = blocks.stream().map(Cidr::text).toList();
            if (fence) addons.fence().fence(texts, parameters, secrets()).get();
            else addons.fence().unfence(texts, parameters, secrets()).get();
            if (json()) {
                out.println(FenceJson.MAPPER.writeValueAsString(Map.of(fence ? "fenced" : "unfenced", texts.stream().map(FenceCommands::row).toList())));
                return;
            }
            out.println(org.csiconsole.core.port.FenceConfirmation.done(fence, blocks, a.request().connection()));
        }
    }

    @Command(name = "unfence", mixinStandardHelpOptions = true,
            description = {"Unfence CIDR blocks (csi-addons UnfenceClusterNetwork): clients in them get access to their volumes "
                    + "again. Needs NetworkFence.NETWORK_FENCE.",
                    "Asks to type the blocks on a terminal; without a terminal, --yes must name them."})
    static final class UnfenceCommand extends FenceCommand {
        UnfenceCommand(Function<String, String> env, Map<String, String> environment, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env, environment, terminal, false);
        }
    }

    @Command(name = "fence-clients", mixinStandardHelpOptions = true,
            description = "List the clients a fence should name, with their addresses (csi-addons GetFenceClients). "
                    + "The request names no volume or node: --parameter identifies the storage cluster. "
                    + "Needs NetworkFence.GET_CLIENTS_TO_FENCE.")
    static final class FenceClientsCommand extends FenceBase {
        FenceClientsCommand(Function<String, String> env, Map<String, String> environment) {
            super(env, environment);
        }

        @Override
        void run(AddonsClient addons, PrintWriter out) throws Exception {
            List<FenceClient> clients = addons.fence().clients(parameters, secrets()).get();
            if (json()) {
                out.println(FenceJson.MAPPER.writeValueAsString(clients));
                return;
            }
            Table t = new Table("CLIENT_ID", "ADDRESSES");
            for (FenceClient c : clients) t.row(c.clientId(), String.join(",", c.addresses()));
            t.print(out);
            out.println(org.csiconsole.core.model.Words.count(clients.size(), "client"));
        }
    }
}
