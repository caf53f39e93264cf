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
}
