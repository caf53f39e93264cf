package org.csiconsole.views.fx;

import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.PoolUsage;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.capacity.CapacityView;
import org.csiconsole.views.capacity.CapacityViewModel;
import org.csiconsole.views.fence.FenceView;
import org.csiconsole.views.fence.FenceViewModel;
import org.csiconsole.views.groups.SnapshotGroupsView;
import org.csiconsole.views.groups.SnapshotGroupsViewModel;
import org.csiconsole.views.groups.VolumeGroupsView;
import org.csiconsole.views.groups.VolumeGroupsViewModel;
import org.csiconsole.views.hosts.HostsView;
import org.csiconsole.views.hosts.HostsViewModel;
import org.csiconsole.views.plugin.PluginView;
import org.csiconsole.views.plugin.PluginViewModel;
import org.csiconsole.views.replication.ReplicationFxSupport;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.snapshots.SnapshotsView;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 1280×800 is the design size (the headless screen's). Every storage view, in the room the
 * workbench gives a view at that size with the bottom panel open (1022×400 px), shows no figure
 * cut (a text starting with a digit: "256 addresses", "4 min 57 s", a time) and keeps at least 8
 * rows of its table in sight; the create-volume dialog, after a failure grew it, is no taller
 * than the screen and its buttons are on it.
 */
@ExtendWith(ApplicationExtension.class)
class DesignSizeFxTest {
    /** The centre of the workbench at 1280×800 with the navigator and the bottom panel open. */
    static final double VIEW_WIDTH = 1022, VIEW_HEIGHT = 400;
        /** A window of the test's own, sized here: the primary stage is shared with the test classes that run after. */
    private Stage stage;

    @Start
    void start(Stage primary) {
        stage = new Stage();
    }

    @org.junit.jupiter.api.AfterEach
    void closeWindow(FxRobot robot) {
        robot.interact(stage::hide);
    }

    @Test
    void everyStorageViewShowsItsFiguresWholeAndEightRows(FxRobot robot) throws Exception {
        Map<String, Function<ViewContext, StorageTableView<?>>> views = new LinkedHashMap<>();
        views.put("volumes", c -> new VolumesView(new VolumesViewModel(c)));
        views.put("snapshots", c -> new SnapshotsView(new SnapshotsViewModel(c)));
        views.put("volume-groups", c -> new VolumeGroupsView(new VolumeGroupsViewModel(c)));
        views.put("snapshot-groups", c -> new SnapshotGroupsView(new SnapshotGroupsViewModel(c)));
        views.put("hosts", c -> new HostsView(new HostsViewModel(c)));
        views.put("fence", c -> new FenceView(new FenceViewModel(c)));
        views.put("capacity", c -> new CapacityView(new CapacityViewModel(c)));
        views.put("plugin", c -> new PluginView(new PluginViewModel(c)));
        Map<String, List<String>> problems = new LinkedHashMap<>();
        for (var e : views.entrySet()) {
            FakeStorage storage = new FakeStorage().seeded();
            storage.pools.add(new Capacity(null, Map.of("pool", "pool-ssd"), 0, null, null, new PoolUsage("site-a", "pool-ssd", 200L << 40, 4L << 40)));
            storage.pools.add(new Capacity(null, Map.of("pool", "pool-hdd"), 0, null, null, new PoolUsage("site-a", "pool-hdd", 500L << 40, 930L << 30)));
            storage.pools.add(new Capacity(null, Map.of("pool", "pool-ssd"), 0, null, null, new PoolUsage("site-b", "pool-ssd", 200L << 40, 1200L << 30)));
            StorageFxSupport fx = new StorageFxSupport(storage);
            robot.interact(() -> {
                fx.show(stage, e.getValue());
                stage.getScene().getWindow().setWidth(VIEW_WIDTH);
                stage.getScene().getWindow().setHeight(VIEW_HEIGHT);
            });
            FxWait.until(() -> !fx.view.model().loadingProperty().get() && !fx.view.model().unreadProperty().get()
                    && (fx.table().getItems().isEmpty() || fx.rowsWithText() > 0));
            if (FxWait.onFx(() -> !fx.table().getItems().isEmpty())) fx.select(robot, 0);
            FxWait.afterLayout(fx.view.node());
            List<String> found = new ArrayList<>(FxWait.onFx(() -> DesignSize.cutFigures(fx.view.node())));
            int rows = FxWait.onFx(() -> DesignSize.rowsInSight(fx.table()));
            if (rows < FxWait.onFx(() -> DesignSize.rowsWanted(fx.table()))) found.add("room for " + rows + " rows");
            if (!found.isEmpty()) problems.put(e.getKey(), found);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void theReplicationWizardsKeepTheirTypedNamesTheFenceToTypeAndButtonsInSight(FxRobot robot) throws Exception {
        ReplicationFxSupport fx = new ReplicationFxSupport();
        robot.interact(() -> fx.show(stage));
        fx.publish(robot);
        Rectangle2D screen = FxWait.onFx(() -> Screen.getPrimary().getVisualBounds());
        assertThat(screen.getHeight()).as("the test screen is the design size").isEqualTo(800);
        Map<String, List<String>> problems = new LinkedHashMap<>();
        for (var kind : List.of(org.csiconsole.core.replication.WorkflowKind.UNPLANNED_FAILOVER,
                org.csiconsole.core.replication.WorkflowKind.SPLIT_BRAIN_RECOVERY)) {
            String row = kind == org.csiconsole.core.replication.WorkflowKind.SPLIT_BRAIN_RECOVERY ? "vol-2" : "vol-1";
            robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-a", row)));
            ReplicationFxSupport.later(() -> fx.view.model().commands().wizardAction(kind).run());
            javafx.scene.control.DialogPane pane = fx.dialog(robot);
            if (kind == org.csiconsole.core.replication.WorkflowKind.SPLIT_BRAIN_RECOVERY) {
                WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup("#wizard-keep-first").tryQuery().isPresent());
                robot.interact(() -> robot.lookup("#wizard-keep-first").queryAs(javafx.scene.control.ToggleButton.class).fire());
            }
            boolean fence = kind == org.csiconsole.core.replication.WorkflowKind.UNPLANNED_FAILOVER;
            if (fence) {
                robot.interact(() -> robot.lookup("#wizard-fence").queryAs(javafx.scene.control.TextArea.class).setText("10.10.2.0/24"));
                WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup("#wizard-fence-typed").tryQuery().isPresent());
            }
            WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup("#wizard-typed-0").tryQuery().isPresent());
            Window dialog = pane.getScene().getWindow();
            FxWait.afterLayout(pane);
            List<String> found = new ArrayList<>();
            FxWait.eventually(() -> {
                found.clear();
                found.addAll(FxWait.onFx(() -> {
                    List<String> out = new ArrayList<>(DesignSize.dialogProblems(dialog));
                    if (!DesignSize.inSight(robot.lookup("#wizard-typed-0").query())) out.add("the typed name is out of sight");
                    if (fence && !DesignSize.inSight(robot.lookup("#wizard-fence-typed").query())) out.add("the fence's blocks to type are out of sight");
                    return out;
                }));
                assertThat(found).isEmpty();
            });
            if (!found.isEmpty()) problems.put(kind.name(), List.copyOf(found));
            fx.closeDialogs(robot);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void theCreateVolumeDialogAfterAFailureFitsTheScreenWithItsButtons(FxRobot robot) throws Exception {
        StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());
        robot.interact(() -> fx.show(stage, c -> new VolumesView(new VolumesViewModel(c))));
        fx.awaitRows(3);
        fx.storage.failNext("createVolume", FailureKind.INVALID_ARGUMENT, "a volume with this name already exists but its capacity, "
                + "capabilities or parameters differ (plugin says: Volume name pvc-f80442fb-4fea-308c-a6b0-01fe62519c67 is already used "
                + "by volume vol-00000001 with incompatible arguments (capacity 1073741824 bytes, mount, access modes [SINGLE_NODE_WRITER], "
                + "parameters [performancePolicy, csi.storage.k8s.io/pvc/namespace]). Use another name or repeat the original request.)",
                "Use the existing volume's arguments, or pick a different name");
        robot.clickOn("#volume-create");
        Window dialog = fx.dialog(robot).getScene().getWindow();
        robot.clickOn("#form-name").write("pvc-f80442fb-4fea-308c-a6b0-01fe62519c67");
        fx.fill(robot, "size", "5GiB");
        fx.press(robot, "Create");
        FxWait.until(() -> FxChecks.shown(robot.lookup("#form-failure").query()));
        FxWait.afterLayout(fx.dialog(robot));

        Rectangle2D screen = FxWait.onFx(() -> Screen.getPrimary().getVisualBounds());
        assertThat(screen.getHeight()).as("the test screen is the design size").isEqualTo(800);
        FxWait.eventually(() -> {
            assertThat(dialog.getHeight()).as("the dialog's height").isLessThanOrEqualTo(screen.getHeight());
            assertThat(dialog.getY()).isGreaterThanOrEqualTo(screen.getMinY());
            assertThat(dialog.getY() + dialog.getHeight()).isLessThanOrEqualTo(screen.getMaxY());
            Node create = fx.dialog(robot).lookup(".button-bar");
            var b = create.localToScreen(create.getBoundsInLocal());
            assertThat(b.getMaxY()).as("the buttons are on the screen").isLessThanOrEqualTo(screen.getMaxY());
        });
        var pane = fx.dialog(robot);
        assertThat(FxWait.onFx(() -> pane.prefHeight(pane.getWidth()))).as("the height the dialog asks for, not only what the window got")
                .isLessThanOrEqualTo(DesignSize.HEIGHT - 40);
        robot.clickOn("Show technical detail");
        FxWait.afterLayout(pane);
        Node failure = robot.lookup("#form-failure-scroll").query();
        assertThat(FxWait.onFx(() -> failure.getLayoutBounds().getHeight())).as("the failure scrolls inside a bounded box")
                .isLessThanOrEqualTo(170);
        assertThat(FxWait.onFx(() -> pane.prefHeight(pane.getWidth()))).as("with the technical detail shown too")
                .isLessThanOrEqualTo(DesignSize.HEIGHT - 40);
        robot.interact(dialog::hide);
    }

    @Test
    void gettingStartedFitsTheScreenWithItsButtonAndBreaksNoWord(FxRobot robot) throws Exception {
        robot.interact(() -> {
            stage.setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 1280, 800));
            stage.show();
        });
        var dialog = new java.util.concurrent.atomic.AtomicReference<javafx.scene.control.Alert>();
        robot.interact(() -> {
            var d = org.csiconsole.views.dialog.FxDialogService.information("Getting started", org.csiconsole.views.help.HelpTexts.gettingStarted());
            d.initOwner(stage);
            dialog.set(d);
            d.show();
        });
        Window w = FxWait.onFx(() -> dialog.get().getDialogPane().getScene().getWindow());
        FxWait.afterLayout(w.getScene().getRoot());
        FxWait.eventually(() -> assertThat(DesignSize.dialogProblems(w)).isEmpty());
        assertThat(FxWait.onFx(() -> w.getHeight())).as("the dialog's height").isLessThanOrEqualTo(DesignSize.HEIGHT);
        var pane = dialog.get().getDialogPane();
        assertThat(FxWait.onFx(() -> pane.prefHeight(pane.getWidth()))).as("the height the dialog asks for, not only what the window got")
                .isLessThanOrEqualTo(DesignSize.HEIGHT);
        assertThat(FxWait.onFx(() -> pane.lookup("#information-text").getParent().getParent().getParent()))
                .as("the text scrolls inside the dialog").isInstanceOf(javafx.scene.control.ScrollPane.class);
        robot.interact(w::hide);
    }
}
