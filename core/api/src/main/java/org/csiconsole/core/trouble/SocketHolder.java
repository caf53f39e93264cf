package org.csiconsole.core.trouble;

/**
 * A process holding a unix socket open, found through {@code /proc/net/unix} (the socket's inode by
 * path) and {@code /proc/<pid>/fd} (the process whose descriptor links to {@code socket:[inode]}).
 *
 * @param pid the process id, as seen from the console's PID namespace
 * @param command its program ({@code argv[0]} of {@code /proc/<pid>/cmdline}), or its name
 *     ({@code /proc/<pid>/comm}) when the command line cannot be read; never its other arguments,
 *     which may carry credentials
 */
public record SocketHolder(long pid, String command) {
    public SocketHolder {
        command = command == null ? "" : command;
    }
}
