package org.csiconsole.views.connection;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * Trust on first use: the CSP presented a certificate the console does not trust yet. Shows the
 * address, the certificate subject and its SHA-256 fingerprint (as carried by
 * {@code core.csp.CertificateTrustFailure}) and asks the person to compare it with the array's
 * before pinning it. The result is true only for "Trust and pin"; Cancel is the default button.
 *
 * <p>Node ids: {@code trust-fingerprint}, {@code trust-subject}, {@code trust-url}.
 */
public final class TrustDialog extends Dialog<Boolean> {
    private final ButtonType trust = new ButtonType("Trust and pin", ButtonBar.ButtonData.OK_DONE);

    /**
     * @param url the CSP address
     * @param subject the certificate subject, may be empty
     * @param fingerprint SHA-256 fingerprint, colon-separated hex pairs
     */
    public TrustDialog(String url, String subject, String fingerprint) {
        setTitle("Unknown certificate");
        FontIcon icon = Icons.of(Material2MZ.SECURITY, 32);
        icon.getStyleClass().add(ConsoleStyles.WARNING_ICON);
        Label heading = new Label("Do you trust this certificate?");
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        Label sub = new Label("The CSP at " + url + " presented a certificate that is not signed by a trusted CA.");
        sub.getStyleClass().add(ConsoleStyles.MUTED);
        sub.setWrapText(true);
        HBox header = new HBox(14, icon, new VBox(2, heading, sub));
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);

        GridPane g = new GridPane();
        g.setHgap(12);
        g.setVgap(8);
        Label urlValue = new Label(url);
        urlValue.setId("trust-url");
        urlValue.getStyleClass().add(ConsoleStyles.MONO);
        Label subjectValue = new Label(subject == null || subject.isBlank() ? "(not given)" : subject);
        subjectValue.setId("trust-subject");
        subjectValue.setWrapText(true);
        TextArea fp = new TextArea(groupInLines(fingerprint));
        fp.setId("trust-fingerprint");
        fp.setEditable(false);
        fp.setPrefRowCount(2);
        fp.setPrefColumnCount(49);
        fp.setWrapText(false);
        fp.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.GridPane.setHgrow(fp, javafx.scene.layout.Priority.ALWAYS);
        fp.getStyleClass().add(ConsoleStyles.MONO);
        g.addRow(0, muted("Address"), urlValue);
        g.addRow(1, muted("Subject"), subjectValue);
        g.addRow(2, muted("SHA-256"), fp);

        Label advice = new Label("Compare the fingerprint with the one the array shows (array UI or `openssl x509 -fingerprint -sha256`). "
                + "If they match, the console pins it in this connection profile and checks it on every connect. "
                + "If they differ, cancel: someone may be intercepting the connection.");
        advice.setWrapText(true);
        advice.setMinHeight(Label.USE_PREF_SIZE);
        VBox content = new VBox(12, g, advice);
        content.setPadding(new Insets(6, 20, 10, 20));
        content.setPrefWidth(640);
        getDialogPane().setContent(content);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, trust);
        Button trustButton = (Button) getDialogPane().lookupButton(trust);
        trustButton.getStyleClass().add(Styles.DANGER);
        trustButton.setDefaultButton(false);
        ((Button) getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
        setResultConverter(b -> b == trust);
    }

    public ButtonType trustButtonType() {
        return trust;
    }

    private static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(ConsoleStyles.MUTED);
        l.setMinWidth(72);
        return l;
    }

    /** Splits 32 hex pairs into two lines of 16 for reading aloud. */
    static String groupInLines(String fingerprint) {
        String[] pairs = fingerprint.split(":");
        if (pairs.length != 32) return fingerprint;
        return String.join(":", java.util.Arrays.copyOfRange(pairs, 0, 16)) + ":\n"
                + String.join(":", java.util.Arrays.copyOfRange(pairs, 16, 32));
    }
}
