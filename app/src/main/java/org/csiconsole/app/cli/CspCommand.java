package org.csiconsole.app.cli;

import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.session.PlainHttp;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csp.CertificateTrustFailure;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.storage.CspStorage;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.Console;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code csi-console csp ...}: reads an HPE Container Storage Provider (hpe-csp-rest-spec.md) from
 * the command line; creates a host ({@code create-host}), publishes a volume to a host and unpublishes it
 * ({@code publish}, {@code unpublish}) and deletes a host ({@code delete-host}), each through the storage
 * the workbench uses ({@link CspStorage}) and assessed by core's risk model as the workbench's action is.
 * Every subcommand logs in, runs its requests, prints the result and logs out (DELETE /tokens). The password
 * comes from the {@value #PASSWORD_ENV} environment variable or an interactive prompt, never from the command line.
 * Exit codes are those of {@link ExitCodes}.
 */
@Command(name = "csp", mixinStandardHelpOptions = true,
        description = "Read an HPE Container Storage Provider (CSP) REST API; create and delete a host, publish a volume to a host "
                + "and unpublish it. The password is read from the CSP_PASSWORD environment variable or asked for; it is never a "
                + "command-line argument.")
public class CspCommand {
    /** Environment variable read for the password before prompting. */
    public static final String PASSWORD_ENV = "CSP_PASSWORD";

    /** Asks for a password; returns null when there is no terminal to ask on. */
    @FunctionalInterface
    public interface PasswordPrompt {
        char[] read(String prompt);
    }

    private final Function<String, String> env;
    private final PasswordPrompt prompt;
    private final AuditSink audit;
    private Supplier<Optional<ConsoleTerminal>> terminal = ConsoleTerminal::system;

    @Spec
    CommandSpec spec;

    /** Reads the process environment and prompts on the console; audits nothing (for reading: a delete-host goes unaudited). */
    public CspCommand() {
        this(AuditSink.discarding());
    }

    /** Reads the process environment and prompts on the console; any change is audited into {@code audit}. */
    public CspCommand(AuditSink audit) {
        this(System::getenv, text -> {
            Console c = System.console();
            return c == null ? null : c.readPassword("%s", text);
        }, audit);
    }

    /** For tests and embedding: where the environment and the prompt come from. */
    public CspCommand(Function<String, String> env, PasswordPrompt prompt) {
        this(env, prompt, AuditSink.discarding());
    }

    /** For tests and embedding: where the environment, the prompt and the audit log come from. */
    public CspCommand(Function<String, String> env, PasswordPrompt prompt, AuditSink audit) {
        this.env = Objects.requireNonNull(env, "env");
        this.prompt = Objects.requireNonNull(prompt, "prompt");
        this.audit = Objects.requireNonNull(audit, "audit");
    }

    /** Confirms destructive subcommands on {@code terminal} (empty: none, so {@code --yes} is needed). */
    CspCommand confirmingOn(Supplier<Optional<ConsoleTerminal>> terminal) {
        this.terminal = Objects.requireNonNull(terminal, "terminal");
        return this;
    }

    @Command(name = "login", mixinStandardHelpOptions = true, description = "Log in (POST /tokens), show the session, log out again.")
    int login(@Mixin CspConnectionOptions o) {
        return run(o, (csp, out) -> out.session(csp.config().endpointText(), csp.login().join()));
    }

    @Command(name = "hosts", mixinStandardHelpOptions = true, description = "List the hosts registered with the CSP (GET /hosts).")
    int hosts(@Mixin CspConnectionOptions o) {
        return run(o, (csp, out) -> out.hosts(csp.hosts().list().join()));
    }

    @Command(name = "volumes", mixinStandardHelpOptions = true, description = "List volumes (GET /volumes), or those with a name.")
    int volumes(@Mixin CspConnectionOptions o,
                @Option(names = "--name", paramLabel = "NAME", description = "Only volumes with this name.") String name) {
        return run(o, (csp, out) -> out.volumes(name == null ? csp.volumes().list().join() : csp.volumes().findByName(name).join()));
    }

    @Command(name = "snapshots", mixinStandardHelpOptions = true, description = "List the snapshots of a volume (GET /snapshots?volume_id=).")
    int snapshots(@Mixin CspConnectionOptions o,
                  @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "The volume's id.") String volumeId,
                  @Option(names = "--name", paramLabel = "NAME", description = "Only snapshots with this name.") String name) {
        return run(o, (csp, out) -> out.snapshots(name == null ? csp.snapshots().list(volumeId).join()
                : csp.snapshots().findByName(volumeId, name).join()));
    }

    @Command(name = "volume-groups", mixinStandardHelpOptions = true, description = "List volume groups (GET /volume_groups), or those with a name.")
    int volumeGroups(@Mixin CspConnectionOptions o,
                     @Option(names = "--name", paramLabel = "NAME", description = "Only groups with this name.") String name) {
        return run(o, (csp, out) -> out.volumeGroups(name == null ? csp.volumeGroups().list().join()
                : csp.volumeGroups().findByName(name).join()));
    }

    @Command(name = "snapshot-groups", mixinStandardHelpOptions = true, description = "List the snapshot groups of a volume group (GET /snapshot_groups?volume_group_id=).")
    int snapshotGroups(@Mixin CspConnectionOptions o,
                       @Option(names = "--volume-group-id", required = true, paramLabel = "ID", description = "The volume group's id.") String groupId) {
        return run(o, (csp, out) -> out.snapshotGroups(csp.snapshotGroups().list(groupId).join()));
    }

    @Command(name = "partners", mixinStandardHelpOptions = true, description = "List replication partners (GET /replication_partners), or one by name.")
    int partners(@Mixin CspConnectionOptions o,
                 @Option(names = "--name", paramLabel = "NAME", description = "Only the partner with this name.") String name) {
        return run(o, (csp, out) -> out.partners(name == null ? csp.partners().list().join() : csp.partners().findByName(name).join()));
    }

    @Command(name = "delete-host", mixinStandardHelpOptions = true, description = {"Delete a host from the array (DELETE /hosts/{id}), as the workbench's Hosts > "
            + "Delete host does: it loses its initiators and can no longer be given volumes.",
            "Reads the hosts and volumes first and prints what core's risk assessment finds; a host with volumes published to it "
                    + "is not deleted (the CSP answers 400). On a terminal, type the host's name to confirm; without a terminal, pass "
                    + "--yes=<name-or-id>."})
    int deleteHost(@Mixin CspConnectionOptions o,
                   @Option(names = "--host-id", required = true, paramLabel = "ID", description = "id of the host, as csp hosts lists it.") String hostId,
                   @Option(names = "--yes", paramLabel = "NAME", description = "Confirm without a terminal: the host's name or id, exactly.") String yes) {
        RiskConsent risk = new RiskConsent(new org.csiconsole.core.risk.RiskModel(), terminal);
        return run(o, (csp, out) -> {
            Host host = csp.hosts().list().join().stream().filter(h -> h.id().equals(hostId)).findFirst()
                    .orElseThrow(() -> CallFailure.refused("Delete host " + hostId, "the CSP lists no host with the id " + hostId
                            + "; nothing was sent", "Give an id that csi-console csp hosts lists"));
            // CSP volumes say whether they are published, not to which host: the CSP's 400 is the last word
            TargetFacts facts = TargetFacts.ofHost(host.id(), host.name(), csp.volumes().list().join(), false);
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.DELETE_HOST, List.of(facts), Instant.now())
                    .sending(Map.of("id", host.id())).on(AuditedConnection.described(env, csp.config().endpointText())));
            risk.confirm(a, yes == null ? List.of() : List.of(yes), false, spec.commandLine().getErr());
            new CspStorage(csp, csp.config().endpointText()).deleteHost(host.id()).join();
            Map<String, String> ids = new LinkedHashMap<>();
            ids.put("hostId", host.id());
            ids.put("name", host.name());
            new MutationOutput(spec.commandLine().getOut(), o.output).done(ids, "deleted",
                    "Deleted host " + host.name() + " (" + host.id() + ").");
        });
    }

    /** Environment variable the CHAP password of {@code create-host --chap-user} is read from: never a command-line argument. */
    public static final String CHAP_PASSWORD_ENV = "CSP_CHAP_PASSWORD";

    @Command(name = "create-host", mixinStandardHelpOptions = true, description = {"Register a host with the array (POST /hosts), as the "
            + "workbench's Hosts > New host does: its initiators (IQNs for iSCSI, WWPNs for FC, NQNs for NVMe/TCP), its networks "
            + "(required for iSCSI) and an optional CHAP user, whose password is read from " + CHAP_PASSWORD_ENV + ".",
            "Volumes are then published to its UUID (csp publish). Checked as the workbench's form checks it; nothing is lost, so "
                    + "running the command is the consent. --dry-run prints the request and sends nothing."})
    int createHost(@Mixin CspConnectionOptions o,
                   @Option(names = "--name", required = true, paramLabel = "NAME", description = "The host's name.") String name,
                   @Option(names = "--uuid", paramLabel = "UUID", description = "The host's UUID (default: a new random one).") String uuid,
                   @Option(names = "--protocol", paramLabel = "PROTOCOL", defaultValue = "iscsi",
                           description = "iscsi, fc or nvmetcp (default ${DEFAULT-VALUE}).") String protocol,
                   @Option(names = "--initiator", required = true, paramLabel = "ID", description = "An initiator of the protocol, repeatable.")
                   List<String> initiators,
                   @Option(names = "--network", paramLabel = "CIDR", description = "A network in CIDR form, repeatable; required for iSCSI.")
                   List<String> networks,
                   @Option(names = "--chap-user", paramLabel = "USER", description = "CHAP user; the password comes from " + CHAP_PASSWORD_ENV + ".")
                   String chapUser,
                   @Option(names = "--dry-run", description = "Print core's assessment and the request, and send nothing.") boolean dryRun) {
        AccessProtocol p = protocol(protocol);
        List<String> nets = networks == null ? List.of() : networks.stream().map(String::strip).toList();
        List<String> ids = initiators.stream().map(String::strip).toList();
        String chapPassword = chapUser == null ? null : env.apply(CHAP_PASSWORD_ENV);
        String problem = name.isBlank() ? "the host name is empty" : HostRequest.checkInitiators(p, ids);
        if (problem.isEmpty()) problem = HostRequest.checkNetworks(p, nets);
        if (problem.isEmpty()) problem = HostRequest.checkChap(chapUser, chapPassword);
        if (!problem.isEmpty()) {
            throw CallFailure.refused("Create host " + name, lowerFirst(problem.replaceAll("\\.$", "")) + "; nothing was sent",
                    chapUser != null && (chapPassword == null || chapPassword.isEmpty()) ? "Set " + CHAP_PASSWORD_ENV + " in the environment"
                            : "Correct the option and run it again");
        }
        String hostUuid = uuid == null || uuid.isBlank() ? java.util.UUID.randomUUID().toString() : uuid.strip();
        HostRequest request = new HostRequest(name.strip(), hostUuid, p == AccessProtocol.ISCSI ? ids : List.of(),
                p == AccessProtocol.FC ? ids : List.of(), p == AccessProtocol.NVME_TCP ? ids : List.of(), nets, chapUser, chapPassword, p, null);
        Map<String, String> sends = new LinkedHashMap<>();
        sends.put("name", request.name());
        sends.put("uuid", hostUuid);
        sends.put("access_protocol", p.wire());
        sends.put("initiators", String.join(",", ids));
        if (!nets.isEmpty()) sends.put("networks", String.join(",", nets));
        if (chapUser != null) sends.put("chap_user", chapUser);
        RiskConsent risk = new RiskConsent(new org.csiconsole.core.risk.RiskModel(), terminal);
        return run(o, (csp, out) -> {
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.CREATE_HOST, List.of(TargetFacts.of("host", hostUuid, request.name())),
                    Instant.now()).sending(sends).on(AuditedConnection.described(env, csp.config().endpointText())));
            if (dryRun(o, a, dryRun)) return;
            risk.confirm(a, List.of(), false, spec.commandLine().getErr());
            Host h = new CspStorage(csp, csp.config().endpointText()).createHost(request).join();
            Map<String, String> result = new LinkedHashMap<>();
            result.put("hostId", h.id());
            result.put("uuid", h.uuid());
            result.put("name", h.name());
            new MutationOutput(spec.commandLine().getOut(), o.output).done(result, "created",
                    "Created host " + h.name() + " (" + h.id() + "), uuid " + h.uuid() + ".");
        });
    }

    @Command(name = "publish", mixinStandardHelpOptions = true, description = {"Publish a volume to a host and print the LUN and serial number.",
            "Sends PUT /volumes/{id}/actions/publish, as the workbench's Volumes > CSP > Publish to host does. Reads the host and the volume first and prints what core's risk assessment finds: a volume the array reports published "
                    + "already is sent only once that is printed (two hosts can write it). --dry-run sends nothing."})
    int publish(@Mixin CspConnectionOptions o,
                @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "id of the volume, as csp volumes lists it.") String volumeId,
                @Option(names = "--host-id", required = true, paramLabel = "ID", description = "id or uuid of the host, as csp hosts lists it.") String hostId,
                @Option(names = "--protocol", paramLabel = "PROTOCOL", defaultValue = "iscsi",
                        description = "access_protocol: iscsi, fc or nvmetcp (default ${DEFAULT-VALUE}).") String protocol,
                @Option(names = "--dry-run", description = "Print core's assessment and the request, and send nothing.") boolean dryRun) {
        AccessProtocol p = protocol(protocol);
        RiskConsent risk = new RiskConsent(new org.csiconsole.core.risk.RiskModel(), terminal);
        return run(o, (csp, out) -> {
            Host h = host(csp, hostId, "Publish " + volumeId);
            org.csiconsole.core.model.Volume v = volume(csp, volumeId, "Publish " + volumeId);
            String uuid = h.uuid().isEmpty() ? h.id() : h.uuid();
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.CSP_PUBLISH, List.of(TargetFacts.ofVolume(v, true, List.of())), Instant.now())
                    .onNode(h.name()).sending(org.csiconsole.core.risk.RiskModel.cspPublishSends(v.volumeId(), uuid, p)).on(AuditedConnection.described(env, csp.config().endpointText())));
            if (dryRun(o, a, dryRun)) return;
            risk.confirm(a, List.of(), false, spec.commandLine().getErr());
            PublishInfo info = new CspStorage(csp, csp.config().endpointText()).cspPublish(v.volumeId(), uuid, p).join();
            Map<String, String> result = new LinkedHashMap<>();
            result.put("volumeId", v.volumeId());
            result.put("hostId", h.id());
            result.put("lunId", Long.toString(info.lunId()));
            result.put("serialNumber", info.serialNumber());
            new MutationOutput(spec.commandLine().getOut(), o.output).done(result, "published", "Published " + v.displayName() + " to "
                    + h.name() + " as LUN " + info.lunId() + " (serial " + info.serialNumber() + ").");
        });
    }

    @Command(name = "unpublish", mixinStandardHelpOptions = true, description = {"Unpublish a volume from a host: the host loses access to it.",
            "Sends PUT /volumes/{id}/actions/unpublish, as the workbench's Volumes > CSP > Unpublish from host does. Reads the host and the volume first and prints what core's risk assessment finds. On a terminal, type the volume's name "
                    + "to confirm; without a terminal, pass --yes=<name-or-id>. --dry-run sends nothing and needs no consent."})
    int unpublish(@Mixin CspConnectionOptions o,
                  @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "id of the volume, as csp volumes lists it.") String volumeId,
                  @Option(names = "--host-id", required = true, paramLabel = "ID", description = "id or uuid of the host, as csp hosts lists it.") String hostId,
                  @Option(names = "--yes", paramLabel = "NAME", description = "Confirm without a terminal: the volume's name or id, exactly.") String yes,
                  @Option(names = "--dry-run", description = "Print core's assessment and the request, and send nothing.") boolean dryRun) {
        RiskConsent risk = new RiskConsent(new org.csiconsole.core.risk.RiskModel(), terminal);
        if (!dryRun) risk.requireTerminalOrYes(RiskOperation.CSP_UNPUBLISH, TargetFacts.of("volume", volumeId, ""), yes == null ? List.of() : List.of(yes));
        return run(o, (csp, out) -> {
            Host h = host(csp, hostId, "Unpublish " + volumeId);
            org.csiconsole.core.model.Volume v = volume(csp, volumeId, "Unpublish " + volumeId);
            String uuid = h.uuid().isEmpty() ? h.id() : h.uuid();
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.CSP_UNPUBLISH, List.of(TargetFacts.ofVolume(v, true, List.of())), Instant.now())
                    .onNode(h.name()).sending(org.csiconsole.core.risk.RiskModel.cspPublishSends(v.volumeId(), uuid, null)).on(AuditedConnection.described(env, csp.config().endpointText())));
            if (dryRun(o, a, dryRun)) return;
            risk.confirm(a, yes == null ? List.of() : List.of(yes), false, spec.commandLine().getErr());
            new CspStorage(csp, csp.config().endpointText()).cspUnpublish(v.volumeId(), uuid).join();
            Map<String, String> result = new LinkedHashMap<>();
            result.put("volumeId", v.volumeId());
            result.put("hostId", h.id());
            new MutationOutput(spec.commandLine().getOut(), o.output).done(result, "unpublished",
                    "Unpublished " + v.displayName() + " from " + h.name() + ".");
        });
    }

    /**
     * Prints {@code a} for a dry run (JSON: {@code {"dryRun":true,"assessment":{..}}}) and says nothing was sent; true when it was
     * one. A run core refuses whatever is typed exits 2 here too, as the real run would (docs/cli.md).
     */
    private boolean dryRun(CspConnectionOptions o, Assessment a, boolean dryRun) {
        if (!dryRun) return false;
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("dryRun", true);
        m.put("assessment", RiskConsent.json(a));
        if (!CsiOutput.json(out, o.output, m)) {
            a.lines().forEach(out::println);
            out.println("Dry run: nothing was sent.");
        }
        out.flush();
        if (a.blocked()) {
            throw CallFailure.refused(a.title(), "the real run would be refused: " + a.illegal().reason() + "; this dry run sent nothing",
                    a.illegal().nextStep());
        }
        return true;
    }

    private static AccessProtocol protocol(String text) {
        return AccessProtocol.fromWire(text).orElseThrow(() -> CallFailure.refused("Read --protocol", "'" + text
                + "' is not an access protocol", "Use iscsi, fc or nvmetcp"));
    }

    private static Host host(CspClient csp, String idOrUuid, String what) {
        return csp.hosts().list().join().stream().filter(h -> h.id().equals(idOrUuid) || h.uuid().equals(idOrUuid)).findFirst()
                .orElseThrow(() -> CallFailure.refused(what, "the CSP lists no host with the id or uuid " + idOrUuid + "; nothing was sent",
                        "Give an id that csi-console csp hosts lists"));
    }

    private static org.csiconsole.core.model.Volume volume(CspClient csp, String volumeId, String what) {
        return csp.volumes().list().join().stream().filter(v -> v.volumeId().equals(volumeId)).findFirst()
                .orElseThrow(() -> CallFailure.refused(what, "the CSP lists no volume with the id " + volumeId + "; nothing was sent",
                        "Give an id that csi-console csp volumes lists"));
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private int run(CspConnectionOptions o, BiConsumer<CspClient, CspOutput> work) {
        CspConfig config = o.toConfig();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CallTrace trace = new CallTrace();
        PlainHttp.warning(config.endpointText()).ifPresent(w -> err.println("Warning: " + w));
        try (CspPassword password = password(config)) {
            CspClient csp = CspClient.open(config, password, trace, CallAudit.to(audit, AuditedConnection.origin(env, config.endpointText())), Runnable::run);
            try {
                work.accept(csp, new CspOutput(out, o.output));
            } catch (RuntimeException e) {
                throw withPinHint(e);
            } finally {
                csp.close();
                if (o.trace) CspOutput.trace(err, trace.snapshot());
            }
        }
        return ExitCodes.OK;
    }

    private CspPassword password(CspConfig config) {
        String fromEnv = env.apply(PASSWORD_ENV);
        if (fromEnv != null && !fromEnv.isEmpty()) {
            // a String from the environment cannot be wiped; only our copy can
            return CspPassword.of(fromEnv.toCharArray());
        }
        char[] typed = prompt.read("Password for " + config.username() + " at " + config.endpointText() + ": ");
        if (typed == null) {
            throw CallFailure.refused("Read the CSP password",
                    "there is no terminal to ask for it and " + PASSWORD_ENV + " is not set",
                    "Run in a terminal, or set " + PASSWORD_ENV + " in the environment");
        }
        try {
            return CspPassword.of(typed);
        } finally {
            Arrays.fill(typed, '\0');
        }
    }

    /** Adds the exact {@code --pin} to use when the certificate is not trusted. */
    private static RuntimeException withPinHint(RuntimeException e) {
        CallFailure f = CallFailure.unwrap(e);
        if (f instanceof CertificateTrustFailure t) {
            return new CallFailure(FailureKind.TLS, t.what(), t.why(), t.whatToDo()
                    + ". If the fingerprint matches the array's, run again with --pin " + t.fingerprint(), t.detail(), t);
        }
        return f != null ? f : e;
    }
}
