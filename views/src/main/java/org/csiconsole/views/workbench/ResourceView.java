package org.csiconsole.views.workbench;

import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import org.csiconsole.views.action.ViewAction;
import org.kordamp.ikonli.Ikon;

/**
 * What the workbench needs from a view it hosts in a tab (volumes, snapshots, the call trace, ...).
 * The view builds its controls once; the workbench calls {@link #activate()} when the view becomes
 * visible and {@link #deactivate()} when it is hidden, so polling and subscriptions only run while
 * someone looks. The workbench binds its menus, toolbar and shortcuts to the view's actions:
 * F5 {@link #refreshAction()}, Ctrl+N {@link #createAction()}, Del {@link #deleteAction()}, and
 * Ctrl+F {@link #focusFilter()}. A disabled action shows its reason as a tooltip.
 *
 * <p>Views are registered per {@link ResourceKind} in a {@link ViewRegistry}.
 */
public interface ResourceView {

    /** The tab title, e.g. {@code "Volumes"}. */
    ObservableStringValue title();

    /** The tab and navigator icon. */
    Ikon icon();

    /** The view's root node, built once. */
    Node node();

    /** Starts subscriptions and polling. Idempotent. */
    void activate();

    /** Stops them. Idempotent. */
    void deactivate();

    /** Re-reads the resource from storage (F5). */
    ViewAction refreshAction();

    /** Creates a new resource (Ctrl+N). */
    ViewAction createAction();

    /** Deletes the selected resource after confirmation (Del). */
    ViewAction deleteAction();

    /**
     * The volume_id of the row selected in the view (a volume, a snapshot's source volume), or
     * null while none is; the call trace can follow it. Null for a view without volumes.
     */
    default javafx.beans.value.ObservableValue<String> selectedVolumeId() {
        return null;
    }

    /**
     * The endpoint this view works on when it is not the current connection's (the Troubleshoot perspective's
     * endpoint field): the status bar names it instead of the navigator's connection while the view's perspective is
     * shown and its value is not null. Null for a view of the current connection.
     */
    default ObservableStringValue statusTarget() {
        return null;
    }

    /** Moves focus to the view's filter box; returns false when it has none. */
    default boolean focusFilter() {
        return false;
    }

    /** Releases everything; called once when the tab is closed, after {@link #deactivate()}. */
    default void dispose() {
        deactivate();
    }
}
