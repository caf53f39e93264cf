package org.csiconsole.app.cli;

import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.json.StableJson;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.VolumeGroupDeletion;
import org.csiconsole.core.port.VolumeGroupRules;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.storage.CsiStorage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.Optional;

/**
 * {@code csi-console volume-group create|modify|delete|list}: csi-addons volume groups
 * (csi-addons/spec volumegroup.proto) on the csi-addons endpoint ({@code --addons-endpoint}, by
 * default the driver's {@code --endpoint}), the same calls and rules as the Volume groups view.
 * Under LIMIT_VOLUME_TO_ONE_VOLUME_GROUP a volume already in another group is refused before
 * anything is sent (exit 2). {@code delete} prints core's risk assessment (the members it holds),
 * asks for the group's name on a terminal and needs {@code --yes=<name>} without one; the members stay
 * unless {@code --delete-volumes} is given and confirmed in its turn (their own assessment; without a
 * terminal {@code --yes-delete-volumes=<phrase>}, the phrase naming them; each member read from the driver first, and one
 * it reports published refuses the whole delete). {@code --dry-run} prints it all and sends nothing. Secrets come from
 * {@code --secrets-file}, never from an argument. Exit codes are those of {@link ExitCodes}.
 */
@Command(name = "volume-group", mixinStandardHelpOptions = true,
        description = "Create, change, delete and list csi-addons volume groups (VolumeGroup service).")
public final class VolumeGroupCommand {

    private final Function<String, String> env;
    private final Supplier<Optional<ConsoleTerminal>> terminal;
    private final AuditSink audit;

    /** Reads the process environment and asks on the console; every change is audited into {@code audit}. */
    public VolumeGroupCommand(AuditSink audit) {
        this(System::getenv, ConsoleTerminal::system, audit);
    }

    /** Reads {@code env} ({@code CSI_ENDPOINT}, {@code CSI_SECRETS_FILE}) and asks on the console; every change is audited into {@code audit}. */
    public VolumeGroupCommand(Function<String, String> env, AuditSink audit) {
        this(env, ConsoleTerminal::system, audit);
    }

    /** For tests and embedding: where {@code CSI_ENDPOINT} and the answers come from; auditing nothing. */
    VolumeGroupCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
        this(env, terminal, AuditSink.discarding());
    }

    /** Where {@code CSI_ENDPOINT} and the answers come from, and where changes are audited. */
    VolumeGroupCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal, AuditSink audit) {
        this.env = Objects.requireNonNull(env, "env");
        this.terminal = Objects.requireNonNull(terminal, "terminal");
        this.audit = Objects.requireNonNull(audit, "audit");
    }

    private static final class VolumeGroupPrinterJson {
        /** Built on first use: the commands that print no JSON load no Jackson. */
        static final ObjectMapper MAPPER = StableJson.INDENTED;
    }

    @Spec
    CommandSpec spec;

    /** One connection: CSI client, csi-addons client and the storage adapter over both. */
    @FunctionalInterface
    private interface Work {
        void run(CsiStorage storage, PrintWriter out) throws Exception;
    }

    private int run(CsiEndpointOptions o, Work work) throws Exception {
        return run(o, org.csiconsole.core.model.ConnectionSecrets.NONE, work);
    }

    /** As {@link #run(CsiEndpointOptions, Work)}, sending {@code secrets} with the calls that carry secrets and were given none. */
    private int run(CsiEndpointOptions o, org.csiconsole.core.model.ConnectionSecrets secrets, Work work) throws Exception {
        CallTrace trace = new CallTrace();
        CsiClientOptions options = CsiClientOptions.defaults().withPolicy(o.policy())
                .withAudit(CallAudit.to(audit, AuditedConnection.origin(env, o.controller(env).text()))).withSecrets(secrets);
        try (CsiClient csi = CsiClient.open(o.controller(env), o.node(), options, trace);
             AddonsClient addons = AddonsClient.open(o.addons(env), options, trace)) {
            work.run(new CsiStorage(csi, false, addons), spec.commandLine().getOut());
        } catch (ExecutionException | CompletionException e) {
            CallFailure f = CallFailure.unwrap(e);
            throw f != null ? f : e;
        } finally {
            if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), trace.snapshot());
        }
        return ExitCodes.OK;
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "CreateVolumeGroup: a group named --name holding the --volume-id volumes (none for an empty group).")
    int create(@Mixin CsiEndpointOptions o,
               @Option(names = "--name", required = true, paramLabel = "NAME", description = "Group name; repeating a create with it is safe.") String name,
               @Option(names = "--volume-id", paramLabel = "ID", description = "A member volume_id; repeat for each member.") List<String> volumeIds,
               @Option(names = "--parameter", paramLabel = "KEY=VALUE", description = "A driver parameter; repeat for each.") Map<String, String> parameters,
               @Mixin SecretsFileOption secretsOption) throws Exception {
        List<String> ids = volumeIds == null ? List.of() : List.copyOf(volumeIds);
        Secrets secrets = secretsOption.read(env);
        return run(o, (storage, out) -> {
            refuseConflicts(storage, "", ids, "CreateVolumeGroup " + name);
            VolumeGroup g = storage.createVolumeGroup(name, ids, parameters == null ? Map.of() : parameters, secrets).get();
            print(out, o.output, g, "Created volume group " + VolumeGroupRules.displayName(g) + " (" + g.id() + ") with "
                    + g.volumes().size() + " members.");
        });
    }

    @Command(name = "modify", mixinStandardHelpOptions = true,
            description = "ModifyVolumeGroupMembership: the --volume-id volumes become the group's members; others leave (their data stays).")
    int modify(@Mixin CsiEndpointOptions o,
               @Option(names = "--group-id", required = true, paramLabel = "ID", description = "The volume_group_id.") String groupId,
               @Option(names = "--volume-id", paramLabel = "ID", description = "A member of the new list; repeat for each member.") List<String> volumeIds,
               @Option(names = "--remove-all", description = "Remove every member (no --volume-id).") boolean removeAll,
               @Mixin SecretsFileOption secretsOption) throws Exception {
        List<String> ids = volumeIds == null ? List.of() : List.copyOf(volumeIds);
        if (ids.isEmpty() != removeAll) {
            throw usage("ModifyVolumeGroupMembership " + groupId, removeAll ? "--remove-all and --volume-id contradict each other"
                    : "no member given: the list replaces the members, so an empty one removes them all",
                    "Give the full new member list with --volume-id, or --remove-all to empty the group");
        }
        Secrets secrets = secretsOption.read(env);
        return run(o, (storage, out) -> {
            refuseConflicts(storage, groupId, ids, "ModifyVolumeGroupMembership " + groupId);
            VolumeGroup g = storage.modifyVolumeGroupMembership(groupId, ids, secrets).get();
            print(out, o.output, g, "Volume group " + VolumeGroupRules.displayName(g) + " has " + g.volumes().size() + " members.");
        });
    }

    @Command(name = "delete", mixinStandardHelpOptions = true,
            description = "Delete a volume group. Its member volumes stay unless --delete-volumes is given and confirmed.")
    int delete(@Mixin CsiEndpointOptions o,
               @Option(names = "--group-id", required = true, paramLabel = "ID", description = "The volume_group_id.") String groupId,
               @Option(names = "--yes", paramLabel = "NAME", description = "The group's name, to delete without being asked (needed without a terminal).")
               String yes,
               @Option(names = "--delete-volumes", description = "Also delete the member volumes (their data is lost).") boolean deleteVolumes,
               @Option(names = "--yes-delete-volumes", paramLabel = "PHRASE",
                       description = "Confirms deleting the member volumes without a terminal: the text core's assessment asks for "
                               + "(one member: its name; several: \"delete\" and their names, e.g. \"delete db-1, db-2\").")
               String yesVolumes,
               @Option(names = "--dry-run", description = "Print what would happen and core's assessments (the members read from the "
                       + "driver), and send nothing; exits 2 when the real run would be refused whatever is typed.") boolean dryRun,
               @Mixin SecretsFileOption secretsOption) throws Exception {
        Secrets secrets = secretsOption.read(env);
        return run(o, (storage, out) -> {
            VolumeGroupRules rules = storage.volumeGroupRules().get();
            VolumeGroup g = find(storage, rules, groupId, secrets);
            String name = VolumeGroupRules.displayName(g);
            Features features = storage.features().get();
            VolumeGroupDeletion plan = VolumeGroupDeletion.plan(g, rules, features, deleteVolumes);
            String what = "Delete volume group " + name;
            if (!plan.allowed()) throw new CallFailure(FailureKind.FAILED_PRECONDITION, what, plan.refusal(), "Keep the group, or add --delete-volumes.", "");
            PrintWriter err = spec.commandLine().getErr();
            err.println(plan.whatHappens());
            RiskConsent risk = RiskConsent.on(terminal);
            Assessment group = risk.assess(RiskRequest.of(RiskOperation.DELETE_VOLUME_GROUP, List.of(TargetFacts.ofGroup(plan)), Instant.now())
                    .sending(plan.sends()));
            int n = g.volumes().size();
            Assessment volumes = null;
            if (deleteVolumes && n > 0) {
                // where the driver reports each member published, read before anything is sent: a published member refuses it all
                List<TargetFacts> members = VolumeGroupDeletion.readMembers(g, storage, features).get().stream()
                        .map(m -> TargetFacts.ofVolume(m.volume(), m.reported(features), List.of()).sized(m.volume().capacityBytes(), null))
                        .toList();
                volumes = risk.assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, members, Instant.now()));
            }
            if (dryRun) {
                group.lines().forEach(out::println);
                if (volumes != null) volumes.lines().forEach(out::println);
                out.println("Dry run: nothing was sent.");
                out.flush();
                Assessment refused = group.blocked() ? group : volumes != null && volumes.blocked() ? volumes : null;
                // exits as the real run would: refused whatever is typed (docs/cli.md)
                if (refused != null) {
                    throw usage(what, "the real run would be refused: " + refused.illegal().reason() + "; this dry run sent nothing",
                            refused.illegal().nextStep());
                }
                return;
            }
            risk.confirm(group, yes == null ? List.of() : List.of(yes), false, err);
            if (volumes != null) {
                risk.through("--yes-delete-volumes").confirm(volumes, yesVolumes == null ? List.of() : List.of(yesVolumes), false, err);
            }
            String done = plan.run(storage, secrets).get();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("volume_group_id", g.id());
            m.put("name", g.name());
            m.put("volume_ids", plan.memberIds());
            m.put("volumes_deleted", deleteVolumes && n > 0);
            m.put("message", done);
            if (o.output == OutputFormat.json) out.println(VolumeGroupPrinterJson.MAPPER.writeValueAsString(m));
            else out.println(done);
            out.flush();
        });
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "ListVolumeGroups: every csi-addons volume group with its members.")
    int list(@Mixin CsiEndpointOptions o, @Mixin SecretsFileOption secrets) throws Exception {
        return run(o, secrets.connection(env), (storage, out) -> {
            List<VolumeGroup> groups = storage.listVolumeGroups().get().items();
            if (o.output == OutputFormat.json) {
                List<Map<String, Object>> rows = new ArrayList<>();
                for (VolumeGroup g : groups) rows.add(json(g));
                out.println(VolumeGroupPrinterJson.MAPPER.writeValueAsString(rows));
                out.flush();
                return;
            }
            Table t = new Table("VOLUME_GROUP_ID", "NAME", "MEMBERS", "VOLUME_IDS");
            for (VolumeGroup g : groups) t.row(g.id(), g.name(), g.volumes().size(), String.join(",", ids(g)));
            t.print(out);
        });
    }

    /** Under LIMIT_VOLUME_TO_ONE_VOLUME_GROUP, fails before sending when a volume is in another group. */
    private static void refuseConflicts(CsiStorage storage, String groupId, List<String> ids, String what) throws Exception {
        VolumeGroupRules rules = storage.volumeGroupRules().get();
        if (!rules.oneGroupPerVolume() || !rules.canList() || ids.isEmpty()) return;
        List<String> conflicts = rules.conflicts(storage.listVolumeGroups().get().items(), groupId, ids);
        if (!conflicts.isEmpty()) {
            throw usage(what, String.join(" ", conflicts), "Remove the volume from its group first, or leave it out");
        }
    }

    private static VolumeGroup find(CsiStorage storage, VolumeGroupRules rules, String groupId, Secrets secrets) throws Exception {
        if (rules.canGet()) return storage.getVolumeGroup(groupId, secrets).get();
        return storage.listVolumeGroups().get().items().stream().filter(g -> g.id().equals(groupId)).findFirst()
                .orElseThrow(() -> new CallFailure(FailureKind.NOT_FOUND, "Find volume group " + groupId,
                        "ListVolumeGroups does not list " + groupId, "Check the id with: csi-console volume-group list", ""));
    }

    private static CallFailure usage(String what, String why, String todo) {
        return CallFailure.refused(what, why, todo);
    }

    private static void print(PrintWriter out, OutputFormat format, VolumeGroup g, String sentence) throws Exception {
        out.println(format == OutputFormat.json ? VolumeGroupPrinterJson.MAPPER.writeValueAsString(json(g)) : sentence);
        out.flush();
    }

    private static Map<String, Object> json(VolumeGroup g) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("volume_group_id", g.id());
        m.put("name", g.name());
        m.put("volume_ids", ids(g));
        m.put("volume_group_context", g.config());
        return m;
    }

    private static List<String> ids(VolumeGroup g) {
        return g.volumes().stream().map(Volume::volumeId).toList();
    }
}
