package org.csiconsole.views.dialog;

import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Dialog;
import javafx.stage.Screen;
import javafx.stage.Window;

import java.util.List;

/**
 * Keeps a dialog's window fitted to its content and on screen. JavaFX sizes a dialog once, when it
 * is shown; content that appears later (a section for another choice, a message under the fields)
 * would push the buttons out of the window. {@link #fit(Dialog)} resizes the window to the content
 * around its horizontal centre and, on a small screen (1280×800), caps it at the screen's usable height and moves it up so the
 * buttons stay visible; content that does not fit then scrolls in the dialog's own scroll pane.
 */
public final class DialogFit {
    /** Width of a vertical scroll bar, kept free beside a scrolling dialog's content. */
    private static final double SCROLL_BAR = 14;

    private DialogFit() {
    }

    /**
     * {@code content} in a scroll pane that asks for the content's height up to {@code maxHeight} pixels and scrolls
     * beyond it (vertically only, the content as wide as the pane), so that a dialog's buttons stay on a 1280x800 screen.
     */
    public static javafx.scene.control.ScrollPane scrolling(javafx.scene.layout.Region content, double maxHeight) {
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(content) {
            @Override
            protected double computePrefHeight(double width) {
                // at the width the content gets (a wrapping text asked at no width would count one line)
                double inner = content.prefHeight(width < 0 ? contentWidth() : width - snappedLeftInset() - snappedRightInset() - SCROLL_BAR);
                return Math.min(maxHeight, inner + snappedTopInset() + snappedBottomInset());
            }

            private double contentWidth() {
                return Math.max(content.prefWidth(-1), content.minWidth(-1));
            }

            @Override
            protected double computePrefWidth(double height) {
                // room for the scroll bar, so that the content keeps its width when it scrolls
                return contentWidth() + snappedLeftInset() + snappedRightInset() + SCROLL_BAR;
            }

            @Override
            protected double computeMinWidth(double height) {
                return computePrefWidth(height);
            }
        };
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        scroll.getStyleClass().add(atlantafx.base.theme.Tweaks.EDGE_TO_EDGE);
        return scroll;
    }

    /** Fits {@code dialog}'s window to its content after the pending layout; does nothing while it is not showing. */
    public static void fit(Dialog<?> dialog) {
        Platform.runLater(() -> {
            if (!dialog.isShowing() || dialog.getDialogPane().getScene() == null) return;
            Window w = dialog.getDialogPane().getScene().getWindow();
            double centreX = w.getX() + w.getWidth() / 2;
            w.sizeToScene();
            w.setX(centreX - w.getWidth() / 2);
            keepOnScreen(w);
        });
    }

    /**
     * Caps {@code w} at the usable height of the screen it is on and moves it so that it is on
     * screen, its bottom edge included.
     */
    public static void keepOnScreen(Window w) {
        List<Screen> screens = Screen.getScreensForRectangle(w.getX(), w.getY(), Math.max(1, w.getWidth()), Math.max(1, w.getHeight()));
        Rectangle2D area = (screens.isEmpty() ? Screen.getPrimary() : screens.get(0)).getVisualBounds();
        if (w.getX() + w.getWidth() > area.getMaxX()) w.setX(area.getMaxX() - w.getWidth());
        if (w.getX() < area.getMinX()) w.setX(area.getMinX());
        double height = Math.min(w.getHeight(), area.getHeight());
        if (height < w.getHeight()) w.setHeight(height);
        if (w.getY() + height > area.getMaxY()) w.setY(area.getMaxY() - height);
        if (w.getY() < area.getMinY()) w.setY(area.getMinY());
    }
}
