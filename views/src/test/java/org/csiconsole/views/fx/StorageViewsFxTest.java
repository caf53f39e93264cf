package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.StorageViews;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.PlaceholderView;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class StorageViewsFxTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ActionRunner actions = new ActionRunner(new TaskRunner(Platform::runLater), new Notifications(), dialogs);

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StackPane(), 800, 600));
        stage.show();
    }

    @Test
    void aConnectionWithoutStorageOpensThePlaceholderAndOneWithStorageKeepsItsCountCurrent(FxRobot robot) throws Exception {
        ConnectionModel connection = new ConnectionModel(ConnectionProfile.demo());
        AtomicReference<ResourceView> view = new AtomicReference<>();
        robot.interact(() -> view.set(StorageViews.create(ResourceKind.VOLUMES, connection, actions, Platform::runLater)));
        assertThat(view.get()).isInstanceOf(PlaceholderView.class);

        robot.interact(() -> {
            connection.storageProperty().set(storage);
            // a connection with storage is connected: its deletes are offered
            connection.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);
            view.set(StorageViews.create(ResourceKind.VOLUMES, connection, actions, Platform::runLater));
            view.get().activate();
        });
        assertThat(view.get()).isInstanceOf(VolumesView.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> connection.count(ResourceKind.VOLUMES).get() == 3);

        StorageTableView<?> volumes = (StorageTableView<?>) view.get();
        dialogs.typed = "pvc-db";
        robot.interact(() -> {
            volumes.table().tableView().getSelectionModel().select(1);
            view.get().deleteAction().run();
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> connection.count(ResourceKind.VOLUMES).get() == 2);
        assertThat(dialogs.assessments).as("two connections may hold the same ids: the confirmation names the one acted on")
                .singleElement().satisfies(a -> {
                    assertThat(a.onConnection()).isEqualTo("On connection Demo (inproc:demo)");
                    assertThat(a.lines().get(1)).isEqualTo("  On connection Demo (inproc:demo)");
                });
    }
}
