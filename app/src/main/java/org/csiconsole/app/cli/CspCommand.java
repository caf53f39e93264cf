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
import org.csiconsole.core.model.Host;
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
 * the command line, and deletes a host ({@code delete-host}, assessed by core's risk model as the
 * workbench's Delete host is). Every subcommand logs in, runs its requests, prints the result and logs
 * out (DELETE /tokens). The password comes from the {@value #PASSWORD_ENV} environment variable or an
 * interactive prompt, never from the command line. Exit codes are those of {@link ExitCodes}.
 */
@Command(name = "csp", mixinStandardHelpOptions = true,
        description = "Read an HPE Container Storage Provider (CSP) REST API, and delete a host. The password is read from "
                + "the CSP_PASSWORD environment variable or asked for; it is never a command-line argument.")
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
                    .sending(Map.of("id", host.id())).on(csp.config().endpointText()));
            risk.confirm(a, yes == null ? List.of() : List.of(yes), false, spec.commandLine().getErr());
            csp.hosts().delete(host.id()).join();
            Map<String, String> ids = new LinkedHashMap<>();
            ids.put("hostId", host.id());
            ids.put("name", host.name());
            new MutationOutput(spec.commandLine().getOut(), o.output).done(ids, "deleted",
                    "Deleted host " + host.name() + " (" + host.id() + ").");
        });
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
