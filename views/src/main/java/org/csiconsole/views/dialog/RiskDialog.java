package org.csiconsole.views.dialog;

import atlantafx.base.theme.Styles;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Consent;
import org.csiconsole.core.risk.Hazard;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.Icons;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The confirmation of one risk {@link Assessment}, the same for every destructive and
 * disaster-recovery action: the target and its current state, each hazard (dangers in red), the
 * reason a known-illegal call is not sent with its next step (and, only where the verdict rests on
 * this console's own record, "send anyway", audited as an override), the safer alternative, and the
 * fields to type ({@link RiskPrompt}), under the title the connection it acts on. The facts scroll in their own bounded
 * area; the fields to type and the buttons stand below it, always in sight on a 1280x800 screen. Cancel is the
 * default button whenever the action is irreversible or disruptive ({@link Assessment#actionIsDefault()}). Node ids: {@code risk-connection}, {@code risk-hazards}, {@code risk-illegal},
 * {@code risk-safer}, {@code risk-override}, {@code risk-input-<i>}, {@code risk-why-not} (why the button is disabled), all but the facts in {@code risk-consent}.
 */
public final class RiskDialog extends Dialog<RiskAnswer> {
    /** The most height the facts take before they scroll, in pixels. */
    private static final double FACTS_HEIGHT = 400;
    private final ButtonType sendType;

    public RiskDialog(RiskPrompt prompt, String actionLabel) {
        Assessment a = prompt.assessment();
        setTitle(a.title());
        setResizable(true);
        sendType = new ButtonType(a.blocked() ? actionLabel + " anyway" : actionLabel, ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, sendType);
        getDialogPane().setId("risk-dialog");

        var icon = a.dangerous() || a.blocked() ? Icons.of(Material2MZ.WARNING, 32) : Icons.of(Material2AL.INFO, 32);
        if (a.dangerous() || a.blocked()) icon.getStyleClass().add(ConsoleStyles.DANGER_ICON);
        Label heading = new Label(a.title());
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        heading.setWrapText(true);
        Label sub = new Label(a.request().operation().call());
        sub.getStyleClass().addAll(ConsoleStyles.MUTED, ConsoleStyles.MONO);
        VBox titles = new VBox(2, heading);
        if (!a.request().connection().isEmpty()) {
            // two connections may hold the same ids: the connection acted on is named before anything else
            Label on = new Label(a.onConnection());
            on.setId("risk-connection");
            on.getStyleClass().add(ConsoleStyles.STRONG);
            on.setWrapText(true);
            titles.getChildren().add(on);
        }
        titles.getChildren().add(sub);
        HBox header = new HBox(14, icon, titles);
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);

        VBox body = new VBox(8);
        body.setPadding(new Insets(4, 20, 4, 20));
        body.setPrefWidth(600);
        for (String line : a.state()) {
            Label l = callout(line, ConsoleStyles.PROPERTY_VALUE);
            body.getChildren().add(l);
        }
        if (!a.request().sends().isEmpty()) {
            // the request preview: exactly the fields sent, so what is confirmed is what goes out
            // an RPC's method first, then its service: a full method name is one word too wide to wrap whole
            String call = a.call();
            int slash = call.lastIndexOf('/');
            String method = call.startsWith("CSP ") || slash < 0 ? call : call.substring(slash + 1) + ", service " + call.substring(0, slash);
            Label sends = callout("Sends " + method + ": " + a.sends(), ConsoleStyles.MONO);
            sends.setId("risk-sends");
            body.getChildren().add(sends);
        }
        VBox hazards = new VBox(6);
        hazards.setId("risk-hazards");
        for (Hazard h : a.hazards()) {
            hazards.getChildren().add(hazard(h));
        }
        body.getChildren().add(hazards);
        // the consent (override, fields to type, why the button is disabled) stands below the facts, outside their
        // scroll: however many facts there are, the field to type into and the buttons stay in sight
        VBox consent = new VBox(8);
        consent.setId("risk-consent");
        consent.setPadding(new Insets(8, 20, 12, 20));
        if (a.blocked()) {
            // the refusal first, above the facts it rests on (a bulk delete lists hundreds)
            Label illegal = callout("Not sent: " + a.illegal().describe(), ConsoleStyles.CALLOUT_DANGER);
            illegal.setId("risk-illegal");
            body.getChildren().add(0, illegal);
            if (prompt.overridable()) {
                CheckBox override = new CheckBox("Send anyway: this console's record may be stale (another orchestrator acted). "
                        + "Audited as an override.");
                override.setWrapText(true);
                override.setId("risk-override");
                override.selectedProperty().bindBidirectional(prompt.overrideProperty());
                consent.getChildren().add(override);
            }
        }
        if (!a.saferAlternative().isEmpty()) {
            Label safer = callout("Safer: " + a.saferAlternative(), ConsoleStyles.CALLOUT_INFO);
            safer.setId("risk-safer");
            body.getChildren().add(safer);
        }
        java.util.List<TextField> inputs = new java.util.ArrayList<>();
        for (int i = 0; a.asksToType() && i < prompt.fields().size(); i++) {
            String expected = prompt.expected(i);
            Text before = new Text("Type ");
            Text name = new Text(expected);
            name.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.STRONG);
            Text after = new Text(prompt.consent().level() == Consent.Kind.TYPED_EACH ? " to confirm this one." : " to confirm.");
            TextFlow flow = new TextFlow(before, name, after);
            flow.getStyleClass().add(ConsoleStyles.PROMPT);
            TextField input = new TextField();
            input.setId("risk-input-" + i);
            input.setPromptText(RiskPrompt.TYPING_HINT);
            input.textProperty().bindBidirectional(prompt.fields().get(i));
            if (a.blocked()) {
                flow.disableProperty().bind(prompt.overrideProperty().not());
                input.disableProperty().bind(prompt.overrideProperty().not());
            }
            inputs.add(input);
            consent.getChildren().addAll(flow, input);
        }
        if (!inputs.isEmpty()) consent.getChildren().add(whyNot(prompt.whyNotProperty(sendType.getText()), "risk-why-not"));
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        // as tall as the facts up to FACTS_HEIGHT (with the header, the consent and the buttons, the dialog fits a
        // 1280x800 screen); beyond, the facts scroll in their own area
        scroll.prefViewportHeightProperty().bind(javafx.beans.binding.Bindings.min(FACTS_HEIGHT, body.heightProperty()));
        VBox content = new VBox(scroll);
        if (!consent.getChildren().isEmpty()) content.getChildren().add(consent);
        else body.setPadding(new Insets(4, 20, 12, 20));
        getDialogPane().setContent(content);

        Button send = (Button) getDialogPane().lookupButton(sendType);
        if (a.blocked() && !prompt.overridable()) {
            // nothing can be sent: one button, and it closes
            send.setVisible(false);
            send.setManaged(false);
            ((Button) getDialogPane().lookupButton(ButtonType.CANCEL)).setText("Close");
        }
        send.getStyleClass().add(a.dangerous() || a.blocked() ? Styles.DANGER : Styles.ACCENT);
        send.disableProperty().bind(prompt.canSendProperty().not());
        boolean safeDefault = !a.actionIsDefault();
        send.setDefaultButton(!safeDefault && prompt.fields().isEmpty());
        ((Button) getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(safeDefault);
        // Enter in a field sends once everything typed matches, and does nothing before (never Cancel's default)
        for (TextField input : inputs) {
            input.setOnAction(e -> {
                e.consume();
                if (prompt.canSendProperty().get()) send.fire();
            });
        }
        setResultConverter(b -> b == sendType ? prompt.answer() : null);
        setOnShown(e -> Platform.runLater(() -> {
            if (!inputs.isEmpty() && !a.blocked()) inputs.get(0).requestFocus();
        }));
    }

    /**
     * The line under a typed confirmation's field that says why its button is disabled ({@link RiskPrompt#whyNot}).
     * It keeps its line while empty, so the dialog neither grows nor shrinks as the person types.
     */
    static Label whyNot(javafx.beans.value.ObservableStringValue text, String id) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().addAll(ConsoleStyles.MUTED, Styles.TEXT_SMALL);
        l.setWrapText(true);
        l.setMaxWidth(Double.MAX_VALUE);
        l.setMinHeight(Label.USE_PREF_SIZE);
        // a space, not empty: an empty label is no line high
        l.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> text.get().isEmpty() ? " " : text.get(), text));
        return l;
    }

    /** The confirming button's type. */
    public ButtonType sendButtonType() {
        return sendType;
    }

    /** One hazard as a callout: a danger in red with "Danger:" before it, a caution as a warning. */
    public static Label hazard(Hazard h) {
        return callout((h.danger() ? "Danger: " : "") + capital(h.describe()) + ".",
                h.danger() ? ConsoleStyles.CALLOUT_DANGER : ConsoleStyles.CALLOUT_WARNING);
    }

    /** A wrapping callout of {@code style} (a {@code ConsoleStyles.CALLOUT_*}) that is never cut. */
    public static Label callout(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setWrapText(true);
        l.setMaxWidth(Double.MAX_VALUE);
        l.setMinHeight(Label.USE_PREF_SIZE);
        return l;
    }

    private static String capital(String s) {
        return org.csiconsole.core.model.Words.sentenceStart(s);
    }
}
