package org.csiconsole.app;

import org.csiconsole.app.cli.CsiConsoleCommand;

import java.util.List;

/**
 * The package's class-data training run (installer/cds-training.sh), in one JVM: the command
 * line's {@code --version}, {@code info} and {@code volumes} against a running plugin, then the
 * workbench up to its first frame, where it ends the process. The classes this one run loads
 * ({@code -XX:DumpLoadedClassList}) are what the package's AppCDS archive holds, for the command
 * line's launcher and the workbench's alike.
 *
 * <p>Usage: {@code StartupTraining ENDPOINT REPORT_FILE [--no-workbench | --until-window]}. The workbench
 * writes its first-frame lines to {@code REPORT_FILE} and halts with status 0 after its own first frame,
 * or with {@code --until-window} after the window's (the start shell's); {@code --no-workbench} (no
 * display, or an archive of the command line only) stops after the commands. Exit status 1, before the
 * workbench, when a command fails: an archive trained on an error path would not hold what the package
 * needs.
 */
public final class StartupTraining {
    private StartupTraining() {
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: StartupTraining ENDPOINT REPORT_FILE [--no-workbench | --until-window]");
            System.exit(2);
        }
        String endpoint = args[0];
        for (List<String> command : List.of(List.of("--version"), List.of("info", "--endpoint", endpoint),
                List.of("volumes", "--endpoint", endpoint))) {
            int status = CsiConsoleCommand.execute(command.toArray(String[]::new));
            if (status != 0) {
                System.err.println("StartupTraining: csi-console " + String.join(" ", command) + " ended with status " + status);
                System.exit(1);
            }
        }
        if (List.of(args).contains("--no-workbench")) {
            System.exit(0);
        }
        System.setProperty("csi-console.startup.report", args[1]);
        System.setProperty("csi-console.startup.exit", List.of(args).contains("--until-window") ? "window" : "true");
        Main.main(new String[0]);
    }
}
