package org.csiconsole.app.cli;

import org.csiconsole.core.audit.AuditOrigin;
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
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.Console;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * {@code csi-console csp ...}: reads an HPE Container Storage Provider (hpe-csp-rest-spec.md) from
 * the command line. Every subcommand logs in, runs one request, prints the result and logs out
 * (DELETE /tokens). The password comes from the {@value #PASSWORD_ENV} environment variable or an
 * interactive prompt, never from the command line. Exit codes are those of {@link ExitCodes}.
 */
@Command(name = "csp", mixinStandardHelpOptions = true,
        description = "Read an HPE Container Storage Provider (CSP) REST API. The password is read from "
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

    @Spec
    CommandSpec spec;

    /** Reads the process environment and prompts on the console; audits nothing (the subcommands only read). */
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

    private int run(CspConnectionOptions o, BiConsumer<CspClient, CspOutput> work) {
        CspConfig config = o.toConfig();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CallTrace trace = new CallTrace();
        PlainHttp.warning(config.endpointText()).ifPresent(w -> err.println("Warning: " + w));
        try (CspPassword password = password(config)) {
            CspClient csp = CspClient.open(config, password, trace, CallAudit.to(audit, AuditOrigin.local(config.endpointText())), Runnable::run);
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
