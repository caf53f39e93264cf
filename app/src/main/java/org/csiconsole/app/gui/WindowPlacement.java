package org.csiconsole.app.gui;

import javafx.geometry.Dimension2D;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/** Where the console's window opens and how large: as it was left, within the screens there are now. */
final class WindowPlacement {
    private WindowPlacement() {
    }

    /** The window's size in pixels: the remembered one, within the primary screen's visual bounds. */
    static Dimension2D size(Preferences p) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        return new Dimension2D(Math.min(p.width(), screen.getWidth()), Math.min(p.height(), screen.getHeight()));
    }

    /**
     * Titles {@code stage}, sets its minimum size (720 x 480 pixels) and places it where it was last,
     * when that is on a screen still, else centred; maximized if it was. Call before it is shown.
     */
    static void place(Stage stage, Preferences p) {
        stage.setTitle("CSI Console");
        stage.setMinWidth(720);
        stage.setMinHeight(480);
        if (p.hasPosition() && onSomeScreen(p)) {
            stage.setX(p.x());
            stage.setY(p.y());
        } else {
            stage.centerOnScreen();
        }
        stage.setMaximized(p.maximized());
    }

    private static boolean onSomeScreen(Preferences p) {
        return !Screen.getScreensForRectangle(new Rectangle2D(p.x(), p.y(), Math.max(1, p.width()), Math.max(1, p.height()))).isEmpty();
    }
}
