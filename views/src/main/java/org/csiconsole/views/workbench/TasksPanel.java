package org.csiconsole.views.workbench;

import atlantafx.base.controls.Spacer;
import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.csiconsole.views.Icons;
import org.csiconsole.views.table.EmptyState;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.task.TaskState;
import org.csiconsole.views.task.UiTask;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.material2.Material2AL;

/** The Tasks tab: running and recent tasks with progress, message and a cancel button. Node id {@code tasks}. */
public final class TasksPanel extends BorderPane {

    public TasksPanel(TaskRunner runner) {
        getStyleClass().add(ConsoleStyles.TASKS_PANEL);
        ListView<UiTask<?>> list = new ListView<>(runner.tasks());
        list.setId("tasks");
        list.setCellFactory(l -> new TaskCell());
        list.setPlaceholder(new EmptyState(Material2AL.HOURGLASS_EMPTY, "No tasks",
                "Actions that take time, such as creating or deleting a volume, show their progress here and can be cancelled."));
        Button clear = new Button("Clear finished", Icons.of(Material2AL.CLEAR_ALL));
        clear.getStyleClass().addAll(Styles.FLAT, Styles.SMALL);
        clear.setOnAction(e -> runner.clearFinished());
        clear.disableProperty().bind(Bindings.size(runner.tasks()).isEqualTo(runner.runningCount()));
        HBox bar = new HBox(8, new Spacer(), clear);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add(ConsoleStyles.PANEL_TOOLBAR);
        setTop(bar);
        setCenter(list);
    }

    private static final java.time.format.DateTimeFormatter CLOCK =
            java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss").withZone(java.time.ZoneId.systemDefault());

    /** "08:01:02 – 08:01:05 (3.1 s)" once ended, "since 08:01:02" while running; local time. */
    static String times(UiTask<?> task) {
        java.time.Instant end = task.endedProperty().get();
        if (end == null) return "since " + CLOCK.format(task.started());
        long ms = java.time.Duration.between(task.started(), end).toMillis();
        String took = ms < 1_000 ? ms + " ms" : ms < 60_000 ? String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0)
                : (ms / 60_000) + " min " + (ms / 1000 % 60) + " s";
        return CLOCK.format(task.started()) + " \u2013 " + CLOCK.format(end) + " (" + took + ")";
    }

    private static final class TaskCell extends ListCell<UiTask<?>> {
        @Override
        protected void updateItem(UiTask<?> task, boolean empty) {
            super.updateItem(task, empty);
            setText(null);
            if (empty || task == null) {
                setGraphic(null);
                return;
            }
            Label title = new Label(task.title());
            title.getStyleClass().add(Styles.TEXT_BOLD);
            Label state = new Label();
            state.textProperty().bind(Bindings.createStringBinding(() -> task.state().label(), task.stateProperty()));
            state.getStyleClass().add(ConsoleStyles.BADGE);
            Runnable tone = () -> {
                state.getStyleClass().remove("warning");
                if (task.state() == TaskState.DONE_WITH_ERRORS) state.getStyleClass().add("warning");
            };
            // Weakly held: the label keeps the listener alive, a reused cell lets both go.
            javafx.beans.InvalidationListener toneOnChange = o -> tone.run();
            state.getProperties().put("tone-listener", toneOnChange);
            task.stateProperty().addListener(new javafx.beans.WeakInvalidationListener(toneOnChange));
            tone.run();
            Label message = new Label();
            message.textProperty().bind(task.messageProperty());
            message.getStyleClass().add(ConsoleStyles.MUTED);
            Label times = new Label();
            times.setId("task-times");
            times.getStyleClass().addAll(ConsoleStyles.MUTED, ConsoleStyles.MONO);
            times.textProperty().bind(Bindings.createStringBinding(() -> times(task), task.endedProperty()));
            ProgressBar bar = new ProgressBar();
            bar.progressProperty().bind(task.progressProperty());
            bar.setPrefWidth(220);
            bar.visibleProperty().bind(task.stateProperty().isEqualTo(TaskState.RUNNING));
            Button cancel = new Button("Cancel");
            cancel.getStyleClass().addAll(Styles.SMALL, Styles.DANGER, Styles.FLAT);
            cancel.visibleProperty().bind(task.stateProperty().isEqualTo(TaskState.RUNNING));
            cancel.setOnAction(e -> task.cancel());
            cancel.setId("task-cancel");
            HBox top = new HBox(10, title, state, times, new Spacer(), bar, cancel);
            top.setAlignment(Pos.CENTER_LEFT);
            setGraphic(new VBox(2, top, message));
        }
    }
}
