package org.csiconsole.views.dialog;

import atlantafx.base.theme.Styles;
import javafx.application.Platform;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * Confirms a destructive action by asking the person to type a name (for example the volume name
 * before a delete). The confirming button is enabled only while the field holds exactly that name;
 * the result is true only when it was pressed, or Enter was pressed while the name matched. Enter
 * before the name matches does nothing; Escape and Cancel answer false.
 *
 * A line under the field says why the button is still disabled ({@link RiskPrompt#whyNot}).
 *
 * <p>Node ids: {@code confirm-input}, {@code confirm-why-not}; the confirming button has style class {@code danger}.
 */
public final class TypedConfirmationDialog extends Dialog<Boolean> {
    private final ButtonType confirmType;
    private final TextField input = new TextField();

    /**
     * @param title the action, e.g. {@code "Delete volume"}
     * @param message what will happen and that it cannot be undone
     * @param expected the exact text to type
     * @param actionLabel the label of the confirming button, e.g. {@code "Delete"}
     */
    public TypedConfirmationDialog(String title, String message, String expected, String actionLabel) {
        setTitle(title);
        confirmType = new ButtonType(actionLabel, ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, confirmType);

        FontIcon icon = Icons.of(Material2MZ.WARNING, 32);
        icon.getStyleClass().add(ConsoleStyles.WARNING_ICON);
        Label heading = new Label(title);
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        HBox header = new HBox(14, icon, heading);
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);

        Label body = new Label(message);
        body.setWrapText(true);
        body.setMinHeight(Label.USE_PREF_SIZE);
        Text before = new Text("Type ");
        Text name = new Text(expected);
        name.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.STRONG);
        Text after = new Text(" to confirm.");
        TextFlow prompt = new TextFlow(before, name, after);
        prompt.getStyleClass().add(ConsoleStyles.PROMPT);
        input.setId("confirm-input");
        input.setPromptText(RiskPrompt.TYPING_HINT);
        Label whyNot = RiskDialog.whyNot(Bindings.createStringBinding(() -> expected.equals(input.getText()) ? ""
                : RiskPrompt.whyNot(input.getText(), expected, actionLabel), input.textProperty()), "confirm-why-not");
        VBox content = new VBox(10, body, prompt, input, whyNot);
        content.setPadding(new Insets(4, 20, 12, 20));
        content.setPrefWidth(480);
        getDialogPane().setContent(content);

        Button confirm = (Button) getDialogPane().lookupButton(confirmType);
        confirm.getStyleClass().add(Styles.DANGER);
        BooleanBinding matches = Bindings.createBooleanBinding(() -> expected.equals(input.getText()), input.textProperty());
        confirm.disableProperty().bind(matches.not());
        // Enter confirms once the name matches and does nothing before: the confirming button is the
        // default button only while enabled, Cancel is never the default (Escape cancels), and Enter
        // in the field is handled here so it never reaches another button.
        confirm.setDefaultButton(true);
        ((Button) getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(false);
        input.setOnAction(e -> {
            e.consume();
            if (matches.get()) confirm.fire();
        });

        setResultConverter(button -> button == confirmType && expected.equals(input.getText()));
        setOnShown(e -> Platform.runLater(input::requestFocus));
    }

    /** The confirming button type (for tests and callers that look the button up). */
    public ButtonType confirmButtonType() {
        return confirmType;
    }

    public TextField input() {
        return input;
    }
}
