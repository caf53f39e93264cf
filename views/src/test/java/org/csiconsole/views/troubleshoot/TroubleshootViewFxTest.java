package org.csiconsole.views.troubleshoot;

import org.csiconsole.views.FxWait;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.RegistrationInfo;
import org.csiconsole.core.trouble.SocketRole;
import org.csiconsole.core.trouble.SocketState;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The Troubleshoot view on screen: a saved report opened read-only, then compared with another side by side. */
@ExtendWith(ApplicationExtension.class)
class TroubleshootViewFxTest {
    private static final Path BEFORE = Path.of("/reports/before/report.json");
    private static final Path AFTER = Path.of("/reports/after/report.json");

    private final FakeTroubleshootPort port = new FakeTroubleshootPort();
    private final Deque<Path> chosen = new ArrayDeque<>();
    private Stage stage;
    private TroubleshootView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        port.reports.put(BEFORE, FakeTroubleshootPort.report("1.0", CheckStatus.FAIL, 40, Set.of(ControllerCapability.LIST_VOLUMES), 30));
        port.reports.put(AFTER, FakeTroubleshootPort.report("1.1", CheckStatus.PASS, 42,
                Set.of(ControllerCapability.LIST_VOLUMES, ControllerCapability.GET_CAPACITY), 3000));
        ThemeManager themes = new ThemeManager(Theme.LIGHT);
        ActionRunner actions = new ActionRunner(new TaskRunner(Platform::runLater), new Notifications(), new FxDialogService(() -> stage, themes));
        view = new TroubleshootView(new TroubleshootViewModel(port, actions, Platform::runLater, (n, e) -> "Added " + n + "."));
        view.setFileChooser(title -> Optional.ofNullable(chosen.poll()));
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1280, 800);
        themes.style(scene);
        stage.setScene(scene);
        stage.show();
        view.activate();
    }

    @AfterEach
    void closeDialogs(FxRobot robot) {
        robot.interact(() -> {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w != stage && w instanceof Stage s) s.close();
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static <T> TableView<T> table(FxRobot robot, String id) {
        return (TableView<T>) robot.lookup(id + " .table-view").queryAs(TableView.class);
    }

    @Test
    void openingAReportShowsItsChecksFailuresFirstAndItsDriver(FxRobot robot) throws Exception {
        robot.clickOn("#tab-report");
        chosen.add(BEFORE);
        robot.clickOn("#report-open");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#report-checks").getItems().size() == 2);
        TableView<CheckResult> checks = table(robot, "#report-checks");
        // The summary and the compare button follow the checks on the FX thread.
        FxWait.eventually(() -> {
            assertThat(checks.getItems()).extracting(CheckResult::status).containsExactly(CheckStatus.FAIL, CheckStatus.PASS);
            assertThat(robot.lookup("#report-summary").queryAs(Label.class).getText()).contains(BEFORE.toString())
                    .contains("csi.example.com 1.0").contains("1 failed");
            assertThat(robot.lookup("#report-compare").queryAs(Button.class).isDisabled()).isFalse();
        });
    }

    @Test
    void aSecondReportIsComparedSideBySideShowingWhatChanged(FxRobot robot) throws Exception {
        robot.clickOn("#tab-report");
        assertThat(FxWait.onFx(() -> robot.lookup("#report-compare").queryAs(Button.class).isDisabled())).as("nothing to compare yet").isTrue();
        chosen.add(BEFORE);
        robot.clickOn("#report-open");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#report-checks").getItems().size() == 2);
        // Compare is offered once the first report is shown.
        FxWait.until(() -> !robot.lookup("#report-compare").queryAs(Button.class).isDisabled());
        chosen.add(AFTER);
        robot.clickOn("#report-compare");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !table(robot, "#report-comparison").getItems().isEmpty());
        TableView<ReportComparison.Row> rows = table(robot, "#report-comparison");
        FxWait.eventually(() -> {
            assertThat(rows.getItems()).extracting(r -> r.item() + ": " + r.left() + " | " + r.right()).containsExactly(
                    "vendor_version: 1.0 | 1.1", "volumes listed: 40 | 42", "controller GET_CAPACITY: no | yes",
                    "list.volumes.paging: FAIL | PASS", "csi.v1.Controller/ListVolumes: 30 ms | 3000 ms");
            assertThat(robot.lookup("#report-other").queryAs(Label.class).getText()).isEqualTo("Compared with " + AFTER);
        });

        robot.clickOn("#report-differences");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#report-comparison").getItems().size() > 5);
        assertThat(FxWait.onFx(() -> robot.lookup("#report-differences").queryAs(CheckBox.class).isSelected())).isFalse();
        TableView<ReportComparison.Row> all = table(robot, "#report-comparison");
        FxWait.eventually(() -> assertThat(all.getItems()).extracting(ReportComparison.Row::item)
                .contains("name", "identity.plugin-name", "controller LIST_VOLUMES"));
    }

    @Test
    void theOneDriverADiscoveryFindsIsSelectedSoProbeIsOneClick(FxRobot robot) throws Exception {
        robot.clickOn("#discover-run");

        FxWait.until(() -> robot.lookup("#discover-probe").queryAs(Button.class).isDisabled() == false);
        assertThat(FxWait.onFx(() -> table(robot, "#discover-table").getSelectionModel().getSelectedItem()))
                .extracting(s -> ((DiscoveredSocket) s).path()).isEqualTo("/var/lib/kubelet/plugins/csi.example.com/csi.sock");
        robot.clickOn("#discover-probe");
        FxWait.until(() -> !port.probed.isEmpty());
        assertThat(port.probed).containsExactly("unix:///var/lib/kubelet/plugins/csi.example.com/csi.sock");
    }

    @Test
    void aDiscoveredDriverIsProbedFromTheDiscoverPage(FxRobot robot) throws Exception {
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 2);
        robot.interact(() -> table(robot, "#discover-table").getSelectionModel().select(0));
        robot.clickOn("#discover-probe");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#probe-checks").getItems().size() == 2);
        assertThat(port.probed).containsExactly("unix:///var/lib/kubelet/plugins/csi.example.com/csi.sock");
        robot.interact(() -> table(robot, "#discover-table").getSelectionModel().clearAndSelect(1));
        assertThat(FxWait.onFx(() -> robot.lookup("#discover-connect").queryAs(Button.class).isDisabled()))
                .as("a stale socket cannot be connected to").isTrue();
    }
    @Test
    void theStatusBarsTargetIsThePagesEndpointOnProbeAndExerciseOnly(FxRobot robot) {
        javafx.beans.value.ObservableStringValue target = view.statusTarget();
        robot.clickOn("#tab-exercise");
        robot.clickOn("#exercise-endpoint").write("unix:///root/strict/csi.sock");

        assertThat(target.get()).isEqualTo("unix:///root/strict/csi.sock");
        robot.clickOn("#tab-probe");
        assertThat(target.get()).isEqualTo("unix:///root/strict/csi.sock");
        robot.clickOn("#tab-discover");
        assertThat(target.get()).as("the node's page names the current connection").isNull();
    }

    @Test
    void enterInTheEndpointFieldRunsTheProbe(FxRobot robot) throws Exception {
        robot.clickOn("#tab-probe");
        robot.clickOn("#probe-endpoint").write("unix:///run/csi/typed.sock").type(KeyCode.ENTER);

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !table(robot, "#probe-checks").getItems().isEmpty());
        assertThat(port.probed).containsExactly("unix:///run/csi/typed.sock");
    }

    @Test
    void saveReportIsOfferedOnceAProbeEndedAndWritesWhereTheFolderChooserSays(FxRobot robot) throws Exception {
        robot.clickOn("#tab-report");
        assertThat(robot.lookup("#report-save").queryAs(Button.class).isDisabled()).as("nothing run yet").isTrue();
        robot.clickOn("#tab-probe");
        robot.clickOn("#probe-endpoint").write("unix:///run/csi/typed.sock").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !table(robot, "#probe-checks").getItems().isEmpty());
        view.setFolderChooser(title -> Optional.of(Path.of("/support/case-7")));

        robot.clickOn("#tab-report");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup("#report-save").queryAs(Button.class).isDisabled());
        robot.clickOn("#report-save");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> port.saved.size() == 1);
        assertThat(port.saved.get(0).dir()).isEqualTo(Path.of("/support/case-7"));
        assertThat(port.saved.get(0).titles()).containsExactly("Probe unix:///run/csi/typed.sock");
    }

    private static final String REG = "/var/lib/kubelet/plugins_registry/rbd.csi.ceph.com-reg.sock";
    private static final String REG2 = "/var/lib/kubelet/plugins_registry/cephfs.csi.ceph.com-reg.sock";
    private static final String GONE = "/var/lib/kubelet/plugins/rbd.csi.ceph.com/csi.sock";
    private static final String STALE = "/var/lib/kubelet/plugins/gone.example.com/csi.sock";

    /** A node with a good registration, one whose endpoint is missing, that endpoint, and a stale socket. */
    private void brokenNode() {
        DiscoveredSocket good = new DiscoveredSocket(REG2, SocketRole.REGISTRATION, SocketState.LISTENING, "root", "root", "rwxr-xr-x",
                List.of(), new RegistrationInfo("CSIPlugin", "cephfs.csi.ceph.com", "/csi/cephfs.sock", List.of("1.0.0")),
                "cephfs.csi.ceph.com", "", "", "", "", CheckStatus.PASS, "");
        DiscoveredSocket broken = new DiscoveredSocket(REG, SocketRole.REGISTRATION, SocketState.LISTENING, "root", "root", "rwxr-xr-x",
                List.of(), new RegistrationInfo("CSIPlugin", "rbd.csi.ceph.com", GONE, List.of("1.0.0")), "rbd.csi.ceph.com", "", "",
                "registers " + GONE + " for rbd.csi.ceph.com, but nothing is at that path", "", CheckStatus.FAIL,
                "Restart rbd.csi.ceph.com's driver container in its node plugin pod");
        DiscoveredSocket missing = new DiscoveredSocket(GONE, SocketRole.CSI, SocketState.MISSING, "", "", "", List.of(), null,
                "rbd.csi.ceph.com", "", "", "nothing is at " + GONE, REG, CheckStatus.FAIL, "Start rbd.csi.ceph.com");
        DiscoveredSocket stale = FakeTroubleshootPort.socket(STALE, SocketRole.UNKNOWN, SocketState.STALE, "");
        port.discovery = new DiscoveryReport("/var/lib/kubelet", List.of(), java.time.Instant.EPOCH, java.time.Duration.ofMillis(4),
                List.of(good, broken, missing, stale), List.of());
    }

    @SuppressWarnings("unchecked")
    private static TableCell<DiscoveredSocket, ?> cell(FxRobot robot, String column, String path) {
        return robot.lookup("#discover-table .table-cell").queryAll().stream().map(n -> (TableCell<DiscoveredSocket, ?>) n)
                .filter(c -> c.getTableColumn() != null && column.equals(c.getTableColumn().getId()) && c.getTableRow() != null
                        && c.getTableRow().getItem() != null && c.getTableRow().getItem().path().equals(path))
                .findFirst().orElseThrow(() -> new AssertionError("no " + column + " cell for " + path));
    }

    @SuppressWarnings("unchecked")
    private static void select(TableView<?> t, String path) {
        TableView<DiscoveredSocket> sockets = (TableView<DiscoveredSocket>) t;
        sockets.getSelectionModel().clearSelection();
        sockets.getItems().stream().filter(s -> s.path().equals(path)).findFirst().ifPresent(sockets.getSelectionModel()::select);
    }

    @Test
    void aBrokenRegistrationReadsBrokenWithItsProblemAndNextStepInSight(FxRobot robot) throws Exception {
        brokenNode();
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 4);

        FxWait.eventually(() -> {
            TableView<DiscoveredSocket> t = table(robot, "#discover-table");
            assertThat(t.getVisibleLeafColumns()).extracting(TableColumn::getId).startsWith("path", "status", "state", "problem", "nextStep");
            double before = t.getVisibleLeafColumns().stream().takeWhile(c -> !c.getId().equals("nextStep")).mapToDouble(TableColumn::getWidth).sum();
            assertThat(before).as("the next step starts within a 1280 px window").isLessThan(1000);
            assertThat(cell(robot, "status", REG).getText()).isEqualTo("FAIL");
            assertThat(cell(robot, "status", REG).getStyleClass()).contains(ConsoleStyles.CELL_DANGER);
            assertThat(cell(robot, "state", REG).getText()).isEqualTo("registrar up, driver gone");
            assertThat(cell(robot, "state", REG2).getText()).isEqualTo("listening");
            assertThat(cell(robot, "state", REG).getStyleClass()).as("listening, but broken").contains(ConsoleStyles.CELL_DANGER)
                    .doesNotContain(ConsoleStyles.CELL_OK);
            assertThat(cell(robot, "state", REG2).getStyleClass()).contains(ConsoleStyles.CELL_OK);
            assertThat(cell(robot, "problem", REG).getText()).contains("nothing is at that path");
            assertThat(cell(robot, "nextStep", REG).getText()).startsWith("Restart rbd.csi.ceph.com's driver container");
        });
    }

    @Test
    void theFilterFindsARowByAnyShownColumnStatusAndWhatToDoToo(FxRobot robot) throws Exception {
        brokenNode();
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 4);
        var sockets = FxWait.onFx(() -> (org.csiconsole.views.table.ResourceTableModel<DiscoveredSocket>)
                ((org.csiconsole.views.table.ResourceTable<?>) robot.lookup("#discover-table").query()).model());

        for (var typed : java.util.Map.of("FAIL", List.of(REG, GONE), "Restart rbd", List.of(REG), "CSIPlugin", List.of(REG2, REG),
                "1.0.0", List.of(REG2, REG)).entrySet()) {
            robot.interact(() -> sockets.filterTextProperty().set(typed.getKey()));
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> FxWait.onFx(() -> sockets.rows().stream().map(DiscoveredSocket::path)
                    .toList()).equals(typed.getValue()));
        }
    }

    @Test
    void withSeveralSocketsSelectedProbeSaysItChecksOneAtATime(FxRobot robot) throws Exception {
        brokenNode();
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 4);

        robot.interact(() -> table(robot, "#discover-table").getSelectionModel().selectIndices(0, 1, 3));

        Button probe = robot.lookup("#discover-probe").queryAs(Button.class);
        assertThat(FxWait.onFx(probe::isDisabled)).isTrue();
        assertThat(FxWait.onFx(() -> probe.getTooltip().getText())).isEqualTo(
                "3 sockets are selected: the probe checks one driver at a time. Select one socket, probe it, then the next.");
        robot.interact(() -> table(robot, "#discover-table").getSelectionModel().clearAndSelect(1));
        assertThat(FxWait.onFx(probe::isDisabled)).isFalse();
        assertThat(port.probed).isEmpty();
    }

    @Test
    void withSeveralSocketsSelectedConnectSaysItReachesOneDriver(FxRobot robot) throws Exception {
        brokenNode();
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 4);

        robot.interact(() -> table(robot, "#discover-table").getSelectionModel().selectIndices(0, 1));

        Button connect = robot.lookup("#discover-connect").queryAs(Button.class);
        assertThat(FxWait.onFx(connect::isDisabled)).isTrue();
        assertThat(FxWait.onFx(() -> connect.getTooltip().getText())).startsWith("2 sockets are selected: a connection reaches one driver");
    }

    @Test
    void ctrlFFocusesTheFilterAndEnterOnARowProbesIt(FxRobot robot) throws Exception {
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 2);
        robot.clickOn("#tab-probe");

        assertThat(FxWait.onFx(view::focusFilter)).isTrue();
        FxWait.until(() -> robot.lookup("#discover-table #table-filter").query().isFocused());

        robot.interact(() -> {
            TableView<DiscoveredSocket> t = table(robot, "#discover-table");
            t.getSelectionModel().clearAndSelect(0);
            t.requestFocus();
        });
        robot.type(KeyCode.ENTER);

        FxWait.until(() -> !port.probed.isEmpty());
        assertThat(port.probed).containsExactly("unix:///var/lib/kubelet/plugins/csi.example.com/csi.sock");
        assertThat(FxWait.onFx(() -> robot.lookup("#discover-probe").queryAs(Button.class).getTooltip().getText()))
                .contains("Enter or a double click on the row");
    }

    /** The context menu showing, if any. */
    private static Optional<javafx.scene.control.ContextMenu> shownMenu() {
        return Window.getWindows().stream().filter(w -> w instanceof javafx.scene.control.ContextMenu && w.isShowing())
                .map(w -> (javafx.scene.control.ContextMenu) w).findFirst();
    }

    @Test
    void aRowsContextMenuProbesOrConnectsAsTheButtonsDo(FxRobot robot) throws Exception {
        brokenNode();
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 4);
        robot.interact(() -> {
            select(table(robot, "#discover-table"), STALE);
            table(robot, "#discover-table").requestFocus();
        });

        robot.press(KeyCode.SHIFT).type(KeyCode.F10).release(KeyCode.SHIFT);
        FxWait.until(() -> shownMenu().isPresent());
        javafx.scene.control.ContextMenu menu = FxWait.onFx(() -> shownMenu().orElseThrow());
        FxWait.eventually(() -> assertThat(menu.getItems().stream().map(it -> it.getText() + (it.isDisable() ? " (disabled)" : "")).toList())
                .contains("Probe (Enter)", "Connect (disabled)", "Copy as text"));
        robot.interact(() -> menu.getItems().stream().filter(it -> "discover-menu-probe".equals(it.getId())).findFirst().orElseThrow().fire());

        FxWait.until(() -> !port.probed.isEmpty());
        assertThat(port.probed).containsExactly("unix://" + STALE);
    }

    @Test
    void theDetailPaneKeepsTheRegisteringPathWholeAndShowsProblemAndNextStepAsTextNotBoxes(FxRobot robot) throws Exception {
        brokenNode();
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 4);
        robot.interact(() -> select(table(robot, "#discover-table"), GONE));

        FxWait.eventually(() -> {
            Label registeredBy = robot.lookup("#table-detail .label").queryAll().stream().filter(n -> n instanceof Label l
                    && REG.equals(l.getText())).map(n -> (Label) n).findFirst().orElseThrow();
            assertThat(registeredBy.isWrapText()).as("a path wraps, never cut in its file name").isTrue();
            assertThat(robot.lookup("#table-detail .text-area").tryQuery()).as("no box that scrolls inside the pane").isEmpty();
            assertThat(robot.lookup("#table-detail .label").queryAll().stream().map(n -> ((Label) n).getText()))
                    .contains("nothing is at " + GONE, "Start rbd.csi.ceph.com", "missing");
        });
    }

    @Test
    void twoSocketPathsAlikeButInTheMiddleReadApartAndCopyWhole(FxRobot robot) throws Exception {
        brokenNode();
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 4);

        FxWait.eventually(() -> {
            List<String> shown = new java.util.ArrayList<>();
            for (String path : List.of(REG, REG2)) {
                String text = ((Text) cell(robot, "path", path).lookup(".text")).getText();
                String name = path.substring(path.lastIndexOf('/') + 1);
                assertThat(text).as("too narrow for " + path).isNotEqualTo(path).contains("\u2026").endsWith("/" + name);
                shown.add(text);
            }
            assertThat(shown.get(0)).isNotEqualTo(shown.get(1));
        });
        String copied = FxWait.onFx(() -> {
            ResourceTable<?> t = robot.lookup("#discover-table").queryAs(ResourceTable.class);
            select(t.tableView(), REG);
            return t.copySelectedRows();
        });
        assertThat(copied).contains(REG + "\t").doesNotContain("\u200B");
    }

    @Test
    void aStaleSocketIsProbedFromTheDiscoverPageAndTheProbeSaysWhatIsWrongAndWhatToDo(FxRobot robot) throws Exception {
        brokenNode();
        port.probeAnswers.put("unix://" + STALE, FakeTroubleshootPort.unreachable("unix://" + STALE,
                STALE + ": nothing accepts connections: the socket file was left behind by a server that is gone",
                "Restart the driver's container; if no driver uses this path any more, remove the file: rm " + STALE));
        robot.clickOn("#discover-run");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 4);
        robot.interact(() -> select(table(robot, "#discover-table"), STALE));

        assertThat(FxWait.onFx(() -> robot.lookup("#discover-probe").queryAs(Button.class).isDisabled())).isFalse();
        robot.clickOn("#discover-probe");

        FxWait.until(() -> robot.lookup("#probe-status").queryAs(Label.class).getText().contains("could not be reached"));
        assertThat(port.probed).containsExactly("unix://" + STALE);
        assertThat(FxWait.onFx(() -> robot.lookup("#probe-status").queryAs(Label.class).getText()))
                .contains("nothing accepts connections").contains("rm " + STALE);
    }

    @Test
    void theReportPageShowsTheLastProbeThenTheSavedReport(FxRobot robot) throws Exception {
        robot.clickOn("#tab-probe");
        robot.clickOn("#probe-endpoint").write("unix:///run/csi/typed.sock").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !table(robot, "#probe-checks").getItems().isEmpty());

        robot.clickOn("#tab-report");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#report-checks").getItems().size() == 2);
        FxWait.eventually(() -> assertThat(robot.lookup("#report-summary").queryAs(Label.class).getText())
                .startsWith(ReportsModel.UNSAVED).contains("1 failed, 0 warnings, 1 passed"));

        view.setFolderChooser(title -> Optional.of(Path.of("/support/case-7")));
        robot.clickOn("#report-save");

        FxWait.until(() -> robot.lookup("#report-summary").queryAs(Label.class).getText().startsWith("/support/case-7/report.json"));
        assertThat(FxWait.onFx(() -> table(robot, "#report-checks").getItems().size())).isEqualTo(2);
    }

    @Test
    void aDiscoveryThatFailedOffersTryAgain(FxRobot robot) throws Exception {
        port.pendingDiscovery = java.util.concurrent.CompletableFuture.failedFuture(new org.csiconsole.core.call.CallFailure(
                org.csiconsole.core.call.FailureKind.AUTHENTICATION, "Discover", "/var/lib/kubelet may not be read", "Run as root", ""));
        robot.clickOn("#discover-run");
        FxWait.until(() -> robot.lookup("#discover-status-retry").queryAs(Button.class).isVisible());
        robot.interact(() -> {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w != stage && w instanceof Stage s) s.close();
            }
        });
        port.pendingDiscovery = null;

        robot.clickOn("#discover-status-retry");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table(robot, "#discover-table").getItems().size() == 2);
        FxWait.until(() -> !robot.lookup("#discover-status-retry").queryAs(Button.class).isVisible());
        assertThat(port.discovered).hasSize(2);
    }
}
