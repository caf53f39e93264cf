package org.csiconsole.views.action;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanExpression;
import javafx.beans.binding.StringExpression;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;

import java.util.Objects;

/**
 * A command a view offers (refresh, create, delete, ...): whether it can run now, and when it cannot,
 * why, in words for a tooltip ("The plugin does not advertise CREATE_DELETE_VOLUME"). The workbench
 * binds its menu items, toolbar buttons and shortcuts to these.
 */
public final class ViewAction {
    private final String label;
    private final BooleanExpression enabled;
    private final StringExpression disabledReason;
    private final Runnable handler;

    /**
     * @param label the command in words, e.g. {@code "Delete volume"}
     * @param enabled whether it can run now (a {@code canX} binding of the view model)
     * @param disabledReason why not, shown while {@code enabled} is false
     * @param handler runs the command on the UI thread
     */
    public ViewAction(String label, ObservableBooleanValue enabled, ObservableStringValue disabledReason, Runnable handler) {
        this.label = Objects.requireNonNull(label);
        this.enabled = BooleanExpression.booleanExpression(enabled);
        this.disabledReason = StringExpression.stringExpression(disabledReason);
        this.handler = Objects.requireNonNull(handler);
    }

    /** Always enabled. */
    public static ViewAction always(String label, Runnable handler) {
        return new ViewAction(label, Bindings.createBooleanBinding(() -> true), Bindings.createStringBinding(() -> ""), handler);
    }

    /** Never enabled, with a fixed reason. */
    public static ViewAction unavailable(String label, String reason) {
        return new ViewAction(label, Bindings.createBooleanBinding(() -> false),
                Bindings.createStringBinding(() -> reason), () -> { });
    }

    /**
     * This action, also disabled while {@code offline} is not empty (a connection it sends to does not answer), with
     * {@code offline} as its tooltip; a reason of this action's own (no selection, a feature missing) comes first.
     */
    public ViewAction unless(ObservableStringValue offline) {
        StringExpression off = StringExpression.stringExpression(offline);
        return new ViewAction(label, off.isEmpty().and(enabled), Bindings.createStringBinding(
                () -> enabled.get() ? off.get() : disabledReason.get(), off, enabled, disabledReason), handler);
    }

    public String label() {
        return label;
    }

    public BooleanExpression enabled() {
        return enabled;
    }

    /** Empty while enabled. */
    public StringExpression disabledReason() {
        return disabledReason;
    }

    /** Runs the handler when enabled; returns whether it ran. */
    public boolean run() {
        if (!enabled.get()) return false;
        handler.run();
        return true;
    }
}
