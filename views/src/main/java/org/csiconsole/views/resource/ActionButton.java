package org.csiconsole.views.resource;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.kordamp.ikonli.Ikon;

/**
 * A toolbar button bound to a {@link ViewAction}: disabled while the action cannot run, and its
 * tooltip then says why. The tooltip sits on a wrapper because a disabled control shows none.
 * The button takes keyboard focus (Tab), so every command is reachable without a mouse. Node
 * ids: the wrapper is {@code <id>-wrapper}, the button {@code <id>}.
 */
public final class ActionButton extends StackPane {
    private final Button button;
    private final Tooltip tooltip = new Tooltip();
    private final ViewAction action;
    private final String hint;

    public ActionButton(String id, ViewAction action, Ikon icon, String hint) {
        this.action = action;
        this.hint = hint;
        button = new Button(action.label(), icon == null ? null : Icons.of(icon));
        button.setId(id);
        button.getStyleClass().addAll(Styles.SMALL);
        button.disableProperty().bind(action.enabled().not());
        button.setOnAction(e -> action.run());
        setId(id + "-wrapper");
        getChildren().add(button);
        tooltip.textProperty().bind(Bindings.when(action.enabled())
                .then(hint == null || hint.isEmpty() ? action.label() : hint)
                .otherwise(action.disabledReason()));
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(420);
        Tooltip.install(this, tooltip);
    }

    /** The command this button runs. */
    public ViewAction action() {
        return action;
    }

    /** What the button says while enabled (the hint, or the label). */
    public String hint() {
        return hint;
    }

    public Button button() {
        return button;
    }

    /** What a person sees when hovering: the hint, or why the action is disabled. */
    public Tooltip tooltip() {
        return tooltip;
    }

    /** The button shows only its icon; the label moves to the tooltip's hint. */
    public ActionButton iconOnly() {
        String label = button.getText();
        button.setText(null);
        tooltip.textProperty().unbind();
        tooltip.textProperty().bind(Bindings.when(action.enabled())
                .then(hint == null || hint.isEmpty() ? label : label + " \u2014 " + hint)
                .otherwise(Bindings.concat(label + ": ", action.disabledReason())));
        button.getStyleClass().add(Styles.BUTTON_ICON);
        return this;
    }
}
