package org.csiconsole.views.fx;

import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.capacity.CapacityView;
import org.csiconsole.views.capacity.CapacityViewModel;
import org.csiconsole.views.plugin.PluginView;
import org.csiconsole.views.plugin.PluginViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CapacityAndPluginFxTest {

    @Nested
    @ExtendWith(ApplicationExtension.class)
    class TheCapacityView {
        private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

        @Start
        void start(Stage stage) {
            fx.show(stage, c -> new CapacityView(new CapacityViewModel(c)));
        }

        @AfterEach
        void tearDown(FxRobot robot) {
            fx.closeDialogs(robot);
        }

        @Test
        void showsCapacityPerSegmentInTableAndBars(FxRobot robot) throws Exception {
            fx.awaitRows(3);
            fx.awaitCells(robot, "800 GiB", "2 TiB", "tier=gold");
            assertThat(fx.cellTexts(robot)).contains("800 GiB", "2 TiB", "tier=gold");
            CapacityView view = (CapacityView) fx.view;
            FxWait.eventually(() -> {
                assertThat(view.barRows()).hasSize(3);
                assertThat(robot.lookup("#capacity-bars .progress-bar").queryAll()).as("GetCapacity rows have no total: no bar").isEmpty();
                assertThat(robot.lookup("#capacity-bars .label").queryAllAs(Label.class)).extracting(Label::getText)
                        .contains("800 GiB available to a new volume with default parameters, in this segment; GetCapacity reports available space only");
            });
        }

        @Test
        void aPoolThatReportsItsTotalShowsABarInTheThresholdColourAndItsFigures(FxRobot robot) throws Exception {
            fx.storage.pools.add(new org.csiconsole.core.model.Capacity(null, java.util.Map.of("pool", "pool-ssd"), 412L << 30,
                    null, null, new org.csiconsole.core.model.PoolUsage("site-a", "pool-ssd", 1L << 40, 612L << 30)));
            fx.storage.pools.add(new org.csiconsole.core.model.Capacity(null, java.util.Map.of("pool", "pool-hdd"), 50L << 30,
                    null, null, new org.csiconsole.core.model.PoolUsage("site-a", "pool-hdd", 1000L << 30, 950L << 30)));
            robot.interact(() -> fx.view.refreshAction().run());
            fx.awaitRows(5);
            // The bars follow the rows: wait for both of them, their styles and their figures.
            FxWait.eventually(() -> {
                var bars = robot.lookup("#capacity-bars .progress-bar").queryAllAs(javafx.scene.control.ProgressBar.class);
                assertThat(bars).as("the sum of the pools, then each pool").hasSize(3);
                assertThat(bars).anySatisfy(b -> {
                    assertThat(b.getProgress()).isEqualTo(612.0 / 1024);
                    assertThat(b.getStyleClass()).doesNotContain(org.csiconsole.views.theme.ConsoleStyles.CAPACITY_WARNING,
                            org.csiconsole.views.theme.ConsoleStyles.CAPACITY_DANGER);
                });
                assertThat(bars).anySatisfy(b -> assertThat(b.getStyleClass()).contains(org.csiconsole.views.theme.ConsoleStyles.CAPACITY_DANGER));
                assertThat(robot.lookup("#capacity-bars .label").queryAllAs(Label.class)).extracting(Label::getText)
                        .contains("Array site-a, pool pool-ssd", "612 GiB of 1 TiB used (60%)", "950 GiB of 1000 GiB used (95%)",
                                "All pools of the array", "462 GiB free in the 2 pools of 1 array together; 1.5 TiB of 2.0 TiB used (77%)");
            });
        }

        @Test
        void inTheRoomALaptopLeavesTheFirstBarsAreWholeAndUsedShowsBesideTheDetailPane(FxRobot robot) throws Exception {
            fx.storage.pools.add(new org.csiconsole.core.model.Capacity(null, java.util.Map.of("pool", "pool-ssd"), 412L << 30,
                    null, null, new org.csiconsole.core.model.PoolUsage("site-a", "pool-ssd", 1L << 40, 612L << 30)));
            robot.interact(() -> fx.view.refreshAction().run());
            fx.awaitRows(4);
            // At 1280x800 with the bottom panel open the view gets about 1024x400.
            robot.interact(() -> {
                fx.stage.setWidth(1024);
                fx.stage.setHeight(400);
            });
            CapacityView view = (CapacityView) fx.view;
            FxWait.eventually(() -> {
                javafx.scene.Node bars = robot.lookup("#capacity-bars").query();
                var rows = view.barRows();
                assertThat(rows).hasSizeGreaterThanOrEqualTo(2);
                javafx.geometry.Bounds second = rows.get(1).localToScene(rows.get(1).getBoundsInLocal());
                javafx.geometry.Bounds pane = bars.localToScene(bars.getBoundsInLocal());
                assertThat(second.getMaxY()).as("the first pool's bar, whole").isLessThanOrEqualTo(pane.getMaxY());
                javafx.scene.control.TableView<?> table = fx.table();
                double right = 0;
                for (var c : table.getVisibleLeafColumns()) {
                    right += c.getWidth();
                    if (c.getText().equals("Used")) break;
                }
                assertThat(right).as("Used's right edge within the table").isLessThanOrEqualTo(table.getWidth());
            });
        }

        @Test
        void queriesThroughTheDialogAndFailuresReadAsWords(FxRobot robot) throws Exception {
            fx.awaitRows(3);
            robot.clickOn("#capacity-query");
            fx.dialog(robot);
            fx.fill(robot, "topology", "topology.csi.example.com/site=site-b");
            fx.fill(robot, "parameters", "tier=silver");
            fx.press(robot, "Query");
            fx.awaitRows(4);
            assertThat(fx.firstColumn()).contains("topology.csi.example.com/site=site-b");
            assertThat(fx.storage.calls).contains("capacityQuery");
            fx.storage.failNext("capacity", FailureKind.BUSY, "capacity is being recalculated (ABORTED)", "Wait, then refresh.");
            robot.interact(() -> fx.view.refreshAction().run());
            assertThat(fx.failureDialog(robot, "recalculated")).isEqualTo("Another operation is in progress");
            fx.storage.failNext("capacity", FailureKind.UNAVAILABLE, "the plugin did not answer (UNAVAILABLE)", "Check the driver.");
            robot.interact(() -> fx.view.refreshAction().run());
            assertThat(fx.failureDialog(robot, "did not answer")).isEqualTo("Storage unreachable");
        }

        @Test
        void disabledQueryExplainsItself(FxRobot robot) throws Exception {
            fx.awaitRows(3);
            robot.interact(() -> fx.view.model().featuresProperty().set(FakeStorage.readOnly()));
            assertThat(fx.disabled(robot, "capacity-query")).isTrue();
            assertThat(fx.tooltip(robot, "capacity-query")).contains("GET_CAPACITY");
            assertThat(fx.view.deleteAction().disabledReason().get()).contains("nothing to delete");
        }
    }

    @Nested
    @ExtendWith(ApplicationExtension.class)
    class ThePluginView {
        private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

        @Start
        void start(Stage stage) {
            fx.show(stage, c -> new PluginView(new PluginViewModel(c)));
        }

        @AfterEach
        void tearDown(FxRobot robot) {
            fx.closeDialogs(robot);
        }

        @Test
        void showsIdentityCapabilitiesAlphaFlagsAndAddons(FxRobot robot) throws Exception {
            FxWait.until(() -> fx.table().getItems().size() > 30);
            FxWait.eventually(() -> {
                assertThat(robot.lookup("#plugin-name").queryAs(Label.class).getText()).isEqualTo("csi.reference.csiconsole.org");
                assertThat(robot.lookup("#plugin-version").queryAs(Label.class).getText()).isEqualTo("1.4.0");
                assertThat(robot.lookup("#addons-name").queryAs(Label.class).getText()).isEqualTo("addons.reference");
            });
            robot.interact(() -> fx.view.table().model().filterTextProperty().set("alpha"));
            assertThat(FxWait.onFx(() -> List.copyOf(fx.table().getItems()))).extracting(r -> ((org.csiconsole.views.plugin.CapabilityRow) r).name())
                    .contains("GET_VOLUME", "VOLUME_CONDITION", "SNAPSHOT_METADATA_SERVICE");
            robot.interact(() -> fx.view.table().model().filterTextProperty().set("csi-addons"));
            assertThat(FxWait.onFx(() -> fx.table().getItems().size())).isEqualTo(3);
        }

        @Test
        void aLongDriverNameAndManifestWrapInTheirCardAndTheCardsShareTheWidth(FxRobot robot) throws Exception {
            fx.storage.pluginInfoAnswer = new org.csiconsole.core.model.PluginInfo("org.democratic-csi.zfs-generic-iscsi.cluster-east-production",
                    "v1.9.3-2026.11.30-build.4711", java.util.Map.of("driver", "zfs-generic-iscsi", "zfs.datasetParentName", "tank/k8s/volumes",
                    "zfs.detachedSnapshotsDatasetParentName", "tank/k8s/snapshots", "iscsi.targetPortal", "10.30.0.15:3260"));
            robot.interact(() -> fx.view.refreshAction().run());
            FxWait.until(() -> robot.lookup("#plugin-name").queryAs(Label.class).getText().startsWith("org.democratic-csi"));
            FxWait.afterLayout(fx.view.node());
            FxWait.eventually(() -> {
                var cards = ((javafx.scene.layout.HBox) robot.lookup("#plugin-cards").query()).getChildren();
                assertThat(cards.get(0).getLayoutBounds().getWidth()).isCloseTo(cards.get(1).getLayoutBounds().getWidth(),
                        org.assertj.core.api.Assertions.within(2.0));
                assertThat(robot.lookup("#addons-name").queryAs(Label.class).getWidth()).as("the other card's name").isGreaterThan(100);
            });
        }

        @Test
        void failuresReadAsWordsAndCreateExplainsWhyNot(FxRobot robot) throws Exception {
            FxWait.until(() -> fx.table().getItems().size() > 30);
            assertThat(fx.view.createAction().disabledReason().get()).contains("only shows what the plugin reports");
            fx.storage.failNext("pluginInfo", FailureKind.BUSY, "the plugin is restarting (ABORTED)", "Wait, then refresh.");
            robot.interact(() -> fx.view.refreshAction().run());
            assertThat(fx.failureDialog(robot, "restarting")).isEqualTo("Another operation is in progress");
        }

        @Test
        void aCsiAddonsEndpointThatDoesNotAnswerLeavesTheCsiRowsWithAWarningInsteadOfADialog(FxRobot robot) throws Exception {
            FxWait.until(() -> fx.table().getItems().size() > 30);
            fx.storage.failNext("addons", FailureKind.UNAVAILABLE, "the csi-addons endpoint did not answer (UNAVAILABLE)", "Check the sidecar.");
            robot.interact(() -> fx.view.refreshAction().run());
            Label status = robot.lookup("#view-status").queryAs(Label.class);
            FxWait.until(() -> status.getText().startsWith("csi-addons: UNAVAILABLE \u2014 the csi-addons endpoint did not answer"));

            // The warning and the task's end arrive with the read's outcome: wait for them too.
            FxWait.eventually(() -> {
                assertThat(fx.table().getItems()).as("the CSI capabilities stay").hasSizeGreaterThan(20);
                assertThat(robot.lookup("#failure-why").tryQuery()).as("no modal for a partial read").isEmpty();
                assertThat(fx.notifications.items()).filteredOn(n -> n.severity() == org.csiconsole.views.notify.Severity.WARNING)
                        .singleElement().satisfies(n -> assertThat(n.message()).contains("csi-addons: UNAVAILABLE"));
                assertThat(fx.tasks.tasks().get(0).state()).isEqualTo(org.csiconsole.views.task.TaskState.DONE_WITH_ERRORS);
            });
        }
    }
}
