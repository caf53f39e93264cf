package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.store.DataDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

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
 * <p>{@code training list|validate|start|check|reset|hint|answer|result|compare}: training mode without a display
 * ({@link TrainingCommand}).
 * <p>{@code inventory list|import-pv|import-snapshot-contents|add-ids|recheck}: the console's own record of a connection,
 * the inventory of a driver that cannot list ({@link InventoryCommand}).
 */
@Command(name = "csi-console",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Admin console for CSI drivers, csi-addons and HPE CSP arrays.",
                "With no command, csi-console opens the workbench (the desktop console): on the bundled demo, or on a driver "
                        + "with --endpoint unix:///var/lib/kubelet/plugins/<driver>/csi.sock, or on an array with "
                        + "--csp-url https://array.example:8080 (a login dialog asks user, array IP and password).",
                "Each command below has its own --help."})
public class CsiConsoleCommand {
    static {
        // picocli looks for Groovy's Closure class once, for closures in annotations (none here); the miss
        // searched all 66 jars of the class path: 16 ms of a 0.29 s command in a wall-clock profile.
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
        return register(all(env, audit), env);
    }

    /**
     * Builds the command line that runs {@code args}. When the first argument names a subcommand, only that one is
     * made and registered: picocli reads every registered command's annotations, options and help texts when it is
     * added, and making them all loaded and initialized their classes, which for all of them took most of a short
     * command's start-up. Otherwise (help, the version, a usage error and its suggestions) every subcommand is.
     */
    static CommandLine commandLine(Function<String, String> env, LazyAuditLog audit, String... args) {
        if (args.length > 0) {
            for (SubcommandGroup g : groups(env, audit)) {
                int i = g.names().indexOf(args[0]);
                if (i < 0) continue;
                if (g.dialsGrpc()) ConnectPrefetch.start();
                return register(List.of(g.make().get().get(i)), env);
            }
        }
        return register(all(env, audit), env);
    }

    /**
     * Subcommands made together, with the names they have on the command line in the order {@code make} returns
     * them: each command's {@link Command#name()}, here too so that finding the one to run needs neither making nor
     * reading the others (CsiConsoleCommandTest checks the two agree). {@code dialsGrpc}: the commands call a gRPC
     * endpoint (CSI or csi-addons), so the work before the first call starts beside the command line's parsing
     * ({@link ConnectPrefetch}).
     */
    record SubcommandGroup(List<String> names, boolean dialsGrpc, Supplier<List<Object>> make) {
    }

    /** Every subcommand's group, in the order help lists them; nothing is made until a group's {@code make} runs. */
    static List<SubcommandGroup> groups(Function<String, String> env, LazyAuditLog audit) {
        Supplier<Optional<ConsoleTerminal>> terminal = ConsoleTerminal::system;
        return List.of(
                new SubcommandGroup(List.of("info", "capabilities", "volumes", "snapshots", "node"), true,
                        () -> CsiCommands.all(env, audit)),
                new SubcommandGroup(List.of("lifecycle"), true,
                        () -> List.of(new LifecycleCommand(env, Clock.systemUTC()).auditInto(audit))),
                new SubcommandGroup(List.of("fences", "fence", "unfence", "fence-clients"), true,
                        () -> FenceCommands.all(env, System.getenv(), terminal, audit, audit)),
                new SubcommandGroup(List.of("reclaim-space", "rotate-key"), true, () -> AddonsVolumeCommands.all(env, audit, terminal)),
                new SubcommandGroup(List.of("csp"), false, () -> List.of(new CspCommand(audit))),
                new SubcommandGroup(List.of("volume-group"), true, () -> List.of(new VolumeGroupCommand(env, audit))),
                new SubcommandGroup(List.of("replication"), true, () -> List.of(new ReplicationCommand(env, audit))),
                new SubcommandGroup(
                        List.of("create-volume", "delete-volume", "expand", "publish", "unpublish", "snapshot", "delete-snapshot",
                                "unstage", "node-expand", "stage", "node-publish", "node-unpublish", "modify-volume", "group-snapshot",
                                "delete-group-snapshot"), true,
                        () -> CsiMutations.all(env, audit)),
                new SubcommandGroup(List.of("discover", "probe", "orphans"), true, () -> TroubleCommands.all(env)),
                new SubcommandGroup(List.of("exercise"), true, () -> List.of(new ExerciseCommand(env, audit, terminal))),
                new SubcommandGroup(List.of("report"), true, () -> List.of(new ReportCommand(env, audit, terminal))),
                new SubcommandGroup(List.of("serve"), false, () -> List.of(new ServeCommand())),
                new SubcommandGroup(List.of("training"), true, () -> List.of(new TrainingCommand(terminal))),
                new SubcommandGroup(List.of("audit"), false, () -> List.of(new AuditCommand(audit))),
                new SubcommandGroup(List.of("inventory"), true, () -> List.of(new InventoryCommand(env, audit))));
    }

    /**
     * Every subcommand, made but not yet read by picocli, after {@code help}: the command line that lists them, answers
     * {@code help COMMAND} and suggests one for a mistyped name. A command run by name needs no {@code help} command
     * (its own {@code --help} is its option), and reading picocli's took a sixth of such a command's start-up.
     */
    private static List<Object> all(Function<String, String> env, LazyAuditLog audit) {
        List<Object> all = new ArrayList<>();
        all.add(new CommandLine.HelpCommand());
        for (SubcommandGroup g : groups(env, audit)) all.addAll(g.make().get());
        return all;
    }

    static CommandLine register(List<Object> subcommands, Function<String, String> env) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExecutionStrategy(new NoEmptyPaths(new NoEmptyIds()));
        cl.setExitCodeExceptionMapper(new ExitCodeMapper());
        for (Object c : subcommands) cl.addSubcommand(c);
        helpEverywhere(cl);
        WholeWordHelp.install(cl);
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(colours(env, ConsoleTerminal.system().isPresent())));
        CommandLine audit = cl.getSubcommands().get("audit");
        if (audit != null) audit.setCaseInsensitiveEnumValuesAllowed(true); // --outcome ok|failed|cancelled
        return cl;
    }

    /**
     * Whether help and error messages are coloured: never when {@code NO_COLOR} is set to anything but an empty
     * string (no-color.org) or when standard output is not a terminal (a pipe, a file, {@code less}), so no escape
     * code lands in them; on a terminal picocli's own detection decides ({@code CLICOLOR=0} turns colour off).
     *
     * @param env the environment
     * @param terminal whether standard input and output are a terminal ({@link ConsoleTerminal#system()})
     */
    static CommandLine.Help.Ansi colours(Function<String, String> env, boolean terminal) {
        String noColor = env.apply("NO_COLOR");
        if (noColor != null && !noColor.isEmpty()) return CommandLine.Help.Ansi.OFF;
        return terminal ? CommandLine.Help.Ansi.AUTO : CommandLine.Help.Ansi.OFF;
    }

    /**
     * Gives every command of the tree {@code -h/--help} (and {@code -V/--version}) where its annotation did not. A
     * subcommand written as a method ({@code csp volumes}) is left alone: picocli passes a method's parameters by
     * position, and help options added after it was read shifted them ({@code --name} then reached the method as its
     * mixin: "argument type mismatch"); such a command declares {@code mixinStandardHelpOptions} in its annotation.
     */
    private static void helpEverywhere(CommandLine cl) {
        CommandLine.Model.CommandSpec spec = cl.getCommandSpec();
        if (!(spec.userObject() instanceof java.lang.reflect.Method)
                && spec.options().stream().noneMatch(CommandLine.Model.OptionSpec::usageHelp)) spec.mixinStandardHelpOptions(true);
        for (CommandLine sub : new java.util.LinkedHashSet<>(cl.getSubcommands().values())) helpEverywhere(sub);
    }

    /**
     * Refuses, before anything is sent, an id option given an empty or blank value ({@code --volume-id ""}), in the words
     * of {@link org.csiconsole.core.call.EmptyIds}. A usage error: exit {@link ExitCodes#USAGE}, nothing sent.
     */
    private static final class NoEmptyIds implements CommandLine.IExecutionStrategy {
        @Override
        public int execute(CommandLine.ParseResult parseResult) {
            for (CommandLine.ParseResult p = parseResult; p != null; p = p.subcommand()) {
                for (CommandLine.Model.OptionSpec o : p.matchedOptions()) {
                    String name = o.longestName();
                    if (!(name.endsWith("-id") || name.endsWith("-ids"))) continue;
                    org.csiconsole.core.call.CallFailure empty = org.csiconsole.core.call.EmptyIds.refusal(name, o.originalStringValues());
                    if (empty != null) {
                        throw new CommandLine.ParameterException(p.commandSpec().commandLine(), empty.why() + ". " + empty.whatToDo() + ".", o, "");
                    }
                }
            }
            return new CommandLine.RunLast().execute(parseResult);
        }
    }

    /**
     * Refuses, before anything runs, an option or parameter that takes a path given an empty or blank value
     * ({@code --root-dir ""}, {@code --out ""}), in the words of {@link org.csiconsole.core.model.GivenPath}: an empty
     * path is the current directory, which no one means by giving nothing. A usage error: exit {@link ExitCodes#USAGE},
     * nothing read, sent or written. Then runs {@code next}.
     */
    private static final class NoEmptyPaths implements CommandLine.IExecutionStrategy {
        private final CommandLine.IExecutionStrategy next;

        NoEmptyPaths(CommandLine.IExecutionStrategy next) {
            this.next = next;
        }

        @Override
        public int execute(CommandLine.ParseResult parseResult) {
            for (CommandLine.ParseResult p = parseResult; p != null; p = p.subcommand()) {
                for (CommandLine.Model.OptionSpec o : p.matchedOptions()) {
                    if (takesPath(o) && o.originalStringValues().stream().anyMatch(String::isBlank)) throw empty(p, o.longestName(), o);
                }
                for (CommandLine.Model.PositionalParamSpec o : p.matchedPositionals()) {
                    if (takesPath(o) && o.originalStringValues().stream().anyMatch(String::isBlank)) throw empty(p, o.paramLabel(), o);
                }
            }
            return next.execute(parseResult);
        }

        private static boolean takesPath(CommandLine.Model.ArgSpec a) {
            return java.util.stream.Stream.concat(java.util.stream.Stream.of(a.type()), java.util.Arrays.stream(a.auxiliaryTypes()))
                    .anyMatch(t -> t == java.nio.file.Path.class || t == java.io.File.class);
        }

        private static CommandLine.ParameterException empty(CommandLine.ParseResult p, String name, CommandLine.Model.ArgSpec a) {
            return new CommandLine.ParameterException(p.commandSpec().commandLine(),
                    org.csiconsole.core.model.GivenPath.emptyProblem(name) + "; give a path (nothing was run)", a, "");
        }
    }

    /**
     * {@link ExitCodes#forThrowable} for picocli. A class, not a method reference: picocli's interfaces are
     * compiled for Java 5, and the class-data dump, which makes the lambdas of its class list, leaves out such
     * an interface once a lambda has linked it; the command line then loaded it from the jars, opening the
     * class path's jars one by one up to picocli's.
     */
    private static final class ExitCodeMapper implements CommandLine.IExitCodeExceptionMapper {
        @Override
        public int getExitCode(Throwable exception) {
            return ExitCodes.forThrowable(exception);
        }
    }
}
