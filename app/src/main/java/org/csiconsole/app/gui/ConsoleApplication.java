package org.csiconsole.app.gui;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.csiconsole.core.store.ConfigDirectory;

/**
 * The JavaFX application. Started by {@link org.csiconsole.app.Main} (not itself the main class, so
 * JavaFX loads from the class path). It only reads the launch options and hands over to the
 * {@link Console} composition root.
 */
public final class ConsoleApplication extends Application {
    private Console console;

    @Override
    public void start(Stage stage) {
        LaunchOptions options = LaunchOptions.parse(getParameters().getRaw()).orElse(LaunchOptions.DEMO);
        console = new Console(stage, options, ConfigDirectory.resolve(), Platform::runLater);
        console.show();
    }

    @Override
    public void stop() {
        if (console != null) console.close();
    }
}
