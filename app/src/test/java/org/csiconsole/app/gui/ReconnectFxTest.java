package org.csiconsole.app.gui;

import io.grpc.Server;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.reference.ReferencePlugin;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The driver's socket goes away and comes back: a reference plugin served on a real unix socket,
 * the console connected to it; the server stops and its socket is deleted, so the status bar says
 * reconnecting; the plugin serves again, and the status bar says connected.
 */
@ExtendWith(ApplicationExtension.class)
class ReconnectFxTest {
    @TempDir
    Path dir;
    private Console console;
    private ReferencePlugin plugin;
    private Path socket;
    private Server server;

    @Start
    void start(Stage stage) throws Exception {
        Files.createDirectories(dir.resolve("csi.lab.example"));
        socket = dir.resolve("csi.lab.example").resolve("csi.sock");
        plugin = ReferencePlugin.builder(dir.resolve("state")).start();
        server = plugin.serve(socket, Optional.empty());
        console = new Console(stage, new LaunchOptions(false, "unix://" + socket, null), dir.resolve("config"),
                Platform::runLater, trace -> new Sessions(Platform::runLater, trace,
                new Backoff(Duration.ofMillis(20), Duration.ofMillis(200)), Duration.ofMillis(50)));
        console.show();
    }

    @AfterEach
    void stop() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(10, TimeUnit.SECONDS);
        plugin.close();
    }

    private void awaitStatus(FxRobot robot, String text) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> robot.lookup("#status-state").queryAs(Label.class).getText().equals(text)).get());
    }

    @Test
    void statusShowsReconnectingWhenTheSocketGoesAndConnectedWhenItIsServedAgain(FxRobot robot) throws Exception {
        // Started by its socket, the connection is named after the driver (GetPluginInfo) once it answers.
        String name = ReferencePlugin.PLUGIN_NAME;
        awaitStatus(robot, name + ": Connected");
        ConnectionModel endpoint = WaitForAsyncUtils.asyncFx(() -> console.connections().get(0)).get(10, TimeUnit.SECONDS);
        assertThat(endpoint.name()).isEqualTo(name);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> robot.lookup("#status-plugin").queryAs(Label.class)
                .getText().startsWith(ReferencePlugin.PLUGIN_NAME)).get());
        assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#status-endpoint").queryAs(Label.class).getText()).get(10, TimeUnit.SECONDS))
                .isEqualTo("unix://" + socket);

        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
        Files.deleteIfExists(socket);
        awaitStatus(robot, name + ": Reconnecting");
        // The note is set on the FX thread with the state: wait for it, then check it.
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> endpoint.noteProperty().get() != null && endpoint.noteProperty().get().contains(socket.toString())).get());
        assertThat(WaitForAsyncUtils.asyncFx(() -> endpoint.noteProperty().get()).get(10, TimeUnit.SECONDS)).contains(socket.toString());

        server = plugin.serve(socket, Optional.empty());
        awaitStatus(robot, name + ": Connected");
        assertThat(WaitForAsyncUtils.asyncFx(() -> endpoint.stateProperty().get()).get(10, TimeUnit.SECONDS)).isEqualTo(ConnectionState.CONNECTED);
    }
}
