package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.CssWarnings;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.FrameOutline;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The window's first frames: the start shell in the remembered theme and place, the workbench built
 * into it, and the connections, which wait for the workbench's first frame.
 */
@ExtendWith(ApplicationExtension.class)
class FirstFramesFxTest {
    @TempDir
    Path temp;
    private Stage stage;
    private Console console;
    /** Opened before the shell and the workbench are built. */
    private final CssWarnings css = CssWarnings.record();

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void closeConsole() throws Exception {
        if (console != null) WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
        WaitForAsyncUtils.asyncFx(() -> stage.hide()).get(20, TimeUnit.SECONDS);
        System.clearProperty(StartupReport.PROPERTY);
        WaitForAsyncUtils.waitForFxEvents();
        css.close();
        assertThat(css.messages()).as("every semantic token resolves on every node styled").isEmpty();
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

    @Test
    void theShellShowsTheRememberedThemeAndPlaceAndTheWorkbenchReplacesItThere() throws Exception {
        Path config = temp.resolve("config");
        Path report = temp.resolve("report.txt");
        System.setProperty(StartupReport.PROPERTY, report.toString());
        new PreferencesStore(config).save(new Preferences(Theme.DARK, 40, 30, 1000, 700, false, 0.3, 0.6, false,
                List.of(), null, Map.of(), 0, null));

        Scene shell = WaitForAsyncUtils.asyncFx(() -> {
            Scene s = StartShell.show(stage, new PreferencesStore(config).load());
            StartupReport.afterFirstFrame(s, StartupReport.WINDOW, () -> { });
            return s;
        }).get(20, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.isShowing()).isTrue();
        assertThat(stage.getTitle()).isEqualTo("CSI Console");
        assertThat(shell.getFill()).as("the remembered theme's background").isEqualTo(Theme.DARK.firstFrame().background());
        assertThat(((Text) shell.lookup("#status-starting")).getText()).isEqualTo(FrameOutline.STARTING);
        assertThat(shell.getStylesheets()).as("no stylesheet to load before the first frame").isEmpty();
        assertThat(nodes(shell.getRoot())).as("no control, whose skin and user-agent stylesheet would load first")
                .noneMatch(n -> n instanceof Control);
        assertThat(stage.getX()).isEqualTo(40);
        assertThat(stage.getY()).isEqualTo(30);
        assertThat(stage.getWidth()).isEqualTo(1000);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> Files.exists(report) && Files.readString(report).endsWith("\n"));

        WaitForAsyncUtils.asyncFx(() -> {
            console = new Console(stage, LaunchOptions.DEMO, config, Platform::runLater,
                    trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, temp.resolve("demo")));
            console.show();
        }).get(20, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.getScene()).isNotSameAs(shell);
        assertThat(stage.getScene().getRoot().getStyleClass()).contains(ConsoleStyles.DARK);
        assertThat(stage.getX()).as("the workbench stays where the shell stood").isEqualTo(40);
        assertThat(stage.getY()).isEqualTo(30);
        assertThat(stage.getWidth()).isEqualTo(1000);

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> Files.readString(report).lines().count() == 2);
        assertThat(Files.readString(report)).matches("window \\d{16} cpu \\d+\\npainted \\d{16} cpu \\d+\\n");
    }

    private static List<Node> nodes(Node root) {
        List<Node> all = new java.util.ArrayList<>(List.of(root));
        if (root instanceof Parent p) p.getChildrenUnmodifiable().forEach(n -> all.addAll(nodes(n)));
        return all;
    }
}
