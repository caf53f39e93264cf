package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.stage.Stage;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.views.audit.AuditView;
import org.csiconsole.views.workbench.NavItem;
import org.csiconsole.views.workbench.Workbench;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The console's navigator opens the Audit view over the SQLite audit log in the data folder. */
@ExtendWith(ApplicationExtension.class)
class AuditViewWiringTest {
    @TempDir
    Path temp;
    private Console console;

    private static AuditRecord record(String call, String volumeId, AuditOutcome outcome) {
        return new AuditRecord(Instant.now(), AuditOrigin.local("lab driver"), "unix:///run/lab/csi.sock", "grpc", call,
                Map.of("volume_id", List.of(volumeId)), "volume_id: \"" + volumeId + "\"\nsecrets {\n  key: \"password\"\n  value: \"***\"\n}\n",
                outcome, outcome == AuditOutcome.OK ? "" : "NOT_FOUND", outcome == AuditOutcome.OK ? "" : "The volume does not exist.",
                12, "6f1c0f7e-0000-4000-8000-00000000000" + volumeId.length(), 1);
    }

    @Start
    void start(Stage stage) {
        LazyAuditLog audit = new LazyAuditLog(temp.resolve("data"));
        audit.append(record("csi.v1.Controller/CreateVolume", "pvc-1", AuditOutcome.OK)).join();
        audit.append(record("csi.v1.Controller/DeleteVolume", "pvc-22", AuditOutcome.FAILED)).join();
        console = new Console(stage, new LaunchOptions(false, null, null), temp.resolve("config"), Platform::runLater, audit);
        console.show();
    }

    @AfterEach
    void closeConsole() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
    }

    @Test
    void theNavigatorsAuditLogRowOpensTheAuditViewOverTheLogInTheDataFolder(FxRobot robot) throws Exception {
        robot.interact(() -> console.workbench().navigator().selectConsoleItem(new NavItem.Audit()));
        assertThat(console.workbench().selectedView()).isInstanceOf(AuditView.class);
        AuditView view = (AuditView) console.workbench().selectedView();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !view.model().loadingProperty().get()
                && view.table().tableView().getItems().size() == 2);
        assertThat(view.table().tableView().getItems()).extracting(e -> e.record().call())
                .containsExactly("csi.v1.Controller/DeleteVolume", "csi.v1.Controller/CreateVolume");
        assertThat(view.model().location()).isEqualTo(temp.resolve("data").resolve("audit.db").toString());
        assertThat(console.workbench().openViewKeys()).contains(Workbench.AUDIT_KEY);
    }

    @Test
    void verifyChainSaysTheLogIsIntact(FxRobot robot) throws Exception {
        robot.interact(() -> console.workbench().openAudit());
        robot.clickOn("#audit-verify");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> robot.lookup("#audit-status").queryAs(javafx.scene.control.Label.class).getText().startsWith("The audit log is intact"));
        assertThat(robot.lookup("#audit-status").queryAs(javafx.scene.control.Label.class).getText())
                .isEqualTo("The audit log is intact: 2 entries checked, none changed or removed.");
    }
}
