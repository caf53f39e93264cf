package org.csiconsole.core.audit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
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
     * This process's user ({@code user.name}) and host ({@link #localHostName()}), for the connection {@code connection}.
     */
    public static AuditOrigin local(String connection) {
        return new AuditOrigin(System.getProperty("user.name", ""), localHostName(), connection);
    }

    /**
     * The name of the host this process runs on, found once per process: {@code HOSTNAME} when set, else the
     * kernel's host name ({@code /proc/sys/kernel/hostname} on Linux, what {@code hostname} prints), else the
     * name {@link InetAddress#getLocalHost()} gives, else {@code "localhost"}. The first two ask no name
     * service, so an audited call does not wait for DNS (getLocalHost resolves the name, which takes seconds
     * where the resolver is misconfigured).
     */
    public static String localHostName() {
        return LocalHost.NAME;
    }

    static final class LocalHost {
        static final String NAME = find(System.getenv("HOSTNAME"), Path.of("/proc/sys/kernel/hostname"));

        static String find(String env, Path kernel) {
            if (env != null && !env.isBlank()) return env.strip();
            try {
                String name = Files.readString(kernel).strip();
                if (!name.isEmpty()) return name;
            } catch (IOException | RuntimeException e) {
                // not Linux, or /proc not mounted: ask the resolver below
            }
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                return "localhost";
            }
        }
    }
}
