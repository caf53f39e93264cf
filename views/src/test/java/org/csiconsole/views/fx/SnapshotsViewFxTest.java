package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.stage.Stage;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.snapshots.SnapshotsView;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class SnapshotsViewFxTest {
    private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

    @Start
    void start(Stage stage) {
        fx.show(stage, c -> {
            // the console created vol-0002 under a name; vol-0001 it only saw listed, without one
            c.known().book().record(org.csiconsole.core.record.RecordedItem.of(org.csiconsole.core.record.RecordKind.VOLUME, "vol-0002",
                    "orders-db", org.csiconsole.core.model.VolumeSource.NONE, org.csiconsole.core.record.RecordOrigin.CREATED, 1L << 30,
                    java.util.Map.of(), java.time.Instant.EPOCH));
            return new SnapshotsView(new SnapshotsViewModel(c));
        });
    }

    @AfterEach
    void tearDown(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    @Test
    void showsSeededSnapshotsWithReadyState(FxRobot robot) throws Exception {
        fx.awaitRows(2);
        assertThat(fx.firstColumn()).containsExactly("pvc-web-daily", "pvc-db-hourly");
        fx.awaitCells(robot, "Ready", "Not ready", "vol-0001", "500 GiB");
        assertThat(fx.cellTexts(robot)).contains("Ready", "Not ready", "vol-0001", "500 GiB");
    }

    @Test
    void theSourceVolumeShowsItsNameBesideItsIdWhereTheConsoleKnowsIt(FxRobot robot) throws Exception {
        fx.awaitRows(2);
        fx.awaitCells(robot, "orders-db (vol-0002)", "vol-0001");
        assertThat(fx.cellTexts(robot)).contains("orders-db (vol-0002)", "vol-0001");
        fx.select(robot, 1);
        FxWait.until(() -> fx.detailTexts(robot).contains("orders-db (vol-0002)"));
        assertThat(fx.detailTexts(robot)).contains("Source volume");
    }

    @Test
    void createsThroughTheDialogAndRestoresAVolumeFromASnapshot(FxRobot robot) throws Exception {
        fx.awaitRows(2);
        robot.clickOn("#snapshot-create");
        fx.dialog(robot);
        fx.fill(robot, "sourceVolumeId", "vol-0002");
        fx.fill(robot, "name", "db-before-upgrade");
        fx.press(robot, "Create");
        fx.awaitRows(3);
        assertThat(fx.firstColumn()).contains("db-before-upgrade");

        fx.select(robot, 0);
        robot.clickOn("#snapshot-restore");
        fx.dialog(robot);
        fx.fill(robot, "name", "pvc-web-restored");
        fx.press(robot, "Create");
        org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                () -> fx.storage.volumes.stream().anyMatch(v -> v.name().equals("pvc-web-restored")));
        assertThat(fx.storage.volumes.stream().filter(v -> v.name().equals("pvc-web-restored")).findFirst().orElseThrow().source().id())
                .isEqualTo("snap-0001");
    }

    @Test
    void deletesAfterTheNameIsTyped(FxRobot robot) throws Exception {
        fx.awaitRows(2);
        fx.select(robot, 0);
        robot.clickOn("#snapshot-delete");
        fx.confirmByTyping(robot, "pvc-web-daily", "Delete");
        fx.awaitRows(1);
        assertThat(fx.firstColumn()).containsExactly("pvc-db-hourly");
    }

    @Test
    void abortedAndUnavailableReachThePersonAsDialogs(FxRobot robot) throws Exception {
        fx.awaitRows(2);
        fx.storage.failNext("deleteSnapshot", FailureKind.BUSY, "the snapshot is being cut (ABORTED)", "Wait, then try again.");
        fx.select(robot, 0);
        robot.clickOn("#snapshot-delete");
        fx.confirmByTyping(robot, "pvc-web-daily", "Delete");
        assertThat(fx.failureDialog(robot, "being cut")).isEqualTo("Another operation is in progress");
        fx.storage.failNext("listSnapshots", FailureKind.UNAVAILABLE, "the plugin did not answer (UNAVAILABLE)", "Check the driver.");
        robot.interact(() -> fx.view.refreshAction().run());
        assertThat(fx.failureDialog(robot, "did not answer")).isEqualTo("Storage unreachable");
    }

    @Test
    void disabledActionsSayWhy(FxRobot robot) throws Exception {
        fx.awaitRows(2);
        fx.select(robot, 1);
        assertThat(fx.disabled(robot, "snapshot-restore")).isTrue();
        assertThat(fx.tooltip(robot, "snapshot-restore")).isEqualTo("Select a snapshot that is ready to use.");
        robot.interact(() -> fx.view.model().featuresProperty().set(FakeStorage.readOnly()));
        assertThat(fx.disabled(robot, "snapshot-create")).isTrue();
        assertThat(fx.tooltip(robot, "snapshot-create")).contains("CREATE_DELETE_SNAPSHOT");
    }
}
