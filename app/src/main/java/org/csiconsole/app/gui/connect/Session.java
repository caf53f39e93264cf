package org.csiconsole.app.gui.connect;

/**
 * One open connection: the clients, watchers and servers behind a {@link
 * org.csiconsole.views.workbench.ConnectionModel}. It reports its state and storage into the model
 * (on the UI executor) and releases everything on {@link #close()}.
 */
public interface Session extends AutoCloseable {

    /**
     * Asks the session to check its transport now, e.g. after a call failed with UNAVAILABLE. Does
     * nothing by default.
     */
    default void poke() {
    }

    /** Closes clients, stops watchers and servers. Idempotent; never throws. */
    @Override
    void close();
}
