package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.store.DataDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.function.Function;

/**
 * The {@code csi-console} command line. Subcommands run without starting JavaFX.
 *
 * <p>Exit codes (see {@link ExitCodes}): 0 success, 1 the call failed at the plugin or array,
 * 2 usage error, 3 endpoint unreachable or misconfigured, 4 not supported by the driver,
 * 5 authentication failed.
 *
 * <p>CSI commands: {@code info}, {@code capabilities}, {@code volumes}, {@code snapshots} and
 * {@code node}, each with {@code --endpoint ENDPOINT} (default {@code CSI_ENDPOINT}) and
 * {@code --output table|json}; see {@link CsiCommands}. {@code audit} prints, filters, exports and
 * verifies the audit log of every change the console made ({@link AuditCommand}).
 *
 * <p>Network fencing: {@code fences}, {@code fence}, {@code unfence} and {@code fence-clients}
 * against the csi-addons endpoint; see {@link FenceCommands}.
 *
 * <p>{@code lifecycle} draws the driver's volume lifecycle figure, with a volume's live state, to
 * SVG or PNG; see {@link LifecycleCommand}.
 *
 * <p>{@code volume-group create|modify|delete|list} manages csi-addons volume groups; see {@link VolumeGroupCommand}.
 *
 * <p>{@code replication list|info|enable|disable|promote|demote|resync|failover|failback|recover-split-brain} runs the
 * replication workflows with dry runs and per-item results; see {@link ReplicationCommand}.
 * <p>Troubleshooting: {@code discover}, {@code probe} and {@code orphans} read only ({@link TroubleCommands});
 * {@code exercise} runs a confirmed lifecycle ({@link ExerciseCommand}); {@code report} writes report.json and
 * report.html ({@link ReportCommand}).
 */
@Command(name = "csi-console",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Admin console for CSI drivers, csi-addons and HPE CSP arrays.",
        subcommands = {CommandLine.HelpCommand.class})
public class CsiConsoleCommand {

    /**
     * Runs {@code args} against this process's environment and closes the audit log afterwards.
     *
     * @return the exit code ({@link ExitCodes})
     */
    public static int execute(String... args) {
        try (LazyAuditLog audit = new LazyAuditLog(DataDirectory.resolve())) {
            return commandLine(System::getenv, audit).execute(args);
        }
    }

    /** Builds the command line with every subcommand registered, auditing into the default data folder. */
    public static CommandLine commandLine() {
        return commandLine(System::getenv, new LazyAuditLog(DataDirectory.resolve()));
    }

    /**
     * Builds the command line with every subcommand registered.
     *
     * @param env the environment ({@code CSI_ENDPOINT}, {@code CSP_PASSWORD})
     * @param audit the one audit log every command that opens a client appends to, and {@code audit} reads
     */
    public static CommandLine commandLine(Function<String, String> env, LazyAuditLog audit) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object csi : CsiCommands.all(env, audit)) cl.addSubcommand(csi);
        cl.addSubcommand(new LifecycleCommand(env, java.time.Clock.systemUTC()).auditInto(audit));
        for (Object fence : FenceCommands.all(env, System.getenv(), ConsoleTerminal::system, audit)) cl.addSubcommand(fence);
        for (Object c : AddonsVolumeCommands.all(env, audit, ConsoleTerminal::system)) cl.addSubcommand(c);
        cl.addSubcommand(new CspCommand(audit));
        cl.addSubcommand(new VolumeGroupCommand(audit));
        cl.addSubcommand(new ReplicationCommand(audit));
        for (Object mutation : CsiMutations.all(env, audit)) cl.addSubcommand(mutation);
        for (Object trouble : TroubleCommands.all(env)) cl.addSubcommand(trouble);
        cl.addSubcommand(new ExerciseCommand(env, audit, ConsoleTerminal::system));
        cl.addSubcommand(new ReportCommand(env, audit, ConsoleTerminal::system));
        cl.addSubcommand(new ServeCommand());
        cl.addSubcommand(new AuditCommand(audit));
        cl.getSubcommands().get("audit").setCaseInsensitiveEnumValuesAllowed(true); // --outcome ok|failed|cancelled
        return cl;
    }
}
