package org.csiconsole.core.replication;

import org.csiconsole.core.port.FencePort;

import java.util.Objects;

/**
 * One site of a workflow: its name as shown, its replication port and (for a fence step) its fence port.
 *
 * @param name e.g. {@code "site-a"}; not blank
 * @param replication the site's replication calls
 * @param fence the site's csi-addons fence calls; may be a port that fails UNSUPPORTED
 */
public record ReplicationSite(String name, ReplicationPort replication, FencePort fence) {
    public ReplicationSite {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("a site needs a name");
        Objects.requireNonNull(replication, "replication");
        fence = fence == null ? new FencePort() {
        } : fence;
    }
}
