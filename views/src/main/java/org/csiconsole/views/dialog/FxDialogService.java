package org.csiconsole.views.dialog;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Modality;
import javafx.stage.Window;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.FormDialog;
import org.csiconsole.views.task.ItemOutcome;
import org.csiconsole.views.task.UiTask;
import org.csiconsole.views.theme.ThemeManager;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/** {@link DialogService} with JavaFX dialogs, modal over the workbench window, themed. */
public final class FxDialogService implements DialogService {
    private final Supplier<Window> owner;
    private final ThemeManager themes;

    /**
     * @param owner the window dialogs are modal to (looked up at each call; may supply null)
     * @param themes styles each dialog
     */
    public FxDialogService(Supplier<Window> owner, ThemeManager themes) {
        this.owner = Objects.requireNonNull(owner);
        this.themes = Objects.requireNonNull(themes);
    }

    @Override
    public boolean confirm(String title, String message, String actionLabel) {
        ButtonType ok = new ButtonType(actionLabel, ButtonBar.ButtonData.OK_DONE);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, message, ButtonType.CANCEL, ok);
        alert.setTitle(title);
        alert.setHeaderText(title);
        return prepare(alert).showAndWait().filter(b -> b == ok).isPresent();
    }

    @Override
    public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
        return prepare(new TypedConfirmationDialog(title, message, expected, actionLabel))
                .showAndWait().orElse(false);
    }

    @Override
    public java.util.Optional<RiskAnswer> confirmRisk(org.csiconsole.core.risk.Assessment a, String actionLabel) {
        RiskDialog d = prepare(new RiskDialog(new RiskPrompt(a), actionLabel));
        d.setOnShown(e -> DialogFit.fit(d));
        return d.showAndWait();
    }

    @Override
    public void showFailure(CallFailure failure) {
        prepare(new FailureDialog(failure)).showAndWait();
    }

    @Override
    public void showInformation(String title, String message) {
        prepare(information(title, message)).showAndWait();
    }

    /**
     * An information dialog of {@code message} that fits a 1280×800 screen: the text wraps at word boundaries in a
     * body 640 px wide (wide enough for an endpoint such as {@code unix:///var/lib/kubelet/plugins/<driver>/csi.sock})
     * and scrolls beyond 440 px, so the title and OK stay on screen. Node id: {@code information-text}.
     */
    public static Alert information(String title, String message) {
        Alert alert = new Alert(Alert.AlertType.INFORMATION, "", ButtonType.OK);
        alert.setTitle(title);
        alert.setHeaderText(title);
        alert.setResizable(true);
        javafx.scene.control.Label text = new javafx.scene.control.Label(message);
        text.setId("information-text");
        text.setWrapText(true);
        text.setMinHeight(javafx.scene.control.Label.USE_PREF_SIZE);
        text.setPrefWidth(640);
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(text);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        scroll.prefViewportHeightProperty().bind(javafx.beans.binding.Bindings.min(440, text.heightProperty()));
        alert.getDialogPane().setContent(scroll);
        return alert;
    }

    @Override
    public void showResults(String title, String summary, List<? extends ItemOutcome<?>> outcomes) {
        prepare(new ResultsDialog(title, summary, outcomes)).showAndWait();
    }

    @Override
    public boolean showForm(Form form) {
        return prepare(new FormDialog(form)).showAndWait().orElse(false);
    }

    @Override
    public boolean submitForm(Form form, Function<Form, UiTask<?>> submit) {
        return prepare(new FormDialog(form, submit)).showAndWait().orElse(false);
    }

    /** Themes {@code dialog} and makes it modal to the owner window, whose tooltips stay off it while it shows. */
    public <D extends Dialog<?>> D prepare(D dialog) {
        Window w = owner.get();
        if (w != null) {
            dialog.initOwner(w);
            ModalTooltips.hideWhileShowing(dialog, w);
        }
        dialog.initModality(Modality.WINDOW_MODAL);
        themes.style(dialog.getDialogPane());
        return dialog;
    }
}
