package org.csiconsole.core.session;

import java.util.Objects;

/**
 * Whether a connection's driver answers now, as its session last saw it: the one state the send path reads at the
 * moment a change would be sent, so that a confirmation given while the driver answered is not sent once it stopped
 * (docs/safety.md, "A driver that does not answer"). Thread-safe: the session sets it on its thread, calls read it on
 * theirs.
 */
public final class Reachability {
    /** Never refuses: a client without a session watching its connection (the command line, tests). */
    public static final Reachability ALWAYS = new Reachability("");

    private final String connection;
    private volatile ConnectionState state = ConnectionState.CONNECTED;

    /** @param connection the connection's name as the navigator shows it ("Served"); empty when it has none */
    public Reachability(String connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
    }

    /** Records the connection's state now; ignored on {@link #ALWAYS}. */
    public void set(ConnectionState now) {
        if (this != ALWAYS) state = Objects.requireNonNull(now, "now");
    }

    /** The connection's state as last {@linkplain #set set}; {@link ConnectionState#CONNECTED} until then. */
    public ConnectionState state() {
        return state;
    }

    /** The connection's name; empty when it has none. */
    public String connection() {
        return connection;
    }

    /** True while a change may be sent: the state is {@linkplain ConnectionState#up() up}. */
    public boolean answering() {
        return state.up();
    }
}
