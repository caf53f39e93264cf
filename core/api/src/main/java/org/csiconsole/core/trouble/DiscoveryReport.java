package org.csiconsole.core.trouble;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything discovery found on a node.
 *
 * @param rootDir the kubelet root directory searched, e.g. {@code /var/lib/kubelet}
 * @param places every directory or file looked at, in order
 * @param started when discovery began
 * @param took its wall time
 * @param sockets the sockets found, registration sockets first, then by path
 */
public record DiscoveryReport(String rootDir, List<String> places, Instant started, Duration took,
                              List<DiscoveredSocket> sockets) {
    public DiscoveryReport {
        Objects.requireNonNull(rootDir, "rootDir");
        places = places == null ? List.of() : List.copyOf(places);
        sockets = sockets == null ? List.of() : List.copyOf(sockets);
    }
}
