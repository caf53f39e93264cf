package org.csiconsole.app;

import javafx.application.Application;
import org.csiconsole.app.cli.CsiConsoleCommand;
import org.csiconsole.app.cli.ExitCodes;
import org.csiconsole.app.gui.ConsoleApplication;
import org.csiconsole.app.gui.JavaFxClassPathWarning;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.app.gui.WorkbenchStartFailure;

import java.util.List;
import java.util.Optional;

/**
 * Entry point. With a subcommand (or {@code --help}, {@code --version}) it runs the command line,
 * without JavaFX. Otherwise it opens the workbench: the bundled demo by default, or what the GUI
 * options say ({@code --demo}, {@code --endpoint ENDPOINT}, {@code --csp-url URL}). It is not a
 * {@code javafx.application.Application}, so JavaFX can load from the class path. When the workbench
 * cannot open (no display, or the desktop libraries missing) it says so and what to do, and exits
 * with {@link ExitCodes#NO_DESKTOP}.
 */
public final class Main {
    /**
     * Netty's switch (as relocated in grpc-netty-shaded) for its buffer allocator's JFR events. When
     * the runtime has JFR, Netty registers those event classes on the first call's I/O thread, which
     * generates their handlers: about 40 ms of a 1.2 s {@code csi-console volumes} of 100,000 volumes
     * (async-profiler, wall clock). The console records none of them; {@code -D} on the command line
     * turns them back on.
     */
    static final String NETTY_JFR_EVENTS = "io.grpc.netty.shaded.io.netty.jfr.enabled";

    private Main() {
    }

    public static void main(String[] args) {
        withoutNettyJfrEvents();
        if (LaunchOptions.parse(List.of(args)).isPresent()) {
            JavaFxClassPathWarning.leaveOut();
            try {
                Application.launch(ConsoleApplication.class, args);
            } catch (RuntimeException | LinkageError e) {
                Optional<String> why = WorkbenchStartFailure.explain(e, System.getenv("DISPLAY"));
                if (why.isEmpty()) throw e;
                System.err.println(why.get());
                System.exit(ExitCodes.NO_DESKTOP);
            }
            return;
        }
        System.exit(CsiConsoleCommand.execute(args));
    }

    /** Sets {@link #NETTY_JFR_EVENTS} to false unless it was given; call before the first gRPC channel. */
    static void withoutNettyJfrEvents() {
        if (System.getProperty(NETTY_JFR_EVENTS) == null) System.setProperty(NETTY_JFR_EVENTS, "false");
    }
}
