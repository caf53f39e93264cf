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
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.Icons;
import org.csiconsole.views.dialog.DialogFit;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;

/**
 * Logs in to a CSP array named on the command line ({@code --csp-url}): asks for the array user,
 * the array IP and the password in one dialog, the user and array IP filled with what the profile
 * has ({@code --csp-user}, {@code --array-ip}). Log in is enabled once a user and a password are
 * given. The password is handed over as a {@code char[]} in {@link CspLogin} that the caller wipes;
 * the field is cleared when the dialog closes. Nothing is saved here.
 *
 * <p>Node ids: {@code login-user}, {@code login-array-ip}, {@code password-input}, {@code login-plain-http}
 * (over plain HTTP, a warning before the password is typed).
 */
public final class LoginDialog extends Dialog<CspLogin> {
    private final TextField user = new TextField();
    private final TextField arrayIp = new TextField();
    private final PasswordField password = new PasswordField();
    private final ButtonType login;

    public LoginDialog(ConnectionProfile profile) {
        setTitle("Log in to " + profile.name());
        FontIcon icon = Icons.of(Material2AL.LOCK, 32);
        icon.getStyleClass().add(ConsoleStyles.ACCENT_ICON);
        Label heading = new Label("Log in to " + profile.name());
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        Label sub = new Label(profile.cspUrl());
        sub.getStyleClass().addAll(ConsoleStyles.MUTED, ConsoleStyles.MONO);
        HBox header = new HBox(14, icon, new VBox(2, heading, sub));
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);

        user.setId("login-user");
        user.setText(profile.user());
        user.setPromptText("admin");
        arrayIp.setId("login-array-ip");
        arrayIp.setText(profile.arrayIp());
        arrayIp.setPromptText("optional: 192.0.2.10 (x-array-ip)");
        password.setId("password-input");
        password.setPromptText("Password");
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(8);
        ColumnConstraints labels = new ColumnConstraints(80);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(labels, fields);
        grid.addRow(0, label("User"), user);
        grid.addRow(1, label("Array IP"), arrayIp);
        grid.addRow(2, label("Password"), password);
        Label note = new Label("The array IP is needed when the CSP serves several arrays. The password is kept in memory only "
                + "while the connection is open; never written to disk.");
        note.getStyleClass().add(ConsoleStyles.MUTED);
        note.setWrapText(true);
        note.setMinHeight(Label.USE_PREF_SIZE);
        VBox content = new VBox(10, grid, note);
        PasswordDialog.plainHttpWarning(profile.cspUrl()).ifPresent(w -> content.getChildren().add(0, w));
        content.setPadding(new Insets(6, 20, 10, 20));
        content.setPrefWidth(460);
        getDialogPane().setContent(content);

        login = new ButtonType("Log in", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, login);
        Button loginButton = (Button) getDialogPane().lookupButton(login);
        loginButton.getStyleClass().add(Styles.ACCENT);
        loginButton.disableProperty().bind(user.textProperty().isEmpty().or(password.textProperty().isEmpty()));
        setResultConverter(b -> {
            CspLogin result = b == login && !user.getText().isBlank() && !password.getText().isEmpty()
                    ? new CspLogin(user.getText(), arrayIp.getText(), password.getText().toCharArray()) : null;
            password.clear();
            return result;
        });
        setOnShown(e -> {
            DialogFit.fit(this);
            Platform.runLater(() -> (user.getText().isBlank() ? user : password).requestFocus());
        });
    }

    /** The confirming button type (for tests). */
    public ButtonType loginButtonType() {
        return login;
    }

    private static Label label(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(ConsoleStyles.MUTED);
        return l;
    }
}
