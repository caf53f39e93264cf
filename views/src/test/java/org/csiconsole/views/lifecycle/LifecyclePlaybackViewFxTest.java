package org.csiconsole.views.lifecycle;

import org.csiconsole.views.FxWait;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.csiconsole.core.lifecycle.LifecycleCall;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A playback drawn: calls answered faster than the eye follows still end on the state and marks the model holds. */
@ExtendWith(ApplicationExtension.class)
class LifecyclePlaybackViewFxTest {
    private final LifecyclePlayback playback = new LifecyclePlayback("this node", Clock.systemUTC());
    private LifecyclePlaybackView view;

    @Start
    void start(Stage stage) {
        view = new LifecyclePlaybackView(playback);
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 640, 600);
        new ThemeManager(Theme.LIGHT).style(scene);
        stage.setScene(scene);
        stage.show();
    }

    private DiagramPane pane() {
        return (DiagramPane) view.diagramNode();
    }

    private boolean current(String box) {
        return pane().box(box).getChildren().get(0).getPseudoClassStates().contains(DiagramPane.CURRENT);
    }

    @Test
    void callsInQuickSuccessionPlayStateByStateAndEndWhereTheModelIs(FxRobot robot) throws Exception {
        FxWait.eventually(() -> assertThat(current("INITIAL")).isTrue());

        robot.interact(() -> {
            playback.created("vol-1");
            playback.succeeded(LifecycleCall.CONTROLLER_PUBLISH_VOLUME);
            playback.failed(LifecycleCall.NODE_STAGE_VOLUME, "FAILED: the staging path is not a directory");
        });

        FxWait.until(() -> "NodeStageVolume failed: FAILED: the staging path is not a directory"
                .equals(robot.lookup("#exercise-diagram-status").queryAs(Label.class).getText()));
        // The diagram's marks are read on the FX thread, where the playback draws them.
        FxWait.eventually(() -> {
            assertThat(current("NODE_READY")).isTrue();
            assertThat(current("INITIAL")).isFalse();
            Node stage = pane().edge("NodeStageVolume").line();
            assertThat(stage.getPseudoClassStates()).contains(DiagramPane.FAILED);
            assertThat(pane().edge("ControllerPublishVolume").line().getPseudoClassStates()).contains(DiagramPane.TAKEN);
        });
    }
}
