package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.audit.AuditView;
import org.csiconsole.views.audit.AuditViewModel;
import org.csiconsole.views.audit.FakeAuditLog;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.NavItem;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class AuditWorkbenchFxTest {
    private Workbench workbench;
    private WorkbenchServices services;

    @Start
    void start(Stage stage) {
        services = new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater), new Notifications(),
                new FakeDialogService(), new ThemeManager(Theme.LIGHT), new CallTrace(), new ViewRegistry());
        workbench = new Workbench(services, FXCollections.observableArrayList());
        stage.setScene(workbench.createScene(1200, 800));
        stage.show();
    }

    private MenuItem auditMenu() {
        return workbench.menus().menuBar().getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> "menu-audit".equals(i.getId())).findFirst().orElseThrow();
    }

    private void offerAudit() {
        workbench.setAuditView(() -> new AuditView(new AuditViewModel(new FakeAuditLog(), Runnable::run, services.actions())));
    }

    @Test
    void withoutAnAuditLogTheMenuEntryIsDisabledAndTheNavigatorHasNoRow(FxRobot robot) {
        assertThat(auditMenu().isDisable()).isTrue();
        assertThat(workbench.openAudit()).isNull();
        assertThat(workbench.navigator().tree().getRoot().getChildren().get(1).getChildren())
                .extracting(t -> t.getValue().label()).containsExactly("Call trace");
    }

    @Test
    void theShortcutAndTheNavigatorRowOpenOneAuditTab(FxRobot robot) {
        robot.interact(this::offerAudit);
        assertThat(auditMenu().isDisable()).isFalse();
        assertThat(workbench.navigator().tree().getRoot().getChildren().get(1).getChildren())
                .extracting(t -> t.getValue().label()).containsExactly("Call trace", "Audit log");

        robot.clickOn("#start-view");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.L).release(KeyCode.L, KeyCode.SHIFT, KeyCode.CONTROL);
        assertThat(workbench.selectedView()).isInstanceOf(AuditView.class);
        assertThat(workbench.activeViewProperty().get()).isInstanceOf(AuditView.class);

        robot.interact(() -> workbench.openStart());
        robot.interact(() -> workbench.navigator().selectConsoleItem(new NavItem.Audit()));
        assertThat(workbench.selectedView()).isInstanceOf(AuditView.class);
        assertThat(workbench.openViewKeys()).containsExactly(Workbench.START_KEY, Workbench.AUDIT_KEY);
        assertThat(workbench.selectedViewKey()).isEqualTo(Workbench.AUDIT_KEY);
    }

    @Test
    void anAuditTabOpenAtTheLastCloseIsOpenAgain(FxRobot robot) {
        robot.interact(() -> {
            offerAudit();
            workbench.restoreViews(List.of(Workbench.AUDIT_KEY), Workbench.AUDIT_KEY);
        });
        assertThat(workbench.openViewKeys()).containsExactly(Workbench.AUDIT_KEY);
        assertThat(workbench.selectedView()).isInstanceOf(AuditView.class);
    }
}
