package org.csiconsole.views.training;

import atlantafx.base.theme.Styles;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.csiconsole.core.model.Words;
import org.csiconsole.core.training.StepState;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Instant;

/**
 * One step of the step pane: its number, state and time, the goal, why it stands where it stands, the hints
 * revealed so far with a button for the next, and the answer field of a step that asks a question. Built once per
 * step and {@linkplain #show updated} where it stands, so a half-typed answer survives a change of another step.
 * Ids end in the step's id: {@code training-step-<id>}, {@code training-hint-<id>}, {@code training-answer-<id>}.
 */
final class StepCard extends VBox {
    private static final PseudoClass PASSED = PseudoClass.getPseudoClass("passed");
    private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
    private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");

    private final FontIcon icon = new FontIcon(Material2MZ.RADIO_BUTTON_UNCHECKED);
    private final Label number = new Label();
    private final Label time = new Label();
    private final Tooltip timeTip = new Tooltip();
    private final Label goal = new Label();
    private final Label explanation = new Label();
    private final Label question = new Label();
    private final HBox answerLine;
    private final VBox hints = new VBox(4);
    private final Button hint = new Button();
    private final Tooltip hintWhy = new Tooltip();
    private final TextField answer = new TextField();
    private final Button send = new Button("Answer");
    private TrainingStepRow row;

    StepCard(TrainingStepRow first, TrainingViewModel model) {
        String id = first.step().id();
        setId("training-step-" + id);
        getStyleClass().add(ConsoleStyles.TRAINING_STEP);
        icon.setIconSize(16);
        icon.getStyleClass().add(ConsoleStyles.TRAINING_STEP_ICON);
        number.getStyleClass().add(ConsoleStyles.STRONG);
        time.setId("training-step-time-" + id);
        time.getStyleClass().add(ConsoleStyles.MONO);
        time.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox head = new HBox(6, icon, number, gap, time);
        head.setAlignment(Pos.CENTER_LEFT);

        goal.setId("training-step-goal-" + id);
        goal.setWrapText(true);
        explanation.setId("training-step-explanation-" + id);
        explanation.setWrapText(true);
        explanation.getStyleClass().add(ConsoleStyles.MUTED);

        hint.setId("training-hint-" + id);
        hint.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        hint.setGraphic(new FontIcon(Material2AL.LIGHTBULB));
        hint.setOnAction(e -> model.revealHint(id));
        hintWhy.setWrapText(true);
        hintWhy.setMaxWidth(360);

        getChildren().addAll(head, goal, explanation, hints);
        if (first.step().asks()) {
            question.setText(first.step().question());
            question.setWrapText(true);
            question.getStyleClass().add(ConsoleStyles.STRONG);
            answer.setId("training-answer-" + id);
            answer.setPromptText("Your answer");
            HBox.setHgrow(answer, Priority.ALWAYS);
            send.setId("training-answer-send-" + id);
            send.getStyleClass().add(Styles.SMALL);
            send.setDefaultButton(false);
            send.setOnAction(e -> model.answer(id, answer.getText()));
            answer.setOnAction(e -> send.fire());
            answerLine = new HBox(6, answer, send);
            answerLine.setAlignment(Pos.CENTER_LEFT);
            getChildren().addAll(question, answerLine);
        } else {
            answerLine = null;
        }
        if (!first.step().hints().isEmpty()) getChildren().add(hint);
        show(first, Instant.now(model.clock()));
    }

    /** Shows {@code now}'s state of the step; {@code at} is the time its clock reads. */
    void show(TrainingStepRow r, Instant at) {
        row = r;
        StepState state = r.state();
        boolean current = r.progress().current();
        pseudoClassStateChanged(PASSED, state == StepState.PASSED);
        pseudoClassStateChanged(FAILED, state == StepState.FAILED_HOW);
        pseudoClassStateChanged(CURRENT, current && state == StepState.PENDING);
        icon.setIconCode(switch (state) {
            case PASSED -> Material2AL.CHECK_CIRCLE;
            case FAILED_HOW -> Material2AL.ERROR;
            case PENDING -> current ? Material2MZ.PLAY_CIRCLE_OUTLINE : Material2MZ.RADIO_BUTTON_UNCHECKED;
        });
        number.setText("Step " + r.number() + switch (state) {
            case PASSED -> ": passed";
            case FAILED_HOW -> ": done the wrong way";
            case PENDING -> current ? ": current" : "";
        });
        goal.setText(r.goal());
        if (answerLine != null) {
            // a later step's question can give the current one's answer away, as its goal can
            question.setVisible(r.reached());
            question.setManaged(question.isVisible());
            answerLine.setVisible(r.reached());
            answerLine.setManaged(answerLine.isVisible());
        }
        explanation.setText(r.progress().explanation());
        explanation.setVisible(!r.progress().explanation().isEmpty());
        explanation.setManaged(explanation.isVisible());
        hints.getChildren().clear();
        for (int i = 0; i < r.progress().hintsShown().size(); i++) {
            Label h = new Label("Hint " + (i + 1) + ": " + r.progress().hintsShown().get(i));
            h.setWrapText(true);
            h.setMaxWidth(Double.MAX_VALUE);
            h.getStyleClass().add(ConsoleStyles.TRAINING_HINT);
            hints.getChildren().add(h);
        }
        hints.setManaged(!hints.getChildren().isEmpty());
        int left = r.hintsLeft();
        hint.setText(left == 0 ? "No more hints" : "Show a hint (" + left + " left)");
        hint.setDisable(left == 0);
        // a passed step needs no hint (the hints it used stay shown); a locked one is a single line until reached
        hint.setVisible(state != StepState.PASSED && r.reached());
        hint.setManaged(hint.isVisible());
        hintWhy.setText(left == 0 ? "Every hint of this step is shown." : "Reveals the next hint; the result counts the hints used.");
        hint.setTooltip(hintWhy);
        boolean answerable = current && state == StepState.PENDING;
        answer.setDisable(!answerable);
        send.setDisable(!answerable);
        tick(at);
    }

    /** Moves the step's clock to {@code at}: the time on a current step runs, the others' stands. */
    void tick(Instant at) {
        if (row == null) return;
        boolean reached = row.progress().openedAt() != null;
        time.setText(reached ? Words.duration(row.timeAt(at)) : "");
        timeTip.setText("Time on this step; " + Words.count(row.progress().hintsUsed(), "hint") + " used.");
        time.setTooltip(reached ? timeTip : null);
    }

    TrainingStepRow row() {
        return row;
    }
}
