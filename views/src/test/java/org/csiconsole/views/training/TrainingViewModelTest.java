package org.csiconsole.views.training;

import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.training.ResultFormat;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingDiscard;
import org.csiconsole.core.training.TrainingSession;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notification;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.Executor;

import static org.assertj.core.api.Assertions.assertThat;

/** The Training perspective's model without JavaFX: a direct executor, a fake engine, a fake connection list. */
class TrainingViewModelTest {
    private final FakeTraining port = new FakeTraining();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();
    /** The UI executor: runs what it is given when the test says so, as the FX thread would later. */
    private final Queue<Runnable> uiQueue = new ArrayDeque<>();
    private boolean uiDirect = true;
    private final Executor ui = r -> {
        if (uiDirect) r.run();
        else uiQueue.add(r);
    };
    private final ConnectionModel demo = new ConnectionModel(ConnectionProfile.demo());
    private final List<ConnectionModel> navigator = new ArrayList<>(List.of(demo));
    private final List<TrainingSession> stopped = new ArrayList<>();
    private final TrainingConnections connections = new TrainingConnections() {
        @Override
        public ConnectionModel open(String name, TrainingSession session) {
            ConnectionModel m = new ConnectionModel(ConnectionProfile.csi(name, session.endpoint()));
            navigator.add(m);
            return m;
        }

        @Override
        public void close(ConnectionModel connection, TrainingSession session) {
            navigator.remove(connection);
            stopped.add(session);
        }
    };
    private final TrainingViewModel model = new TrainingViewModel(port, connections,
            new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs), ui, Clock.fixed(FakeTraining.T0, ZoneOffset.UTC));

    private FakeTraining.Session startFirst() {
        model.activate();
        model.selectedProperty().set(FakeTraining.FIRST);
        model.start();
        return port.started.get(port.started.size() - 1);
    }

    @Test
    void theLibraryIsReadOnFirstShowAndAgainWithTheTrainersFolderKeepingTheChoiceAndListingTheFilesLeftOut() {
        model.activate();
        assertThat(model.scenarios()).containsExactly(FakeTraining.FIRST, FakeTraining.SECOND);
        assertThat(model.selectedProperty().get()).isEqualTo(FakeTraining.FIRST);
        model.selectedProperty().set(FakeTraining.SECOND);

        model.useFolder(Path.of("/srv/training"));

        assertThat(port.libraryReads).containsExactly(Optional.empty(), Optional.of(Path.of("/srv/training")));
        assertThat(model.scenarios()).containsExactly(FakeTraining.FIRST, FakeTraining.SECOND, FakeTraining.OWN);
        assertThat(model.selectedProperty().get()).isEqualTo(FakeTraining.SECOND);
        assertThat(model.folderProperty().get()).isEqualTo(Path.of("/srv/training"));
        assertThat(model.problems()).extracting(p -> p.describe())
                .containsExactly("/srv/training/broken.yaml:12: steps[0].goal: a step needs a goal.",
                        "/srv/training/broken.yaml:20: steps[1].check: a step needs a check.",
                        "/srv/training/other.yaml:3: seed.file: no such seed file.");
        assertThat(model.statusProperty().get()).isEqualTo("3 scenarios, 1 from /srv/training; 2 files left out (listed above the steps).");
    }

    @Test
    void startingAScenarioAddsAConnectionNamedAfterItAndLeavesTheDemoAlone() {
        FakeTraining.Session s = startFirst();

        assertThat(navigator).extracting(ConnectionModel::name).containsExactly("Demo", "Training: first-volume");
        assertThat(model.connectionProperty().get().endpoint()).isEqualTo("inproc:training-1");
        assertThat(model.steps()).extracting(r -> r.step().id()).containsExactly("create", "stage", "path");
        assertThat(model.steps().get(0).progress().current()).isTrue();
        assertThat(notifications.items()).extracting(Notification::message)
                .contains("The scenario runs on a reference plugin of its own, seeded for it, as the connection "
                        + "\u201cTraining: first-volume\u201d in the navigator. The demo and every other connection stay as they are.");
        assertThat(dialogs.confirmations).as("nothing ran before: nothing to ask").isEmpty();
        assertThat(s.listeners()).isEqualTo(1);
    }

    @Test
    void aStepTurnsGreenOnlyThroughTheUiExecutorWhenTheSessionTellsItsCheckHolds() {
        FakeTraining.Session s = startFirst();
        uiDirect = false;

        s.pass(0, FakeTraining.T0.plusSeconds(75)); // the session's own thread, in the engine

        assertThat(model.steps().get(0).state()).as("not before the UI thread runs it").isEqualTo(StepState.PENDING);
        assertThat(uiQueue).hasSize(1);
        uiQueue.remove().run();
        assertThat(model.steps().get(0).state()).isEqualTo(StepState.PASSED);
        assertThat(model.steps().get(0).timeAt(FakeTraining.T0.plusSeconds(500))).isEqualTo(Duration.ofSeconds(75));
        assertThat(model.steps().get(1).progress().current()).isTrue();
        assertThat(model.statusProperty().get()).isEqualTo("1 of 3 steps passed; step 2 is current.");
    }

    @Test
    void aStepNotReachedShowsNoGoalSoItCannotGiveTheCurrentOneAway() {
        FakeTraining.Session s = startFirst();
        assertThat(model.steps()).extracting(TrainingStepRow::goal).containsExactly("Create a volume named web-data of 1 GiB.",
                "Locked until step 1 passes.", "Locked until step 2 passes.");

        s.pass(0, FakeTraining.T0.plusSeconds(75));

        assertThat(model.steps()).extracting(TrainingStepRow::goal).containsExactly("Create a volume named web-data of 1 GiB.",
                "Stage web-data on worker-01.", "Locked until step 2 passes.");
    }

    @Test
    void aStepThatDidNotChangeKeepsItsRowSoAHalfTypedAnswerOnItsCardStays() {
        FakeTraining.Session s = startFirst();
        TrainingStepRow third = model.steps().get(2);

        s.pass(0, FakeTraining.T0.plusSeconds(10));

        assertThat(model.steps().get(2)).isSameAs(third);
    }

    @Test
    void hiddenThePerspectiveStopsListeningAndShownAgainItReadsWhatChangedMeanwhile() {
        FakeTraining.Session s = startFirst();
        model.deactivate();
        assertThat(s.listeners()).isZero();

        s.pass(0, FakeTraining.T0.plusSeconds(30));
        assertThat(model.steps().get(0).state()).isEqualTo(StepState.PENDING);

        model.activate();
        assertThat(model.steps().get(0).state()).isEqualTo(StepState.PASSED);
        assertThat(s.listeners()).isEqualTo(1);
    }

    @Test
    void resetAsksFirstAndCancelledDiscardsNothing() {
        FakeTraining.Session s = startFirst();
        s.pass(0, FakeTraining.T0.plusSeconds(30));
        dialogs.answer = false;

        model.reset();

        // the scenario's id is typed, as on the command line; the words are core's decision (TrainingDiscard)
        assertThat(dialogs.confirmations).containsExactly("Reset the scenario to its seed:first-volume");
        assertThat(dialogs.typedMessages).singleElement().asString().startsWith(
                TrainingDiscard.reset("Provision, stage and publish a volume", s.progress()).message())
                .contains("the 1 of 3 steps passed so far").contains("The exported result keeps this attempt")
                .contains("counted from zero in the step pane and in training check").contains("\u201cProvision, stage and publish a volume\u201d")
                .contains("the connection \u201cTraining: first-volume\u201d; other connections are not touched");
        assertThat(s.resets).isZero();
        assertThat(model.steps().get(0).state()).isEqualTo(StepState.PASSED);
    }

    @Test
    void aConfirmedResetStartsTheStepsAgainAndTellsTheConnectionsViewsToReadAgain() {
        FakeTraining.Session s = startFirst();
        s.pass(0, FakeTraining.T0.plusSeconds(30));
        List<String> told = new ArrayList<>();
        model.connectionProperty().get().changes().listen(List.of(ResourceKind.VOLUMES), c -> told.add(c.what()));

        model.reset();

        assertThat(s.resets).isEqualTo(1);
        assertThat(model.steps()).extracting(TrainingStepRow::state).containsOnly(StepState.PENDING);
        assertThat(model.steps().get(0).progress().current()).isTrue();
        assertThat(told).containsExactly("Reset to the seed of first-volume");
        assertThat(model.busyProperty().get()).isFalse();
    }

    @Test
    void startingAnotherScenarioAsksThenStopsTheFirstRunAndItsConnection() {
        FakeTraining.Session first = startFirst();
        model.selectedProperty().set(FakeTraining.SECOND);

        model.start();

        assertThat(dialogs.confirmations).containsExactly("Start Planned failover:first-volume");
        assertThat(dialogs.typedMessages).singleElement().asString().startsWith(
                TrainingDiscard.startOver("Provision, stage and publish a volume", first.progress(), "Planned failover").message())
                .contains("The run of \u201cProvision, stage and publish a volume\u201d ends and its plugin's state is discarded")
                .contains("cancel and export it first")
                .contains("Its connection \u201cTraining: first-volume\u201d closes.");
        assertThat(stopped).containsExactly(first);
        assertThat(first.listeners()).isZero();
        assertThat(navigator).extracting(ConnectionModel::name).containsExactly("Demo", "Training: planned-failover");
        assertThat(model.steps()).extracting(r -> r.step().id()).containsExactly("failover");
    }

    @Test
    void startingAnotherScenarioAfterTheExportSaysNothingIsLostUntilTheRunChangesAgain() {
        FakeTraining.Session first = startFirst();
        model.export(ResultFormat.JSON, Path.of("/tmp/ann.json"));
        model.selectedProperty().set(FakeTraining.SECOND);
        dialogs.answer = false;

        model.start();

        assertThat(dialogs.typedMessages).last().asString()
                .contains("Its result was exported at 2026-12-06T10:00:00Z (UTC) and nothing changed since: nothing of the result is lost.")
                .doesNotContain("export it first");

        first.pass(0, FakeTraining.T0.plusSeconds(30));
        model.start();

        assertThat(dialogs.typedMessages).last().asString()
                .contains("Its result was exported at 2026-12-06T10:00:00Z (UTC), but what happened since is lost: now the 1 of 3 steps "
                        + "passed so far, 0 hints used.")
                .contains("export the result again");
        assertThat(stopped).isEmpty();
    }

    @Test
    void declinedTheRunningScenarioGoesOn() {
        FakeTraining.Session first = startFirst();
        model.selectedProperty().set(FakeTraining.SECOND);
        dialogs.answer = false;

        model.start();

        assertThat(port.started).containsExactly(first);
        assertThat(stopped).isEmpty();
        assertThat(model.sessionProperty().get()).isSameAs(first);
    }

    @Test
    void hintsAreRevealedOneAtATimeAndCounted() {
        startFirst();

        model.revealHint("create");
        assertThat(model.steps().get(0).progress().hintsShown()).containsExactly("Volumes, New volume.");
        assertThat(model.steps().get(0).hintsLeft()).isEqualTo(1);
        model.revealHint("create");
        model.revealHint("create");

        assertThat(model.steps().get(0).progress().hintsShown()).containsExactly("Volumes, New volume.", "Name it web-data.");
        assertThat(model.hintsUsed()).isEqualTo(2);
        assertThat(notifications.items()).extracting(Notification::message).contains("Every hint of step 1 is shown already.");
    }

    @Test
    void aWrongAnswerIsAWarningAndTheRightOnePassesTheStep() {
        FakeTraining.Session s = startFirst();
        s.pass(0, FakeTraining.T0.plusSeconds(10));
        s.pass(1, FakeTraining.T0.plusSeconds(20));

        model.answer("path", "/tmp");
        assertThat(notifications.items().get(0).severity()).isEqualTo(Severity.WARNING);
        model.answer("path", "  /var/lib/kubelet/staging/web-data ");

        assertThat(s.answers()).containsExactly("path=/tmp", "path=/var/lib/kubelet/staging/web-data");
        assertThat(model.steps().get(2).state()).isEqualTo(StepState.PASSED);
        assertThat(notifications.items().get(0).severity()).isEqualTo(Severity.SUCCESS);
        assertThat(model.statusProperty().get()).isEqualTo("Every step passed: export the result to keep it.");
    }

    @Test
    void theElapsedTimeRunsUntilTheLastStepPassesThenStands() {
        FakeTraining.Session s = startFirst();
        assertThat(model.elapsedAt(FakeTraining.T0.plusSeconds(42))).isEqualTo(Duration.ofSeconds(42));
        s.pass(0, FakeTraining.T0.plusSeconds(10));
        s.pass(1, FakeTraining.T0.plusSeconds(20));
        s.pass(2, FakeTraining.T0.plusSeconds(65));

        assertThat(model.elapsedAt(FakeTraining.T0.plusSeconds(3600))).isEqualTo(Duration.ofSeconds(65));
    }

    @Test
    void theResultIsExportedWithTheTraineesNameUnderASuggestedName() {
        FakeTraining.Session s = startFirst();
        model.traineeProperty().set(" Ada Lovelace ");

        assertThat(model.suggestedFileName(ResultFormat.HTML)).isEqualTo("training-first-volume-Ada-Lovelace-2026-12-06.html");
        model.export(ResultFormat.JSON, Path.of("/tmp/r.json"));

        assertThat(s.exports).containsExactly("Ada Lovelace JSON /tmp/r.json");
        assertThat(notifications.items().get(0).message()).isEqualTo("Saved /tmp/r.json.");
    }

    @Test
    void commandsAreOffUntilTheyCanRun() {
        assertThat(model.canStart().get()).isFalse();
        assertThat(model.canReset().get()).isFalse();
        assertThat(model.canExport().get()).isFalse();
        startFirst();
        assertThat(model.canStart().get()).isTrue();
        assertThat(model.canReset().get()).isTrue();
        assertThat(model.canExport().get()).isTrue();
    }

    @Test
    void closingTheConsoleStopsTheRun() {
        FakeTraining.Session s = startFirst();

        model.close();

        assertThat(stopped).containsExactly(s);
        assertThat(navigator).containsExactly(demo);
        assertThat(model.steps()).isEmpty();
    }
}
