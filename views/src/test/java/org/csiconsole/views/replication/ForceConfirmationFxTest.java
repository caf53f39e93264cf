package org.csiconsole.views.replication;

import org.csiconsole.views.FxWait;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
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
        fx.publish(robot);
        robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-b", id)));
        ReplicationFxSupport.later(() -> fx.view.model().commands().promoteForceAction().run());
        fx.dialog(robot);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#force-input-" + id)
                .match(org.testfx.matcher.base.NodeMatchers.isVisible()).tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void forceIsRefusedUntilTheNameIsTypedAndTheDialogStatesWhatCanBeLost(FxRobot robot) throws Exception {
        openForcePromoteOf(robot, "vol-2r");
        FxWait.eventually(() -> {
            assertThat(robot.lookup("#force-split-brain").queryAs(Label.class).getText()).contains("both primary");
            assertThat(robot.lookup("#force-loss").queryAs(Label.class).getText())
                    .startsWith("Data that can be lost: Writes to volume vol-2r after the last sync").contains("20 min ago");
        });
        Button force = fx.button(robot, "Promote with force");
        assertThat(FxWait.onFx(force::isDisabled)).as("nothing typed").isTrue();

        robot.clickOn("#force-input-vol-2r").type(KeyCode.ENTER);
        assertThat(robot.lookup(".dialog-pane").tryQuery()).as("Enter before the name matches does nothing").isPresent();
        robot.write("vol-2");
        assertThat(FxWait.onFx(force::isDisabled)).as("another volume's name").isTrue();
        robot.type(KeyCode.ENTER);
        assertThat(robot.lookup(".dialog-pane").tryQuery()).isPresent();

        robot.clickOn(fx.button(robot, "Cancel"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isEmpty());
        assertThat(fx.portB.calls).as("cancelled: nothing sent").isEmpty();
    }

    @Test
    void typingTheNameSendsForceOnThatVolumeAlone(FxRobot robot) throws Exception {
        openForcePromoteOf(robot, "vol-2r");
        robot.clickOn("#force-input-vol-2r").write("vol-2r");
        Button force = fx.button(robot, "Promote with force");
        FxWait.eventually(() -> assertThat(force.isDisabled()).isFalse());
        robot.clickOn(force);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.portB.calls.size() == 1);
        assertThat(fx.portB.calls).containsExactly("promote vol-2r force");
        // The dialog closes on the FX thread after the call: wait for the typed field to be gone.
        FxWait.eventually(() -> assertThat(robot.lookup("#force-input-vol-2r").tryQuery().map(n -> ((TextField) n).getText())).isEmpty());
    }
}
