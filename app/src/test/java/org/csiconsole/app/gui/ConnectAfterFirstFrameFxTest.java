package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.stage.Stage;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The workbench's window does not wait for its connections: they open once its first frame is painted. */
@ExtendWith(ApplicationExtension.class)
class ConnectAfterFirstFrameFxTest {
    @TempDir
    Path temp;
    private Stage stage;
    private Console console;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void closeConsole() throws Exception {
        if (console != null) WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
        System.clearProperty(StartupReport.PROPERTY);
    }

    @Test
    void theDemoConnectsOnlyOnceTheShownWindowHasPaintedItsFirstFrame() throws Exception {
        Path report = temp.resolve("painted.txt");
        System.setProperty(StartupReport.PROPERTY, report.toString());
        Path demoState = temp.resolve("demo");
        WaitForAsyncUtils.asyncFx(() -> console = new Console(stage, LaunchOptions.DEMO, temp.resolve("config"), Platform::runLater,
                trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, demoState)))
                .get(20, TimeUnit.SECONDS);
        ConnectionModel demo = console.connections().get(0);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(demo.stateProperty().get()).as("not opened before the window is shown").isNotIn(ConnectionState.CONNECTING, ConnectionState.CONNECTED);
        assertThat(report).doesNotExist();

        WaitForAsyncUtils.asyncFx(() -> console.show()).get(20, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> demo.stateProperty().get() == ConnectionState.CONNECTED);
        // The report is written when the first frame has painted: wait for its whole line.
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> Files.exists(report) && Files.readString(report).endsWith("\n"));
        assertThat(Files.readString(report)).matches("painted \\d{16} cpu \\d+\\n");
    }
}
