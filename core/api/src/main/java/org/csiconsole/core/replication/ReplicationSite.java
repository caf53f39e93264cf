package org.csiconsole.core.replication;

import org.csiconsole.core.port.FencePort;

import java.util.Objects;

/**
 * One site of a workflow: its name as shown, its replication port, (for a fence step) its fence port, and the
 * connection it is reached through, as the audit log files that connection's calls.
 *
 * @param name e.g. {@code "site-a"}; not blank
 * @param replication the site's replication calls
 * @param fence the site's csi-addons fence calls; may be a port that fails UNSUPPORTED
 * @param connection the connection's name as its calls are audited (a saved connection's name, e.g. {@code "Served"});
 *     empty when not known
 */
public record ReplicationSite(String name, ReplicationPort replication, FencePort fence, String connection) {
    public ReplicationSite {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("a site needs a name");
        Objects.requireNonNull(replication, "replication");
        fence = fence == null ? new FencePort() {
        } : fence;
        connection = connection == null ? "" : connection;
    }

    /** A site whose connection is not known. */
    public ReplicationSite(String name, ReplicationPort replication, FencePort fence) {
        this(name, replication, fence, "");
    }

    /**
     * The site with the connection its calls are audited under, as a step names where it sends:
     * {@code "site-b on Demo"}; the name alone when the connection is not known or is the site itself.
     */
    public String described() {
        return connection.isBlank() || connection.equals(name) ? name : name + " on " + connection;
    }
}
