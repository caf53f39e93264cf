package org.csiconsole.core.session;

/**
 * Where an open connection stands. A unix-socket connection whose socket does not exist yet is
 * {@link #WAITING} for the driver to create it; it moves to {@link #RECONNECTING} when the driver's
 * socket disappears after it was up, and back to {@link #CONNECTED} when it is served again.
 */
public enum ConnectionState {
    CONNECTING("Connecting"),
    /**
     * A unix socket that does not exist yet, before the first connection: the console checks again
     * and connects as soon as the driver creates it (a CO "monitors the socket" until it exists,
     * csi-spec-v0.1-lifecycle.md, "Plugin Bootstrap Example").
     */
    WAITING("Socket missing, waiting for the driver"),
    CONNECTED("Connected"),
    /**
     * The transport is up, but calls fail for a reason the person must fix: the driver refuses the
     * secrets sent (UNAUTHENTICATED, PERMISSION_DENIED, "no secrets"), or the login to the paired
     * CSP array failed. The note says why and where to give the secrets or log in again
     * ({@link CredentialHealth}). Everything that needs a live channel treats it as {@link #up()}.
     */
    DEGRADED("Connected, degraded"),
    RECONNECTING("Reconnecting"),
    /**
     * The endpoint cannot be used as it is, and waiting for the driver will not change that: the
     * socket path is a regular file or a directory, too long, or the console's user may not use it.
     * The note says what is wrong (the same words as the command line's); the console keeps
     * checking, so the connection comes up once the path is fixed.
     */
    CANNOT_CONNECT("Cannot connect"),
    DISCONNECTED("Disconnected"),
    /** A saved report shown read-only: its data is there, and nothing is ever sent to the driver. */
    OFFLINE("Read-only");

    private final String label;

    ConnectionState(String label) {
        this.label = label;
    }

    /** True when the channel to the driver is up: {@link #CONNECTED} or {@link #DEGRADED}. */
    public boolean up() {
        return this == CONNECTED || this == DEGRADED;
    }

    /** The state in words, for a status bar. */
    public String label() {
        return label;
    }
}
