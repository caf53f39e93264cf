package org.csiconsole.views.workbench;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.table.EmptyState;
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

    public PlaceholderView(ResourceKind kind, ConnectionModel connection) {
        this.kind = kind;
        this.title = Bindings.createStringBinding(() -> kind.title() + " \u00b7 " + connection.name());
        this.reason = "The " + kind.noun() + " view is not part of this build yet";
        EmptyState empty = new EmptyState(kind.icon(), kind.title() + " of " + connection.name(),
                "This build of the console does not include the " + kind.noun() + " view yet. "
                        + "Nothing is listed because nothing has been read from storage.");
        Label badge = new Label("Not available in this build");
        badge.getStyleClass().addAll("cc-badge", Styles.WARNING);
        empty.with(badge);
        root = new StackPane(empty);
        root.getStyleClass().add("cc-placeholder-view");
        root.setId("placeholder-" + kind.name().toLowerCase());
    }

    public ResourceKind kind() {
        return kind;
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
