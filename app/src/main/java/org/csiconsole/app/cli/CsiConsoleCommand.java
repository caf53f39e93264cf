package org.csiconsole.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code csi-console} command line. Subcommands run without starting JavaFX.
 *
 * <p>Exit codes (see {@link ExitCodes}): 0 success, 1 the call failed at the plugin or array,
 * 2 usage error, 3 endpoint unreachable or misconfigured, 4 not supported by the driver,
 * 5 authentication failed.
 *
 * <p>CSI commands: {@code info}, {@code capabilities}, {@code volumes}, {@code snapshots} and
 * {@code node}, each with {@code --endpoint ENDPOINT} (default {@code CSI_ENDPOINT}) and
 * {@code --output table|json}; see {@link CsiCommands}.
 */
@Command(name = "csi-console",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Admin console for CSI drivers, csi-addons and HPE CSP arrays.",
        subcommands = {CommandLine.HelpCommand.class})
public class CsiConsoleCommand {

    /** Builds the command line with every subcommand registered. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object csi : CsiCommands.all(System::getenv)) cl.addSubcommand(csi);
        for (Object mutation : CsiMutations.all(System::getenv)) cl.addSubcommand(mutation);
        cl.addSubcommand(new CspCommand());
        cl.addSubcommand(new ServeCommand());
        return cl;
    }
}
