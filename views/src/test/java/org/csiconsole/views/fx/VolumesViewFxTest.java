package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.stage.Stage;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
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
class VolumesViewFxTest {
    private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

    @Start
    void start(Stage stage) {
        fx.show(stage, c -> new VolumesView(new VolumesViewModel(c)));
    }

    @AfterEach
    void tearDown(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    @Test
    void showsTheSeededVolumesWithHumanSizesAndDetails(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        assertThat(fx.firstColumn()).containsExactly("pvc-web", "pvc-db", "pvc-logs");
        fx.awaitCells(robot, "10 GiB", "500 GiB", "1 TiB", "Primary \u00b7 healthy", "CSI + CSP");
        assertThat(fx.cellTexts(robot)).contains("10 GiB", "500 GiB", "1 TiB", "Primary \u00b7 healthy", "CSI + CSP");
        fx.select(robot, 0);
        FxWait.eventually(() -> assertThat(fx.detailTexts(robot)).contains("10 GiB (10,737,418,240 bytes)"));
    }

    @Test
    void aRefreshKeepsTheScrollPositionAndTheSelectedVolume(FxRobot robot) throws Exception {
        for (int i = 0; i < 300; i++) fx.storage.volumes.add(Volume.csi(String.format("vol-x%03d", i), (i + 1L) << 30));
        robot.interact(() -> fx.view.refreshAction().run());
        fx.awaitRows(303);
        robot.interact(() -> {
            fx.table().scrollTo(200);
            fx.table().getSelectionModel().select(210);
        });
        // The flow scrolls in the next layout pass.
        FxWait.until(() -> firstVisibleRow(robot) > 150);
        int firstShown = FxWait.onFx(() -> firstVisibleRow(robot));
        Object selected = FxWait.onFx(() -> fx.table().getSelectionModel().getSelectedItem());
        assertThat(firstShown).isGreaterThan(150);

        // The driver answers with equal copies, and one volume has grown.
        fx.storage.volumes.replaceAll(v -> v.withOrigin(v.origin()));
        fx.storage.volumes.set(250, Volume.csi("vol-x247", 99L << 30));
        robot.interact(() -> fx.view.refreshAction().run());
        // Wait for the end of the read and for its answer in the table's rows.
        FxWait.until(() -> !fx.view.model().loadingProperty().get() && ((Volume) fx.table().getItems().get(250)).capacityBytes() == 99L << 30);
        FxWait.eventually(() -> {
            assertThat(firstVisibleRow(robot)).isEqualTo(firstShown);
            assertThat(fx.table().getSelectionModel().getSelectedItem()).isSameAs(selected);
            assertThat(fx.table().getItems().get(250)).extracting(v -> ((Volume) v).capacityBytes()).isEqualTo(99L << 30);
        });
    }

    private int firstVisibleRow(FxRobot robot) {
        return robot.lookup(".virtual-flow").queryAs(javafx.scene.control.skin.VirtualFlow.class).getFirstVisibleCell().getIndex();
    }

    @Test
    void createsAVolumeThroughTheDialog(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn("#volume-create");
        fx.dialog(robot);
        fx.fill(robot, "size", "20 gigs");
        FxWait.eventually(() -> assertThat(robot.lookup("#form-size-error").queryAs(javafx.scene.control.Label.class).getText()).contains("Unknown unit"));
        robot.clickOn("#form-name").write("pvc-new");
        fx.fill(robot, "size", "20GiB");
        fx.press(robot, "Create");
        fx.awaitRows(4);
        Volume created = fx.storage.volumes.get(3);
        assertThat(created.name()).isEqualTo("pvc-new");
        assertThat(created.capacityBytes()).isEqualTo(20L << 30);
        assertThat(fx.firstColumn()).contains("pvc-new");
    }

    @Test
    void aFailedCreateKeepsTheDialogOpenWithTheErrorInsideAndTheValuesKept(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.storage.failNext("createVolume", FailureKind.INVALID_ARGUMENT, "fs_type btrfs is not supported",
                "Leave the file system empty for the driver's default.");
        robot.clickOn("#volume-create");
        javafx.stage.Window dialog = fx.dialog(robot).getScene().getWindow();
        robot.clickOn("#form-name").write("pvc-new");
        fx.fill(robot, "size", "20GiB");
        fx.fill(robot, "fsType", "btrfs");
        fx.press(robot, "Create");

        FxWait.until(() -> StorageFxSupport.shown(robot.lookup("#form-failure").query()));
        FxWait.eventually(() -> {
            assertThat(dialog.isShowing()).as("the dialog stays open").isTrue();
            assertThat(robot.lookup("#form-failure-why").queryAs(javafx.scene.control.Label.class).getText())
                    .isEqualTo("fs_type btrfs is not supported");
            assertThat(robot.lookup("#form-failure-todo").queryAs(javafx.scene.control.Label.class).getText()).contains("driver's default");
            assertThat(robot.lookup("#form-name").queryAs(javafx.scene.control.TextInputControl.class).getText()).isEqualTo("pvc-new");
            assertThat(robot.lookup("#form-size").queryAs(javafx.scene.control.TextInputControl.class).getText()).isEqualTo("20GiB");
            assertThat(robot.lookup("#failure-why").tryQuery()).as("no failure dialog on top").isEmpty();
        });

        fx.fill(robot, "fsType", "");
        fx.press(robot, "Create");
        fx.awaitRows(4);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !dialog.isShowing());
        assertThat(fx.firstColumn()).contains("pvc-new");
    }

    @Test
    void detailsSayNotReportedForWhatTheDriverDoesNotReport(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.select(robot, 1);
        FxWait.eventually(() -> assertThat(fx.detailTexts(robot)).contains("Normal")
                .anySatisfy(t -> assertThat(t).startsWith("not reported (no csi-addons replication")));

        robot.interact(() -> fx.view.model().featuresProperty().set(FakeStorage.readOnly()));
        fx.select(robot, 0);
        fx.select(robot, 1);
        FxWait.eventually(() -> assertThat(fx.detailTexts(robot)).doesNotContain("Normal")
                .anySatisfy(t -> assertThat(t).startsWith("not reported (the driver does not advertise VOLUME_CONDITION")));
        fx.select(robot, 2);
        FxWait.eventually(() -> assertThat(fx.detailTexts(robot)).contains("Abnormal: path unreachable"));
    }

    @Test
    void theFileSystemFieldIsEmptyAndOffersTheUsualTypes(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn("#volume-create");
        fx.dialog(robot);
        assertThat(FxWait.onFx(() -> robot.lookup("#form-fsType").queryAs(javafx.scene.control.TextInputControl.class).getText())).isEmpty();
        javafx.scene.control.ComboBox<?> box = robot.lookup(".combo-box").queryAllAs(javafx.scene.control.ComboBox.class).stream()
                .filter(javafx.scene.control.ComboBox::isEditable).findFirst().orElseThrow();
        assertThat(box.getItems()).extracting(Object::toString).contains("ext4", "xfs");
        robot.interact(() -> box.getSelectionModel().select(1));
        FxWait.eventually(() -> assertThat(robot.lookup("#form-fsType").queryAs(javafx.scene.control.TextInputControl.class).getText())
                .isEqualTo("xfs"));
        fx.press(robot, "Cancel");
    }

    @Test
    void deletesAfterTheNameIsTyped(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.select(robot, 1);
        robot.clickOn("#volume-delete");
        fx.confirmByTyping(robot, "pvc-db", "Delete");
        fx.awaitRows(2);
        assertThat(fx.firstColumn()).containsExactly("pvc-web", "pvc-logs");
        assertThat(fx.storage.calls).contains("deleteVolume");
    }

    @Test
    void abortedAndUnavailableReachThePersonAsDialogs(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.storage.failNext("deleteVolume", FailureKind.BUSY, "an operation is already pending for this volume (ABORTED)",
                "Wait for the other operation to finish, then try again.");
        fx.select(robot, 1);
        robot.clickOn("#volume-delete");
        fx.confirmByTyping(robot, "pvc-db", "Delete");
        assertThat(fx.failureDialog(robot, "already pending")).isEqualTo("Another operation is in progress");
        assertThat(fx.firstColumn()).contains("pvc-db");

        fx.storage.failNext("listVolumes", FailureKind.UNAVAILABLE, "the plugin did not answer (UNAVAILABLE)",
                "Check that the driver is running, then refresh.");
        robot.interact(() -> fx.view.refreshAction().run());
        assertThat(fx.failureDialog(robot, "did not answer")).isEqualTo("Storage unreachable");
        FxWait.eventually(() -> assertThat(robot.lookup("#view-status").queryAs(javafx.scene.control.Label.class).getText())
                .contains("did not answer"));
    }

    @Test
    void disabledActionsSayWhy(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        assertThat(fx.disabled(robot, "volume-delete")).isTrue();
        assertThat(fx.tooltip(robot, "volume-delete")).isEqualTo("Select one of the volumes first.");
        fx.select(robot, 1);
        assertThat(fx.menuItemDisabled(robot, "volume-controller", 1)).as("Controller, Unpublish").isTrue();
        assertThat(fx.menuNote(robot, "volume-controller", 1)).contains("published to a node");
        robot.interact(() -> fx.view.model().featuresProperty().set(FakeStorage.readOnly()));
        assertThat(fx.disabled(robot, "volume-create")).isTrue();
        assertThat(fx.tooltip(robot, "volume-create")).contains("does not advertise CREATE_DELETE_VOLUME");
        assertThat(fx.menuNote(robot, "volume-csp", 0)).contains("CSP array");
    }

    @Test
    void theNodeMenuNamesTheConnectedNodeAndOffersOnlyWhatTheVolumesStateThereAllows(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        FxWait.until(() -> robot.lookup("#volume-node").queryAs(javafx.scene.control.MenuButton.class).getText().equals("Node node-a1"));
        int db = fx.firstColumn().indexOf("pvc-db");
        fx.select(robot, db);
        Volume v = FxWait.onFx(() -> (Volume) fx.view.model().selected());
        assertThat(v.publishedNodeIds()).doesNotContain("node-a1");
        assertThat(fx.menuItemDisabled(robot, "volume-node", 0)).as("Stage").isTrue();
        assertThat(fx.menuNote(robot, "volume-node", 0)).isEqualTo("Publish it to node-a1 first (Controller > Publish to a node): "
                + "node-a1 is not among the nodes it is published to.");
        assertThat(fx.menuItemDisabled(robot, "volume-node", 3)).as("Unstage").isTrue();
        assertThat(fx.menuNote(robot, "volume-node", 3)).isEqualTo("Neither the driver nor this console knows it staged on node-a1 at a staging path.");
    }

    @Test
    void aRowTheFilterHidesIsNoLongerSelectedSoDeleteCannotReachIt(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.select(robot, fx.firstColumn().indexOf("pvc-db"));
        assertThat(fx.disabled(robot, "volume-delete")).isFalse();
        robot.clickOn("#table-filter").write("pvc-web");
        FxWait.until(() -> fx.table().getItems().size() == 1);
        assertThat(FxWait.onFx(() -> fx.view.model().selected())).isNull();
        assertThat(fx.disabled(robot, "volume-delete")).isTrue();
        assertThat(fx.tooltip(robot, "volume-delete")).isEqualTo("Select one of the volumes first.");
    }
}
