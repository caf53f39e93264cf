package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.trace.CallTraceView;
import org.csiconsole.views.trace.TraceFixtures;
import org.csiconsole.views.trace.TraceTools;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2MZ;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.views.trace.TraceFixtures.call;

/** The workbench's trace follows the volume selected in the view in front, and opens saved traces in tabs. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchTraceFxTest {
    private final CallTrace trace = new CallTrace();
    private final TraceFixtures.MemoryArchive archive = new TraceFixtures.MemoryArchive();
    private final StringProperty selectedVolume = new SimpleStringProperty();
    private Workbench workbench;
    private ConnectionModel demo;

    /** A volumes view reduced to its selection. */
    private final class SelectionView implements ResourceView {
        private final Label node = new Label("volumes");

        @Override
        public ObservableStringValue title() {
            return Bindings.createStringBinding(() -> "Volumes");
        }

        @Override
        public Ikon icon() {
            return Material2MZ.STORAGE;
        }

        @Override
        public Node node() {
            return node;
        }

        @Override
        public void activate() {
        }

        @Override
        public void deactivate() {
        }

        @Override
        public ViewAction refreshAction() {
            return ViewAction.unavailable("Refresh", "no");
        }

        @Override
        public ViewAction createAction() {
            return ViewAction.unavailable("New", "no");
        }

        @Override
        public ViewAction deleteAction() {
            return ViewAction.unavailable("Delete", "no");
        }

        @Override
        public ObservableValue<String> selectedVolumeId() {
            return selectedVolume;
        }
    }

    @Start
    void start(Stage stage) {
        demo = new ConnectionModel(ConnectionProfile.demo());
        ViewRegistry views = new ViewRegistry().register(ResourceKind.VOLUMES, c -> new SelectionView());
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater),
                new Notifications(), new FakeDialogService(), new ThemeManager(Theme.LIGHT), trace, views);
        workbench = new Workbench(services, FXCollections.observableArrayList(demo));
        stage.setScene(workbench.createScene(1280, 800));
        // the stage outlives test classes: one that set its size (a laptop's 1024 px) does not shrink this workbench
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private static TableView<TraceEntry> table(FxRobot robot, String within) {
        return robot.lookup(within + " .table-view").match(n -> !"table-pinned".equals(n.getId())).queryAs(TableView.class);
    }

    @Test
    void at1280x800WithTheBottomPanelOpenTheTraceShowsFourCallsAndTheViewKeepsItsDesignHeight(FxRobot robot) throws Exception {
        for (int i = 0; i < 20; i++) call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-" + i);
        robot.interact(() -> workbench.open(demo, ResourceKind.VOLUMES));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#bottom-panel").getItems().size() == 20);
        FxWait.afterLayout(workbench.root());

        assertThat(FxWait.onFx(() -> DesignSize.rowsInSight(table(robot, "#bottom-panel")))).as("calls in sight").isGreaterThanOrEqualTo(4);
        Node view = robot.lookup(".cc-centre .tab-content-area").match(FxChecks::shown).query();
        assertThat(FxWait.onFx(() -> view.getLayoutBounds().getHeight())).as("the room of the view in front")
                .isGreaterThanOrEqualTo(DesignSizeFxTest.VIEW_HEIGHT);
    }

    @Test
    void whileFollowingTheTraceShowsTheCallsOfTheVolumeSelectedInTheViewInFront(FxRobot robot) throws Exception {
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-1");
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-2");
        call(trace, "csi.v1.Controller/ControllerPublishVolume", "OK", "vol-2");
        robot.interact(() -> workbench.open(demo, ResourceKind.VOLUMES));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#bottom-panel").getItems().size() == 3);

        robot.clickOn("#trace-follow");
        robot.interact(() -> selectedVolume.set("vol-2"));
        FxWait.eventually(() -> assertThat(table(robot, "#bottom-panel").getItems()).extracting(TraceEntry::shortMethod)
                .containsExactly("CreateVolume", "ControllerPublishVolume"));
        robot.interact(() -> selectedVolume.set("vol-1"));
        FxWait.eventually(() -> assertThat(table(robot, "#bottom-panel").getItems()).extracting(e -> e.targets("volume_id").get(0))
                .containsExactly("vol-1"));

        robot.clickOn("#trace-follow");
        robot.interact(() -> selectedVolume.set("vol-2"));
        assertThat(FxWait.onFx(() -> table(robot, "#bottom-panel").getItems().size())).as("no longer following").isEqualTo(1);
    }

    @Test
    void aSavedTraceOpensOfflineInATabOfItsOwnWithTheSameCalls(FxRobot robot) throws Exception {
        MenuItem open = workbench.menus().menuBar().getMenus().get(0).getItems().stream()
                .filter(m -> "menu-open-trace".equals(m.getId())).findFirst().orElseThrow();
        assertThat(open.isDisable()).as("no trace tools yet").isTrue();
        robot.interact(() -> workbench.traces().setTools(new TraceTools(TraceFixtures.commands(), archive, Runnable::run)));
        assertThat(open.isDisable()).isFalse();
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-1");
        call(trace, "csi.v1.Controller/DeleteVolume", "UNAVAILABLE", "vol-1");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#bottom-panel").getItems().size() == 2);
        Path file = Path.of("case-4711.jsonl");
        robot.interact(() -> workbench.bottom().trace().setFileChooser(name -> Optional.of(file)));
        robot.clickOn("#trace-save").clickOn("#trace-save-all");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> archive.files.containsKey(file));

        robot.interact(() -> workbench.traces().setFileChooser(() -> Optional.of(file)));
        robot.clickOn("File").clickOn("Open trace\u2026");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> workbench.selectedView() instanceof CallTraceView);

        CallTraceView offline = (CallTraceView) workbench.selectedView();
        assertThat(offline.model().isOffline()).isTrue();
        assertThat(offline.title().get()).isEqualTo("Trace case-4711.jsonl");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> offline.table().tableView().getItems().size() == 2);
        assertThat(FxWait.onFx(() -> List.copyOf(offline.table().tableView().getItems()))).containsExactlyElementsOf(trace.snapshot());
    }
}
