package org.csiconsole.core.trouble;

import java.nio.file.Path;

/**
 * The next step for a driver socket in a bad state, in one place for the troubleshooter's socket
 * checks and the endpoint's connect diagnostics.
 */
public final class SocketAdvice {
    private SocketAdvice() {
    }

    /**
     * @param path the socket's path
     * @param container true when the console runs in a container (unused: the advice is the same)
     * @param state the socket's state
     * @param holder the process holding the socket, empty when none is known (unused)
     * @return the next step, one sentence without a final full stop
     */
    public static String nextStep(Path path, boolean container, SocketState state, String holder) {
        return switch (state) {
            case MISSING -> "Check that the driver runs on this node and that the path matches its CSI_ENDPOINT "
                    + "(the node plugin creates the socket when it starts)";
            case NOT_A_SOCKET -> "remove the file in the way and restart the driver";
            case STALE -> "The driver that made this socket stopped: start or restart the driver (its node plugin's pod or service; "
                    + "it removes and recreates the socket when it starts), and read its logs for why it stopped";
            case DENIED -> "Run the console as a user who may connect to " + path + ", or ask for access to it";
            case LISTENING -> "Nothing to do: the driver listens on " + path;
        };
    }
}
