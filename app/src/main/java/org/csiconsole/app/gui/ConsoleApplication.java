package org.csiconsole.app.gui;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.csiconsole.core.store.ConfigDirectory;

import java.nio.file.Path;

/**
 * The JavaFX application. Started by {@link org.csiconsole.app.Main} (not itself the main class, so
 * JavaFX loads from the class path). It shows the window with the {@link StartShell} first, then,
 * once that frame is painted, hands over to the {@link Console} composition root, which builds the
 * workbench into the same window.
 */
public final class ConsoleApplication extends Application {
    private Console console;

    @Override
    public void start(Stage stage) {
        LaunchOptions options = LaunchOptions.parse(getParameters().getRaw()).orElse(LaunchOptions.DEMO);
        Path config = ConfigDirectory.resolve();
        Scene shell = StartShell.show(stage, WindowPreferences.read(config));
        StartupReport.afterFirstFrame(shell, StartupReport.WINDOW, () -> {
            if (!stage.isShowing()) return; // closed while starting
            StartupPrefetch.start();
            console = new Console(stage, options, config, Platform::runLater);
            console.show();
        });
    }

    @Override
    public void stop() {
        if (console != null) console.close();
    }
}
