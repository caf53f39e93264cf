package org.csiconsole.views.resource;

import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.csiconsole.views.action.ViewAction;

import java.util.ArrayList;
import java.util.List;

/**
 * The context menu of a view's rows, built from its command bar: the same {@link ViewAction}s in
 * the same order, enabled alike and greyed with the same reason under the label; each
 * {@link ActionMenu} of the bar ("Controller", "Node node-1") is a submenu of the same name, and
 * a separator stands where the bar has a rule between groups. Node ids: the menu is {@code <id>}, top-level items
 * {@code <id>-<n>} from 0, a submenu's items {@code <id>-<n>-<m>}.
 */
public final class ActionContextMenu {
    private ActionContextMenu() {
    }

    /** @param commands the command bar's nodes; null separates groups (as in {@link StorageTableView#commands}) */
    public static ContextMenu of(String id, Node... commands) {
        ContextMenu menu = new ContextMenu();
        menu.setId(id);
        List<MenuItem> items = new ArrayList<>();
        boolean rule = false;
        for (Node n : commands) {
            if (n instanceof ActionButton b) {
                if (rule && !items.isEmpty()) items.add(new SeparatorMenuItem());
                rule = false;
                items.add(ActionMenu.itemFor(b.action(), null, id + "-" + items.size()));
            } else if (n instanceof ActionMenu m) {
                if (rule && !items.isEmpty()) items.add(new SeparatorMenuItem());
                rule = false;
                // The name as the graphic, like the items' labels, so it lines up with them.
                javafx.scene.control.Label name = new javafx.scene.control.Label();
                name.textProperty().bind(m.textProperty());
                Menu sub = new Menu(null, name);
                sub.setId(id + "-" + items.size());
                for (ActionMenu.Entry e : m.entries()) {
                    sub.getItems().add(ActionMenu.itemFor(e.action(), e.hint(), sub.getId() + "-" + sub.getItems().size()));
                }
                items.add(sub);
            } else if (n == null) {
                rule = true;
            }
        }
        menu.getItems().setAll(items);
        return menu;
    }
}
