package org.csiconsole.views.dialog;

import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;

/**
 * Shows a {@link CallFailure} in words: what failed (the header), why, and what to do. The
 * technical detail ({@link CallFailure#detail()} and the failure kind) sits behind the dialog's
 * "Show details" expander, collapsed at first.
 *
 * <p>Node ids for tests and styling: {@code failure-what}, {@code failure-why},
 * {@code failure-todo}, {@code failure-detail}.
 */
public final class FailureDialog extends Dialog<Void> {

    public FailureDialog(CallFailure failure) {
        setTitle(Failures.heading(failure));
        getDialogPane().getStyleClass().add(ConsoleStyles.FAILURE_DIALOG);

        FontIcon icon = Icons.of(Material2AL.ERROR_OUTLINE, 32);
        icon.getStyleClass().add(ConsoleStyles.DANGER_ICON);
        Label what = new Label(failure.what() + " failed");
        what.setId("failure-what");
        what.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        what.setWrapText(true);
        Label kind = new Label(Failures.heading(failure) + " \u2014 " + failure.ownerSentence());
        kind.setId("failure-owner");
        kind.getStyleClass().add(ConsoleStyles.MUTED);
        VBox headerText = new VBox(2, what, kind);
        HBox header = new HBox(14, icon, headerText);
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);

        VBox body = new VBox(4);
        body.getChildren().addAll(section("Why", failure.why(), "failure-why"));
        if (!failure.whatToDo().isBlank()) {
            body.getChildren().addAll(section("What to do", failure.whatToDo(), "failure-todo"));
        }
        body.setPadding(new Insets(4, 20, 8, 20));
        body.setPrefWidth(520);
        getDialogPane().setContent(body);

        String technical = "Kind: " + failure.kind() + (failure.detail().isBlank() ? "" : "\n" + failure.detail());
        TextArea detail = new TextArea(technical);
        detail.setId("failure-detail");
        detail.setEditable(false);
        detail.setWrapText(true);
        detail.setPrefRowCount(8);
        detail.getStyleClass().add(ConsoleStyles.MONO);
        VBox.setVgrow(detail, Priority.ALWAYS);
        VBox expandable = new VBox(6, new Label("Technical detail"), detail);
        expandable.setPadding(new Insets(0, 20, 8, 20));
        getDialogPane().setExpandableContent(expandable);
        getDialogPane().setExpanded(false);

        getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
    }

    private static Label[] section(String title, String text, String id) {
        Label t = new Label(title);
        t.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        t.setPadding(new Insets(8, 0, 0, 0));
        Label body = new Label(text);
        body.setId(id);
        body.setWrapText(true);
        body.setMinHeight(Label.USE_PREF_SIZE);
        return new Label[]{t, body};
    }
}
