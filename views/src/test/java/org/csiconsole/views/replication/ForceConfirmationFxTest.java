package org.csiconsole.views.replication;

import org.csiconsole.views.FxWait;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Force in the real risk dialog: its hazards, the name typed, nothing sent before consent. */
@ExtendWith(ApplicationExtension.class)
class ForceConfirmationFxTest {
    private final ReplicationFxSupport fx = new ReplicationFxSupport();

    @Start
    void start(Stage stage) {
        fx.show(stage);
    }

    @AfterEach
    void close(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    private void openForcePromoteOf(FxRobot robot, String id) throws Exception {
        openForcePromoteOf(robot, id, "#risk-input-0");
    }

    /** Opens the force promote confirmation of {@code id} on site-b and waits until {@code shown} is visible in it. */
    private void openForcePromoteOf(FxRobot robot, String id, String shown) throws Exception {
        fx.publish(robot);
        robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-b", id)));
        ReplicationFxSupport.later(() -> fx.view.model().commands().promoteForceAction().run());
        fx.dialog(robot);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(shown)
                .match(org.testfx.matcher.base.NodeMatchers.isVisible()).tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String hazards(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> robot.lookup("#risk-hazards").queryAs(VBox.class).getChildren().stream()
                .map(n -> ((Label) n).getText()).collect(Collectors.joining("\n"))).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aForcePromoteOfAPrimaryInSplitBrainIsRefusedWithTheRecoveryAsNextStepAndTheSplitBrainShown(FxRobot robot) throws Exception {
        openForcePromoteOf(robot, "vol-2r", "#risk-illegal");
        assertThat(hazards(robot)).contains("Danger: The pair is in split brain: vol-2r on site-b and vol-2 on site-a are both primary");
        assertThat(FxWait.onFx(() -> robot.lookup("#risk-illegal").queryAs(Label.class).getText()))
                .startsWith("Not sent: vol-2r is already primary on site-b: a force promote of it changes nothing")
                .contains("Run split-brain recovery for the pair");
        assertThat(robot.lookup("#risk-input-0").tryQuery()).as("nothing to type for a refused call").isEmpty();
        assertThat(FxWait.onFx(() -> robot.lookup("#risk-connection").queryAs(Label.class).getText()))
                .as("the connection acted on, then the partner's, whose facts the dialog states, as the command line names both")
                .isEqualTo("On connection site-b (unix:///run/site-b.sock), site-a (unix:///run/site-a.sock)");
        robot.clickOn(fx.button(robot, "Close"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isEmpty());
        assertThat(fx.portB.calls).isEmpty();
    }

    @Test
    void forceIsRefusedUntilTheNameIsTypedAndThenSentOnThatVolumeAlone(FxRobot robot) throws Exception {
        openForcePromoteOf(robot, "vol-1r");
        Button force = fx.button(robot, "Promote with force");
        assertThat(FxWait.onFx(force::isDisabled)).as("nothing typed").isTrue();
        assertThat(FxWait.onFx(() -> robot.lookup("#risk-input-0").queryAs(javafx.scene.control.TextField.class).getPromptText()))
                .as("the placeholder is neutral, never the name to type").isEqualTo("type the text shown above");
        robot.clickOn("#risk-input-0").write("vol-1");
        assertThat(FxWait.onFx(force::isDisabled)).as("another volume's name").isTrue();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#risk-input-0").tryQuery()).as("Enter before the name matches does nothing").isPresent();
        assertThat(fx.portB.calls).as("nothing sent").isEmpty();
        robot.write("r");
        FxWait.eventually(() -> assertThat(force.isDisabled()).isFalse());
        robot.clickOn(force);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.portB.calls.size() == 1);
        assertThat(fx.portB.calls).containsExactly("promote vol-1r force");
    }

    @Test
    void forcePromotingAHealthySecondaryShowsTheSplitBrainItCreatesAndOffersThePlannedFailover(FxRobot robot) throws Exception {
        openForcePromoteOf(robot, "vol-1r");
        assertThat(hazards(robot)).startsWith("Danger: Creates a split brain: vol-1 on site-a is primary and reachable (healthy)")
                .contains("Danger: Writes to vol-1 on site-a after the last sync");
        assertThat(FxWait.onFx(() -> robot.lookup("#risk-safer").queryAs(Label.class).getText())).contains("planned failover");
        Button cancel = fx.button(robot, "Cancel");
        assertThat(FxWait.onFx(cancel::isDefaultButton)).as("a danger: Cancel is the default").isTrue();
        robot.clickOn("#risk-input-0").write("vol-1r");
        robot.clickOn(cancel);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isEmpty());
        assertThat(fx.portA.calls).isEmpty();
        assertThat(fx.portB.calls).as("nothing is sent before consent").isEmpty();
    }
}
