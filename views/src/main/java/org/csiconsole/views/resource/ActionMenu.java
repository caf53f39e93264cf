package org.csiconsole.views.resource;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.Ikon;

import java.util.ArrayList;
import java.util.List;

/**
 * A labelled toolbar menu ("Controller ▾", "Node node-1 ▾") of related {@link ViewAction}s. Each
 * item reads as words; an item that cannot run now is greyed and says why right under its label,
 * since a menu item shows no tooltip. The button itself takes keyboard focus (Tab, then Space or
 * Down opens it; the arrows move between the items and Enter runs one). Node ids: the button is {@code <id>}, each item {@code <id>-<n>} from 0.
 */
public final class ActionMenu extends MenuButton {
    private final List<Entry> entries = new ArrayList<>();

    /**
     * @param id node id of the button
     * @param text the button's label; may change (e.g. when the connected node becomes known)
     * @param icon the button's icon, or null
     * @param tip what the menu is about, shown on hover
     */
    public ActionMenu(String id, ObservableStringValue text, Ikon icon, String tip) {
        setId(id);
        textProperty().bind(text);
        if (icon != null) setGraphic(Icons.of(icon));
        getStyleClass().add(Styles.SMALL);
        setTooltip(new Tooltip(tip));
    }

    /**
     * Adds an item that runs {@code action}; {@code hint} says what it does (the RPC behind it) and
     * shows in the item under its label while it can run, replaced by the reason when it cannot.
     */
    public ActionMenu item(ViewAction action, String hint) {
        entries.add(new Entry(action, hint));
        getItems().add(itemFor(action, hint, getId() + "-" + getItems().size()));
        return this;
    }

    /** The menu's commands with their hints, in order. */
    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** One command of the menu and what it does. */
    public record Entry(ViewAction action, String hint) {
    }

    /**
     * A menu item bound to {@code action}: greyed while it cannot run, with the reason under its
     * label (a menu item shows no tooltip), {@code hint} there while it can (null for none).
     */
    public static MenuItem itemFor(ViewAction action, String hint, String id) {
        Label label = new Label(action.label());
        Label note = new Label();
        note.getStyleClass().addAll(ConsoleStyles.MUTED, Styles.TEXT_SMALL);
        note.textProperty().bind(Bindings.when(action.enabled()).then(hint == null ? "" : hint)
                .otherwise(action.disabledReason()));
        note.setWrapText(true);
        note.setMaxWidth(360);
        note.managedProperty().bind(note.textProperty().isNotEmpty());
        note.visibleProperty().bind(note.managedProperty());
        // A plain item with the two labels as its graphic: the menu's arrow keys skip custom items
        // (CustomMenuItem is not focus traversable in a menu), and every command must be reachable
        // from the keyboard.
        MenuItem item = new MenuItem(null, new VBox(1, label, note));
        item.setId(id);
        item.disableProperty().bind(action.enabled().not());
        item.setOnAction(e -> action.run());
        return item;
    }
}
