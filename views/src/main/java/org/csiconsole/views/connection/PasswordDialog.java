package org.csiconsole.views.connection;

import atlantafx.base.theme.Styles;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.csiconsole.core.session.PlainHttp;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;

/**
 * Asks for the CSP password when a connection opens. The password is handed over as a
 * {@code char[]} that the caller wipes after login; the field is cleared when the dialog closes.
 * It is never saved. Over plain HTTP a warning says so before the password is typed. Node ids
 * {@code password-input}, {@code login-plain-http}.
 */
public final class PasswordDialog extends Dialog<char[]> {
    private final PasswordField input = new PasswordField();

    /**
     * @param connection the profile name
     * @param user the CSP user
     * @param url the CSP address
     */
    public PasswordDialog(String connection, String user, String url) {
        setTitle("Password for " + connection);
        FontIcon icon = Icons.of(Material2AL.LOCK, 32);
        icon.getStyleClass().add(ConsoleStyles.ACCENT_ICON);
        Label heading = new Label("Log in to " + connection);
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        Label sub = new Label(user + " at " + url);
        sub.getStyleClass().addAll(ConsoleStyles.MUTED, ConsoleStyles.MONO);
        HBox header = new HBox(14, icon, new VBox(2, heading, sub));
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);
        input.setId("password-input");
        input.setPromptText("Password");
        Label note = new Label("Kept in memory only while the connection is open; never written to disk.");
        note.getStyleClass().add(ConsoleStyles.MUTED);
        note.setWrapText(true);
        VBox content = new VBox(10, input, note);
        plainHttpWarning(url).ifPresent(w -> content.getChildren().add(0, w));
        content.setPadding(new Insets(6, 20, 10, 20));
        content.setPrefWidth(420);
        getDialogPane().setContent(content);
        ButtonType login = new ButtonType("Log in", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, login);
        Button loginButton = (Button) getDialogPane().lookupButton(login);
        loginButton.getStyleClass().add(Styles.ACCENT);
        loginButton.disableProperty().bind(input.textProperty().isEmpty());
        setResultConverter(b -> {
            char[] pw = b == login ? input.getText().toCharArray() : null;
            input.clear();
            return pw;
        });
        setOnShown(e -> Platform.runLater(input::requestFocus));
    }

    /**
     * The warning shown above the password when the CSP is reached over plain HTTP
     * ({@link PlainHttp#warning}); node id {@code login-plain-http}.
     */
    static java.util.Optional<Label> plainHttpWarning(String url) {
        return PlainHttp.warning(url).map(text -> {
            Label w = new Label(text, Icons.of(org.kordamp.ikonli.material2.Material2MZ.WARNING, 14));
            w.setId("login-plain-http");
            w.getStyleClass().add(ConsoleStyles.FORM_WARNING);
            w.setWrapText(true);
            w.setMinHeight(Label.USE_PREF_SIZE);
            return w;
        });
    }

    public PasswordField input() {
        return input;
    }
}
