package org.csiconsole.views;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * Base of every view model: an activate/deactivate lifecycle. Polling and subscriptions start in
 * {@link #onActivate()} (register them with {@link #whileActive(AutoCloseable)}) and stop when the
 * view is hidden. Both methods are idempotent and are called on the FX thread (or the test thread).
 */
public abstract class ViewModel {
    private static final Logger LOG = LoggerFactory.getLogger(ViewModel.class);

    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper(this, "active", false);
    private final List<AutoCloseable> subscriptions = new ArrayList<>();

    /** Starts subscriptions and polling; does nothing when already active. */
    public final void activate() {
        if (active.get()) return;
        active.set(true);
        onActivate();
    }

    /** Stops everything started since {@link #activate()}; does nothing when not active. */
    public final void deactivate() {
        if (!active.get()) return;
        active.set(false);
        for (int i = subscriptions.size() - 1; i >= 0; i--) {
            try {
                subscriptions.get(i).close();
            } catch (Exception e) {
                LOG.warn("Stopping a subscription of {} failed: {}", getClass().getSimpleName(), e.toString());
            }
        }
        subscriptions.clear();
        onDeactivate();
    }

    public final ReadOnlyBooleanProperty activeProperty() {
        return active.getReadOnlyProperty();
    }

    public final boolean isActive() {
        return active.get();
    }

    /** Closes {@code subscription} at the next {@link #deactivate()}. */
    protected final void whileActive(AutoCloseable subscription) {
        subscriptions.add(subscription);
    }

    /** Called once per activation. */
    protected void onActivate() {
    }

    /** Called once per deactivation, after the subscriptions are closed. */
    protected void onDeactivate() {
    }
}
