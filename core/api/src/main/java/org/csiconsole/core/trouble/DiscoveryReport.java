package org.csiconsole.core.trouble;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
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
 * @param absent the places that do not exist on this node, in the order of {@code places}
 */
public record DiscoveryReport(String rootDir, List<String> places, Instant started, Duration took,
                              List<DiscoveredSocket> sockets, List<String> absent) {
    /** The default kubelet root directory ({@code kubelet --root-dir}). */
    public static final String DEFAULT_ROOT = "/var/lib/kubelet";

    public DiscoveryReport {
        Objects.requireNonNull(rootDir, "rootDir");
        places = places == null ? List.of() : List.copyOf(places);
        sockets = sockets == null ? List.of() : List.copyOf(sockets);
        absent = absent == null ? List.of() : List.copyOf(absent);
    }

    /** The worst status among the sockets: FAIL, WARN, or PASS when none has a problem (or none was found). */
    public CheckStatus worst() {
        return sockets.stream().map(DiscoveredSocket::status).min(Comparator.naturalOrder()).orElse(CheckStatus.PASS);
    }

    /**
     * True when none of the places looked at exists (a mistyped {@code --root-dir}, say): "no socket
     * found" then says nothing of the node, and a script asking {@code --fail-on} must not read it as healthy.
     */
    public boolean lookedAtNothing() {
        return !places.isEmpty() && absent.containsAll(places);
    }

    /** Where discovery looked, in one sentence: {@code "Looked in A, B; absent on this node: C, D."} */
    public String whereLooked() {
        List<String> present = places.stream().filter(p -> !absent.contains(p)).toList();
        return "Looked in " + (present.isEmpty() ? "nothing that exists" : String.join(", ", present))
                + (absent.isEmpty() ? "" : "; absent on this node: " + String.join(", ", absent)) + ".";
    }

    /**
     * How to look under another kubelet root, in one sentence naming the usual ones; for a
     * discovery that found nothing, or always beside where it looked.
     */
    public String otherRoot() {
        return "The kubelet keeps its sockets under its --root-dir, " + rootDir + " here; a kubelet started with another one "
                + "(k0s: /var/lib/k0s/kubelet, MicroK8s: /var/snap/microk8s/common/var/lib/kubelet) needs that directory "
                + "given as the root directory (--root-dir DIR).";
    }
}
