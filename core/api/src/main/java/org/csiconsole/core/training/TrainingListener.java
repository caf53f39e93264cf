package org.csiconsole.core.training;

/**
 * Told of every change of a {@link TrainingSession}'s progress: a step's state or explanation changed
 * (the plugin's state or call log changed), a hint was revealed, the scenario was reset.
 *
 * <p>Called on a background thread of the session, never the UI thread, one call at a time and in
 * order; a listener that updates a UI hands the snapshot over (e.g. {@code Platform.runLater}). A
 * listener must not block; an exception it throws is logged and does not stop other listeners.
 */
@FunctionalInterface
public interface TrainingListener {
    /** The progress after the change. */
    void changed(TrainingProgress progress);
}
