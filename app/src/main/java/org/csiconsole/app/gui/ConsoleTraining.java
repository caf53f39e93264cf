package org.csiconsole.app.gui;

import org.csiconsole.app.gui.connect.ConnectionManager;
import org.csiconsole.core.training.TrainingSession;
import org.csiconsole.views.training.TrainingConnections;
import org.csiconsole.views.workbench.ConnectionModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * A running training scenario's connection: a connection in the navigator to the scenario's own plugin, served
 * in process ({@link TrainingSession#endpoint()}) and shown as the demo is (its arrays' names, a replication site per
 * array), so every view works on it as on the demo. The demo's connection and every other one are left as they are.
 */
final class ConsoleTraining implements TrainingConnections {
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleTraining.class);

    private final ConnectionManager manager;
    private final Executor background;

    /**
     * @param manager adds, connects and discards the connection
     * @param background where a stopped scenario's session is closed (it stops a plugin)
     */
    ConsoleTraining(ConnectionManager manager, Executor background) {
        this.manager = Objects.requireNonNull(manager);
        this.background = Objects.requireNonNull(background);
    }

    @Override
    public ConnectionModel open(String name, TrainingSession session) {
        return manager.openTraining(name, session);
    }

    @Override
    public void close(ConnectionModel connection, TrainingSession session) {
        if (connection != null) manager.discard(connection);
        Runnable stop = () -> {
            try {
                session.close();
            } catch (RuntimeException e) {
                LOG.warn("Stopping training scenario {} failed: {}", session.scenario().id(), e.toString());
            }
        };
        try {
            background.execute(stop);
        } catch (RejectedExecutionException closing) {
            stop.run(); // the console is closing: stop it here
        }
    }
}
