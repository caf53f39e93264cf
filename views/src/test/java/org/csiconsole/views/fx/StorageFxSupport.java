package org.csiconsole.views.fx;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shared set-up of the storage view TestFX tests: a themed stage showing one view over a
 * {@link FakeStorage}, real dialogs ({@link FxDialogService}), and helpers to fill forms, confirm,
 * and read failure dialogs the way a person would.
 */
final class StorageFxSupport {
    final FakeStorage storage;
    final Notifications notifications = new Notifications();
    Stage stage;
    StorageTableView<?> view;
    TaskRunner tasks;

    StorageFxSupport(FakeStorage storage) {
        this.storage = storage;
    }

    /** Shows the view built by {@code factory} on {@code stage} and activates it. */
    void show(Stage stage, Function<ViewContext, StorageTableView<?>> factory) {
        this.stage = stage;
        ThemeManager themes = new ThemeManager(Theme.LIGHT);
        FxDialogService dialogs = new FxDialogService(() -> stage, themes);
        tasks = new TaskRunner(Platform::runLater);
        ActionRunner actions = new ActionRunner(tasks, notifications, dialogs);
        view = factory.apply(new ViewContext(storage, actions, Platform::runLater, "Demo"));
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1280, 760);
        themes.style(scene);
        stage.setScene(scene);
        stage.show();
        view.activate();
    }

    /**
     * Waits until the table holds {@code rows} rows and has laid them out: cells get their text in
     * the pulse after the items change, so a check of cell texts right after the count could read
     * empty cells on a busy machine.
     */
    void awaitRows(int rows) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> FxWait.onFx(() -> view.table().tableView().getItems().size() == rows));
        int inSight = Math.min(rows, 8);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> FxWait.onFx(() -> view.table().tableView().getItems().size() == rows
                && rowsWithText() >= inSight));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The non-empty texts of the table cells in the scene, read on the FX thread. */
    List<String> cellTexts(FxRobot robot) throws Exception {
        return FxWait.onFx(() -> robot.lookup(".table-cell").queryAllAs(javafx.scene.control.TableCell.class).stream()
                .map(javafx.scene.control.Labeled::getText).filter(t -> t != null && !t.isEmpty()).toList());
    }

    /**
     * Waits until the table's cells show all of {@code texts}: a row's cells get their text in a
     * pulse after the row arrives, and not necessarily all in the same one.
     */
    void awaitCells(FxRobot robot, String... texts) throws Exception {
        FxWait.until(() -> cellTexts(robot).containsAll(List.of(texts)));
    }

    /** Rows laid out with their item and some cell text; FX thread only. */
    long rowsWithText() {
        return table().lookupAll(".table-row-cell").stream()
                .filter(n -> n instanceof javafx.scene.control.TableRow<?> r && r.getItem() != null && r.isVisible())
                .filter(r -> r.lookupAll(".table-cell").stream().anyMatch(c -> c instanceof javafx.scene.control.TableCell<?, ?> cell
                        && cell.getText() != null && !cell.getText().isEmpty()))
                .count();
    }

    TableView<?> table() {
        return view.table().tableView();
    }

    /** Selects {@code row} alone, as a plain click does. */
    void select(FxRobot robot, int row) {
        robot.interact(() -> table().getSelectionModel().clearAndSelect(row));
    }

    /** The texts of the labels in the detail pane, read on the FX thread. */
    List<String> detailTexts(FxRobot robot) throws Exception {
        return FxWait.onFx(() -> robot.lookup("#table-detail .label").queryAllAs(Label.class).stream().map(Label::getText).toList());
    }

    /** The open dialog's pane, waiting for it to appear. */
    DialogPane dialog(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        return robot.lookup(".dialog-pane").queryAs(DialogPane.class);
    }

    /** Sets a form field's text (by field id) in the open form dialog. */
    void fill(FxRobot robot, String fieldId, String text) {
        TextInputControl c = robot.lookup("#form-" + fieldId).queryAs(TextInputControl.class);
        robot.interact(() -> c.setText(text));
    }

    /** Clicks the open dialog's button labelled {@code label}. */
    /**
     * Waits for the results dialog of a bulk command and checks its summary line and its rows, each
     * {@code "name \u2192 outcome"}, in order.
     */
    void assertResults(FxRobot robot, String summary, String... rows) throws Exception {
        FxWait.until(() -> robot.lookup("#results-table").tryQuery().isPresent());
        FxWait.eventually(() -> {
            assertThat(robot.lookup("#results-summary").queryAs(Label.class).getText()).isEqualTo(summary);
            @SuppressWarnings("unchecked")
            TableView<org.csiconsole.views.task.ItemOutcome<?>> results = robot.lookup("#results-table").queryAs(TableView.class);
            assertThat(results.getItems()).extracting(o -> o.name() + " \u2192 " + o.describe()).containsExactly(rows);
        });
    }

    void press(FxRobot robot, String label) throws Exception {
        DialogPane pane = dialog(robot);
        Button b = pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                .filter(x -> label.equals(x.getText())).findFirst().orElseThrow(() -> new AssertionError("no button " + label));
        assertThat(b.isDisabled()).as("button %s enabled", label).isFalse();
        robot.clickOn(b);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Confirms the risk model's assessment of a call (its dialog, {@code #risk-dialog}) with {@code label}. */
    void confirmRisk(FxRobot robot, String label) throws Exception {
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup("#risk-dialog").tryQuery().isPresent());
        DialogPane pane = robot.lookup("#risk-dialog").queryAs(DialogPane.class);
        Button b = pane.getButtonTypes().stream().map(pane::lookupButton).map(Button.class::cast)
                .filter(x -> label.equals(x.getText())).findFirst().orElseThrow(() -> new AssertionError("no button " + label));
        robot.clickOn(b);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Types {@code name} into the typed confirmation like a person and confirms with {@code label}: the
     * risk model's confirmation ({@code #risk-input-0}), or a plain typed confirmation ({@code #confirm-input}).
     */
    void confirmByTyping(FxRobot robot, String name, String label) throws Exception {
        dialog(robot);
        robot.clickOn(robot.lookup("#risk-input-0").tryQuery().isPresent() ? "#risk-input-0" : "#confirm-input").write(name);
        press(robot, label);
    }

    /** Waits for a failure dialog, checks it reads as words, closes it and returns its title. */
    String failureDialog(FxRobot robot, String whyContains) throws Exception {
        FxWait.until(() -> robot.lookup("#failure-why").tryQuery().isPresent());
        FxWait.onFx(() -> {
            assertThat(robot.lookup("#failure-what").queryAs(Label.class).getText()).endsWith(" failed");
            assertThat(robot.lookup("#failure-why").queryAs(Label.class).getText()).contains(whyContains);
            assertThat(robot.lookup("#failure-todo").queryAs(Label.class).getText()).isNotBlank();
            return null;
        });
        String title = FxWait.onFx(() -> ((Stage) robot.lookup("#failure-why").query().getScene().getWindow()).getTitle());
        press(robot, "Close");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#failure-why").tryQuery().isEmpty());
        return title;
    }

    /**
     * Waits for a failed submission to show inside the open form (the form stays open), checks it
     * reads as words and returns the why.
     */
    String formFailure(FxRobot robot, String whyContains) throws Exception {
        FxWait.until(() -> robot.lookup("#form-failure").tryQuery().filter(FxChecks::shown).isPresent());
        String why = FxWait.onFx(() -> robot.lookup("#form-failure-why").queryAs(Label.class).getText());
        assertThat(why).containsIgnoringCase(whyContains);
        assertThat(robot.lookup("#failure-why").tryQuery()).as("no failure dialog on top of the form").isEmpty();
        return why;
    }

    /** The tooltip text of the action button with {@code id}. */
    String tooltip(FxRobot robot, String id) throws Exception {
        return FxWait.onFx(() -> robot.lookup("#" + id + "-wrapper").queryAs(ActionButton.class).tooltip().getText());
    }

    /** Item {@code index} of the toolbar menu {@code id} ({@link org.csiconsole.views.resource.ActionMenu}). */
    javafx.scene.control.MenuItem menuItem(FxRobot robot, String id, int index) {
        // From the command bar's items: a menu that does not fit the bar is in its overflow menu, out of the scene.
        return ((javafx.scene.control.ToolBar) view.node().lookup("#view-commands")).getItems().stream()
                .filter(n -> id.equals(n.getId())).map(org.csiconsole.views.resource.ActionMenu.class::cast)
                .findFirst().orElseThrow(() -> new AssertionError("no menu " + id + " in the command bar")).getItems().get(index);
    }

    /** The words under a menu item's label: its hint, or why it cannot run. */
    String menuNote(FxRobot robot, String id, int index) throws Exception {
        return FxWait.onFx(() -> {
            javafx.scene.layout.VBox box = (javafx.scene.layout.VBox) menuItem(robot, id, index).getGraphic();
            return ((javafx.scene.control.Label) box.getChildren().get(1)).getText();
        });
    }

    /** Whether the menu item is disabled, read on the FX thread. */
    boolean menuItemDisabled(FxRobot robot, String id, int index) throws Exception {
        return FxWait.onFx(() -> menuItem(robot, id, index).isDisable());
    }

    boolean disabled(FxRobot robot, String id) throws Exception {
        return FxWait.onFx(() -> robot.lookup("#" + id).queryAs(Button.class).isDisabled());
    }

    /** Cell texts of the first column. */
    List<String> firstColumn() throws Exception {
        return FxWait.onFx(() -> {
            var col = table().getColumns().get(0);
            return java.util.stream.IntStream.range(0, table().getItems().size())
                    .mapToObj(i -> String.valueOf(col.getCellObservableValue(i).getValue())).toList();
        });
    }

    /** Closes every window but the primary stage (dialogs left by a failed test). */
    void closeDialogs(FxRobot robot) {
        robot.interact(() -> {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w != stage && w instanceof Stage s) s.close();
            }
        });
    }

    static boolean shown(Node n) {
        return FxChecks.shown(n);
    }
}
