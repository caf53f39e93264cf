package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A driver on TCP stops and starts again on the same port: the status bar says Reconnecting while
 * it is gone, and Connected once it is back, without a call from the user.
 */
@ExtendWith(ApplicationExtension.class)
class ReconnectTcpFxTest {
    @TempDir
    Path dir;
    private Console console;
    private FakeCsiDriver driver = new FakeCsiDriver();
    private Endpoint.Tcp endpoint;

    @Start
    void start(Stage stage) throws Exception {
        endpoint = driver.startTcp(0);
        console = new Console(stage, new LaunchOptions(false, endpoint.text(), null), dir.resolve("config"),
                Platform::runLater, trace -> new Sessions(Platform::runLater, trace,
                new Backoff(Duration.ofMillis(20), Duration.ofMillis(200)), Duration.ofMillis(50)));
        console.show();
    }

    @AfterEach
    void stop() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(10, TimeUnit.SECONDS);
        driver.close();
    }

    private void awaitStatus(FxRobot robot, String state) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> robot.lookup("#status-state").queryAs(Label.class).getText().endsWith(": " + state)).get());
    }

    @Test
    void statusShowsReconnectingWhenTheTcpDriverStopsAndConnectedWhenItIsBackOnTheSamePort(FxRobot robot) throws Exception {
        // Started by its address, the connection takes the driver's name once it answers, and is opened again under it.
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> !console.connections().get(0).profile()
                .namedAfterAddress() && console.connections().get(0).stateProperty().get() == ConnectionState.CONNECTED).get());
        ConnectionModel connection = WaitForAsyncUtils.asyncFx(() -> console.connections().get(0)).get(10, TimeUnit.SECONDS);
        assertThat(connection.profile().endpoint()).isEqualTo(endpoint.text());
        awaitStatus(robot, "Connected");

        driver.close();
        awaitStatus(robot, "Reconnecting");
        // The note is set on the FX thread with the state: wait for it, then check it.
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> connection.noteProperty().get() != null && connection.noteProperty().get().contains(endpoint.text())).get());
        assertThat(WaitForAsyncUtils.asyncFx(() -> connection.noteProperty().get()).get(10, TimeUnit.SECONDS)).contains(endpoint.text());

        driver = new FakeCsiDriver();
        driver.startTcp(endpoint.port());
        awaitStatus(robot, "Connected");
        assertThat(WaitForAsyncUtils.asyncFx(() -> connection.stateProperty().get()).get(10, TimeUnit.SECONDS)).isEqualTo(ConnectionState.CONNECTED);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> connection.noteProperty().get().isEmpty()).get());
        assertThat(WaitForAsyncUtils.asyncFx(() -> connection.noteProperty().get()).get(10, TimeUnit.SECONDS)).isEmpty();
    }
}
