package org.csiconsole.views.fx;

import javafx.scene.Node;

/** Small helpers for TestFX assertions. */
final class FxChecks {
    private FxChecks() {
    }

    /** True when the node is in a scene and it and all its parents are visible. */
    static boolean shown(Node node) {
        if (node == null || node.getScene() == null) return false;
        for (Node n = node; n != null; n = n.getParent()) if (!n.isVisible()) return false;
        return true;
    }

    /**
     * True when the whole of {@code node} is in sight without scrolling: inside the viewport of every scroll pane
     * around it and inside its window's scene.
     */
    static boolean inSight(Node node) {
        javafx.geometry.Bounds b = node.localToScene(node.getLayoutBounds());
        for (Node n = node.getParent(); n != null; n = n.getParent()) {
            if (n instanceof javafx.scene.control.ScrollPane scroll) {
                javafx.geometry.Bounds port = scroll.localToScene(scroll.getLayoutBounds());
                if (b.getMinY() < port.getMinY() - 0.5 || b.getMaxY() > port.getMaxY() + 0.5) return false;
            }
        }
        return b.getMinY() >= 0 && b.getMaxY() <= node.getScene().getHeight() + 0.5;
    }
}
