package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.audit.AuditView;
import org.csiconsole.views.audit.AuditViewModel;
import org.csiconsole.views.audit.FakeAuditLog;
import org.csiconsole.views.notify.Notifications;
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

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class AuditViewFxTest {
    private static final String REDACTED_PARAMETERS = "name: \"pvc-gold\"\nsecrets {\n  key: \"password\"\n  value: \"***\"\n}\n";

    private final FakeAuditLog log = new FakeAuditLog();
    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private AuditView view;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Instant now = Instant.now();
        log.add(now.minus(Duration.ofMinutes(30)), "lab", "csi.v1.Controller/CreateVolume", "pvc-gold", AuditOutcome.FAILED, REDACTED_PARAMETERS);
        log.add(now.minus(Duration.ofMinutes(20)), "lab", "csi.v1.Controller/DeleteVolume", "pvc-web", AuditOutcome.OK, "volume_id: \"pvc-web\"");
        log.add(now.minus(Duration.ofMinutes(10)), "prod", "csi.v1.Controller/ControllerExpandVolume", "pvc-db", AuditOutcome.CANCELLED,
                "volume_id: \"pvc-db\"");
        ActionRunner actions = new ActionRunner(new TaskRunner(Platform::runLater), new Notifications(), new FakeDialogService());
        view = new AuditView(new AuditViewModel(log, background, actions));
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1300, 700);
        new ThemeManager(Theme.LIGHT).style(scene);
        stage.setScene(scene);
        stage.show();
        view.activate();
    }

    @AfterEach
    void stopReader() {
        background.shutdownNow();
    }

    private void awaitRows(int n) throws Exception {
        FxWait.until(() -> !view.model().loadingProperty().get() && view.table().tableView().getItems().size() == n);
    }

    @Test
    void theTargetFilterNarrowsTheRowsAndTheDetailPaneShowsTheRedactedParameters(FxRobot robot) throws Exception {
        awaitRows(3);
        robot.clickOn("#audit-target").write("pvc-gold").type(KeyCode.ENTER);
        awaitRows(1);
        assertThat(log.finds.get(log.finds.size() - 1).targetId()).isEqualTo("pvc-gold");
        AuditEntry shown = FxWait.onFx(() -> view.table().tableView().getItems().get(0));
        assertThat(shown.record().call()).isEqualTo("csi.v1.Controller/CreateVolume");
        // The row's cells take its text and style in a pulse after the items change.
        FxWait.eventually(() -> assertThat(robot.lookup(".table-cell").queryAllAs(TableCell.class))
                .filteredOn(c -> "NOT_FOUND".equals(c.getText()))
                .singleElement().satisfies(c -> assertThat(c.getStyleClass()).contains(ConsoleStyles.STATUS_FAILED)));

        robot.interact(() -> view.table().tableView().getSelectionModel().select(0));
        FxWait.eventually(() -> {
            assertThat(robot.lookup("#table-detail .text-area").queryAllAs(TextArea.class))
                    .extracting(TextArea::getText).contains(REDACTED_PARAMETERS);
            assertThat(robot.lookup("#table-detail .label").queryAllAs(javafx.scene.control.Label.class))
                    .extracting(javafx.scene.control.Label::getText).contains("The volume does not exist.");
        });
    }

    @Test
    void atALaptopsWidthTheCallAndItsTargetsShowWithoutScrollingBesideTheDetailPane(FxRobot robot) throws Exception {
        awaitRows(3);
        // 1280 px less the navigator (about 256 px): the width the view gets at 1280x800.
        robot.interact(() -> stage.setWidth(1024));
        robot.interact(() -> view.table().tableView().getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.eventually(() -> {
            javafx.scene.control.TableView<AuditEntry> table = view.table().tableView();
            double right = 0;
            java.util.List<String> before = new java.util.ArrayList<>();
            for (javafx.scene.control.TableColumn<AuditEntry, ?> c : table.getVisibleLeafColumns()) {
                right += c.getWidth();
                before.add(c.getText());
                if (c.getText().equals("Targets")) break;
            }
            assertThat(before).as("the columns up to Targets").containsExactly("Time", "Call", "Targets");
            assertThat(right).as("Targets' right edge within the table's width").isLessThanOrEqualTo(table.getWidth());
        });
    }

    @Test
    void atALaptopsWidthBesideTheDetailPaneNoOutcomeIsCut(FxRobot robot) throws Exception {
        awaitRows(3);
        log.add(new org.csiconsole.core.audit.AuditRecord(Instant.now(), new org.csiconsole.core.audit.AuditOrigin("ann", "admin-host", "lab"),
                "unix:///run/csi/csi.sock", "grpc", "csi.v1.Controller/ControllerUnpublishVolume", java.util.Map.of("volume_id",
                java.util.List.of("pvc-web")), "", AuditOutcome.FAILED, "FAILED_PRECONDITION", "Still staged on node-1.", 7, "corr-9", 1));
        robot.interact(() -> view.model().refresh());
        awaitRows(4);
        robot.interact(() -> stage.setWidth(1024));
        robot.interact(() -> view.table().tableView().getSelectionModel().select(0));
        FxWait.eventually(() -> assertThat(FxWait.onFx(() -> robot.lookup(".table-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> c.getTableColumn() != null && "Outcome".equals(c.getTableColumn().getText()) && c.getText() != null
                        && !c.getText().isEmpty())
                .map(c -> c.getText() + " shown as " + ((javafx.scene.text.Text) c.lookup(".text")).getText()).toList()))
                .isNotEmpty().allSatisfy(t -> assertThat(t.split(" shown as ")[0]).isEqualTo(t.split(" shown as ")[1])));
    }

    @Test
    void atALaptopsWidthTheDetailsTimeKeepsOneLineAndItsTooltipHoldsTheIsoInstant(FxRobot robot) throws Exception {
        awaitRows(3);
        robot.interact(() -> stage.setWidth(1024));
        robot.interact(() -> view.table().tableView().getSelectionModel().select(0));
        AuditEntry shown = FxWait.onFx(() -> view.table().tableView().getItems().get(0));
        String local = org.csiconsole.views.table.DetailRow.LOCAL_TIME.format(shown.record().time());
        FxWait.eventually(() -> assertThat(robot.lookup("#table-detail .label").queryAllAs(javafx.scene.control.Label.class))
                .filteredOn(l -> local.equals(l.getText())).singleElement().satisfies(l -> {
                    assertThat(l.isWrapText()).as("a time never wraps inside a number").isFalse();
                    assertThat(l.getWidth()).as("nor is it cut").isGreaterThanOrEqualTo(l.prefWidth(-1) - 0.5);
                    assertThat(l.getTooltip().getText()).isEqualTo(shown.record().time().toString());
                }));
    }

    @Test
    void theTablesTextFilterNarrowsTheRowsRead(FxRobot robot) throws Exception {
        awaitRows(3);
        robot.clickOn(view.table().filterField()).write("prod");
        awaitRows(1);
        assertThat(FxWait.onFx(() -> view.table().tableView().getItems().get(0).record().origin().connection())).isEqualTo("prod");
        FxWait.eventually(() -> assertThat(robot.lookup("#audit-status").queryAs(javafx.scene.control.Label.class).getText())
                .isEqualTo("Showing all 3 entries, newest first."));
    }
}
