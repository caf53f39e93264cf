package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.Perspective;
import org.csiconsole.views.workbench.ResourceView;
import org.csiconsole.views.workbench.StartView;
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

import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@ExtendWith(ApplicationExtension.class)
class PerspectivesFxTest {
    private Workbench workbench;
    private final AtomicInteger created = new AtomicInteger();
    private CountingView replication;
    private final javafx.beans.property.StringProperty target = new javafx.beans.property.SimpleStringProperty("unix:///root/strict/csi.sock");

    @Start
    void start(Stage stage) {
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater),
                new Notifications(), new FakeDialogService(), new ThemeManager(Theme.LIGHT), new CallTrace(), new ViewRegistry());
        workbench = new Workbench(services, FXCollections.observableArrayList());
        workbench.addPerspective(new Perspective("replication", "Replication", Material2MZ.SYNC, "Alt+2", () -> {
            created.incrementAndGet();
            replication = new CountingView();
            return replication;
        }));
        workbench.addPerspective(new Perspective("troubleshoot", "Troubleshoot", Material2MZ.SYNC, null, () -> new CountingView() {
            @Override
            public ObservableStringValue statusTarget() {
                return target;
            }
        }));
        stage.setScene(workbench.createScene(1280, 800));
        stage.show();
    }

    @Test
    void theShortcutShowsThePerspectiveInTheCentreAndMovesActivationToIt(FxRobot robot) {
        ResourceView start = workbench.selectedView();
        assertThat(start).isInstanceOf(StartView.class);
        assertThat(created).hasValue(0);

        robot.clickOn("#start-view");
        robot.press(KeyCode.ALT, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.ALT);

        assertThat(workbench.perspectiveProperty().get()).isEqualTo("replication");
        assertThat(robot.lookup("#counting-view").tryQuery()).isPresent();
        assertThat(robot.lookup("#start-view").tryQuery()).isEmpty();
        assertThat(replication.active).isTrue();
        assertThat(workbench.activeViewProperty().get()).isSameAs(replication);
        assertThat(robot.lookup("#perspective-replication").queryAs(ToggleButton.class).isSelected()).isTrue();
    }

    @Test
    void goingBackToResourcesDeactivatesThePerspectiveAndKeepsItsViewForNextTime(FxRobot robot) {
        robot.interact(() -> workbench.showPerspective("replication"));
        robot.clickOn("#perspective-resources");

        assertThat(workbench.perspectiveProperty().get()).isEqualTo(Perspective.RESOURCES);
        assertThat(replication.active).isFalse();
        assertThat(workbench.activeViewProperty().get()).isInstanceOf(StartView.class);
        assertThat(robot.lookup("#start-view").tryQuery()).isPresent();

        robot.clickOn("#perspective-replication");
        robot.clickOn("#perspective-replication"); // a second click keeps it shown, it does not toggle it off
        assertThat(workbench.perspectiveProperty().get()).isEqualTo("replication");
        assertThat(robot.lookup("#perspective-replication").queryAs(ToggleButton.class).isSelected()).isTrue();
        assertThat(created).hasValue(1);
    }

    @Test
    void openingAResourceViewReturnsToTheResourcePerspective(FxRobot robot) {
        robot.interact(() -> workbench.showPerspective("replication"));
        robot.interact(() -> workbench.openStart());

        assertThat(workbench.perspectiveProperty().get()).isEqualTo(Perspective.RESOURCES);
        assertThat(replication.active).isFalse();
    }

    @Test
    void anUnknownPerspectiveShowsTheResourcesAndADuplicateIdIsRefused(FxRobot robot) {
        robot.interact(() -> assertThat(workbench.showPerspective("no-such")).isNull());
        assertThat(workbench.perspectiveProperty().get()).isEqualTo(Perspective.RESOURCES);
        assertThat(workbench.perspectiveIds()).containsExactly(Perspective.RESOURCES, "replication", "troubleshoot");
        assertThatThrownBy(() -> workbench.addPerspective(
                new Perspective("replication", "Again", Material2MZ.SYNC, null, CountingView::new)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("replication");
    }

    @Test
    void aPerspectiveWithAnEndpointOfItsOwnKeepsTheStatusBarOnThatEndpoint(FxRobot robot) {
        robot.interact(() -> workbench.showPerspective("troubleshoot"));

        assertThat(robot.lookup("#status-endpoint").queryAs(Label.class).getText()).isEqualTo("unix:///root/strict/csi.sock");
        assertThat(robot.lookup("#status-state").queryAs(Label.class).getText()).isEqualTo("Troubleshoot");
        robot.interact(() -> target.set("unix:///root/stale/csi.sock"));
        assertThat(robot.lookup("#status-endpoint").queryAs(Label.class).getText()).isEqualTo("unix:///root/stale/csi.sock");
        robot.interact(() -> target.set(null));
        assertThat(robot.lookup("#status-state").queryAs(Label.class).getText()).as("a page of the current connection").isEqualTo("No connection");
        robot.interact(() -> target.set("unix:///root/stale/csi.sock"));
        assertThat(robot.lookup("#status-endpoint").queryAs(Label.class).getText()).isEqualTo("unix:///root/stale/csi.sock");

        robot.interact(() -> workbench.showPerspective("replication"));
        assertThat(robot.lookup("#status-endpoint").queryAs(Label.class).getText()).as("a perspective of the current connection").isEmpty();
        assertThat(robot.lookup("#status-state").queryAs(Label.class).getText()).isEqualTo("No connection");
    }

    /** A view that records whether the workbench has it active. */
    static class CountingView implements ResourceView {
        private final StackPane root = new StackPane(new Label("Replication"));
        boolean active;

        CountingView() {
            root.setId("counting-view");
        }

        @Override public ObservableStringValue title() { return Bindings.createStringBinding(() -> "Replication"); }
        @Override public Ikon icon() { return Material2MZ.SYNC; }
        @Override public Node node() { return root; }
        @Override public void activate() { active = true; }
        @Override public void deactivate() { active = false; }
        @Override public ViewAction refreshAction() { return ViewAction.unavailable("Refresh", "nothing to read"); }
        @Override public ViewAction createAction() { return ViewAction.unavailable("New", "nothing to create"); }
        @Override public ViewAction deleteAction() { return ViewAction.unavailable("Delete", "nothing to delete"); }
    }
}
