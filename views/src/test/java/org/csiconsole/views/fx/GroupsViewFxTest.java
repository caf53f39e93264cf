package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.stage.Stage;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.groups.SnapshotGroupsView;
import org.csiconsole.views.groups.SnapshotGroupsViewModel;
import org.csiconsole.views.groups.VolumeGroupsView;
import org.csiconsole.views.groups.VolumeGroupsViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;

class GroupsViewFxTest {

    static javafx.scene.control.CheckBox member(FxRobot robot, String volumeId) throws Exception {
        // A check box that shows the volume and has been laid out, so that a click lands on it.
        java.util.concurrent.Callable<java.util.Optional<javafx.scene.control.CheckBox>> box = () -> robot.lookup("#form-members-list")
                .lookup(".check-box").queryAllAs(javafx.scene.control.CheckBox.class).stream()
                .filter(b -> b.getText() != null && b.getText().contains(volumeId) && FxChecks.shown(b) && b.getHeight() > 0).findFirst();
        FxWait.until(() -> box.call().isPresent());
        return FxWait.onFx(box).orElseThrow();
    }

    @Nested
    @ExtendWith(ApplicationExtension.class)
    class TheVolumeGroupsView {
        private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

        @Start
        void start(Stage stage) {
            fx.show(stage, c -> new VolumeGroupsView(new VolumeGroupsViewModel(c)));
        }

        @AfterEach
        void tearDown(FxRobot robot) {
            fx.closeDialogs(robot);
        }

        @Test
        void showsGroupsAndSnapshotsAllMembersThroughTheDialog(FxRobot robot) throws Exception {
            fx.awaitRows(1);
            assertThat(fx.firstColumn()).containsExactly("web");
            fx.awaitCells(robot, "site-b", "1");
            assertThat(fx.cellTexts(robot)).contains("site-b", "1");
            fx.select(robot, 0);
            robot.clickOn("#group-snapshot");
            fx.dialog(robot);
            fx.fill(robot, "name", "web-consistent");
            fx.press(robot, "Create");
            org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                    () -> fx.storage.groupSnapshots.stream().anyMatch(g -> g.name().equals("web-consistent")));
        }

        @Test
        void failuresAndDisabledActions(FxRobot robot) throws Exception {
            fx.awaitRows(1);
            assertThat(fx.tooltip(robot, "group-snapshot")).isEqualTo("Select a volume group with members.");
            assertThat(fx.view.deleteAction().enabled().get()).isFalse();
            assertThat(fx.view.deleteAction().disabledReason().get()).contains("CSP volume groups are managed on the array");
            fx.storage.failNext("createGroupSnapshot", FailureKind.BUSY, "a group snapshot is in progress (ABORTED)", "Wait, then try again.");
            fx.select(robot, 0);
            robot.clickOn("#group-snapshot");
            fx.press(robot, "Create");
            assertThat(fx.formFailure(robot, "in progress")).isEqualTo("a group snapshot is in progress (ABORTED)");
            fx.press(robot, "Cancel");
            fx.storage.failNext("listVolumeGroups", FailureKind.UNAVAILABLE, "the array did not answer (HTTP 503)", "Check the array.");
            robot.interact(() -> fx.view.refreshAction().run());
            assertThat(fx.failureDialog(robot, "did not answer")).isEqualTo("Storage unreachable");
        }
    }

    @Nested
    @ExtendWith(ApplicationExtension.class)
    class TheCsiAddonsVolumeGroups {
        private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded().withAddonsGroup());

        @Start
        void start(Stage stage) {
            fx.show(stage, c -> new VolumeGroupsView(new VolumeGroupsViewModel(c)));
        }

        @AfterEach
        void tearDown(FxRobot robot) {
            fx.closeDialogs(robot);
        }

        private boolean confirmDisabled(FxRobot robot, String label) throws Exception {
            javafx.scene.control.DialogPane pane = fx.dialog(robot);
            return FxWait.onFx(() -> pane.getButtonTypes().stream().map(pane::lookupButton)
                    .filter(b -> label.equals(((javafx.scene.control.Button) b).getText())).findFirst().orElseThrow().isDisabled());
        }

        @Test
        void theMemberPickerFiltersTicksAndNamesAVolumeAlreadyInAnotherGroup(FxRobot robot) throws Exception {
            fx.awaitRows(2);
            robot.clickOn("#volume-group-create");
            fx.dialog(robot);
            fx.fill(robot, "name", "logs");
            robot.clickOn("#form-members-filter").write("pvc-db");
            FxWait.until(() -> robot.lookup("#form-members-list").queryAs(javafx.scene.control.ListView.class).getItems().size() == 1);
            robot.clickOn(member(robot, "vol-0002"));
            FxWait.until(() -> robot.lookup("#form-members-error").queryAs(javafx.scene.control.Label.class).isVisible());
            FxWait.eventually(() -> assertThat(robot.lookup("#form-members-error").queryAs(javafx.scene.control.Label.class).getText())
                    .isEqualTo("vol-0002 is already in group db; this driver allows one group per volume."));
            assertThat(confirmDisabled(robot, "Create")).isTrue();

            robot.clickOn(member(robot, "vol-0002"));
            robot.doubleClickOn("#form-members-filter").eraseText(6).write("logs");
            FxWait.until(() -> robot.lookup("#form-members-list").queryAs(javafx.scene.control.ListView.class).getItems().size() == 1);
            robot.clickOn(member(robot, "vol-0003"));
            FxWait.eventually(() -> assertThat(robot.lookup("#form-members-count").queryAs(javafx.scene.control.Label.class).getText())
                    .isEqualTo("1 of 3 chosen"));
            fx.press(robot, "Create");
            org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> fx.storage.volumeGroups.stream()
                    .anyMatch(g -> g.name().equals("logs") && g.volumes().size() == 1 && g.volumes().get(0).volumeId().equals("vol-0003")));
            assertThat(fx.storage.calls).containsOnlyOnce("createVolumeGroup");
        }

        @Test
        void theDeleteKeepsTheMembersByDefaultAndAsksTheRiskDialogsTypedNameBeforeSending(FxRobot robot) throws Exception {
            fx.awaitRows(2);
            fx.awaitCells(robot, "csi-addons", "CSP");
            assertThat(fx.cellTexts(robot)).contains("csi-addons", "CSP");
            fx.select(robot, fx.firstColumn().indexOf("db"));
            robot.clickOn("#volume-group-delete");
            fx.dialog(robot);
            FxWait.eventually(() -> assertThat(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class))
                    .extracting(javafx.scene.control.Label::getText).anyMatch(t -> t != null && t.contains("1 member volume (vol-0002) stay")));
            fx.press(robot, "Continue");

            FxWait.until(() -> robot.lookup("#risk-input-0").tryQuery().isPresent());
            assertThat(fx.storage.calls).as("nothing is sent before consent").doesNotContain("modifyVolumeGroupMembership", "deleteVolumeGroup");
            assertThat(confirmDisabled(robot, "Delete")).isTrue();
            fx.confirmByTyping(robot, "db", "Delete");

            org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                    () -> fx.storage.volumeGroups.stream().noneMatch(g -> g.id().equals("vg-db")));
            assertThat(fx.storage.volumes).extracting(org.csiconsole.core.model.Volume::volumeId).contains("vol-0002");
            assertThat(fx.storage.calls).doesNotContain("deleteVolume");
        }
    }

    @Nested
    @ExtendWith(ApplicationExtension.class)
    class TheSnapshotGroupsView {
        private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

        @Start
        void start(Stage stage) {
            fx.show(stage, c -> new SnapshotGroupsView(new SnapshotGroupsViewModel(c)));
        }

        @AfterEach
        void tearDown(FxRobot robot) {
            fx.closeDialogs(robot);
        }

        @Test
        void showsCsiGroupSnapshotsAndCspSnapshotGroupsWithReplication(FxRobot robot) throws Exception {
            fx.awaitRows(2);
            assertThat(fx.firstColumn()).containsExactlyInAnyOrder("db-consistent", "web-nightly");
            fx.awaitCells(robot, "In progress", "web");
            assertThat(fx.cellTexts(robot)).contains("In progress", "web");
        }

        @Test
        void createsThroughTheDialogAndDeletesAfterTyping(FxRobot robot) throws Exception {
            fx.awaitRows(2);
            robot.clickOn("#group-snapshot-create");
            fx.dialog(robot);
            fx.fill(robot, "name", "app-set");
            javafx.scene.control.CheckBox first = member(robot, "vol-0001");
            robot.interact(first::fire);
            fx.fill(robot, "moreVolumeIds", "vol-0002");
            fx.press(robot, "Create");
            fx.awaitRows(3);
            assertThat(fx.firstColumn()).contains("app-set");

            int row = fx.firstColumn().indexOf("db-consistent");
            fx.select(robot, row);
            robot.clickOn("#group-snapshot-delete");
            fx.confirmByTyping(robot, "db-consistent", "Delete");
            fx.awaitRows(2);
            assertThat(fx.firstColumn()).doesNotContain("db-consistent");
        }

        @Test
        void failuresAndDisabledActions(FxRobot robot) throws Exception {
            fx.awaitRows(2);
            robot.interact(() -> fx.view.model().featuresProperty().set(FakeStorage.readOnly()));
            assertThat(fx.tooltip(robot, "group-snapshot-create")).contains("GROUP_CONTROLLER_SERVICE");
            robot.interact(() -> fx.view.model().refreshFeatures());
            fx.storage.failNext("deleteGroupSnapshot", FailureKind.BUSY, "members are still being cut (ABORTED)", "Wait, then retry.");
            fx.select(robot, 0);
            String name = fx.firstColumn().get(0);
            robot.clickOn("#group-snapshot-delete");
            fx.confirmByTyping(robot, name, "Delete");
            assertThat(fx.failureDialog(robot, "still being cut")).isEqualTo("Another operation is in progress");
            fx.storage.failNext("listGroupSnapshots", FailureKind.UNAVAILABLE, "the plugin did not answer (UNAVAILABLE)", "Check the driver.");
            robot.interact(() -> fx.view.refreshAction().run());
            assertThat(fx.failureDialog(robot, "did not answer")).isEqualTo("Storage unreachable");
        }
    }
}

