package org.csiconsole.app;

import javafx.application.Application;
import org.csiconsole.app.cli.CsiConsoleCommand;
import org.csiconsole.app.gui.ConsoleApplication;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.app.gui.StartupPrefetch;

import java.util.List;

/**
 * Entry point. With a subcommand (or {@code --help}, {@code --version}) it runs the command line,
 * without JavaFX. Otherwise it opens the workbench: the bundled demo by default, or what the GUI
 * options say ({@code --demo}, {@code --endpoint ENDPOINT}, {@code --csp-url URL}). It is not a
 * {@code javafx.application.Application}, so JavaFX can load from the class path.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (LaunchOptions.parse(List.of(args)).isPresent()) {
            StartupPrefetch.start();
            Application.launch(ConsoleApplication.class, args);
            return;
        }
        System.exit(CsiConsoleCommand.execute(args));
    }
}
