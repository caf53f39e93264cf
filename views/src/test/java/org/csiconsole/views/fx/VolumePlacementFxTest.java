package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.placement.PlacementOptions;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The New volume dialog offers where a volume can go and warns when it went elsewhere; publish offers known nodes. */
@ExtendWith(ApplicationExtension.class)
class VolumePlacementFxTest {
    static final String SITE = "topology.csi.example.com/site";
    private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage().seeded());

    @Start
    void start(Stage stage) {
        fx.show(stage, c -> new VolumesView(new VolumesViewModel(c)));
    }

    @AfterEach
    void tearDown(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    @SuppressWarnings("unchecked")
    private static ComboBox<PlacementOptions.Segment> topology(FxRobot robot) {
        return robot.lookup("#form-topology").queryAs(ComboBox.class);
    }

    private static ComboBox<?> comboOf(FxRobot robot, String editorId) {
        return (ComboBox<?>) robot.lookup(editorId).queryAs(TextInputControl.class).getParent();
    }

    private static List<String> shownTexts(FxRobot robot, ComboBox<?> box) throws Exception {
        robot.interact(box::show);
        // The popup's list cells get their text when the list is laid out: wait for a cell per item.
        java.util.concurrent.Callable<List<String>> read = () -> robot.lookup(".combo-box-popup .list-cell").queryAllAs(ListCell.class).stream()
                .filter(c -> !c.isEmpty() && c.getText() != null).map(ListCell::getText).toList();
        FxWait.until(() -> read.call().size() == box.getItems().size());
        List<String> texts = FxWait.onFx(read);
        robot.interact(box::hide);
        return texts;
    }

    private void chooseSiteB(FxRobot robot) throws Exception {
        ComboBox<PlacementOptions.Segment> where = topology(robot);
        FxWait.until(() -> where.getItems().size() == 3);
        robot.interact(() -> where.getSelectionModel().select(2));
    }

    @Test
    void theCreateFormOffersTheKnownSegmentsAndParameterKeysAndSendsTheChosenSegment(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        robot.clickOn("#volume-create");
        fx.dialog(robot);
        ComboBox<PlacementOptions.Segment> where = topology(robot);
        FxWait.until(() -> where.getItems().size() == 3);
        FxWait.eventually(() -> {
            assertThat(where.getConverter().toString(where.getValue())).isEqualTo("Any (the plugin chooses)");
            assertThat(where.getItems()).extracting(s -> where.getConverter().toString(s)).containsExactly("Any (the plugin chooses)",
                    SITE + "=site-a (GetCapacity, NodeGetInfo node-a1, 2 volumes)",
                    SITE + "=site-b (GetCapacity, NodeGetInfo node-b1, 1 volume)");
        });

        FxWait.eventually(() -> assertThat(comboOf(robot, "#form-parameters-key").getItems()).extracting(Object::toString).contains("tier"));
        fx.fill(robot, "parameters-key", "tier");
        FxWait.eventually(() -> assertThat(comboOf(robot, "#form-parameters-value").getItems()).extracting(Object::toString)
                .containsExactly("gold"));
        fx.fill(robot, "parameters-value", "gold");
        robot.interact(() -> robot.lookup("#form-parameters-set").queryButton().fire());
        FxWait.eventually(() -> assertThat(robot.lookup("#form-parameters").queryAs(TextInputControl.class).getText()).isEqualTo("tier=gold"));

        chooseSiteB(robot);
        robot.clickOn("#form-name").write("pvc-b");
        fx.press(robot, "Create");
        fx.awaitRows(4);
        assertThat(fx.storage.lastCreate.requisite()).containsExactly(Topology.of(SITE, "site-b"));
        assertThat(fx.storage.lastCreate.parameters()).containsEntry("tier", "gold");
    }

    @Test
    void aVolumeCreatedElsewhereThanAskedIsAWarningNotADialog(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.storage.placeOn = Topology.of(SITE, "site-a");
        robot.clickOn("#volume-create");
        javafx.stage.Window dialog = fx.dialog(robot).getScene().getWindow();
        chooseSiteB(robot);
        robot.clickOn("#form-name").write("pvc-b");
        fx.press(robot, "Create");
        fx.awaitRows(4);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !dialog.isShowing());

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.notifications.items().stream().anyMatch(n -> n.severity() == Severity.WARNING));
        assertThat(fx.notifications.items()).filteredOn(n -> n.severity() == Severity.WARNING).singleElement()
                .satisfies(n -> assertThat(n.message()).contains("Asked for topology " + SITE + "=site-b")
                        .contains("accessible from " + SITE + "=site-a"));
        FxWait.eventually(() -> assertThat(robot.lookup("#view-status").queryAs(javafx.scene.control.Label.class).getText())
                .startsWith("pvc-b is not where it was asked to go"));
        assertThat(robot.lookup(".dialog-pane").tryQuery()).as("no dialog").isEmpty();
    }

    @Test
    void thePublishFormListsTheNodesThatReachTheVolumeFirstAndTakesATypedOne(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.select(robot, fx.firstColumn().indexOf("pvc-db"));
        FxWait.until(() -> ((VolumesViewModel) fx.view.model()).nodes().size() == 2);
        // The form dialog waits for its answer: open it without waiting here.
        javafx.application.Platform.runLater(() -> ((VolumesViewModel) fx.view.model()).controllerPublish());
        fx.dialog(robot);

        FxWait.eventually(() -> assertThat(robot.lookup("#form-nodeId").queryAs(TextInputControl.class).getText()).isEqualTo("node-b1"));
        assertThat(shownTexts(robot, comboOf(robot, "#form-nodeId"))).containsExactly(
                "node-b1 \u2014 reaches the volume's topology",
                "node-a1 \u2014 topology does not match (" + SITE + "=site-a)");

        fx.fill(robot, "nodeId", "node-c7");
        fx.press(robot, "Publish");
        fx.confirmRisk(robot, "Publish"); // what ControllerPublishVolume sends, on which connection
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.storage.calls.contains("controllerPublish"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.storage.volumes.get(1).publishedNodeIds().contains("node-c7"));
    }
}
