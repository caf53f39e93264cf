package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.help.HelpTexts;
import org.csiconsole.views.notify.Notifications;
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

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The console teaches itself: Help has a getting started page, the shortcuts and the documents; the start page says the demo is simulated. */
@ExtendWith(ApplicationExtension.class)
class HelpMenuFxTest {
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, new TaskRunner(Platform::runLater),
                new Notifications(), dialogs, new ThemeManager(Theme.LIGHT), new CallTrace(), new ViewRegistry());
        workbench = new Workbench(services, connections);
        stage.setScene(workbench.createScene(1280, 800));
        stage.show();
    }

    @Test
    void helpOffersGettingStartedShortcutsAndDocumentsBeforeAbout() {
        Menu help = workbench.menus().menuBar().getMenus().stream().filter(m -> m.getText().equals("_Help")).findFirst().orElseThrow();
        assertThat(help.getItems()).extracting(MenuItem::getText)
                .containsExactly("Getting started", "Keyboard shortcuts", "Documentation", null, "About CSI Console");
    }

    @Test
    void f1OpensGettingStartedWhichSaysTheDemoIsSimulatedAndHowToTryCopyAsGrpcurl(FxRobot robot) {
        robot.clickOn("#start-view");
        robot.press(KeyCode.F1).release(KeyCode.F1);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialogs.informations).containsExactly("Getting started");
        String text = dialogs.informationTexts.get(0);
        assertThat(text).contains("The Demo connection is simulated").contains("Five things to try")
                .contains("csi-console --help").contains("csi-console serve --endpoint unix:///tmp/csi-console-demo.sock --seed demo");
    }

    @Test
    void everyMenuShortcutIsListedInHelp() {
        List<String> accelerators = new ArrayList<>();
        for (Menu m : workbench.menus().menuBar().getMenus()) {
            for (MenuItem i : m.getItems()) {
                if (i.getAccelerator() != null) accelerators.add(i.getAccelerator().getDisplayText());
            }
        }
        assertThat(accelerators).isNotEmpty();
        String listed = HelpTexts.shortcuts();
        for (String a : accelerators) {
            // Display text differs by platform (Ctrl+F, ⌘F): compare the key names only.
            String keys = a.replace("Shortcut", "Ctrl").replace("⌘", "Ctrl+").replace("Del", "Delete").replace("Deleteete", "Delete");
            assertThat(listed).as("Help lists %s", a).contains(keys.startsWith("Alt+") ? "Alt+1" : keys);
        }
    }

    @Test
    void theStartPageSaysTheDemoIsSimulatedOnlyWhileTheDemoIsOpen(FxRobot robot) {
        Label note = robot.lookup("#start-demo-note").queryAs(Label.class);
        assertThat(note.isVisible()).isFalse();
        robot.interact(() -> connections.add(new ConnectionModel(ConnectionProfile.demo())));
        assertThat(note.isVisible()).isTrue();
        assertThat(note.getText()).startsWith("The Demo connection is simulated");
    }
}
