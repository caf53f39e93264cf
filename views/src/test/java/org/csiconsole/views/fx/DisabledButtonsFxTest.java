package org.csiconsole.views.fx;

import atlantafx.base.theme.Styles;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.layout.HBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In the dark theme a disabled Run (a wizard's accent or danger button, a dialog's default button) turns neutral: the
 * theme's dimmed accent or red beside the enabled buttons read as enabled.
 */
@ExtendWith(ApplicationExtension.class)
class DisabledButtonsFxTest {
    private ThemeManager themes;
    private Button accent;
    private Button danger;
    private Button byDefault;
    private Button enabledAccent;

    @Start
    void start(Stage stage) {
        accent = new Button("Run");
        danger = new Button("Run");
        byDefault = new Button("Run");
        enabledAccent = new Button("Run");
        accent.getStyleClass().add(Styles.ACCENT);
        enabledAccent.getStyleClass().add(Styles.ACCENT);
        danger.getStyleClass().add(Styles.DANGER);
        byDefault.setDefaultButton(true);
        for (Button b : List.of(accent, danger, byDefault)) b.setDisable(true);
        themes = new ThemeManager(Theme.DARK);
        Scene scene = new Scene(new HBox(8, accent, danger, byDefault, enabledAccent), 500, 200);
        themes.style(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void light(FxRobot robot) {
        robot.interact(() -> themes.themeProperty().set(Theme.LIGHT));
    }

    private static Color fill(Button b) throws Exception {
        return FxWait.onFx(() -> {
            var fills = b.getBackground().getFills();
            return (Color) fills.get(fills.size() - 1).getFill();
        });
    }

    @Test
    void aDisabledAccentDangerOrDefaultButtonIsNeutralNotADimmedColour(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fill(enabledAccent).getSaturation()).as("an enabled Run is the accent").isGreaterThan(0.3);
        for (Button b : List.of(accent, danger, byDefault)) {
            assertThat(fill(b).getSaturation()).as(b.getStyleClass() + (b.isDefaultButton() ? " default" : "")).isLessThan(0.2);
        }
    }
}
