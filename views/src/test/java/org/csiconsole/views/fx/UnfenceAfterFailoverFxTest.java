package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.risk.FailoverFence;
import org.csiconsole.views.FakeFenceStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.audit.FakeAuditLog;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.fence.FenceView;
import org.csiconsole.views.fence.FenceViewModel;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.KnownResources;
import org.csiconsole.views.resource.ViewContext;
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

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Unfence of a block this console fenced as the first step of an unplanned failover, on screen: while the pair is in
 * split brain the confirmation is a danger that names both primaries and the failover it undoes, the call is refused
 * with the split-brain recovery as the next step, and it is sent only as an override with the block typed, its audit
 * record marked override; nothing is sent (no call, no audit entry) before.
 */
@ExtendWith(ApplicationExtension.class)
class UnfenceAfterFailoverFxTest {
    private static final String BLOCK = "10.10.3.0/24";
    private final FakeFenceStorage storage = FakeFenceStorage.advertisingAll();
    private final FakeAuditLog audit = new FakeAuditLog();
    private final org.csiconsole.core.audit.OverrideMarks overrides = new org.csiconsole.core.audit.OverrideMarks();
    private Stage stage;
    private FenceView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        storage.fenced.add(BLOCK);
        storage.replicated = List.of(item("vol-00000113", "site-b", "vol-00000198"), item("vol-00000198", "site-a", "vol-00000113"));
        audit.add(new AuditRecord(Instant.now().minusSeconds(600), AuditOrigin.local("Demo"), "inproc:demo", "grpc", FailoverFence.FENCE_CALL,
                Map.of("cidr", List.of(BLOCK)), "", AuditOutcome.OK, "", "", 4, "c-1", 1, false, false,
                FailoverFence.words("site-a", "vol-00000113", true, "site-b", "vol-00000198")));
        ThemeManager themes = new ThemeManager(Theme.LIGHT);
        ActionRunner actions = new ActionRunner(new TaskRunner(Platform::runLater), new Notifications(),
                new FxDialogService(() -> stage, themes));
        view = new FenceView(new FenceViewModel(new ViewContext(storage, actions, Platform::runLater, "Demo",
                new org.csiconsole.views.workbench.ResourceChanges(), KnownResources.inSession().withAudit(audit), List::of,
                new org.csiconsole.core.risk.RiskModel(), overrides)));
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1280, 760);
        themes.style(scene);
        stage.setScene(scene);
        stage.show();
        view.activate();
    }

    /** A side the listing reports primary in error, as both sides of a split brain are. */
    private static ReplicatedItem item(String id, String partner, String partnerId) {
        return new ReplicatedItem(new ReplicationSource(false, id), "", VolumeReplicationRole.PRIMARY, ReplicationHealth.ERROR, partner, partnerId,
                null, List.of(), "Demo");
    }

    @AfterEach
    void closeDialogs(FxRobot robot) {
        robot.interact(() -> {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w != stage && w instanceof Stage s) s.close();
            }
        });
    }

    private Button button(FxRobot robot, String label) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        return pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                .filter(b -> label.equals(b.getText())).findFirst().orElseThrow(() -> new AssertionError("no button " + label));
    }

    @Test
    void theUnfenceIsRefusedInSplitBrainAndSentOnlyAsATypedOverride(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.table().tableView().getItems().size() == 1);
        robot.interact(() -> view.table().tableView().getSelectionModel().select(0));
        robot.clickOn("#fence-unfence");
        robot.clickOn(button(robot, "Unfence\u2026"));

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#risk-input-0").tryQuery().isPresent());
        assertThat(robot.lookup("#risk-hazards .label").queryAllAs(Labeled.class)).extracting(Labeled::getText)
                .anyMatch(t -> t.startsWith("Danger: Clients in 10.10.3.0/24 can write to vol-00000113 on site-a again, which is still primary "
                        + "beside vol-00000198 on site-b (split brain): recover the split brain first")
                        && t.contains("first step of the unplanned failover of vol-00000113 on site-a to vol-00000198 on site-b"));
        assertThat(robot.lookup("#risk-safer").queryAs(Labeled.class).getText()).contains("Recover the split brain first");
        Node icon = robot.lookup(".dialog-pane ." + ConsoleStyles.DANGER_ICON).query();
        assertThat(icon).as("the danger icon, not the info icon").isNotNull();

        assertThat(robot.lookup("#risk-illegal").queryAs(Labeled.class).getText())
                .startsWith("Not sent: clients in 10.10.3.0/24 would write to vol-00000113 on site-a again while it and vol-00000198 "
                        + "on site-b are both primary (split brain)")
                .contains("Recover the split brain first (split-brain recovery of vol-00000113 and vol-00000198");
        Button unfence = button(robot, "Unfence anyway");
        assertThat(robot.lookup("#risk-input-0").queryAs(javafx.scene.control.TextField.class).isDisabled())
                .as("the block is typed only once the override is chosen").isTrue();
        robot.clickOn("#risk-override");
        // below the refusal and the override the field may sit under the scrolled body's fold: focused as Tab would
        javafx.scene.control.TextField input = robot.lookup("#risk-input-0").queryAs(javafx.scene.control.TextField.class);
        robot.interact(input::requestFocus);
        robot.write("10.10.3.0/2");
        assertThat(unfence.isDisabled()).isTrue();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(storage.requests).as("nothing sent before consent").isEmpty();
        assertThat(audit.entries).as("nothing audited before consent").hasSize(1);
        assertThat(storage.fenced).containsExactly(BLOCK);

        robot.write("4");
        assertThat(unfence.isDisabled()).isFalse();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> storage.requests.size() == 1);
        assertThat(storage.requests.get(0).cidrTexts()).containsExactly(BLOCK);
        AuditRecord sent = new AuditRecord(Instant.now(), AuditOrigin.local("Demo"), "inproc:demo", "grpc",
                org.csiconsole.core.risk.RiskOperation.UNFENCE.call(), Map.of("cidr", List.of(BLOCK)), "", AuditOutcome.OK, "", "", 4,
                "c-2", 1, false, false);
        assertThat(overrides.mark(sent).override()).as("the unfence's audit record is marked override").isTrue();
    }
}
