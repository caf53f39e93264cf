package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.PlaceholderView;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A view keeps the storage it was opened with, so when a connection's storage changes (Disconnect,
 * then Connect with a new channel) its views are opened again over the new one where their tabs stand.
 */
@ExtendWith(ApplicationExtension.class)
class ReopenViewsFxTest {
    private Workbench workbench;
    private ConnectionModel lab;
    private javafx.collections.ObservableList<ConnectionModel> connections;

    /** A view that only remembers the storage it was made over. */
    private record StorageView(StorageService storage, Label node) implements ResourceView {
        @Override
        public ObservableStringValue title() {
            return new SimpleStringProperty("Volumes");
        }

        @Override
        public Ikon icon() {
            return Material2AL.ALBUM;
        }

        @Override
        public void activate() {
        }

        @Override
        public void deactivate() {
        }

        @Override
        public ViewAction refreshAction() {
            return ViewAction.unavailable("Refresh", "none");
        }

        @Override
        public ViewAction createAction() {
            return ViewAction.unavailable("Create", "none");
        }

        @Override
        public ViewAction deleteAction() {
            return ViewAction.unavailable("Delete", "none");
        }
    }

    private static StorageService storage() {
        return () -> CompletableFuture.completedFuture(Features.NONE);
    }

    @Start
    void start(Stage stage) {
        lab = new ConnectionModel(ConnectionProfile.csi("lab", "unix:///csi/csi.sock"));
        ViewRegistry views = new ViewRegistry().register(ResourceKind.VOLUMES,
                c -> c.storage() == null ? new PlaceholderView(ResourceKind.VOLUMES, c) : new StorageView(c.storage(), new Label("volumes")));
        workbench = new Workbench(new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater), new Notifications(),
                new FakeDialogService(), new ThemeManager(Theme.LIGHT), new CallTrace(), views), connections = FXCollections.observableArrayList(lab));
        stage.setScene(workbench.createScene(1000, 700));
        stage.show();
    }

    @Test
    void aViewOpenedBeforeDisconnectIsOpenedAgainOverTheNewStorageWhereItsTabStands(FxRobot robot) throws Exception {
        StorageService first = storage();
        StorageService second = storage();
        int[] at = new int[2];
        ResourceView[] shown = new ResourceView[3];
        WaitForAsyncUtils.asyncFx(() -> {
            lab.storageProperty().set(first);
            workbench.openStart();
            shown[0] = workbench.open(lab, ResourceKind.VOLUMES);
            at[0] = workbench.centre().getSelectionModel().getSelectedIndex();
            lab.storageProperty().set(null);
            workbench.reopenViews(lab);
            shown[1] = workbench.selectedView();
            lab.storageProperty().set(second);
            workbench.reopenViews(lab);
            shown[2] = workbench.selectedView();
            at[1] = workbench.centre().getSelectionModel().getSelectedIndex();
        }).get(10, TimeUnit.SECONDS);

        assertThat(((StorageView) shown[0]).storage()).isSameAs(first);
        assertThat(shown[1]).as("disconnected: the placeholder says so").isInstanceOf(PlaceholderView.class);
        assertThat(shown[2]).isInstanceOfSatisfying(StorageView.class, v -> assertThat(v.storage()).isSameAs(second));
        assertThat(at[1]).as("the tab stays where it stood").isEqualTo(at[0]);
    }

    @Test
    void anEditedConnectionsViewsFollowTheReplacementAndTheirStateTextItsLiveState(FxRobot robot) throws Exception {
        ConnectionModel edited = new ConnectionModel(ConnectionProfile.csi("lab", "unix:///csi/other.sock"));
        String[] text = new String[2];
        ResourceView[] shown = new ResourceView[1];
        WaitForAsyncUtils.asyncFx(() -> {
            lab.storageProperty().set(storage());
            lab.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);
            workbench.openStart();
            workbench.open(lab, ResourceKind.VOLUMES);
            // Edit connection: the old model's storage goes, a new model takes its place and connects
            lab.storageProperty().set(null);
            workbench.reopenViews(lab);
            edited.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTING);
            connections.set(0, edited);
            shown[0] = workbench.selectedView();
            text[0] = ((javafx.scene.control.Labeled) robot.lookup(".cc-placeholder-view .label").queryAll().stream()
                    .filter(n -> n instanceof javafx.scene.control.Label l && l.getText().startsWith("Nothing is listed")).findFirst()
                    .orElseThrow()).getText();
            edited.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);
            text[1] = ((javafx.scene.control.Labeled) robot.lookup(".cc-placeholder-view .label").queryAll().stream()
                    .filter(n -> n instanceof javafx.scene.control.Label l && l.getText().startsWith("Nothing is listed")).findFirst()
                    .orElseThrow()).getText();
        }).get(10, TimeUnit.SECONDS);

        assertThat(shown[0]).isInstanceOfSatisfying(PlaceholderView.class, p -> assertThat(p.connection()).isSameAs(edited));
        assertThat(text[0]).contains("is not connected (connecting)");
        assertThat(text[1]).startsWith("Nothing is listed yet: lab is connected").doesNotContain("not connected");
    }
}
