package org.csiconsole.views.training;

import org.csiconsole.core.training.TrainingSession;
import org.csiconsole.views.workbench.ConnectionModel;

/**
 * How a running scenario becomes a connection of the workbench: the composition root adds a connection named
 * after the scenario to the navigator, over the session's own plugin ({@link TrainingSession#endpoint()}), and
 * connects it; the usual views then work against that plugin. No other connection (the demo's, a driver's) is
 * touched. UI thread.
 */
public interface TrainingConnections {
    /**
     * Adds and connects the connection of {@code session}.
     *
     * @param name the connection's name, {@link TrainingViewModel#connectionName}
     * @return the connection, in the navigator
     */
    ConnectionModel open(String name, TrainingSession session);

    /**
     * Ends a run: closes {@code connection} and removes it from the navigator, then stops {@code session} (its
     * checker and plugin) off the UI thread.
     */
    void close(ConnectionModel connection, TrainingSession session);
}
