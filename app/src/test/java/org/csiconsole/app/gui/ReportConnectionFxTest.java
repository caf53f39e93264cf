package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeCell;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.storage.ReportStorage;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.ReportFiles;
import org.csiconsole.core.trouble.TroubleReport;
import org.csiconsole.views.trace.CallTraceView;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.NavItem;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.WorkbenchMenus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code csi-console --open report.json}: besides the Troubleshoot perspective's Report page, the
 * navigator gains the report as a read-only connection, whose Volumes view lists the report's
 * volumes with New and Delete disabled for the read-only reason, and whose recorded calls open in a
 * trace tab. Its profile is not saved.
 */
@ExtendWith(ApplicationExtension.class)
class ReportConnectionFxTest {
    @TempDir
    static Path temp;
    private Console console;

    private static TroubleReport report() {
        CapabilitySet caps = new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE),
                Set.of(ControllerCapability.CREATE_DELETE_VOLUME, ControllerCapability.LIST_VOLUMES, ControllerCapability.EXPAND_VOLUME),
                Set.of(), Set.of(), Set.of());
        List<Volume> volumes = IntStream.rangeClosed(1, 3).mapToObj(i -> new Volume("vol-" + i, "pvc-" + i, (long) i << 30, null, null,
                null, null, List.of(Topology.of("zone", "a")), List.of(), null, null, Origin.CSI, null)).toList();
        ProbeReport p = new ProbeReport("unix:///csi/csi.sock", "", "", Instant.parse("2030-01-01T00:00:00Z"), Duration.ofMillis(500), true,
                new PluginInfo("csi.example.com", "2.4.1", Map.of()), caps, List.of(), new NodeInfo("node-1", 0, null), 3, -1, List.of(),
                List.of(), Map.of(), volumes, List.of(), null);
        TraceEntry call = new TraceEntry(1, Instant.parse("2030-01-01T00:00:00Z"), "gRPC", "unix:///csi/csi.sock",
                "csi.v1.Controller/ListVolumes", 1, "{}", "{\"entries\":[]}", "OK", true, Duration.ofMillis(3));
        return new TroubleReport(null, "1.0.0", Instant.parse("2030-01-01T00:00:01Z"), Map.of("host", "node-1"), p.endpoint(), null, p,
                null, List.of(call), null);
    }

    @Start
    void start(Stage stage) {
        ReportFiles.write(report(), temp.resolve("case"));
        console = new Console(stage, new LaunchOptions(false, null, null, null, null, temp.resolve("case/report.json").toString()),
                temp.resolve("config"), Platform::runLater);
        console.show();
    }

    @AfterEach
    void closeConsole() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
    }

    private ConnectionModel awaitReport() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> console.connections().stream()
                .anyMatch(c -> c.profile().kind() == ConnectionKind.REPORT && c.stateProperty().get() == ConnectionState.OFFLINE));
        return console.connections().stream().filter(c -> c.profile().kind() == ConnectionKind.REPORT).findFirst().orElseThrow();
    }

    @Test
    void theOpenedReportIsAReadOnlyConnectionInTheNavigator(FxRobot robot) throws Exception {
        ConnectionModel c = awaitReport();

        assertThat(c.name()).isEqualTo("report: csi.example.com 2030-01-01 00:00 UTC");
        // The navigator shows the new connection's row once its tree cells are next laid out: wait for
        // the row with both its labels, then read it on the FX thread.
        java.util.concurrent.Callable<java.util.Optional<TreeCell<?>>> findRow = () -> robot.lookup("#navigator .tree-cell")
                .queryAllAs(TreeCell.class).stream()
                .filter(t -> t.getItem() instanceof NavItem.ConnectionItem ci && ci.model() == c).<TreeCell<?>>map(t -> t).findFirst();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> findRow.call()
                .map(r -> robot.from(r).lookup(".label").queryAllAs(Label.class).stream().map(Label::getText).toList())
                .filter(texts -> texts.contains(c.name()) && texts.contains("Read-only")).isPresent()).get());
        TreeCell<?> row = WaitForAsyncUtils.asyncFx(() -> findRow.call().orElseThrow()).get(20, TimeUnit.SECONDS);
        assertThat(WaitForAsyncUtils.asyncFx(() -> robot.from(row).lookup(".label").queryAllAs(Label.class).stream().map(Label::getText).toList())
                .get(20, TimeUnit.SECONDS)).contains(c.name(), "Read-only");
        String tip = WaitForAsyncUtils.asyncFx(() -> robot.from(row).lookup(".label").queryAllAs(Label.class).stream()
                .filter(l -> l.getText().equals(c.name())).findFirst().orElseThrow().getTooltip().getText()).get(20, TimeUnit.SECONDS);
        assertThat(tip).contains(c.name()).contains(temp.resolve("case/report.json").toString());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> robot.lookup("#status-state").queryAs(Label.class)
                .getText().equals(c.name() + ": Read-only")).get());
        List<String> menuTexts = WaitForAsyncUtils.asyncFx(() -> row.getContextMenu().getItems().stream().map(MenuItem::getText).toList())
                .get(20, TimeUnit.SECONDS);
        assertThat(menuTexts).contains("Recorded calls", "Close report").doesNotContain("Edit\u2026");
        assertThat(Files.exists(temp.resolve("config").resolve("profiles.json"))).as("no profile saved").isFalse();
    }

    @Test
    void itsVolumesViewListsTheReportsVolumesWithChangesDisabled(FxRobot robot) throws Exception {
        ConnectionModel c = awaitReport();

        robot.interact(() -> console.workbench().navigator().select(c, ResourceKind.VOLUMES));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> console.workbench().selectedView() instanceof VolumesView v
                && v.table().tableView().getItems().size() == 3);

        @SuppressWarnings("unchecked")
        TableView<Volume> table = ((VolumesView) console.workbench().selectedView()).table().tableView();
        assertThat(WaitForAsyncUtils.asyncFx(() -> List.copyOf(table.getItems())).get(20, TimeUnit.SECONDS))
                .extracting(Volume::volumeId).containsExactlyInAnyOrder("vol-1", "vol-2", "vol-3");
        robot.interact(() -> table.getSelectionModel().select(0));
        for (String tool : List.of("tool-new", "tool-delete")) {
            assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#" + tool).queryAs(Button.class).isDisabled()).get(20, TimeUnit.SECONDS))
                    .as(tool).isTrue();
            assertThat(WaitForAsyncUtils.asyncFx(() -> WorkbenchMenus.tooltipOf(robot.lookup("#" + tool + "-wrapper").queryAs(StackPane.class))
                    .getText()).get(20, TimeUnit.SECONDS)).as(tool).startsWith(ReportStorage.READ_ONLY);
        }
    }

    @Test
    void itsRecordedCallsOpenInATraceTab(FxRobot robot) throws Exception {
        ConnectionModel c = awaitReport();

        robot.interact(() -> console.workbench().traces().showRecorded(c));

        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> console.workbench().selectedView() instanceof CallTraceView v
                && v.model().table().all().size() == 1);
        assertThat(((CallTraceView) console.workbench().selectedView()).model().table().all().get(0).method())
                .isEqualTo("csi.v1.Controller/ListVolumes");
    }

    @Test
    void closingTheReportRemovesItAndItsViews(FxRobot robot) throws Exception {
        ConnectionModel c = awaitReport();
        robot.interact(() -> console.workbench().open(c, ResourceKind.VOLUMES));

        robot.interact(() -> console.manager().remove(c));

        assertThat(console.connections()).doesNotContain(c);
        assertThat(console.workbench().openViewKeys()).noneMatch(k -> k.startsWith("report:"));
    }
}
