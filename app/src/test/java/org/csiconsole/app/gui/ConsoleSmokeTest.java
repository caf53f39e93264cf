package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ProfileStore;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.PlaceholderView;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Starts the console in demo mode the way the application does and clicks through every view. */
@ExtendWith(ApplicationExtension.class)
class ConsoleSmokeTest {
    private Console console;
    private Stage stage;
    private Path configDir;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        configDir = Files.createTempDirectory("csi-console-test");
        new ProfileStore(configDir).put(ConnectionProfile.csi("lab driver", "unix:///run/lab/csi.sock"));
        console = new Console(stage, LaunchOptions.DEMO, configDir, Platform::runLater);
        console.show();
    }

    @Test
    void demoAndSavedProfilesAppearAndEveryKindOpens(FxRobot robot) {
        assertThat(console.connections()).extracting(ConnectionModel::name).containsExactly("Demo", "lab driver");
        assertThat(stage.getIcons()).hasSize(6);
        assertThat(stage.getTitle()).isEqualTo("CSI Console");
        ConnectionModel demo = console.connections().get(0);
        assertThat(demo.noteProperty().get()).contains("not part of this build");
        for (ResourceKind kind : ResourceKind.values()) {
            robot.interact(() -> console.workbench().navigator().select(demo, kind));
            assertThat(console.workbench().selectedView()).isInstanceOfSatisfying(PlaceholderView.class,
                    v -> assertThat(v.kind()).isEqualTo(kind));
        }
        assertThat(console.workbench().centre().getTabs()).hasSize(ResourceKind.values().length + 1);
    }

    @Test
    void themeAndLayoutAreRememberedOnClose(FxRobot robot) {
        robot.clickOn("#start-view");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.D).release(KeyCode.D, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(console.themes().theme()).isEqualTo(Theme.DARK);
        robot.interact(() -> console.workbench().navigatorDividerProperty().set(0.3));
        robot.interact(stage::close);
        Preferences saved = new PreferencesStore(configDir).load();
        assertThat(saved.theme()).isEqualTo(Theme.DARK);
        assertThat(saved.navigatorDivider()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.01));
        assertThat(saved.hasPosition()).isTrue();
    }
}
