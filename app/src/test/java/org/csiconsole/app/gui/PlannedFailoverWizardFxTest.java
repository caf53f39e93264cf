package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.SimulatedPair;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.replication.PairRow;
import org.csiconsole.views.replication.ReplicationView;
import org.csiconsole.views.replication.StepRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The planned-failover wizard end to end in the console against the bundled reference plugin (the
 * demo's site-a and site-b, each served on its own array-scoped endpoint): Alt+2 shows the
 * Replication perspective, a healthy pair is failed over from its wizard, the dry run sends
 * nothing, the run leaves B primary and A secondary after waiting for a final sync.
 */
@ExtendWith(ApplicationExtension.class)
class PlannedFailoverWizardFxTest {
    private Console console;
    @TempDir
    Path temp;

    @Start
    void start(Stage stage) {
        Path demoState = temp.resolve("demo");
        console = new Console(stage, LaunchOptions.DEMO, temp.resolve("config"), Platform::runLater,
                trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, demoState));
        console.show();
    }

    @AfterEach
    void close(FxRobot robot) throws Exception {
        robot.interact(() -> {
            for (var w : List.copyOf(javafx.stage.Window.getWindows())) {
                if (w instanceof Stage s && s.getOwner() != null) s.close();
            }
        });
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
    }

    @Test
    void thePlannedFailoverWizardLeavesBPrimaryAndASecondaryAfterAFinalSync(FxRobot robot) throws Exception {
        robot.clickOn("#start-view");
        robot.press(KeyCode.ALT, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.ALT);
        assertThat(console.workbench().perspectiveProperty().get()).isEqualTo("replication");
        ReplicationView view = (ReplicationView) console.workbench().activeViewProperty().get();
        // A round that ran before both sites' connections were up shows no pair until the next one (30 s on):
        // refresh (F5) samples again, as an admin would.
        // The site pairs table follows the rounds while its tab is shown (hidden, it keeps what it showed last):
        // look at it, as an admin looking for a pair does.
        robot.interact(() -> view.tabs().getSelectionModel().select(1));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (healthyPair(view) == null) {
            assertThat(System.nanoTime()).as(() -> "a healthy pair is shown within 90 s; shown: " + shown(view)).isLessThan(deadline);
            robot.interact(() -> view.model().refresh());
            try {
                WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> healthyPair(view) != null);
            } catch (java.util.concurrent.TimeoutException notYet) {
                // sample again
            }
        }
        PairRow pair = healthyPair(view);
        String a = pair.sideA().source().id();
        String b = pair.sideB().source().id();
        assertThat(pair.a().name()).isEqualTo("site-a");
        assertThat(pair.b().name()).isEqualTo("site-b");

        robot.interact(() -> {
            view.tabs().getSelectionModel().select(0);
            var rows = view.rowsTable().tableView();
            for (int i = 0; i < rows.getItems().size(); i++) {
                if (rows.getItems().get(i).source().id().equals(a)) rows.getSelectionModel().clearAndSelect(i);
            }
        });
        assertThat(view.model().selectedPairs()).extracting(p -> p.sideB().source().id()).containsExactly(b);
        Platform.runLater(() -> view.model().commands().wizardAction(WorkflowKind.PLANNED_FAILOVER).run());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#wizard-steps").tryQuery().isPresent());
        ListView<?> steps = robot.lookup("#wizard-steps").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> button(robot, "Run").isDisabled() == false);

        int mutatingBefore = mutatingReplicationCalls();
        robot.clickOn(button(robot, "Dry run"));
        // The dry run's calls and message are shown on the FX thread: wait for the message, read both there.
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> robot.lookup("#wizard-message").queryAs(Label.class).getText().endsWith("Nothing was sent.")).get());
        assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#wizard-calls").queryAs(TextArea.class).getText()).get(20, TimeUnit.SECONDS))
                .contains("site-a  replication.Controller/DemoteVolume", "volume_id=" + a,
                        "site-b  replication.Controller/PromoteVolume", "volume_id=" + b);
        assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#wizard-message").queryAs(Label.class).getText()).get(20, TimeUnit.SECONDS))
                .endsWith("Nothing was sent.");
        assertThat(mutatingReplicationCalls()).as("the dry run sent nothing").isEqualTo(mutatingBefore);

        robot.clickOn(button(robot, "Run"));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !steps.getItems().isEmpty() && steps.getItems().stream()
                .allMatch(s -> ((StepRow) s).status() == StepRow.StepRowState.DONE));
        Label message = robot.lookup("#wizard-message").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> message.getText().startsWith("Done")).get());
        List<ReplicationAction> done = WaitForAsyncUtils.asyncFx(() -> steps.getItems().stream().map(s -> ((StepRow) s).step().action()).toList())
                .get(20, TimeUnit.SECONDS);
        assertThat(done).containsSubsequence(ReplicationAction.DEMOTE, ReplicationAction.WAIT_FINAL_SYNC, ReplicationAction.PROMOTE);

        SimulatedPair after = view.model().faultsProperty().get().pairs().get(10, TimeUnit.SECONDS).stream()
                .filter(p -> p.localId().equals(a) || p.remoteId().equals(a)).findFirst().orElseThrow();
        VolumeReplicationRole roleA = after.localId().equals(a) ? after.localRole() : after.remoteRole();
        VolumeReplicationRole roleB = after.localId().equals(a) ? after.remoteRole() : after.localRole();
        assertThat(roleA).isEqualTo(VolumeReplicationRole.SECONDARY);
        assertThat(roleB).isEqualTo(VolumeReplicationRole.PRIMARY);
    }

    /** What the view shows, for a failure message: its status line, the sites and each pair's roles and health. */
    private static String shown(ReplicationView view) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> view.model().statusProperty().get() + " | A=" + view.model().siteAProperty().get()
                    + " B=" + view.model().siteBProperty().get() + " | rows " + view.model().table().all().size() + " | pairs "
                    + view.model().pairs().all().stream().map(p -> p.name() + ":" + p.mismatch() + ":"
                    + (p.sideA() == null ? "-" : p.sideA().role() + "/" + p.sideA().health()) + ":"
                    + (p.sideB() == null ? "-" : p.sideB().role() + "/" + p.sideB().health())).toList()).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            return "(could not read the view: " + e + ")";
        }
    }

    /** A consistent, healthy pair of single volumes with A primary, read on the FX thread; null when none is shown. */
    private static PairRow healthyPair(ReplicationView view) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> healthyPairOnFx(view)).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("could not read the site pairs", e);
        }
    }

    private static PairRow healthyPairOnFx(ReplicationView view) {
        return view.model().pairs().all().stream()
                .filter(p -> p.mismatch() == PairMismatch.NONE && p.sideA() != null && p.sideB() != null && !p.sideA().source().group()
                        && p.sideA().role() == VolumeReplicationRole.PRIMARY && p.sideA().health() == ReplicationHealth.HEALTHY)
                .findFirst().orElse(null);
    }

    private int mutatingReplicationCalls() {
        return (int) console.trace().snapshot().stream().map(TraceEntry::method)
                .filter(m -> m.contains("DemoteVolume") || m.contains("PromoteVolume") || m.contains("ResyncVolume")).count();
    }

    private static Button button(FxRobot robot, String text) {
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        return pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                .filter(x -> text.equals(x.getText())).findFirst().orElseThrow();
    }
}
