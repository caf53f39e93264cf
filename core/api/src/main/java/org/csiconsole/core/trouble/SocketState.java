package org.csiconsole.core.trouble;

/** Whether a socket file has a server behind it. */
public enum SocketState {
    /** A connection was accepted. */
    LISTENING,
    /** The file is a socket but the kernel refused the connection: the server that made it is gone. */
    STALE,
    /** The console's user may not connect (write permission on the socket, search on its directories). */
    DENIED,
    /** The path is not a socket (a file, a directory, a FIFO). */
    NOT_A_SOCKET,
    /** Nothing is at the path. */
    MISSING
}
