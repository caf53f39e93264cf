package org.csiconsole.views.troubleshoot;

import org.csiconsole.core.lifecycle.DiagramOverlay;
import org.csiconsole.core.lifecycle.VolumeState;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.core.trouble.StepOutcome;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.lifecycle.LifecyclePlayback;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** An exercise plays on the volume lifecycle figure: its volume moves state by state, a failed step marks its arrow. */
class ExerciseOnLifecycleTest {
    private final FakeTroubleshootPort port = new FakeTroubleshootPort();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final TroubleshootViewModel model = new TroubleshootViewModel(port,
            new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs), Runnable::run, (name, endpoint) -> "Added " + name + ".");
    private final List<VolumeState> states = new ArrayList<>();

    private static ExerciseStep step(String step, String target, StepOutcome outcome, String detail, boolean cleanup) {
        return new ExerciseStep(step, target, outcome, Duration.ofMillis(5), detail, cleanup);
    }

    private static ExerciseStep ok(String step, String target) {
        return step(step, target, StepOutcome.OK, "", false);
    }

    private LifecyclePlayback run(List<ExerciseStep> steps) {
        port.exerciseSteps = steps;
        model.endpointProperty().set("unix:///csi/csi.sock");
        model.exercise().workDirProperty().set("/tmp/x");
        dialogs.typed = "csi.example.com/default";
        LifecyclePlayback diagram = model.exercise().diagram();
        diagram.currentProperty().addListener((o, a, b) -> states.add(b));
        model.exercise().run();
        return diagram;
    }

    @Test
    void eachStepThatAnswersOkMovesTheExercisedVolumeAlongTheFigure() {
        LifecyclePlayback diagram = model.exercise().diagram();
        assertThat(diagram.currentProperty().get()).as("before a run, the initial X").isEqualTo(VolumeState.INITIAL);

        run(List.of(ok("NodeGetInfo", ""), ok("CreateVolume", "vol-1"), ok("ControllerPublishVolume", "vol-1"),
                ok("NodeStageVolume", "vol-1"), ok("NodePublishVolume", "vol-1"), ok("CreateSnapshot", "snap-1"),
                ok("CreateVolume (clone)", "vol-2"), ok("DeleteVolume", "vol-2"), ok("DeleteSnapshot", "snap-1"),
                ok("NodeUnpublishVolume", "vol-1"), ok("NodeUnstageVolume", "vol-1"), ok("ControllerUnpublishVolume", "vol-1"),
                ok("DeleteVolume", "vol-1")));

        assertThat(states).containsExactly(VolumeState.CREATED, VolumeState.NODE_READY, VolumeState.VOL_READY, VolumeState.PUBLISHED,
                VolumeState.VOL_READY, VolumeState.NODE_READY, VolumeState.CREATED, VolumeState.FINAL);
        assertThat(diagram.lifecycle().variant().figure()).isEqualTo(6);
        assertThat(diagram.overlayProperty().get().mark("DeleteVolume").kind()).isEqualTo(DiagramOverlay.Kind.TAKEN);
        assertThat(diagram.failures()).isEmpty();
    }

    @Test
    void aFailedStepMarksItsArrowAndTheCleanUpStillMovesTheVolumeBack() {
        LifecyclePlayback diagram = run(List.of(ok("NodeGetInfo", ""), ok("CreateVolume", "vol-1"), ok("ControllerPublishVolume", "vol-1"),
                step("NodeStageVolume", "vol-1", StepOutcome.FAILED, "NodeStageVolume vol-1: the staging path is not a directory", false),
                step("NodeUnstageVolume", "vol-1", StepOutcome.OK, "", true),
                step("ControllerUnpublishVolume", "vol-1", StepOutcome.OK, "", true),
                step("DeleteVolume", "vol-1", StepOutcome.OK, "", true)));

        assertThat(states).containsExactly(VolumeState.CREATED, VolumeState.NODE_READY, VolumeState.CREATED, VolumeState.FINAL);
        assertThat(diagram.failures()).containsOnlyKeys("NodeStageVolume");
        DiagramOverlay.Mark mark = diagram.overlayProperty().get().mark("NodeStageVolume");
        assertThat(mark.kind()).isEqualTo(DiagramOverlay.Kind.FAILED);
        assertThat(mark.text()).isEqualTo("FAILED: NodeStageVolume vol-1: the staging path is not a directory");
    }

    @Test
    void aStepTheDriverDoesNotAdvertiseIsLeftOutOfTheFigure() {
        LifecyclePlayback diagram = run(List.of(ok("NodeGetInfo", ""), ok("CreateVolume", "vol-1"),
                step("ControllerPublishVolume", "vol-1", StepOutcome.SKIPPED, "PUBLISH_UNPUBLISH_VOLUME is not advertised", false),
                ok("NodeStageVolume", "vol-1"), ok("NodePublishVolume", "vol-1"),
                ok("NodeUnpublishVolume", "vol-1"), ok("NodeUnstageVolume", "vol-1"), ok("DeleteVolume", "vol-1")));

        assertThat(diagram.lifecycle().publishUnpublish()).isFalse();
        assertThat(diagram.diagramProperty().get().arrows()).extracting(a -> a.id()).doesNotContain("ControllerPublishVolume");
        assertThat(states).containsExactly(VolumeState.CREATED, VolumeState.VOL_READY, VolumeState.PUBLISHED, VolumeState.VOL_READY,
                VolumeState.CREATED, VolumeState.FINAL);
    }

    @Test
    void aNewRunStartsAgainFromTheInitialState() {
        LifecyclePlayback diagram = run(List.of(ok("CreateVolume", "vol-1"),
                step("ControllerPublishVolume", "vol-1", StepOutcome.FAILED, "boom", false), ok("DeleteVolume", "vol-1")));
        assertThat(diagram.currentProperty().get()).isEqualTo(VolumeState.FINAL);
        states.clear();

        port.exerciseSteps = List.of(ok("CreateVolume", "vol-9"));
        model.exercise().run();

        assertThat(states).containsExactly(VolumeState.INITIAL, VolumeState.CREATED);
        assertThat(diagram.failures()).isEmpty();
    }
}
