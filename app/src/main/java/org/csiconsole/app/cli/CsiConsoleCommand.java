package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.store.DataDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.ArrayList;
import java.util.List;
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
    static {
        // picocli looks for Groovy's Closure class once, for closures in annotations (none here); the miss
        // searched all 66 jars of the class path: 16 ms of the 0.29 s a short command takes (async-profiler, wall).
        if (System.getProperty("picocli.disable.closures") == null) System.setProperty("picocli.disable.closures", "true");
    }

    /**
     * Runs {@code args} against this process's environment and closes the audit log afterwards.
     *
     * @return the exit code ({@link ExitCodes})
     */
    public static int execute(String... args) {
        try (LazyAuditLog audit = new LazyAuditLog(DataDirectory.resolve())) {
            return commandLine(System::getenv, audit, args).execute(args);
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
        return register(subcommands(env, audit));
    }

    /**
     * Builds the command line that runs {@code args}. When the first argument names a subcommand, only that one is
     * registered: picocli reads every registered command's annotations, options and help texts when it is added, which
     * for all of them took most of a short command's start-up. Otherwise (help, the version, a usage error and its
     * suggestions) every subcommand is.
     */
    static CommandLine commandLine(Function<String, String> env, LazyAuditLog audit, String... args) {
        List<Object> all = subcommands(env, audit);
        if (args.length > 0) {
            for (Object c : all) {
                if (c.getClass().getAnnotation(Command.class).name().equals(args[0])) return register(List.of(c));
            }
        }
        return register(all);
    }

    /** Every subcommand, made but not yet read by picocli. */
    private static List<Object> subcommands(Function<String, String> env, LazyAuditLog audit) {
        List<Object> all = new ArrayList<>(CsiCommands.all(env, audit));
        all.add(new LifecycleCommand(env, java.time.Clock.systemUTC()).auditInto(audit));
        all.addAll(FenceCommands.all(env, System.getenv(), ConsoleTerminal::system, audit));
        all.addAll(AddonsVolumeCommands.all(env, audit, ConsoleTerminal::system));
        all.add(new CspCommand(audit));
        all.add(new VolumeGroupCommand(audit));
        all.add(new ReplicationCommand(audit));
        all.addAll(CsiMutations.all(env, audit));
        all.addAll(TroubleCommands.all(env));
        all.add(new ExerciseCommand(env, audit, ConsoleTerminal::system));
        all.add(new ReportCommand(env, audit, ConsoleTerminal::system));
        all.add(new ServeCommand());
        all.add(new AuditCommand(audit));
        return all;
    }

    private static CommandLine register(List<Object> subcommands) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object c : subcommands) cl.addSubcommand(c);
        CommandLine audit = cl.getSubcommands().get("audit");
        if (audit != null) audit.setCaseInsensitiveEnumValuesAllowed(true); // --outcome ok|failed|cancelled
        return cl;
    }
}
