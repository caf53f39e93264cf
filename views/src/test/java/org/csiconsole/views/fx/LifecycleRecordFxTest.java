package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.lifecycle.LifecyclePerspective;
import org.csiconsole.views.lifecycle.LifecycleView;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.KnownResources;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.ConnectionModel;
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
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The Lifecycle perspective on a driver that cannot list volumes: the console's record of the connection gives the volumes to choose from. */
@ExtendWith(ApplicationExtension.class)
class LifecycleRecordFxTest {
    private final ConsoleBook book = ConsoleBook.inMemory("unix:///csi/csi.sock");
    private Workbench workbench;
    private ConnectionModel connection;

    @Start
    void start(Stage stage) {
        TaskRunner tasks = new TaskRunner(Platform::runLater);
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, tasks, new Notifications(), new FakeDialogService(),
                new ThemeManager(Theme.LIGHT), new CallTrace(), new ViewRegistry());
        connection = new ConnectionModel(ConnectionProfile.demo());
        connection.storageProperty().set(new FakeStorage(FakeStorage.cannotList()));
        workbench = new Workbench(services, FXCollections.observableArrayList(connection));
        book.record(RecordedItem.of(RecordKind.VOLUME, "vol-206", "w3-mid", null, RecordOrigin.CREATED, 1L << 30, Map.of(), Instant.now()));
        stage.setScene(workbench.createScene(1280, 800));
        stage.show();
    }

    @Test
    void theRecordsVolumesAreOfferedWhenTheDriverCannotListThem(FxRobot robot) throws Exception {
        LifecycleView view = WaitForAsyncUtils.asyncFx(() -> {
            LifecycleView v = LifecyclePerspective.view(workbench, (d, o, caption, format) -> new byte[0], Clock.systemDefaultZone(),
                    new org.csiconsole.core.audit.OverrideMarks(), c -> KnownResources.of(book));
            v.model().connectionProperty().set(connection);
            v.activate();
            return v;
        }).get(10, TimeUnit.SECONDS);

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.model().volumes().stream().map(Volume::volumeId).anyMatch("vol-206"::equals));

        Volume offered = WaitForAsyncUtils.asyncFx(() -> view.model().volumes().get(0)).get(10, TimeUnit.SECONDS);
        assertThat(offered.name()).isEqualTo("w3-mid");
        assertThat(RecordedItem.fromRecord(offered)).as("marked as the record's").isTrue();
    }
}
