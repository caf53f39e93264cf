package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.lifecycle.LifecyclePerspective;
import org.csiconsole.views.lifecycle.LifecycleView;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.StorageViews;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The Lifecycle perspective in the workbench, reached from the Volumes view with the selected volume. */
@ExtendWith(ApplicationExtension.class)
class LifecyclePerspectiveFxTest {
    private Workbench workbench;
    private ConnectionModel connection;

    @Start
    void start(Stage stage) {
        FakeDialogService dialogs = new FakeDialogService();
        TaskRunner tasks = new TaskRunner(Platform::runLater);
        ViewRegistry views = new ViewRegistry();
        Notifications notifications = new Notifications();
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, tasks, notifications, dialogs,
                new ThemeManager(Theme.LIGHT), new CallTrace(), views);
        StorageViews.registerAll(views, services.actions(), Platform::runLater);
        FakeStorage storage = new FakeStorage().seeded();
        connection = new ConnectionModel(ConnectionProfile.demo());
        connection.storageProperty().set(storage);
        workbench = new Workbench(services, FXCollections.observableArrayList(connection));
        DiagramExporter exporter = (d, o, caption, format) -> new byte[0];
        LifecyclePerspective.install(workbench, exporter, Clock.systemDefaultZone());
        stage.setScene(workbench.createScene(1280, 800));
        stage.show();
    }

    @Test
    void lifecycleOnTheVolumesViewShowsTheSelectedVolumeInTheLifecyclePerspective(FxRobot robot) throws Exception {
        VolumesView volumes = (VolumesView) WaitForAsyncUtils.asyncFx(() -> workbench.open(connection, ResourceKind.VOLUMES))
                .get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> volumes.viewModel().table().all().size() == 3);
        // At 1280 px the command sits in the bar's overflow menu; the rows' menu has it too.
        javafx.scene.control.MenuItem lifecycle = volumes.rowMenu().getItems().stream()
                .filter(i -> i.getGraphic() instanceof javafx.scene.layout.VBox box && !box.getChildren().isEmpty()
                        && box.getChildren().get(0) instanceof javafx.scene.control.Label l && "Lifecycle".equals(l.getText()))
                .findFirst().orElseThrow();
        assertThat(lifecycle.isDisable()).as("nothing selected yet").isTrue();
        robot.interact(() -> volumes.viewModel().selectedProperty().set(volumes.viewModel().table().all().get(1)));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lifecycle.isDisable()).isFalse();

        robot.interact(lifecycle::fire);

        assertThat(workbench.perspectiveProperty().get()).isEqualTo(LifecyclePerspective.ID);
        LifecycleView view = (LifecycleView) workbench.activeViewProperty().get();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> {
            Volume v = view.model().volumeProperty().get();
            return v != null && v.volumeId().equals("vol-0002");
        });
        assertThat(view.model().connectionProperty().get()).isSameAs(connection);
        assertThat(robot.lookup("#lifecycle-diagram").tryQuery()).isPresent();
        assertThat(robot.lookup("#lifecycle-view").tryQuery()).isPresent();
        assertThat(robot.lookup("#centre").tryQuery()).as("the resource tabs made way").isEmpty();
    }
}
