package org.csiconsole.views.table;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/** A centred icon, title and helpful sentence for a view or table with nothing to show. */
public final class EmptyState extends VBox {
    private final Label title = new Label();
    private final Label message = new Label();
    private final FontIcon icon;

    public EmptyState(Ikon ikon, String titleText, String messageText) {
        super(8);
        getStyleClass().add(ConsoleStyles.EMPTY_STATE);
        setAlignment(Pos.CENTER);
        icon = Icons.of(ikon, 40);
        icon.getStyleClass().add(ConsoleStyles.EMPTY_ICON);
        title.getStyleClass().add(ConsoleStyles.EMPTY_TITLE);
        message.getStyleClass().add(ConsoleStyles.EMPTY_MESSAGE);
        message.setWrapText(true);
        message.setMaxWidth(460);
        message.setAlignment(Pos.CENTER);
        message.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        title.setText(titleText);
        message.setText(messageText);
        getChildren().addAll(icon, title, message);
    }

    /** Adds a node (a button or link) under the message. */
    public EmptyState with(Node extra) {
        getChildren().add(extra);
        return this;
    }

    public Label titleLabel() {
        return title;
    }

    public Label messageLabel() {
        return message;
    }

    public void setIcon(Ikon ikon) {
        icon.setIconCode(ikon);
    }
}
