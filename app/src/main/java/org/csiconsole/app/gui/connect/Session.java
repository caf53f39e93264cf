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

    /**
     * Logs in to the connection's array again (asks the password anew), after a failed login; false when the session
     * has no login of its own to repeat (then the connection is closed and opened again). UI thread.
     */
    default boolean logInAgain() {
        return false;
    }

    /**
     * The replication sites this connection serves as separate sites, one port each, when its driver
     * serves several arrays (the demo: site-a and site-b); empty when the connection is one site.
     */
    default java.util.List<org.csiconsole.core.replication.ReplicationPort> replicationSites() {
        return java.util.List.of();
    }

    /** Closes clients, stops watchers and servers. Idempotent; never throws. */
    @Override
    void close();
}
