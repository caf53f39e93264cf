package org.csiconsole.views.troubleshoot;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.StartView;
import org.csiconsole.views.workbench.ViewRegistry;
import org.csiconsole.views.workbench.Workbench;
import org.csiconsole.views.workbench.WorkbenchServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start page's "Drivers on this host" in a workbench: what discovery found, connect in one
 * click, Rescan, the way to the Troubleshoot perspective, and discovery that never holds the page.
 */
@ExtendWith(ApplicationExtension.class)
class HostDriversFxTest {
    private static final String DRIVER = "#start-driver-var-lib-kubelet-plugins-csi-example-com-csi-sock";
    private static final String STALE = "#start-driver-var-lib-kubelet-plugins-gone-example-com-csi-sock";

    private final FakeTroubleshootPort port = new FakeTroubleshootPort();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final List<String> connected = new ArrayList<>();
    private final AtomicInteger troubleshootOpened = new AtomicInteger();
    private HostDrivers drivers;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        TaskRunner tasks = new TaskRunner(Platform::runLater);
        WorkbenchServices services = new WorkbenchServices(Platform::runLater, tasks, new Notifications(), dialogs,
                new ThemeManager(Theme.LIGHT), new CallTrace(), new ViewRegistry());
        workbench = new Workbench(services, FXCollections.observableArrayList());
        TroubleshootViewModel model = new TroubleshootViewModel(port, new ActionRunner(tasks, new Notifications(), dialogs),
                Platform::runLater, (name, endpoint) -> {
                    connected.add(name + "=" + endpoint);
                    return "Added " + name + ".";
                });
        drivers = new HostDrivers(model.discover(), troubleshootOpened::incrementAndGet);
        // Added after the workbench opened its start page, as the composition root does.
        services.views().addStartSection(drivers.section());
        stage.setScene(workbench.createScene(1280, 800));
        // the stage outlives test classes: one that set its size (a laptop's 1024 px) does not shrink this workbench
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    private static String status(FxRobot robot) {
        return robot.lookup("#start-drivers-status").queryAs(Label.class).getText();
    }

    @Test
    void theStartPageListsADiscoveredDriverAndConnectsToItInOneClick(FxRobot robot) throws Exception {
        assertThat(workbench.selectedView()).isInstanceOf(StartView.class);
        assertThat(port.discovered).as("nothing is looked for before the console asks").isEmpty();

        robot.interact(drivers::scanOnce);
        // The rows follow the found sockets, the line above them follows the end of the run: wait for both.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> robot.lookup(DRIVER).tryQuery().isPresent() && !status(robot).equals(HostDrivers.LOOKING));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(status(robot)).isEqualTo("2 drivers found in 12 ms.");
        assertThat(robot.lookup(DRIVER + " .label").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("csi.example.com 1.0", "listening", "csi-addons: no answer", "unix:///var/lib/kubelet/plugins/csi.example.com/csi.sock");
        assertThat(robot.lookup(STALE + " .label").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("Unknown driver", "stale", "nothing listens");
        assertThat(robot.lookup(STALE + " .button").tryQuery()).as("a stale socket offers no Connect").isEmpty();

        robot.clickOn(robot.lookup(DRIVER + " .button").queryAs(Button.class));

        assertThat(connected).containsExactly("csi.example.com=unix:///var/lib/kubelet/plugins/csi.example.com/csi.sock");
    }

    @Test
    void whileDiscoveryRunsThePageSaysSoAndNothingFoundNamesThePlacesLookedAt(FxRobot robot) throws Exception {
        CompletableFuture<DiscoveryReport> pending = new CompletableFuture<>();
        port.pendingDiscovery = pending;

        robot.interact(drivers::scanOnce);

        assertThat(status(robot)).isEqualTo("Looking for driver sockets\u2026");
        assertThat(robot.lookup("#start-drivers-rescan").queryAs(Button.class).isDisabled()).isTrue();
        pending.complete(new DiscoveryReport("/var/lib/kubelet", List.of("/var/lib/kubelet/plugins_registry", "/var/lib/kubelet/plugins",
                "/csi", "/run/csi"), Instant.EPOCH, Duration.ofMillis(3), List.of(), List.of("/csi", "/run/csi")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !status(robot).equals(HostDrivers.LOOKING));

        assertThat(status(robot)).startsWith("No driver sockets found under /var/lib/kubelet or the usual places. Looked in "
                + "/var/lib/kubelet/plugins_registry, /var/lib/kubelet/plugins; absent on this node: /csi, /run/csi.")
                .contains("another one").contains("--root-dir");
        assertThat(robot.lookup("#start-drivers-rescan").queryAs(Button.class).isDisabled()).isFalse();
    }

    @Test
    void aFailedDiscoveryIsASentenceOnThePageNotADialog(FxRobot robot) throws Exception {
        port.pendingDiscovery = CompletableFuture.failedFuture(new CallFailure(FailureKind.ENDPOINT, "Read /var/lib/kubelet",
                "permission denied", "Run the console as a user who may read the kubelet's directory", ""));

        robot.interact(drivers::scanOnce);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> status(robot).startsWith("Discovery did not finish"));

        assertThat(status(robot)).isEqualTo("Discovery did not finish: Read /var/lib/kubelet: permission denied. "
                + "Run the console as a user who may read the kubelet's directory.");
        assertThat(dialogs.failures).isEmpty();

        robot.interact(drivers::scanOnce);
        assertThat(port.discovered).as("once means once; Rescan looks again").hasSize(1);
        port.pendingDiscovery = null;
        robot.clickOn("#start-drivers-rescan");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(DRIVER).tryQuery().isPresent());
        assertThat(port.discovered).containsExactly(Path.of("/var/lib/kubelet"), Path.of("/var/lib/kubelet"));
    }

    @Test
    void theLinkOpensTheTroubleshootPerspective(FxRobot robot) {
        robot.clickOn(robot.lookup("#start-drivers-troubleshoot").queryAs(Hyperlink.class));

        assertThat(troubleshootOpened).hasValue(1);
    }
}
