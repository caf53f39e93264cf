package org.csiconsole.views.fx;

import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.dialog.FailureDialog;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.dialog.TypedConfirmationDialog;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class DialogsFxTest {
    private Stage stage;
    private FxDialogService dialogs;
    private final AtomicReference<javafx.scene.control.Dialog<?>> open = new AtomicReference<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ThemeManager themes = new ThemeManager(Theme.LIGHT);
        dialogs = new FxDialogService(() -> stage, themes);
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @AfterEach
    void closeDialog(FxRobot robot) {
        robot.interact(() -> {
            if (open.get() != null && open.get().isShowing()) {
                open.get().setResult(null);
                open.get().close();
            }
        });
    }

    @Test
    void resultsDialogShowsEveryRowOfLongFailuresWhole(FxRobot robot) {
        String why = "Failed: the driver does not know volume nope on this site. Check the id, and that this connection is the site "
                + "that holds it. Nothing was changed on site-a; the pair is as it was before the call, and its partner was not touched.";
        var outcomes = java.util.List.of(
                new org.csiconsole.views.task.ItemOutcome<>("a", "nope on site-a", org.csiconsole.views.task.ItemOutcome.Status.FAILED, why),
                new org.csiconsole.views.task.ItemOutcome<>("b", "nope-2 on site-a", org.csiconsole.views.task.ItemOutcome.Status.FAILED, why));
        robot.interact(() -> {
            var d = dialogs.prepare(new org.csiconsole.views.dialog.ResultsDialog("Enable replication", "0 of 2 done; 2 not.", outcomes));
            open.set(d);
            d.show();
        });
        WaitForAsyncUtils.waitForFxEvents();

        javafx.scene.control.TableView<?> table = robot.lookup("#results-table").queryAs(javafx.scene.control.TableView.class);
        var rows = robot.lookup(".table-row-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TableRow<?> r && r.getItem() != null).toList();
        assertThat(rows).hasSize(2);
        double bottom = table.localToScene(table.getLayoutBounds()).getMaxY();
        for (var r : rows) {
            assertThat(r.localToScene(r.getLayoutBounds()).getMaxY()).as("row shown whole").isLessThanOrEqualTo(bottom);
        }
    }

    @Test
    void failureDialogSaysWhatWhyAndWhatToDoWithDetailBehindTheExpander(FxRobot robot) {
        CallFailure failure = new CallFailure(FailureKind.UNAVAILABLE, "CreateVolume pvc-1",
                "the plugin did not answer (UNAVAILABLE)", "Check that the driver is running, then try again.",
                "status=UNAVAILABLE description=connection refused: /run/csi/csi.sock");
        robot.interact(() -> {
            FailureDialog d = dialogs.prepare(new FailureDialog(failure));
            open.set(d);
            d.show();
        });

        assertThat(robot.lookup("#failure-what").queryAs(Label.class).getText()).isEqualTo("CreateVolume pvc-1 failed");
        assertThat(robot.lookup("#failure-why").queryAs(Label.class).getText()).isEqualTo("the plugin did not answer (UNAVAILABLE)");
        assertThat(robot.lookup("#failure-todo").queryAs(Label.class).getText()).startsWith("Check that the driver is running");
        assertThat(open.get().getTitle()).isEqualTo("Storage unreachable");
        assertThat(robot.lookup("#failure-detail").tryQuery().filter(FxChecks::shown))
                .as("detail hidden until expanded").isEmpty();

        robot.clickOn(".details-button");
        WaitForAsyncUtils.waitForFxEvents();
        TextArea detail = robot.lookup("#failure-detail").queryAs(TextArea.class);
        assertThat(FxChecks.shown(detail)).isTrue();
        assertThat(detail.getText()).contains("UNAVAILABLE").contains("connection refused");
    }

    @Test
    void aTooltipOfTheOwnerWindowNeverFloatsOverAModalDialog(FxRobot robot) {
        javafx.scene.control.Tooltip row = new javafx.scene.control.Tooltip("erp-db: 10 GiB, published to node-1");
        robot.interact(() -> row.show(stage, stage.getX() + 20, stage.getY() + 60));
        assertThat(row.isShowing()).isTrue();
        robot.interact(() -> {
            TypedConfirmationDialog d = dialogs.prepare(new TypedConfirmationDialog("Delete volume", "Danger: the data is deleted.", "pvc-1", "Delete"));
            open.set(d);
            d.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row.isShowing()).as("hidden when the dialog opens").isFalse();
        robot.interact(() -> row.show(stage, stage.getX() + 20, stage.getY() + 60));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row.isShowing()).as("a hover delay ending while the dialog shows").isFalse();
        robot.interact(() -> {
            open.get().setResult(null);
            open.get().close();
        });
        robot.interact(() -> row.show(stage, stage.getX() + 20, stage.getY() + 60));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row.isShowing()).as("back once the dialog closed").isTrue();
        robot.interact(row::hide);
    }

    @Test
    void aRiskConfirmationSaysWhyItsButtonIsDisabledAndKeepsItsSizeWhileTyping(FxRobot robot) {
        var a = new org.csiconsole.core.risk.RiskModel().assess(org.csiconsole.core.risk.RiskRequest.of(
                org.csiconsole.core.risk.RiskOperation.DELETE_VOLUME,
                java.util.List.of(org.csiconsole.core.risk.TargetFacts.of("volume", "vol-1", "pvc-1")), java.time.Instant.now()));
        assertThat(a.consent().level()).isEqualTo(org.csiconsole.core.risk.Consent.Kind.TYPED);
        AtomicReference<org.csiconsole.views.dialog.RiskDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            var d = dialogs.prepare(new org.csiconsole.views.dialog.RiskDialog(new org.csiconsole.views.dialog.RiskPrompt(a), "Delete"));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        var window = dialog.get().getDialogPane().getScene().getWindow();
        double width = window.getWidth(), height = window.getHeight();
        Button delete = (Button) dialog.get().getDialogPane().lookupButton(dialog.get().sendButtonType());
        Label whyNot = robot.lookup("#risk-why-not").queryAs(Label.class);
        assertThat(whyNot.getText()).isEqualTo("Delete is enabled once the field holds " + a.consent().phrase() + ".");

        robot.clickOn("#risk-input-0").write("wrong-name");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(delete.isDisabled()).isTrue();
        assertThat(whyNot.getText()).isEqualTo("\u201cwrong-name\u201d is not " + a.consent().phrase()
                + ": Delete stays disabled until the field holds exactly that.");
        assertThat(FxChecks.shown(whyNot)).isTrue();
        assertThat(window.getWidth()).as("the width while a wrong name is typed").isEqualTo(width);
        assertThat(window.getHeight()).as("the height while a wrong name is typed").isEqualTo(height);
    }

    @Test
    void aRiskConfirmationOfManyTargetsKeepsItsFieldAndButtonsInSightOn1280x800(FxRobot robot) {
        java.util.List<org.csiconsole.core.risk.TargetFacts> many = new java.util.ArrayList<>();
        for (int i = 0; i < 120; i++) many.add(org.csiconsole.core.risk.TargetFacts.of("volume", "vol-" + i, "pvc-0000000000" + i));
        var a = new org.csiconsole.core.risk.RiskModel().assess(org.csiconsole.core.risk.RiskRequest.of(
                org.csiconsole.core.risk.RiskOperation.DELETE_VOLUME, many, java.time.Instant.now()));
        AtomicReference<org.csiconsole.views.dialog.RiskDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            var d = dialogs.prepare(new org.csiconsole.views.dialog.RiskDialog(new org.csiconsole.views.dialog.RiskPrompt(a), "Delete"));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        var window = dialog.get().getDialogPane().getScene().getWindow();
        assertThat(window.getHeight()).as("the dialog fits an 800 px screen").isLessThanOrEqualTo(800);
        assertThat(DesignSize.inSight(robot.lookup("#risk-input-0").query())).as("the field to type into, without scrolling").isTrue();
        assertThat(DesignSize.inSight(robot.lookup("#risk-why-not").query())).isTrue();
        assertThat(DesignSize.inSight(dialog.get().getDialogPane().lookupButton(dialog.get().sendButtonType()))).isTrue();
        assertThat(DesignSize.inSight(dialog.get().getDialogPane().lookupButton(ButtonType.CANCEL))).isTrue();
    }

    @Test
    void typedConfirmationEnablesDeleteOnlyForTheExactName(FxRobot robot) {
        AtomicReference<TypedConfirmationDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            TypedConfirmationDialog d = dialogs.prepare(new TypedConfirmationDialog("Delete volume",
                    "The volume and its data are deleted. This cannot be undone.", "pvc-1", "Delete"));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        Button delete = (Button) dialog.get().getDialogPane().lookupButton(dialog.get().confirmButtonType());
        assertThat(delete.isDisabled()).isTrue();
        assertThat(dialog.get().input().getPromptText()).as("the placeholder is not the answer").doesNotContain("pvc-1");

        assertThat(robot.lookup("#confirm-why-not").queryAs(Label.class).getText()).isEqualTo("Delete is enabled once the field holds pvc-1.");
        robot.clickOn("#confirm-input").write("pvc-");
        assertThat(delete.isDisabled()).isTrue();
        assertThat(robot.lookup("#confirm-why-not").queryAs(Label.class).getText()).isEqualTo("Keep typing: 1 more character of pvc-1.");
        robot.write("1 ");
        assertThat(delete.isDisabled()).as("a trailing space is not the name").isTrue();
        robot.interact(() -> dialog.get().input().setText("PVC-1"));
        assertThat(delete.isDisabled()).as("case matters").isTrue();
        robot.interact(() -> dialog.get().input().setText(""));
        robot.clickOn("#confirm-input").write("pvc-1");
        assertThat(delete.isDisabled()).isFalse();
        assertThat(robot.lookup("#confirm-why-not").queryAs(Label.class).getText()).as("nothing to explain: a blank line").isBlank();

        robot.clickOn(delete);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialog.get().getResult()).isTrue();
        assertThat(dialog.get().isShowing()).isFalse();
    }

    @Test
    void enterInTheTypedConfirmationConfirmsOnceTheNameMatches(FxRobot robot) {
        TypedConfirmationDialog d = showTyped(robot);
        robot.clickOn("#confirm-input").write("pvc-1").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(d.isShowing()).isFalse();
        assertThat(d.getResult()).isTrue();
    }

    @Test
    void enterInTheTypedConfirmationDoesNothingWhileTheNameDiffers(FxRobot robot) {
        TypedConfirmationDialog d = showTyped(robot);
        robot.clickOn("#confirm-input").write("pvc-").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(d.isShowing()).as("Enter neither confirms nor cancels").isTrue();
        assertThat(d.input().getText()).isEqualTo("pvc-");

        robot.write("1").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(d.isShowing()).isFalse();
        assertThat(d.getResult()).isTrue();
    }

    private TypedConfirmationDialog showTyped(FxRobot robot) {
        AtomicReference<TypedConfirmationDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            TypedConfirmationDialog d = dialogs.prepare(new TypedConfirmationDialog("Delete volume",
                    "The volume and its data are deleted. This cannot be undone.", "pvc-1", "Delete"));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        return dialog.get();
    }

    @Test
    void cancellingTypedConfirmationIsNo(FxRobot robot) {
        AtomicReference<TypedConfirmationDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            TypedConfirmationDialog d = dialogs.prepare(new TypedConfirmationDialog("Delete volume", "Gone for good.", "pvc-1", "Delete"));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        robot.clickOn("#confirm-input").write("pvc-1");
        robot.clickOn((Button) dialog.get().getDialogPane().lookupButton(ButtonType.CANCEL));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialog.get().getResult()).isFalse();
    }
}
