package org.csiconsole.views.dialog;

import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Dialog;
import javafx.scene.control.Tooltip;
import javafx.stage.Window;

import java.util.List;

/**
 * Keeps the owner window's tooltips (a table row's, a button's) off a modal dialog: a tooltip is a window of its
 * own that floats above every other, so one left showing, or one whose hover delay ends after the dialog opened,
 * would cover the dialog's text, its dangers included. While the dialog shows, every tooltip of its owner is
 * hidden as soon as it shows; the dialog's own tooltips are kept.
 */
final class ModalTooltips {
    private ModalTooltips() {
    }

    /** Hides {@code owner}'s tooltips whenever they show while {@code dialog} shows. */
    static void hideWhileShowing(Dialog<?> dialog, Window owner) {
        ListChangeListener<Window> shown = c -> Platform.runLater(() -> hide(owner));
        dialog.showingProperty().addListener((o, was, showing) -> {
            if (showing) {
                hide(owner);
                Window.getWindows().addListener(shown);
            } else {
                Window.getWindows().removeListener(shown);
            }
        });
    }

    /** Hides every showing tooltip of {@code owner}. */
    static void hide(Window owner) {
        for (Window w : List.copyOf(Window.getWindows())) {
            if (w instanceof Tooltip t && t.isShowing() && t.getOwnerWindow() == owner) t.hide();
        }
    }
}
