package org.csiconsole.views.workbench;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.table.EmptyState;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.Ikon;

/**
 * Opened for a resource kind that has no registered view yet. It says so plainly and shows no
 * data: nothing is invented. Every action is disabled with that reason.
 */
public final class PlaceholderView implements ResourceView {
    private final ResourceKind kind;
    private final ObservableStringValue title;
    private final StackPane root;
    private final String reason;
    private final ConnectionModel connection;

    public PlaceholderView(ResourceKind kind, ConnectionModel connection) {
        this.kind = kind;
        this.connection = connection;
        this.title = Bindings.createStringBinding(() -> kind.title() + " \u00b7 " + connection.name());
        this.reason = connection.name() + " is not connected";
        EmptyState empty = new EmptyState(kind.icon(), kind.title() + " of " + connection.name(),
                "Nothing is listed because " + connection.name() + " is not connected. "
                        + "Right-click the connection in the navigator and choose Connect; this view fills in once it is up.");
        empty.messageLabel().textProperty().bind(Bindings.createStringBinding(() -> message(connection),
                connection.stateProperty(), connection.noteProperty()));
        Label badge = new Label();
        badge.textProperty().bind(Bindings.createStringBinding(() -> connection.stateProperty().get().label(), connection.stateProperty()));
        badge.getStyleClass().addAll(ConsoleStyles.BADGE, Styles.WARNING);
        empty.with(badge);
        root = new StackPane(empty);
        root.getStyleClass().add(ConsoleStyles.PLACEHOLDER_VIEW);
        root.setId("placeholder-" + kind.name().toLowerCase());
    }

    /** What the view waits for, in words that follow the connection's live state and note. */
    static String message(ConnectionModel connection) {
        org.csiconsole.core.session.ConnectionState state = connection.stateProperty().get();
        String note = connection.noteProperty().get().isBlank() ? "" : connection.noteProperty().get() + " ";
        if (state.up()) {
            return "Nothing is listed yet: " + connection.name() + " is connected and its storage is being opened. " + note
                    + "This view fills in as soon as the storage answers.";
        }
        return "Nothing is listed because " + connection.name() + " is not connected ("
                + state.label().toLowerCase(java.util.Locale.ROOT) + "). " + note
                + (state == org.csiconsole.core.session.ConnectionState.DISCONNECTED
                        ? "Right-click the connection in the navigator and choose Connect; this view fills in once it is up."
                        : "This view fills in as soon as the storage answers.");
    }

    public ResourceKind kind() {
        return kind;
    }

    /** The connection whose storage this view waits for. */
    public ConnectionModel connection() {
        return connection;
    }

    @Override
    public ObservableStringValue title() {
        return title;
    }

    @Override
    public Ikon icon() {
        return kind.icon();
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void activate() {
    }

    @Override
    public void deactivate() {
    }

    @Override
    public ViewAction refreshAction() {
        return ViewAction.unavailable("Refresh", reason);
    }

    @Override
    public ViewAction createAction() {
        return ViewAction.unavailable("New", reason);
    }

    @Override
    public ViewAction deleteAction() {
        return ViewAction.unavailable("Delete", reason);
    }
}
