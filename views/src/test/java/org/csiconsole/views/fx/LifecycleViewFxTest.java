package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.lifecycle.LifecycleView;
import org.csiconsole.views.lifecycle.LifecycleViewModel;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lifecycle view on a storage that keeps records: illegal transitions are disabled with the
 * spec's reason, clicking a legal one runs the volumes view's command and moves the state, a failed
 * call marks its arrow, and the view exports what it shows.
 */
@ExtendWith(ApplicationExtension.class)
class LifecycleViewFxTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private LifecycleView view;
    private ConnectionModel connection;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        storage.keepsRecords = true;
        dialogs.formAnswer = f -> true;
        connection = new ConnectionModel(ConnectionProfile.demo());
        connection.storageProperty().set(storage);
        ObservableList<ConnectionModel> connections = FXCollections.observableArrayList(connection);
        TaskRunner tasks = new TaskRunner(Platform::runLater);
        ActionRunner actions = new ActionRunner(tasks, new Notifications(), dialogs);
        CallTrace trace = new CallTrace();
        view = new LifecycleView(new LifecycleViewModel(connections,
                c -> new VolumesViewModel(new ViewContext(c.storage(), actions, Platform::runLater, c.name(), c.changes())),
                actions, trace::snapshot, Clock.systemDefaultZone(), new FakeExporter()));
        view.setAnimate(false);
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1280, 800);
        new ThemeManager(Theme.LIGHT).style(scene);
        stage.setScene(scene);
        stage.show();
        view.activate();
    }

    /** Draws nothing: the SVG names the caption, the PNG is a few bytes; core/render's tests draw for real. */
    private static final class FakeExporter implements DiagramExporter {
        @Override
        public byte[] export(org.csiconsole.core.lifecycle.Diagram diagram, org.csiconsole.core.lifecycle.DiagramOverlay overlay,
                             String caption, Format format) {
            return (format + "|" + diagram.title() + "|" + caption + "|" + overlay.current()).getBytes(StandardCharsets.UTF_8);
        }
    }

    private void choose(String volumeId) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.model().volumes().stream().anyMatch(v -> v.volumeId().equals(volumeId)));
        WaitForAsyncUtils.asyncFx(() -> view.model().volumeProperty().set(view.model().volumes().stream()
                .filter(v -> v.volumeId().equals(volumeId)).findFirst().orElseThrow())).get(10, TimeUnit.SECONDS);
    }

    /** Reads scene state on the FX thread, where it is written. */
    private static <T> T onFx(java.util.concurrent.Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(10, TimeUnit.SECONDS);
    }

    private boolean current(FxRobot robot, String state) {
        Node box = robot.lookup("#lifecycle-state-" + state.replace('_', '-')).tryQuery().orElse(null);
        return box != null && ((javafx.scene.Group) box).getChildren().get(0).getPseudoClassStates().stream()
                .anyMatch(p -> p.getPseudoClassName().equals("current"));
    }

    private static boolean has(Node n, String pseudoClass) {
        return n.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals(pseudoClass));
    }

    private static String tooltipOf(Node n) {
        Object t = n.getProperties().get("javafx.scene.control.Tooltip");
        return t instanceof Tooltip tip ? tip.getText() : "";
    }

    @Test
    void anIllegalTransitionIsDisabledWithTheSpecsReasonAndClickingALegalOneMovesTheState(FxRobot robot) throws Exception {
        choose("vol-0001"); // published to node-a1, the connected node: NODE_READY there
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> current(robot, "NODE_READY")));
        WaitForAsyncUtils.waitForFxEvents();

        Button publish = robot.lookup("#lifecycle-call-NodePublishVolume").queryButton();
        assertThat(publish.isDisabled()).isTrue();
        StackPane wrapper = (StackPane) publish.getParent();
        assertThat(tooltipOf(wrapper)).startsWith("FAILED_PRECONDITION: Staging target path not set")
                .contains("NodeStageVolume MUST succeed on node-a1 first");
        Node arrow = robot.lookup("#lifecycle-arrow-NodePublishVolume .cc-diagram-arrow").query();
        assertThat(has(arrow, "illegal")).isTrue();
        assertThat(robot.lookup("#lifecycle-call-DeleteVolume").queryButton().isDisabled()).isTrue();

        robot.clickOn(robot.lookup("#lifecycle-arrow-NodeStageVolume .cc-diagram-arrow-label").queryAs(Node.class));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> current(robot, "VOL_READY")));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(storage.calls).contains("nodeStage");
        assertThat(dialogs.forms).extracting(f -> f.title()).anyMatch(t -> t.startsWith("Stage pvc-web"));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> !robot.lookup("#lifecycle-call-NodePublishVolume").queryButton().isDisabled()));
        // the call that moved it stands out: the mark follows the state in a later update, so wait for it
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> has(robot.lookup("#lifecycle-arrow-NodeStageVolume .cc-diagram-arrow").query(), "taken")));
        assertThat(onFx(() -> robot.lookup("#lifecycle-certainty").queryLabeled().getText())).isEqualTo("exact");
    }

    @Test
    void aFailedCallMarksItsArrowWithTheCodeAndTheMessage(FxRobot robot) throws Exception {
        storage.failNext("nodeStage", FailureKind.FAILED_PRECONDITION, "the staging path is in use", "Choose another path.");
        choose("vol-0001");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> current(robot, "NODE_READY")));
        WaitForAsyncUtils.waitForFxEvents();

        robot.clickOn("#lifecycle-call-NodeStageVolume");

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> has(robot.lookup("#lifecycle-arrow-NodeStageVolume .cc-diagram-arrow").query(), "failed")));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.text.Text failure = robot.lookup("#lifecycle-arrow-NodeStageVolume .cc-diagram-failure").queryAs(javafx.scene.text.Text.class);
        assertThat(onFx(failure::isVisible)).isTrue();
        assertThat(onFx(failure::getText)).startsWith("FAILED_PRECONDITION: the staging path");
        assertThat(onFx(() -> current(robot, "NODE_READY"))).isTrue();
    }

    @Test
    void theViewExportsWhatItShowsWithTheVolumeInTheCaption(FxRobot robot) throws Exception {
        choose("vol-0001");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> current(robot, "NODE_READY")));
        WaitForAsyncUtils.waitForFxEvents();
        Path svg = dir.resolve("lifecycle.svg");
        view.setFileChooser((format, caption) -> Optional.of(format == DiagramExporter.Format.SVG ? svg : dir.resolve("x.png")));

        MenuButton export = robot.lookup("#lifecycle-export").queryAs(MenuButton.class);
        MenuItem item = export.getItems().stream().filter(i -> "lifecycle-export-svg".equals(i.getId())).findFirst().orElseThrow();
        WaitForAsyncUtils.asyncFx(item::fire).get(10, TimeUnit.SECONDS);

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> Files.exists(svg) && Files.size(svg) > 0);
        String written = Files.readString(svg);
        assertThat(written).startsWith("SVG|Figure 6|Volume pvc-web (vol-0001) \u00b7 ").contains("\u00b7 node node-a1 \u00b7 exact|[NODE_READY]");
    }
}
