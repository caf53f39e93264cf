package org.csiconsole.views.workbench;

import atlantafx.base.controls.Spacer;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Separator;
import javafx.scene.layout.HBox;
import javafx.scene.shape.Circle;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.Icons;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.theme.ThemeManager;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The status bar: state of the current connection (connecting, connected, reconnecting,
 * disconnected), the plugin name and version, the endpoint; on the right, running tasks, unread
 * notifications and the theme. Node ids {@code status-state}, {@code status-plugin},
 * {@code status-endpoint}, {@code status-tasks}.
 */
public final class StatusBar extends HBox {
    private final javafx.beans.property.ObjectProperty<ObservableStringValue> target =
            new javafx.beans.property.SimpleObjectProperty<>(this, "target");

    public StatusBar(ObjectProperty<ConnectionModel> current, TaskRunner tasks, Notifications notifications, ThemeManager themes) {
        getStyleClass().add(ConsoleStyles.STATUS_BAR);
        setAlignment(Pos.CENTER_LEFT);
        setSpacing(10);
        setPadding(new Insets(3, 10, 3, 10));

        Circle dot = new Circle(4);
        dot.getStyleClass().add(ConsoleStyles.STATE_DOT);
        Label state = new Label();
        state.setId("status-state");
        state.setGraphic(dot);
        Label plugin = new Label();
        plugin.setId("status-plugin");
        plugin.setGraphic(Icons.of(Material2AL.EXTENSION, 14));
        Label endpoint = new Label();
        endpoint.setId("status-endpoint");
        endpoint.getStyleClass().add(ConsoleStyles.MONO);
        endpoint.setGraphic(Icons.of(Material2AL.LINK, 14));
        Label note = new Label();
        note.getStyleClass().add(ConsoleStyles.MUTED);
        note.setMinWidth(0);
        state.setMinWidth(Label.USE_PREF_SIZE);
        plugin.setMinWidth(Label.USE_PREF_SIZE);
        endpoint.setMinWidth(120);

        Runnable update = () -> {
            ConnectionModel c = current.get();
            dot.getStyleClass().removeIf(ConsoleStyles::isConnectionState);
            state.textProperty().unbind();
            plugin.textProperty().unbind();
            endpoint.textProperty().unbind();
            note.textProperty().unbind();
            ObservableStringValue t = target.get();
            if (t != null && t.get() != null) {
                // the shown page works on an endpoint of its own: the bar names it, not the navigator's connection
                state.setText("Troubleshoot");
                plugin.setText("Target of the Troubleshoot pages");
                endpoint.setText(t.get().isBlank() ? "no endpoint given" : t.get().strip());
                note.setText("");
                return;
            }
            if (c == null) {
                state.setText("No connection");
                plugin.setText("No plugin");
                endpoint.setText("");
                note.setText("");
                return;
            }
            state.textProperty().bind(Bindings.createStringBinding(() -> c.name() + ": " + c.stateProperty().get().label(), c.stateProperty()));
            plugin.textProperty().bind(Bindings.createStringBinding(() -> c.pluginNameProperty().get().isEmpty()
                            ? "Plugin not identified" : c.pluginNameProperty().get() + " " + c.pluginVersionProperty().get(),
                    c.pluginNameProperty(), c.pluginVersionProperty()));
            endpoint.setText(c.profile().target());
            note.textProperty().bind(c.noteProperty());
            dot.getStyleClass().add(ConsoleStyles.connectionState(c.stateProperty().get()));
        };
        ChangeListener<ConnectionState> onState = (o, a, b) -> update.run();
        current.addListener((o, a, b) -> {
            if (a != null) a.stateProperty().removeListener(onState);
            if (b != null) b.stateProperty().addListener(onState);
            update.run();
        });
        if (current.get() != null) current.get().stateProperty().addListener(onState);
        javafx.beans.InvalidationListener onTarget = o -> update.run();
        target.addListener((o, a, b) -> {
            if (a != null) a.removeListener(onTarget);
            if (b != null) b.addListener(onTarget);
            update.run();
        });
        update.run();

        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(14, 14);
        Label running = new Label();
        running.setId("status-tasks");
        running.setGraphic(spinner);
        running.textProperty().bind(Bindings.createStringBinding(() -> tasks.runningCount().get() == 1
                ? "1 task running" : tasks.runningCount().get() + " tasks running", tasks.runningCount()));
        running.visibleProperty().bind(tasks.runningCount().greaterThan(0));
        running.managedProperty().bind(running.visibleProperty());

        Label unread = new Label();
        unread.setGraphic(Icons.of(Material2MZ.NOTIFICATIONS, 14));
        unread.textProperty().bind(notifications.unreadProperty().asString());
        unread.visibleProperty().bind(notifications.unreadProperty().greaterThan(0));
        unread.managedProperty().bind(unread.visibleProperty());

        Label theme = new Label();
        theme.getStyleClass().add(ConsoleStyles.MUTED);
        theme.textProperty().bind(Bindings.createStringBinding(() -> themes.theme().label() + " theme", themes.themeProperty()));

        for (Label l : new Label[]{running, unread, theme}) l.setMinWidth(Label.USE_PREF_SIZE);
        javafx.scene.control.Tooltip noteTip = new javafx.scene.control.Tooltip();
        noteTip.textProperty().bind(note.textProperty());
        note.setTooltip(noteTip);
        HBox.setHgrow(note, javafx.scene.layout.Priority.SOMETIMES);
        getChildren().addAll(state, sep(), plugin, sep(), endpoint, sep(), note, new Spacer(), running, unread, theme);
    }

    /**
     * Shows {@code endpoint} as the target instead of the current connection while a perspective works on an endpoint
     * of its own (the Troubleshoot pages), and the current connection while its value is null; a null
     * {@code endpoint} shows the current connection again.
     */
    public void showTarget(ObservableStringValue endpoint) {
        target.set(endpoint);
    }

    private static Separator sep() {
        Separator s = new Separator(Orientation.VERTICAL);
        s.setPrefHeight(14);
        return s;
    }
}
