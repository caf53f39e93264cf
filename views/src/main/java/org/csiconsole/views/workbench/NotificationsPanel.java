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
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.csiconsole.views.Icons;
import org.csiconsole.views.notify.Notification;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.table.EmptyState;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** The Notifications tab: the outcome of each action, newest first. Node id {@code notifications}. */
public final class NotificationsPanel extends BorderPane {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    public NotificationsPanel(Notifications notifications) {
        getStyleClass().add(ConsoleStyles.NOTIFICATIONS_PANEL);
        ListView<Notification> list = new ListView<>(notifications.items());
        list.setId("notifications");
        list.setCellFactory(l -> new NotificationCell());
        list.setPlaceholder(new EmptyState(Material2MZ.NOTIFICATIONS_NONE, "No notifications",
                "When an action finishes, its outcome is listed here: what was done, or why it failed."));
        Button clear = new Button("Clear", Icons.of(Material2AL.CLEAR_ALL));
        clear.getStyleClass().addAll(Styles.FLAT, Styles.SMALL);
        clear.setOnAction(e -> notifications.clear());
        clear.disableProperty().bind(Bindings.isEmpty(notifications.items()));
        HBox bar = new HBox(8, new Spacer(), clear);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add(ConsoleStyles.PANEL_TOOLBAR);
        setTop(bar);
        setCenter(list);
    }

    static Ikon icon(Severity s) {
        return switch (s) {
            case INFO -> Material2AL.INFO;
            case SUCCESS -> Material2AL.CHECK_CIRCLE;
            case WARNING -> Material2MZ.WARNING;
            case ERROR -> Material2AL.ERROR;
        };
    }

    private static final class NotificationCell extends ListCell<Notification> {
        @Override
        protected void updateItem(Notification n, boolean empty) {
            super.updateItem(n, empty);
            setText(null);
            if (empty || n == null) {
                setGraphic(null);
                return;
            }
            FontIcon icon = Icons.of(icon(n.severity()));
            icon.getStyleClass().add(ConsoleStyles.severity(n.severity()));
            Label time = new Label(TIME.format(n.time()));
            time.getStyleClass().addAll(ConsoleStyles.MUTED, ConsoleStyles.MONO);
            Label title = new Label(n.title());
            title.getStyleClass().add(Styles.TEXT_BOLD);
            Label message = new Label(n.message());
            message.setWrapText(false);
            HBox line = new HBox(10, icon, time, title, message);
            line.setAlignment(Pos.CENTER_LEFT);
            setGraphic(new VBox(line));
        }
    }
}
