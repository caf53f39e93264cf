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

    /**
     * When discovery ran, as the CLI and the GUI say it beside what it found: {@code "discovered
     * 2026-12-07 00:24:31 UTC"}; the sockets are as they were then.
     */
    public String when() {
        return "discovered " + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
                .withZone(java.time.ZoneOffset.UTC).format(started);
    }

    /** The worst status among the sockets: FAIL, WARN, or PASS when none has a problem (or none was found). */
    public CheckStatus worst() {
        return sockets.stream().map(DiscoveredSocket::status).min(Comparator.naturalOrder()).orElse(CheckStatus.PASS);
    }

    /**
     * The sockets that concern the driver at {@code endpoint} (a {@code unix://} URL or a path): the
     * socket at that path, and the registrations that name it; empty for another endpoint.
     */
    public List<DiscoveredSocket> about(String endpoint) {
        String path = socketPath(endpoint);
        if (path.isEmpty()) return List.of();
        return sockets.stream().filter(s -> s.path().equals(path) || s.registration() != null && socketPath(s.driverEndpoint()).equals(path))
                .toList();
    }

    private static String socketPath(String endpoint) {
        String p = endpoint == null ? "" : endpoint.strip();
        if (p.startsWith("unix://")) p = p.substring("unix://".length());
        return p.startsWith("/") ? Path.of(p).normalize().toString() : "";
    }

    /**
     * What a socket is, in a few words, as the CLI's table, the Discover page and the start page
     * show it: {@code listening}, {@code stale}, {@code missing}, {@code permission denied},
     * {@code not a socket}; a registration that answers but whose driver's socket is missing or
     * stale reads {@code registrar up, driver gone} (not "listening"), one whose endpoint is no CSI
     * driver {@code registrar up, endpoint not CSI}, one the kubelet refuses for another of the
     * driver's name {@code refused by the kubelet}; a failed registration whose endpoint is not among
     * the sockets given {@code kubelet cannot use it}.
     */
    public String condition(DiscoveredSocket s) {
        return condition(s, sockets);
    }

    /** As {@link #condition(DiscoveredSocket)} among {@code found} (the sockets found so far, while discovery runs). */
    public static String condition(DiscoveredSocket s, List<DiscoveredSocket> found) {
        switch (s.state()) {
            case STALE:
                return "stale";
            case MISSING:
                return "missing";
            case DENIED:
                return "permission denied";
            case NOT_A_SOCKET:
                return "not a socket";
            default:
                break;
        }
        if (s.role() != SocketRole.REGISTRATION || s.registration() == null || s.status() == CheckStatus.PASS) return "listening";
        String endpoint = socketPath(s.driverEndpoint());
        DiscoveredSocket end = found.stream().filter(o -> o != s && o.path().equals(endpoint)).findFirst().orElse(null);
        if (end != null && (end.state() == SocketState.MISSING || end.state() == SocketState.STALE)) return "registrar up, driver gone";
        if (end != null && end.state() == SocketState.LISTENING && end.role() != SocketRole.CSI || end != null
                && end.state() == SocketState.NOT_A_SOCKET) {
            return "registrar up, endpoint not CSI";
        }
        if (s.status() != CheckStatus.FAIL) return "listening";
        return end == null ? "kubelet cannot use it" : "refused by the kubelet";
    }

    /**
     * The drivers among {@code sockets}, one per endpoint, as the start page lists them and every
     * count of drivers counts them: a CSI socket, a registration (its driver's endpoint; the CSI
     * socket's row when both were found), or a socket that answers nothing known or is stale (a
     * driver that went away); a csi-addons socket is its driver's, a missing path or one that is no
     * socket no driver.
     */
    public static List<DiscoveredSocket> drivers(List<DiscoveredSocket> sockets) {
        java.util.Map<String, DiscoveredSocket> byEndpoint = new java.util.LinkedHashMap<>();
        for (DiscoveredSocket s : sockets) {
            boolean driver = s.role() == SocketRole.CSI || s.role() == SocketRole.REGISTRATION
                    || s.role() == SocketRole.UNKNOWN && s.state() != SocketState.NOT_A_SOCKET && s.state() != SocketState.MISSING;
            if (!driver) continue;
            byEndpoint.merge(s.driverEndpoint(), s, (a, b) -> b.role() == SocketRole.CSI ? b : a);
        }
        return new java.util.ArrayList<>(byEndpoint.values());
    }

    /** {@link #drivers(List)} of this discovery. */
    public List<DiscoveredSocket> drivers() {
        return drivers(sockets);
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
