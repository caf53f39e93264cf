package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** At 1280x800 the navigator cannot be squeezed out of use, and View, Reset layout puts the dividers back. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchLayoutFxTest {
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater),
                new Notifications(), new FakeDialogService(), new ThemeManager(Theme.LIGHT), new CallTrace(), new ViewRegistry());
        workbench = new Workbench(services, FXCollections.observableArrayList());
        stage.setScene(workbench.createScene(1280, 800));
        stage.show();
    }

    @Test
    void theNavigatorKeepsARoomyWidthWhenItsDividerIsDraggedToTheEdge(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.navigatorDividerProperty().set(0.0));
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.afterLayout(workbench.root());
        assertThat(FxWait.onFx(() -> workbench.navigator().getWidth())).isGreaterThanOrEqualTo(180);
    }

    @Test
    void resetLayoutPutsTheDividersBackAndShowsTheBottomPanel(FxRobot robot) throws Exception {
        robot.interact(() -> {
            workbench.navigatorDividerProperty().set(0.45);
            workbench.setBottomDivider(0.3);
            workbench.bottomShownProperty().set(false);
        });
        Menu view = workbench.menus().menuBar().getMenus().stream().filter(m -> m.getText().equals("_View")).findFirst().orElseThrow();
        MenuItem reset = view.getItems().stream().filter(i -> "menu-reset-layout".equals(i.getId())).findFirst().orElseThrow();
        assertThat(reset.getText()).isEqualTo("Reset layout");
        robot.interact(reset::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(FxWait.onFx(() -> workbench.bottomShownProperty().get())).isTrue();
        assertThat(FxWait.onFx(() -> workbench.navigatorDividerProperty().get())).isCloseTo(Workbench.DEFAULT_NAVIGATOR_DIVIDER, within(0.01));
        assertThat(FxWait.onFx(workbench::bottomDivider)).isCloseTo(Workbench.DEFAULT_BOTTOM_DIVIDER, within(0.01));
    }
}
