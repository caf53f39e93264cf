package org.csiconsole.views.resource;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.Region;

import java.util.ArrayList;

/**
 * Keeps a {@link ToolBar}'s items at their whole width. JavaFX decides which items go into the
 * overflow menu (») only when the bar's width or its item list changes; an item that grows later
 * (its icon or style arrives, its label changes from "Node —" to "Node node-1") is squeezed
 * instead and reads "Exp…", "Del…". Here a squeezed item makes the bar decide again, on the
 * next pulse, so what does not fit moves into the overflow menu.
 */
public final class ToolBarFit {
    private ToolBarFit() {
    }

    /** Watches {@code bar}'s items (present and future); returns {@code bar}. */
    public static ToolBar wholeItems(ToolBar bar) {
        boolean[] pending = {false};
        // Once per bar width and set of item widths: what the skin decided then stays decided.
        String[] decided = {""};
        Runnable check = () -> {
            if (pending[0] || !squeezed(bar)) return;
            pending[0] = true;
            Platform.runLater(() -> {
                pending[0] = false;
                String now = bar.getWidth() + "/" + bar.getItems().stream().mapToDouble(n -> n.prefWidth(-1)).sum();
                if (!squeezed(bar) || now.equals(decided[0])) return;
                decided[0] = now;
                // A new item list is what makes the skin place the items and the overflow menu again.
                bar.getItems().setAll(new ArrayList<>(bar.getItems()));
            });
        };
        for (Node n : bar.getItems()) watch(n, check);
        bar.getItems().addListener((javafx.collections.ListChangeListener<Node>) c -> {
            while (c.next()) for (Node n : c.getAddedSubList()) watch(n, check);
        });
        return bar;
    }

    private static void watch(Node n, Runnable check) {
        if (n.getProperties().containsKey(ToolBarFit.class)) return;
        n.getProperties().put(ToolBarFit.class, Boolean.TRUE);
        n.layoutBoundsProperty().addListener((o, a, b) -> check.run());
    }

    /** Whether an item in the bar itself (not in its overflow menu) is narrower than its preferred width. */
    static boolean squeezed(ToolBar bar) {
        for (Node n : bar.getItems()) {
            if (n instanceof Region r && r.isVisible() && r.getWidth() > 0 && inBar(r, bar) && r.getWidth() + 0.5 < r.prefWidth(-1)) return true;
        }
        return false;
    }

    private static boolean inBar(Node n, ToolBar bar) {
        for (javafx.scene.Parent p = n.getParent(); p != null; p = p.getParent()) if (p == bar) return true;
        return false;
    }
}
