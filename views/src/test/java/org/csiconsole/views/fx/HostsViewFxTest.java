package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.stage.Stage;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.hosts.HostRow;
import org.csiconsole.views.hosts.HostsView;
import org.csiconsole.views.hosts.HostsViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class HostsViewFxTest {
    private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

    @Start
    void start(Stage stage) {
        fx.show(stage, c -> new HostsView(new HostsViewModel(c)));
    }

    @AfterEach
    void tearDown(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    @Test
    void showsHostsWithMaskedChapAndNodesWithTopology(FxRobot robot) throws Exception {
        fx.awaitRows(4);
        assertThat(fx.firstColumn()).containsExactly("worker-a1", "worker-b1", "node-a1", "node-b1");
        fx.awaitCells(robot, "user chapuser, password " + HostRow.MASK, "IQN iqn.2026-01.com.example:worker-a1",
                "topology.csi.example.com/site=site-a", "64");
        assertThat(fx.cellTexts(robot))
                .contains("user chapuser, password " + HostRow.MASK, "IQN iqn.2026-01.com.example:worker-a1",
                        "topology.csi.example.com/site=site-a", "64");
    }

    @Test
    void createsAHostThroughTheDialogAndDeletesAfterTyping(FxRobot robot) throws Exception {
        fx.awaitRows(4);
        robot.clickOn("#host-create");
        fx.dialog(robot);
        fx.fill(robot, "name", "worker-c1");
        fx.fill(robot, "initiators", "not-an-iqn");
        FxWait.eventually(() -> assertThat(robot.lookup("#form-initiators-error").queryAs(javafx.scene.control.Label.class).getText())
                .contains("is not an IQN"));
        fx.fill(robot, "initiators", "iqn.2026-01.com.example:worker-c1");
        fx.fill(robot, "networks", "10.0.3.21/24");
        fx.fill(robot, "chapUser", "chap-c1");
        fx.fill(robot, "chapPassword", "s3cret-value");
        fx.press(robot, "Create");
        fx.awaitRows(5);
        assertThat(fx.firstColumn()).contains("worker-c1");
        // The new host's row drawn whole before looking for the password in the cells.
        fx.awaitCells(robot, "worker-c1", "IQN iqn.2026-01.com.example:worker-c1", "user chap-c1, password " + HostRow.MASK);
        assertThat(fx.cellTexts(robot)).noneMatch(t -> t.contains("s3cret"));

        fx.select(robot, 1);
        robot.clickOn("#host-delete");
        fx.confirmByTyping(robot, "worker-b1", "Delete");
        fx.awaitRows(4);
        assertThat(fx.firstColumn()).doesNotContain("worker-b1");
    }

    @Test
    void failuresAndDisabledActions(FxRobot robot) throws Exception {
        fx.awaitRows(4);
        fx.select(robot, 2);
        assertThat(fx.disabled(robot, "host-delete")).isTrue();
        assertThat(fx.tooltip(robot, "host-delete")).contains("nodes are reported by the plugin");
        fx.storage.failNext("deleteHost", FailureKind.BUSY, "the host has volumes being published (HTTP 409)", "Wait, then retry.");
        fx.select(robot, 0);
        robot.clickOn("#host-delete");
        fx.confirmByTyping(robot, "worker-a1", "Delete");
        assertThat(fx.failureDialog(robot, "being published")).isEqualTo("Another operation is in progress");
        fx.storage.failNext("listHosts", FailureKind.UNAVAILABLE, "the array did not answer (HTTP 503)", "Check the array.");
        robot.interact(() -> fx.view.refreshAction().run());
        assertThat(fx.failureDialog(robot, "did not answer")).isEqualTo("Storage unreachable");
    }
}
