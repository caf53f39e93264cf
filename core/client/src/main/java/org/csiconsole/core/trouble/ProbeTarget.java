package org.csiconsole.core.trouble;

import org.csiconsole.core.endpoint.Endpoint;

import java.util.Objects;
import java.util.Optional;

/**
 * What a probe or an exercise talks to.
 *
 * @param endpoint the driver's CSI endpoint (Identity and Controller)
 * @param node the node plugin's endpoint when it is another socket; node calls go to {@code endpoint} otherwise
 * @param addons the csi-addons sidecar's endpoint; when empty, csi-addons is looked for on {@code endpoint}
 *     and, for a unix socket, at {@code csi-addons.sock} in the same directory
 */
public record ProbeTarget(Endpoint endpoint, Optional<Endpoint> node, Optional<Endpoint> addons) {
    public ProbeTarget {
        Objects.requireNonNull(endpoint, "endpoint");
        node = node == null ? Optional.empty() : node.filter(n -> !n.equals(endpoint));
        addons = addons == null ? Optional.empty() : addons;
    }

    /** A driver serving everything on one endpoint. */
    public static ProbeTarget of(Endpoint endpoint) {
        return new ProbeTarget(endpoint, Optional.empty(), Optional.empty());
    }
}
