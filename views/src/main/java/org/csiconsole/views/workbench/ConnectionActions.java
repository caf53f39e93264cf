package org.csiconsole.views.workbench;

/**
 * What a person can do with connections from the navigator and the File menu. The composition
 * root implements it (profiles, clients, passwords); the workbench only forwards the clicks. Each
 * method is called on the UI thread and must not block.
 */
public interface ConnectionActions {
    /** Does nothing; used until the composition root sets real actions. */
    ConnectionActions NONE = new ConnectionActions() {
    };

    /** Shows the connection dialog for a new profile, saves it and opens it. */
    default void newConnection() {
    }

    /** Shows the connection dialog for {@code connection}'s profile and saves the change. */
    default void edit(ConnectionModel connection) {
    }

    /** Opens {@code connection} (asks for a password when it needs one). */
    default void connect(ConnectionModel connection) {
    }

    /** Asks the CSP password of the array {@code connection} names again and logs in to it; the driver side stays open. */
    default void logInAgain(ConnectionModel connection) {
    }

    /** Closes {@code connection}'s clients; the profile stays. */
    default void disconnect(ConnectionModel connection) {
    }

    /** Closes {@code connection} and deletes its saved profile (after confirmation). */
    default void remove(ConnectionModel connection) {
    }
}
