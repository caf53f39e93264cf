package org.csiconsole.core.trouble;

import org.csiconsole.core.model.Words;

import java.nio.file.Files;
import java.nio.file.Path;
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

    /** The number of sockets whose status is {@code status}. */
    public long count(CheckStatus status) {
        return sockets.stream().filter(s -> s.status() == status).count();
    }

    /**
     * What discovery found, in words, as the CLI, the GUI and the report print it: {@code "3 sockets"},
     * {@code "3 sockets: 1 problem, 1 warning"} (a problem is a {@link CheckStatus#FAIL} socket, a
     * warning a {@link CheckStatus#WARN} one).
     */
    public String summary() {
        long problems = count(CheckStatus.FAIL);
        long warnings = count(CheckStatus.WARN);
        List<String> findings = new java.util.ArrayList<>();
        if (problems > 0) findings.add(Words.count(problems, "problem"));
        if (warnings > 0) findings.add(Words.count(warnings, "warning"));
        return Words.count(sockets.size(), "socket") + (findings.isEmpty() ? "" : ": " + String.join(", ", findings))
                + (rootMissing() ? "; " + rootProblem() : "");
    }

    /**
     * True when none of the places looked at exists (a mistyped {@code --root-dir}, say): "no socket
     * found" then says nothing of the node, and a script asking {@code --fail-on} must not read it as healthy.
     */
    public boolean lookedAtNothing() {
        return !places.isEmpty() && absent.containsAll(places);
    }

    /**
     * True when the kubelet root directory has neither {@code plugins_registry} nor {@code plugins}
     * (a mistyped {@code --root-dir}, say): then nothing found says nothing of the node's drivers,
     * and {@link #summary()} says so.
     */
    public boolean rootMissing() {
        return absent.contains(Path.of(rootDir, "plugins_registry").toString()) && absent.contains(Path.of(rootDir, "plugins").toString());
    }

    /** Why the root directory gave nothing, in one sentence; empty unless {@link #rootMissing()}. */
    public String rootProblem() {
        if (!rootMissing()) return "";
        return Files.exists(Path.of(rootDir)) ? "the kubelet root directory " + rootDir + " has neither plugins_registry nor plugins: "
                + "it is not the kubelet's --root-dir" : "the kubelet root directory " + rootDir + " does not exist on this node";
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
