package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.port.AddonsFeatures;
import org.csiconsole.core.port.Features;
import org.csiconsole.views.FakeFenceStorage;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.fence.FenceView;
import org.csiconsole.views.fence.FenceViewModel;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The network fence view on screen: the typed confirmation that names the blocks, and gating on the csi-addons capabilities. */
@ExtendWith(ApplicationExtension.class)
class FenceViewFxTest {
    private static final String CANARY = "canary-fence-fx-4410";
    private final FakeFenceStorage storage = FakeFenceStorage.advertisingAll();
    private Stage stage;
    private FenceView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        storage.fenced.add("10.9.0.0/16");
        ThemeManager themes = new ThemeManager(Theme.LIGHT);
        ActionRunner actions = new ActionRunner(new TaskRunner(Platform::runLater), new Notifications(),
                new FxDialogService(() -> stage, themes));
        view = new FenceView(new FenceViewModel(new ViewContext(storage, actions, Platform::runLater, "Demo")));
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1280, 760);
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

    private void awaitRows(int n) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.table().tableView().getItems().size() == n);
    }

    private Button button(FxRobot robot, String label) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        return pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                .filter(b -> label.equals(b.getText())).findFirst().orElseThrow(() -> new AssertionError("no button " + label));
    }

    @Test
    void fenceAsksToTypeTheBlocksAndEnterConfirmsOnlyOnceTheyMatch(FxRobot robot) throws Exception {
        awaitRows(1);
        robot.clickOn("#fence-fence");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#form-cidrs").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#form-cidrs").queryAs(TextInputControl.class).setText("10.1.0.5/24"));
        Labeled note = robot.lookup("#form-cidrs-note").queryAs(Labeled.class);
        assertThat(FxChecks.shown(note)).as("a block read otherwise than typed is said under the field").isTrue();
        assertThat(note.getText()).isEqualTo("Read as network blocks, host bits cleared: 10.1.0.5/24 is the block 10.1.0.0/24.");
        robot.interact(() -> {
            robot.lookup("#form-cidrs").queryAs(TextInputControl.class).setText("10.1.0.0/24");
            robot.lookup("#form-secrets").queryAs(TextInputControl.class).setText("userKey=" + CANARY);
        });
        assertThat(FxChecks.shown(note)).as("nothing to say of a block as typed").isFalse();
        robot.clickOn(button(robot, "Fence\u2026"));

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#risk-input-0").tryQuery().isPresent());
        assertThat(robot.lookup(".dialog-pane .label").queryAllAs(Labeled.class)).extracting(Labeled::getText)
                .contains("Danger: Every client in 10.1.0.0/24 loses access to storage; no known host is in it.");
        Button confirm = button(robot, "Fence");
        robot.clickOn("#risk-input-0").write("10.1.0.0/2");
        assertThat(confirm.isDisabled()).as("wrong text keeps Fence disabled").isTrue();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#risk-input-0").tryQuery()).as("Enter before the text matches does nothing").isPresent();
        assertThat(storage.requests).isEmpty();

        robot.write("4");
        assertThat(confirm.isDisabled()).isFalse();
        robot.type(KeyCode.ENTER);

        awaitRows(2);
        assertThat(storage.requests).hasSize(1);
        assertThat(storage.requests.get(0).cidrTexts()).containsExactly("10.1.0.0/24");
        assertThat(storage.requests.get(0).secrets().values()).containsEntry("userKey", CANARY);
        // The table may measure a new row in a primed cell before it shows it: wait for the whole row.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cellTexts(robot).containsAll(List.of("10.1.0.0/24", "IPv4", "256 addresses")));
        assertThat(cellTexts(robot)).noneMatch(t -> t.contains(CANARY));
    }

    /** The texts of the table's cells, read on the FX thread. */
    private List<String> cellTexts(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> robot.lookup(".table-cell").queryAllAs(TableCell.class).stream().map(Labeled::getText)
                .filter(t -> t != null && !t.isEmpty()).toList()).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aDriverWithoutNetworkFenceDisablesFenceWithTheReason(FxRobot robot) throws Exception {
        awaitRows(1);
        storage.features = AddonsFeatures.with(Features.from(FakeStorage.allCapabilities(), true, false, true, true),
                Set.of(AddonsCapability.GET_CLIENTS_TO_FENCE));
        robot.interact(() -> view.model().refreshFeatures());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#fence-fence").queryAs(Button.class).isDisabled()).isTrue();
        assertThat(robot.lookup("#fence-fence-wrapper").queryAs(ActionButton.class).tooltip().getText())
                .contains("The driver does not advertise NetworkFence.NETWORK_FENCE");
        assertThat(robot.lookup("#fence-clients").queryAs(Button.class).isDisabled()).isFalse();
    }
}
