package org.csiconsole.core.session;

/**
 * Where an open connection stands. A unix-socket connection moves to {@link #RECONNECTING} when the
 * driver's socket disappears and back to {@link #CONNECTED} when it is served again.
 */
public enum ConnectionState {
    CONNECTING("Connecting"),
    CONNECTED("Connected"),
    RECONNECTING("Reconnecting"),
    DISCONNECTED("Disconnected");

    private final String label;

    ConnectionState(String label) {
        this.label = label;
    }

    /** The state in words, for a status bar. */
    public String label() {
        return label;
    }
}
