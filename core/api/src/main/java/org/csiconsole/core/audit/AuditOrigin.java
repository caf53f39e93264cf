package org.csiconsole.core.audit;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Objects;

/**
 * Who made the calls of one connection: the operating-system user, the host the console runs on
 * and the connection's name as the person sees it (profile name, or the endpoint for the command line).
 *
 * @param osUser the OS user name ({@code user.name})
 * @param host the local host name
 * @param connection the connection's name
 */
public record AuditOrigin(String osUser, String host, String connection) {
    public AuditOrigin {
        Objects.requireNonNull(osUser, "osUser");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(connection, "connection");
    }

    /**
     * This process's user ({@code user.name}) and host ({@code HOSTNAME}, else the local host's name,
     * else {@code "localhost"}), for the connection {@code connection}.
     */
    public static AuditOrigin local(String connection) {
        return new AuditOrigin(System.getProperty("user.name", ""), localHost(), connection);
    }

    private static String localHost() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) return env;
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
