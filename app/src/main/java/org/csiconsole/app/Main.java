package org.csiconsole.app;

import org.csiconsole.app.cli.CsiConsoleCommand;

/**
 * Entry point. With a subcommand it runs the command line (no JavaFX); otherwise it opens the
 * workbench. It is not a {@code javafx.application.Application}, so JavaFX can load from the
 * class path.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && !args[0].startsWith("-")) {
            System.exit(CsiConsoleCommand.commandLine().execute(args));
        }
        // The workbench lands with the views; until then show the command-line help.
        System.exit(CsiConsoleCommand.commandLine().execute("--help"));
    }
}
