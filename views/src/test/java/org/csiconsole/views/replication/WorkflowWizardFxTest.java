package org.csiconsole.views.replication;

import org.csiconsole.views.FxWait;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.csiconsole.core.replication.WorkflowKind;
import org.junit.jupiter.api.AfterEach;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class WorkflowWizardFxTest {
    private final ReplicationFxSupport fx = new ReplicationFxSupport();

    @Start
    void start(Stage stage) {
        fx.show(stage);
    }

    @AfterEach
    void close(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    @Test
    void thePlannedFailoverWizardDryRunsWithoutSendingThenRunsEveryStepToDone(FxRobot robot) throws Exception {
        fx.publish(robot);
        robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-a", "vol-1")));
        ReplicationFxSupport.later(() -> fx.view.model().commands().wizardAction(WorkflowKind.PLANNED_FAILOVER).run());
        fx.dialog(robot);
        assertThat(robot.lookup("#wizard-site-a").queryAs(Label.class).getText()).isEqualTo("site-a");
        assertThat(robot.lookup("#wizard-site-b").queryAs(Label.class).getText()).isEqualTo("site-b");
        ListView<?> steps = robot.lookup("#wizard-steps").queryAs(ListView.class);
        assertThat(steps.getItems()).hasSize(3);

        robot.clickOn(fx.button(robot, "Dry run"));
        TextArea calls = robot.lookup("#wizard-calls").queryAs(TextArea.class);
        FxWait.eventually(() -> {
            assertThat(calls.getText()).contains("site-a  replication.Controller/DemoteVolume", "site-b  replication.Controller/PromoteVolume");
            assertThat(robot.lookup("#wizard-message").queryAs(Label.class).getText()).endsWith("Nothing was sent.");
        });
        assertThat(fx.portA.calls).isEmpty();
        assertThat(fx.portB.calls).isEmpty();

        // both sides read again after the run show the new roles
        FakeReplication.Sampler a = fx.services.samplers.get("site-a");
        FakeReplication.Sampler b = fx.services.samplers.get("site-b");
        a.onSampleNow = () -> a.publish(List.of(FakeReplication.sample("site-a", "vol-1", VolumeReplicationRole.SECONDARY,
                ReplicationHealth.UNKNOWN, null, "vol-1r", "")));
        b.onSampleNow = () -> b.publish(List.of(FakeReplication.sample("site-b", "vol-1r", VolumeReplicationRole.PRIMARY,
                ReplicationHealth.HEALTHY, java.time.Duration.ofSeconds(1), "vol-1", "")));
        robot.clickOn(fx.button(robot, "Run"));
        FxWait.until(() -> steps.getItems().stream().allMatch(s -> ((StepRow) s).status() == StepRow.StepRowState.DONE));
        assertThat(fx.portA.calls).containsExactly("demote vol-1");
        assertThat(fx.portB.calls).containsExactly("promote vol-1r");
        // The message and the Close button follow the last step's end.
        FxWait.eventually(() -> assertThat(robot.lookup("#wizard-message").queryAs(Label.class).getText()).startsWith("Done: as read again at")
                .contains("vol-1r on site-b is primary (healthy) and vol-1 on site-a is secondary."));
        Button close = fx.button(robot, "Close");
        FxWait.eventually(() -> assertThat(close.isDisabled()).isFalse());
        FxWait.eventually(() -> assertThat(close.isFocused()).as("the clicked Run is disabled now: focus went to Close").isTrue());
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isEmpty());
    }

    @Test
    void theSplitBrainWizardKeepsNoSideUntilOneIsChosenAndItsOtherSidesNameIsTyped(FxRobot robot) throws Exception {
        fx.publish(robot);
        robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-a", "vol-2")));
        ReplicationFxSupport.later(() -> fx.view.model().commands().wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY).run());
        fx.dialog(robot);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#wizard-keep-first").tryQuery().isPresent());
        ToggleButton first = robot.lookup("#wizard-keep-first").queryAs(ToggleButton.class);
        ToggleButton second = robot.lookup("#wizard-keep-second").queryAs(ToggleButton.class);
        assertThat(FxWait.onFx(() -> first.isSelected() || second.isSelected())).as("no default survivor").isFalse();
        Button run = fx.button(robot, "Run");
        assertThat(FxWait.onFx(run::isDisabled)).isTrue();
        assertThat(FxWait.onFx(() -> fx.button(robot, "Dry run").isDisabled())).as("a dry run needs no survivor").isFalse();
        assertThat(FxWait.onFx(() -> robot.lookup("#wizard-illegal").queryAs(Label.class).getText())).contains("no survivor was chosen");
        assertThat(FxWait.onFx(() -> robot.lookup("#wizard-typed").query().isVisible())).as("no side's name to type before one is chosen").isFalse();

        robot.clickOn(first);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#wizard-typed-0").tryQuery().isPresent());
        FxWait.eventually(() -> assertThat(robot.from(robot.lookup("#wizard-steps").<javafx.scene.Node>query()).lookup(".label").queryAllAs(Label.class).stream()
                .map(Label::getText).filter(t -> t != null && t.matches("\\d+\\. .*")).toList())
                .as("one pair: a step's title names what it acts on, with no stray id of the survivor after it")
                .isNotEmpty().allSatisfy(t -> assertThat(t).doesNotContain("\u00b7  vol-2")));
        assertThat(FxWait.onFx(() -> robot.lookup("#wizard-typed-0").queryAs(TextField.class).getPromptText()))
                .as("a neutral placeholder, never the answer").isEqualTo("type the text shown above").doesNotContain("vol-2r");
        assertThat(FxWait.onFx(() -> robot.lookup("#wizard-connection").queryAs(Label.class).getText())).as("both sites' connections")
                .isEqualTo("On connection site-a (unix:///run/site-a.sock), site-b (unix:///run/site-b.sock)");
        FxWait.eventually(() -> assertThat(robot.lookup("#wizard-typed").query().isVisible()).isTrue());
        assertThat(FxWait.onFx(() -> ((VBox) robot.lookup("#wizard-hazards").query()).getChildren().stream()
                .map(n -> ((Label) n).getText()).toList())).anySatisfy(t -> assertThat(t).contains("Writes to vol-2r on site-b (unix:///run/site-b.sock) since the split"));
        assertThat(FxWait.onFx(run::isDisabled)).as("not typed yet").isTrue();
        robot.interact(() -> robot.lookup("#wizard-typed-0").queryAs(TextField.class).setText("vol-2r"));
        FxWait.eventually(() -> assertThat(run.isDisabled()).isFalse());
        assertThat(fx.portA.calls).isEmpty();
        assertThat(fx.portB.calls).as("nothing is sent before Run").isEmpty();
    }

    @Test
    void keepingTheSecondSiteLeavesBothSidesAndTheCardWhereTheyStandAndMarksTheSurvivor(FxRobot robot) throws Exception {
        fx.publish(robot);
        robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-a", "vol-2")));
        ReplicationFxSupport.later(() -> fx.view.model().commands().wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY).run());
        fx.dialog(robot);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#wizard-keep-second").tryQuery().isPresent());

        robot.clickOn(robot.lookup("#wizard-keep-second").queryAs(ToggleButton.class));

        FxWait.eventually(() -> {
            assertThat(robot.lookup("#wizard-role-b").queryAs(Label.class).getText()).isEqualTo(org.csiconsole.core.risk.RiskModel.SURVIVOR);
            assertThat(robot.lookup("#wizard-role-a").queryAs(Label.class).getText()).isEqualTo(org.csiconsole.core.risk.RiskModel.DISCARDED);
            assertThat(robot.lookup("#wizard-site-a").queryAs(Label.class).getText()).isEqualTo("site-a");
            assertThat(robot.lookup("#wizard-site-b").queryAs(Label.class).getText()).isEqualTo("site-b");
            assertThat(robot.lookup("#wizard-item-name").queryAs(Label.class).getText()).as("the card keeps its title").isEqualTo("vol-2");
        });
        assertThat(fx.portA.calls).isEmpty();
        assertThat(fx.portB.calls).isEmpty();
    }
}
