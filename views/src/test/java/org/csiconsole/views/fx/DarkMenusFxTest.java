package org.csiconsole.views.fx;

import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Side;
import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
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
import static org.assertj.core.api.Assertions.within;

/**
 * A menu or tooltip of the dark theme fills its popup window edge to edge in the theme's colours: no transparent margin
 * (shadow, rounded corners) that a display without a compositor paints as a white frame.
 */
@ExtendWith(ApplicationExtension.class)
class DarkMenusFxTest {
    private ThemeManager themes;
    private Label owner;
    private ContextMenu menu;

    @Start
    void start(Stage stage) {
        owner = new Label("erp-db");
        menu = new ContextMenu(new MenuItem("Expand\u2026"), new MenuItem("Delete\u2026"));
        themes = new ThemeManager(Theme.DARK);
        owner.setContextMenu(menu);
        Scene scene = new Scene(new StackPane(owner), 400, 300);
        themes.style(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void light(FxRobot robot) {
        robot.interact(() -> {
            menu.hide();
            themes.themeProperty().set(Theme.LIGHT);
        });
    }

    @Test
    void aContextMenuOfTheDarkThemeFillsItsWindowInTheThemesColours(FxRobot robot) throws Exception {
        robot.interact(() -> menu.show(owner, Side.BOTTOM, 0, 0));
        WaitForAsyncUtils.waitForFxEvents();
        Region content = FxWait.onFx(() -> (Region) menu.getSkin().getNode());
        FxWait.afterLayout(content);
        assertThat(FxWait.onFx(content::getEffect)).as("no shadow around the menu").isNull();
        Bounds inWindow = FxWait.onFx(() -> content.localToScene(content.getLayoutBounds()));
        double windowWidth = FxWait.onFx(() -> content.getScene().getWidth());
        double windowHeight = FxWait.onFx(() -> content.getScene().getHeight());
        // (a window is whole pixels wide and high: the menu's own size may be a fraction of one less)
        assertThat(inWindow.getMinX()).as("no margin left of the menu").isCloseTo(0, within(1.0));
        assertThat(inWindow.getMinY()).as("no margin above the menu").isCloseTo(0, within(1.0));
        assertThat(inWindow.getMaxX()).as("no margin right of the menu").isCloseTo(windowWidth, within(1.0));
        assertThat(inWindow.getMaxY()).as("no margin below the menu").isCloseTo(windowHeight, within(1.0));
        List<BackgroundFill> fills = FxWait.onFx(() -> content.getBackground().getFills());
        assertThat(fills.get(0).getInsets()).as("the border reaches the window's edge").isEqualTo(Insets.EMPTY);
        assertThat(fills).allSatisfy(f -> assertThat(f.getRadii().getTopLeftHorizontalRadius()).isZero());
        Color background = (Color) fills.get(fills.size() - 1).getFill();
        assertThat(background.getBrightness()).as("the dark theme's overlay colour, not white").isLessThan(0.4);
    }

    @Test
    void aTooltipOfTheDarkThemeHasNoShadowMarginEither(FxRobot robot) throws Exception {
        javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip("vol-00000116");
        robot.interact(() -> tip.show(owner.getScene().getWindow(), 10, 10));
        try {
            WaitForAsyncUtils.waitForFxEvents();
            Region content = FxWait.onFx(() -> (Region) tip.getSkin().getNode());
            FxWait.afterLayout(content);
            assertThat(FxWait.onFx(content::getEffect)).as("no shadow around the tooltip").isNull();
            Bounds inWindow = FxWait.onFx(() -> content.localToScene(content.getLayoutBounds()));
            assertThat(inWindow.getMinX()).as("no margin left of the tooltip").isCloseTo(0, within(1.0));
            assertThat(inWindow.getMaxX()).as("no margin right of the tooltip")
                    .isCloseTo(FxWait.onFx(() -> content.getScene().getWidth()), within(1.0));
        } finally {
            robot.interact(tip::hide);
        }
    }
}
