package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.csiconsole.app.gui.connect.Troubleshooting;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.ReportFiles;
import org.csiconsole.core.trouble.TroubleReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code csi-console --open report.json} opens the Troubleshoot perspective with the report
 * read-only; File has "Open report…"; the start page lists the drivers the perspective's discovery
 * finds, which runs once the window is up.
 */
@ExtendWith(ApplicationExtension.class)
class TroubleshootWiringTest {
    @TempDir
    static Path temp;
    private Console console;

    @Start
    void start(Stage stage) {
        ProbeReport p = new ProbeReport("unix:///csi/csi.sock", "", "", Instant.parse("2030-01-01T00:00:00Z"), Duration.ofMillis(500), true,
                new PluginInfo("csi.example.com", "2.4.1", Map.of()), null, List.of(), null, 12, -1,
                List.of(new CheckResult("identity.probe", "Probe says ready", CheckStatus.WARN, "ready: false", "CSI v1.12 spec, Probe", "Wait"),
                        new CheckResult("socket.listening", "Something listens on the socket", CheckStatus.PASS, "accepted", "unix(7)", "")),
                List.of(), Map.of());
        ReportFiles.write(new TroubleReport(null, "1.0.0", Instant.parse("2030-01-01T00:00:01Z"), Map.of(), p.endpoint(), null, p, null,
                List.of(), null), temp.resolve("r"));
        console = new Console(stage, new LaunchOptions(false, null, null, null, null, temp.resolve("r/report.json").toString()),
                temp.resolve("config"), Platform::runLater);
        console.show();
    }

    @AfterEach
    void closeConsole() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
    }

    @Test
    void theReportGivenToOpenShowsInTheTroubleshootPerspective(FxRobot robot) throws Exception {
        // The report opens once the workbench's first frame is painted.
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> Troubleshooting.ID.equals(console.workbench().perspectiveProperty().get())).get());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#report-checks .table-view").tryQuery()
                .map(t -> ((TableView<?>) t).getItems().size() == 2).orElse(false));
        @SuppressWarnings("unchecked")
        TableView<CheckResult> checks = robot.lookup("#report-checks .table-view").queryAs(TableView.class);
        assertThat(checks.getItems()).extracting(CheckResult::id).containsExactly("identity.probe", "socket.listening");
        assertThat(robot.lookup("#report-summary").queryAs(Label.class).getText()).contains("csi.example.com 2.4.1");
        assertThat(robot.lookup("#troubleshoot-view").tryQuery()).isPresent();
    }

    @Test
    void theFileMenuOpensReports(FxRobot robot) {
        List<MenuItem> file = console.workbench().menus().menuBar().getMenus().get(0).getItems();
        assertThat(file).extracting(MenuItem::getId).contains("menu-open-report");
        assertThat(console.workbench().perspectiveIds()).contains(Troubleshooting.ID);
    }

    @Test
    void theStartPageListsTheDriversOfTheTroubleshootPerspectivesDiscoveryOnceTheWindowIsUp() throws Exception {
        assertThat(console.workbench().services().views().startSections()).extracting(s -> s.id() + ": " + s.title())
                .containsExactly("start-drivers: Drivers on this host");
        var discover = WaitForAsyncUtils.asyncFx(() -> Troubleshooting.show(console.workbench()).model().discover()).get(20, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> discover.reportProperty().get() != null || !discover.failureProperty().get().isEmpty()).get());
        assertThat(discover.reportProperty().get()).as(discover.failureProperty().get()).isNotNull();
        assertThat(discover.reportProperty().get().rootDir()).isEqualTo("/var/lib/kubelet");
    }
}
