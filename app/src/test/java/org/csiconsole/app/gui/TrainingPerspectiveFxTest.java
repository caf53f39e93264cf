package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.StepState;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.fx.DesignSize;
import org.csiconsole.views.lifecycle.LifecycleView;
import org.csiconsole.views.training.TrainingStepRow;
import org.csiconsole.views.training.TrainingPerspective;
import org.csiconsole.views.training.TrainingView;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.workbench.ConnectionModel;
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
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Training perspective runs scenario 1 end to end in the console at 1280×800 with the bottom panel open, through
 * its own controls: Alt+5, the scenario chosen in the library and started on a plugin of its own (the demo's
 * connection untouched), a volume created in the Volumes tab beside the steps, published, staged and mounted from the
 * lifecycle's next calls, its staging path read on the lifecycle view and typed as the answer; each step turns green
 * after its action and not before, and the result is exported.
 */
@ExtendWith(ApplicationExtension.class)
class TrainingPerspectiveFxTest {
    private static final String SCENARIO = "provision-stage-publish";
    private Console console;
    private Stage stage;
    @TempDir
    Path temp;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        console = new Console(stage, LaunchOptions.DEMO, temp.resolve("config"), Platform::runLater,
                trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, temp.resolve("demo")));
        console.show();
    }

    @AfterEach
    void close(FxRobot robot) throws Exception {
        robot.interact(() -> {
            for (var w : List.copyOf(javafx.stage.Window.getWindows())) {
                if (w instanceof Stage s && s.getOwner() != null) s.close();
            }
        });
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
    }

    @Test
    void theTrainingPerspectiveRunsScenario1EndToEnd(FxRobot robot) throws Exception {
        ConnectionModel demo = console.connections().get(0);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> demo.stateProperty().get() == ConnectionState.CONNECTED);
        StorageService demoStorage = FxWait.onFx(demo::storage);
        // The window opens at the design size, the headless screen's (the stage is not sized here: the FX tests of this JVM share it)
        assertThat(FxWait.onFx(() -> stage.getScene().getWidth())).isEqualTo(1280);
        assertThat(FxWait.onFx(() -> stage.getScene().getHeight())).isEqualTo(DesignSize.HEIGHT);
        robot.interact(() -> console.workbench().bottomShownProperty().set(true));
        robot.clickOn("#start-view");
        robot.press(KeyCode.ALT, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.ALT);
        assertThat(console.workbench().perspectiveProperty().get()).isEqualTo(TrainingPerspective.ID);
        TrainingView view = (TrainingView) console.workbench().activeViewProperty().get();

        // the library: choose scenario 1 in its list and start it
        FxWait.until(() -> view.model().scenarios().stream().anyMatch(s -> s.id().equals(SCENARIO)));
        @SuppressWarnings("unchecked")
        ComboBox<Scenario> library = robot.lookup("#training-scenarios").queryAs(ComboBox.class);
        Scenario first = FxWait.onFx(() -> library.getItems().stream().filter(s -> s.id().equals(SCENARIO)).findFirst().orElseThrow());
        robot.clickOn(library);
        robot.clickOn(first.title());
        assertThat(FxWait.onFx(() -> view.model().selectedProperty().get())).isEqualTo(first);
        robot.clickOn("#training-start");

        FxWait.until(() -> view.model().connectionProperty().get() != null
                && view.model().connectionProperty().get().stateProperty().get() == ConnectionState.CONNECTED);
        ConnectionModel training = FxWait.onFx(() -> view.model().connectionProperty().get());
        assertThat(training.name()).isEqualTo("Training: " + SCENARIO);
        assertThat(FxWait.onFx(() -> console.connections().stream().map(ConnectionModel::name).toList()))
                .containsExactly("Demo", "Training: " + SCENARIO);
        assertThat(FxWait.onFx(() -> demo.stateProperty().get())).as("the demo goes on").isEqualTo(ConnectionState.CONNECTED);
        assertThat(FxWait.onFx(demo::storage)).as("the demo's plugin and clients are the same").isSameAs(demoStorage);
        assertThat(FxWait.onFx(() -> robot.lookup("#training-connection-note").queryAs(Label.class).getText()))
                .contains("\u201cTraining: " + SCENARIO + "\u201d", "The demo and every other connection are as they were.");
        assertThat(states(view)).containsOnly(StepState.PENDING);
        assertThat(pseudo(robot, "create", "current")).isTrue();
        assertFits(view);

        // step 1: create web-data in the Volumes tab beside the steps
        VolumesView volumes = (VolumesView) view.besideViews().get(0);
        FxWait.until(() -> !volumes.viewModel().loadingProperty().get());
        robot.interact(() -> view.tabs().getSelectionModel().select(0));
        robot.clickOn("#volume-create");
        dialog(robot);
        fill(robot, "name", "web-data");
        fill(robot, "size", "10GiB");
        press(robot, "Create");
        FxWait.until(() -> state(view, 0) == StepState.PASSED);
        FxWait.until(() -> pseudo(robot, "create", "passed"));
        assertThat(states(view).subList(1, 5)).containsOnly(StepState.PENDING);

        // steps 2 to 4: "Lifecycle" on web-data's row shows it in the lifecycle tab; its next calls, each through its form
        FxWait.until(() -> volumes.viewModel().table().all().stream().anyMatch(v -> "web-data".equals(v.name())));
        robot.interact(() -> {
            TableView<?> rows = volumes.table().tableView();
            for (int i = 0; i < rows.getItems().size(); i++) {
                if (rows.getItems().get(i) instanceof org.csiconsole.core.model.Volume v && "web-data".equals(v.name())) {
                    rows.getSelectionModel().clearAndSelect(i);
                }
            }
        });
        String webData = FxWait.onFx(() -> ((org.csiconsole.core.model.Volume) volumes.viewModel().selected()).volumeId());
        MenuItem showLifecycle = FxWait.onFx(() -> volumes.rowMenu().getItems().stream()
                .filter(i -> i.getGraphic() instanceof javafx.scene.layout.VBox box && !box.getChildren().isEmpty()
                        && box.getChildren().get(0) instanceof Label l && "Lifecycle".equals(l.getText()))
                .findFirst().orElseThrow());
        robot.interact(showLifecycle::fire);
        LifecycleView lifecycle = (LifecycleView) view.besideViews().stream().filter(v -> v instanceof LifecycleView).findFirst().orElseThrow();
        assertThat(FxWait.onFx(() -> view.tabs().getSelectionModel().getSelectedItem().getUserData())).isSameAs(lifecycle);
        FxWait.until(() -> lifecycle.model().volumeProperty().get() != null && lifecycle.model().volumeProperty().get().volumeId().equals(webData));
        call(robot, "ControllerPublishVolume", "Publish");
        FxWait.until(() -> state(view, 1) == StepState.PASSED);
        assertThat(state(view, 2)).isEqualTo(StepState.PENDING);
        call(robot, "NodeStageVolume", "Stage");
        FxWait.until(() -> state(view, 2) == StepState.PASSED);
        assertThat(state(view, 3)).isEqualTo(StepState.PENDING);
        call(robot, "NodePublishVolume", "Publish");
        FxWait.until(() -> state(view, 3) == StepState.PASSED);

        // step 5: read the staging path on the lifecycle view and answer with it
        FxWait.until(() -> robot.lookup("#lifecycle-nodes .label").queryAllAs(Label.class).stream()
                .anyMatch(l -> l.getText().startsWith("staged at ")));
        String path = FxWait.onFx(() -> robot.lookup("#lifecycle-nodes .label").queryAllAs(Label.class).stream()
                .map(Label::getText).filter(t -> t.startsWith("staged at ")).findFirst().orElseThrow()).substring("staged at ".length());
        robot.clickOn("#training-answer-read-path").write("/not/the/path");
        robot.clickOn("#training-answer-send-read-path");
        FxWait.until(() -> console.notifications().items().stream().anyMatch(n -> n.title().equals("Answer to step 5")));
        assertThat(FxWait.onFx(() -> console.notifications().items().stream().filter(n -> n.title().equals("Answer to step 5"))
                .findFirst().orElseThrow().severity())).isEqualTo(org.csiconsole.views.notify.Severity.WARNING);
        assertThat(state(view, 4)).as("a wrong answer keeps the step open").isEqualTo(StepState.PENDING);
        robot.interact(() -> robot.lookup("#training-answer-read-path").queryAs(TextInputControl.class).clear());
        robot.clickOn("#training-answer-read-path").write(path);
        robot.clickOn("#training-answer-send-read-path");
        FxWait.until(() -> state(view, 4) == StepState.PASSED);
        FxWait.eventually(() -> assertThat(robot.lookup("#training-status").queryAs(Label.class).getText())
                .isEqualTo("Every step passed: export the result to keep it."));
        assertFits(view);

        // the result, through Export result's JSON entry
        Path result = temp.resolve("results/trainee.json");
        robot.interact(() -> view.setFileChooser((format, name) -> Optional.of(result)));
        robot.clickOn("#training-trainee").write("Ada");
        MenuButton export = robot.lookup("#training-export").queryAs(MenuButton.class);
        MenuItem json = FxWait.onFx(() -> export.getItems().stream().filter(i -> "training-export-json".equals(i.getId())).findFirst().orElseThrow());
        robot.interact(json::fire);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> Files.exists(result) && Files.size(result) > 0);
        assertThat(Files.readString(result)).contains(SCENARIO, "Ada");
    }

    @Test
    void theViewsBesideTheStepsShowTheSeedAtOnceAndF5ReadsThemAgain(FxRobot robot) throws Exception {
        ConnectionModel demo = console.connections().get(0);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> demo.stateProperty().get() == ConnectionState.CONNECTED);
        robot.interact(() -> console.workbench().bottomShownProperty().set(true));
        robot.clickOn("#start-view");
        robot.press(KeyCode.ALT, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.ALT);
        TrainingView view = (TrainingView) console.workbench().activeViewProperty().get();
        FxWait.until(() -> view.model().scenarios().stream().anyMatch(s -> s.id().equals(SCENARIO)));
        robot.interact(() -> {
            view.model().selectedProperty().set(view.model().scenarios().stream().filter(s -> s.id().equals(SCENARIO)).findFirst().orElseThrow());
            view.model().start();
        });
        FxWait.until(() -> view.model().connectionProperty().get() != null
                && view.model().connectionProperty().get().stateProperty().get() == ConnectionState.CONNECTED);

        // the seed's three volumes show in the Volumes tab beside the steps without any change made
        FxWait.until(() -> !view.besideViews().isEmpty() && view.besideViews().get(0) instanceof VolumesView);
        VolumesView volumes = (VolumesView) FxWait.onFx(() -> view.besideViews().get(0));
        FxWait.until(() -> volumes.table().tableView().getItems().size() == 3);
        FxWait.afterLayout(view.node());
        assertThat(FxWait.onFx(() -> view.tabs().lookupAll(".tab").stream()
                .map(n -> n.getProperties().get(javafx.scene.control.Tab.class))
                .filter(t -> t instanceof javafx.scene.control.Tab tab && tab.getTabPane() == null).count()))
                .as("no header of a tab removed stays in the tab pane").isZero();
        assertThat(FxWait.onFx(() -> volumes.node().lookupAll(".label").stream()
                .filter(n -> n instanceof Label l && l.getText().endsWith(" rows")).map(n -> ((Label) n).getText()).toList()))
                .contains("3 rows").doesNotContain("0 rows");

        // a volume made behind the view's back shows after F5 with the Volumes tab in front
        ConnectionModel training = FxWait.onFx(() -> view.model().connectionProperty().get());
        training.storage().createVolume(new org.csiconsole.core.port.VolumeRequest("made-elsewhere", 1L << 30,
                List.of(org.csiconsole.core.model.VolumeCapability.mount(org.csiconsole.core.model.AccessMode.SINGLE_NODE_WRITER, "ext4")),
                java.util.Map.of(), java.util.Map.of(), org.csiconsole.core.model.VolumeSource.NONE)).get(20, TimeUnit.SECONDS);
        assertThat(FxWait.onFx(() -> volumes.table().tableView().getItems().size())).isEqualTo(3);
        robot.clickOn(volumes.table().tableView());
        robot.press(KeyCode.F5).release(KeyCode.F5);
        FxWait.until(() -> volumes.table().tableView().getItems().size() == 4);

        // reset to the seed: the volume made is gone from the table beside at once
        robot.clickOn("#training-reset");
        dialog(robot);
        // nothing is reset until the scenario's id is typed, as `training reset` asks on the command line
        robot.interact(() -> robot.lookup("#confirm-input").queryAs(TextInputControl.class).setText(SCENARIO));
        press(robot, "Reset");
        FxWait.until(() -> volumes.table().tableView().getItems().size() == 3
                || view.besideViews().get(0) instanceof VolumesView v && v != volumes && v.table().tableView().getItems().size() == 3);
    }

    /** At 1280x800 the bottom panel gives way to the steps while Training is shown, and comes back where it was after. */
    @Test
    void theBottomPanelGivesWayToTheStepsWhileTrainingIsShown(FxRobot robot) throws Exception {
        robot.interact(() -> {
            console.workbench().bottomShownProperty().set(true);
            console.workbench().showPerspective(org.csiconsole.views.workbench.Perspective.RESOURCES);
            console.workbench().setBottomDivider(0.6);
        });
        FxWait.onFx(() -> console.workbench().showPerspective(TrainingPerspective.ID));
        assertThat(FxWait.onFx(() -> console.workbench().bottomDivider())).isGreaterThanOrEqualTo(0.71);
        FxWait.afterLayout(console.workbench().root());
        assertThat(FxWait.onFx(() -> org.csiconsole.views.fx.DesignSize.rowsInSight(console.workbench().bottom().trace().table().tableView())))
                .as("the call trace keeps rows in sight below the steps").isGreaterThanOrEqualTo(3);

        FxWait.onFx(() -> console.workbench().showPerspective(org.csiconsole.views.workbench.Perspective.RESOURCES));
        assertThat(FxWait.onFx(() -> console.workbench().bottomDivider())).isCloseTo(0.6, org.assertj.core.data.Offset.offset(0.01));
    }

    /** At 1280x800 the tab headers beside the steps read in full, or elide with the full title as a tooltip. */
    @Test
    void theTabTitlesBesideTheStepsReadInFullAt1280x800(FxRobot robot) throws Exception {
        ConnectionModel demo = console.connections().get(0);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> demo.stateProperty().get() == ConnectionState.CONNECTED);
        robot.interact(() -> console.workbench().bottomShownProperty().set(true));
        TrainingView view = (TrainingView) FxWait.onFx(() -> console.workbench().showPerspective(TrainingPerspective.ID));
        FxWait.until(() -> view.model().scenarios().stream().anyMatch(s -> s.id().equals(SCENARIO)));
        robot.interact(() -> {
            view.model().selectedProperty().set(view.model().scenarios().stream().filter(s -> s.id().equals(SCENARIO)).findFirst().orElseThrow());
            view.model().start();
        });
        FxWait.until(() -> view.tabs().getTabs().size() == 3);
        FxWait.afterLayout(view.node());
        for (javafx.scene.control.Tab tab : FxWait.onFx(() -> List.copyOf(view.tabs().getTabs()))) {
            javafx.scene.Node header = FxWait.onFx(() -> view.tabs().lookupAll(".tab").stream()
                    .filter(n -> n.getProperties().get(javafx.scene.control.Tab.class) == tab).findFirst().orElseThrow());
            Label label = FxWait.onFx(() -> (Label) header.lookup(".tab-label"));
            String shown = FxWait.onFx(label::getText);
            assertThat(FxWait.onFx(() -> label.getLayoutBounds().getWidth() >= label.prefWidth(-1) - 0.5
                    || tab.getTooltip() != null && tab.getTooltip().getText().contains(shown)))
                    .as("tab %s reads in full or has its full title as a tooltip", shown).isTrue();
            assertThat(FxWait.onFx(() -> header.localToScene(header.getLayoutBounds()).getMaxX()))
                    .as("tab %s lies within the tab pane", shown)
                    .isLessThanOrEqualTo(FxWait.onFx(() -> view.tabs().localToScene(view.tabs().getLayoutBounds()).getMaxX()) + 0.5);
        }
    }

    private static List<StepState> states(TrainingView view) throws Exception {
        return FxWait.onFx(() -> view.model().steps().stream().map(TrainingStepRow::state).toList());
    }

    private static StepState state(TrainingView view, int index) throws Exception {
        return FxWait.onFx(() -> view.model().steps().get(index).state());
    }

    /** Whether step {@code stepId}'s card shows {@code pseudoClass} (passed, failed, current): what colours it. */
    private static boolean pseudo(FxRobot robot, String stepId, String pseudoClass) throws Exception {
        return FxWait.onFx(() -> robot.lookup("#training-step-" + stepId).query().getPseudoClassStates().stream()
                .anyMatch(p -> p.getPseudoClassName().equals(pseudoClass)));
    }

    /** At 1280×800 with the bottom panel open: no figure of the perspective cut, the volumes table keeps 8 rows in sight. */
    private static void assertFits(TrainingView view) throws Exception {
        FxWait.afterLayout(view.node());
        assertThat(FxWait.onFx(() -> DesignSize.cutFigures(view.node()))).isEmpty();
        Optional<TableView<?>> table = FxWait.onFx(() -> DesignSize.mainTable(view.node()));
        if (table.isPresent()) assertThat(FxWait.onFx(() -> DesignSize.rowsInSight(table.get()))).isGreaterThanOrEqualTo(DesignSize.ROWS);
    }

    /** Clicks the lifecycle's next-call button of {@code rpc} once enabled and submits its form with {@code submit}. */
    private static void call(FxRobot robot, String rpc, String submit) throws Exception {
        FxWait.until(() -> !robot.lookup("#lifecycle-call-" + rpc).queryButton().isDisabled());
        Button button = robot.lookup("#lifecycle-call-" + rpc).queryButton();
        robot.interact(() -> scrollIntoView(button)); // as a person scrolls the lifecycle's side panel to its next calls
        robot.clickOn(button);
        dialog(robot);
        press(robot, submit);
        // a call core's risk model assesses shows what it sends, on which connection, to confirm (ControllerPublishVolume)
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isEmpty()
                || robot.lookup("#risk-dialog").tryQuery().isPresent());
        Optional<javafx.scene.Node> risk = robot.lookup("#risk-dialog").tryQuery();
        if (risk.isPresent()) {
            DialogPane pane = (DialogPane) risk.get();
            Button b = FxWait.onFx(() -> pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                    .filter(x -> submit.equals(x.getText())).findFirst().orElseThrow(() -> new AssertionError("no button " + submit)));
            robot.clickOn(b);
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isEmpty());
    }


    /** Scrolls the scroll pane around {@code node} so that the node is in sight. */
    private static void scrollIntoView(javafx.scene.Node node) {
        for (javafx.scene.Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof javafx.scene.control.ScrollPane scroll) {
                javafx.scene.Node content = scroll.getContent();
                double y = content.sceneToLocal(node.localToScene(node.getBoundsInLocal())).getMinY();
                double room = content.getBoundsInLocal().getHeight() - scroll.getViewportBounds().getHeight();
                if (room > 0) scroll.setVvalue(Math.min(1, Math.max(0, y / room)));
                scroll.layout();
                return;
            }
        }
    }

    private static DialogPane dialog(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        return robot.lookup(".dialog-pane").queryAs(DialogPane.class);
    }

    private static void fill(FxRobot robot, String field, String text) {
        TextInputControl c = robot.lookup("#form-" + field).queryAs(TextInputControl.class);
        robot.interact(() -> c.setText(text));
    }

    private static void press(FxRobot robot, String label) throws Exception {
        DialogPane pane = dialog(robot);
        Button b = FxWait.onFx(() -> pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                .filter(x -> label.equals(x.getText())).findFirst().orElseThrow(() -> new AssertionError("no button " + label)));
        FxWait.until(() -> !b.isDisabled());
        robot.clickOn(b);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
