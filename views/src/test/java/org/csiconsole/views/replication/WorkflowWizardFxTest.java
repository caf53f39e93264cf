package org.csiconsole.views.replication;

import org.csiconsole.views.FxWait;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.csiconsole.core.replication.WorkflowKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

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

        robot.clickOn(fx.button(robot, "Run"));
        FxWait.until(() -> steps.getItems().stream().allMatch(s -> ((StepRow) s).status() == StepRow.StepState.DONE));
        assertThat(fx.portA.calls).containsExactly("demote vol-1");
        assertThat(fx.portB.calls).containsExactly("promote vol-1r");
        // The message and the Close button follow the last step's end.
        FxWait.eventually(() -> assertThat(robot.lookup("#wizard-message").queryAs(Label.class).getText()).startsWith("Done"));
        Button close = fx.button(robot, "Close");
        FxWait.eventually(() -> assertThat(close.isDisabled()).isFalse());
        FxWait.eventually(() -> assertThat(close.isFocused()).as("the clicked Run is disabled now: focus went to Close").isTrue());
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isEmpty());
    }
}
