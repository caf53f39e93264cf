package org.csiconsole.views.fx;

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
            assertThat(robot.lookup(".table-cell").queryAllAs(javafx.scene.control.TableCell.class))
                    .extracting(javafx.scene.control.Labeled::getText).contains("site-b", "1");
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
            assertThat(fx.view.deleteAction().disabledReason().get()).contains("defined on the CSP array");
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
            assertThat(robot.lookup(".table-cell").queryAllAs(javafx.scene.control.TableCell.class))
                    .extracting(javafx.scene.control.Labeled::getText).contains("In progress", "web");
        }

        @Test
        void createsThroughTheDialogAndDeletesAfterTyping(FxRobot robot) throws Exception {
            fx.awaitRows(2);
            robot.clickOn("#group-snapshot-create");
            fx.dialog(robot);
            fx.fill(robot, "name", "app-set");
            fx.fill(robot, "volumeIds", "vol-0001\nvol-0002");
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
