package org.csiconsole.views.replication;

import atlantafx.base.theme.Styles;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Instant;
import java.time.ZoneId;

/**
 * The confirmation of force on one volume or group ({@link ForcePanel}): its result is the typed
 * {@link ForceConfirmation} when the person typed the name and pressed the forcing button (or Enter
 * once the name matched); null otherwise: Cancel, Escape, or Enter before the name matches sends
 * nothing. Node ids: {@code force-input-<id>}, the forcing button has style class {@code danger}.
 */
public final class ForceDialog extends Dialog<ForceConfirmation> {
    private final ButtonType forceType;
    private final StringProperty typed = new SimpleStringProperty("");
    private final ForcePanel panel;

    public ForceDialog(ForceFacts facts, Instant now, ZoneId zone) {
        String title = facts.verb() + " " + facts.name() + " with force";
        setTitle(title);
        setResizable(true);
        forceType = new ButtonType(facts.verb() + " with force", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, forceType);
        FontIcon icon = Icons.of(Material2MZ.WARNING, 32);
        icon.getStyleClass().add(ConsoleStyles.DANGER_ICON);
        Label heading = new Label(title);
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        Label sub = new Label("Force skips the driver's safety check. Read what it costs before you type the name.");
        sub.getStyleClass().add(ConsoleStyles.MUTED);
        sub.setWrapText(true);
        HBox header = new HBox(14, icon, new VBox(2, heading, sub));
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);
        panel = new ForcePanel(facts, typed, now, zone);
        panel.setPadding(new Insets(4, 20, 12, 20));
        panel.setPrefWidth(560);
        getDialogPane().setContent(panel);

        Button force = (Button) getDialogPane().lookupButton(forceType);
        force.getStyleClass().add(Styles.DANGER);
        BooleanBinding matches = Bindings.createBooleanBinding(() -> facts.matches(typed.get()), typed);
        force.disableProperty().bind(matches.not());
        force.setDefaultButton(true);
        ((Button) getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(false);
        panel.input().setOnAction(e -> {
            e.consume();
            if (matches.get()) force.fire();
        });
        setResultConverter(b -> {
            if (b != forceType || !facts.matches(typed.get())) return null;
            try {
                return facts.confirm(typed.get());
            } catch (CallFailure refused) {
                return null;
            }
        });
        setOnShown(e -> Platform.runLater(panel.input()::requestFocus));
    }

    /** The forcing button's type. */
    public ButtonType forceButtonType() {
        return forceType;
    }
}
