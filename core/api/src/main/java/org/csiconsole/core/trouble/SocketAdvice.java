package org.csiconsole.core.trouble;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What is wrong with a socket on a node and what to do about it, in words: the one wording of
 * discovery, the probe's socket checks and a failed connect, which the CLI, the GUI and the report
 * render as they are. A node runs a CSI driver as a node plugin pod (or a service) with the
 * node-driver-registrar beside it: the driver listens on its socket ({@code <root-dir>/plugins/<driver>/csi.sock}),
 * the registrar serves {@code <root-dir>/plugins_registry/<driver>-reg.sock}, whose GetInfo names the
 * driver's socket for the kubelet (kubernetes-csi/node-driver-registrar, kubelet plugin watcher).
 */
public final class SocketAdvice {
    /** The file name node-driver-registrar gives its registration socket: {@code <driver>-reg.sock}. */
    public static final String REGISTRATION_SUFFIX = "-reg.sock";
    /** The usual file name of a csi-addons sidecar's socket. */
    public static final String ADDONS_SOCKET = "csi-addons.sock";

    private SocketAdvice() {
    }

    /**
     * The driver a registration socket is named after: {@code rbd.csi.ceph.com} for
     * {@code rbd.csi.ceph.com-reg.sock}; empty for another file name.
     */
    public static String driverOfRegistration(Path socket) {
        String name = socket.getFileName() == null ? "" : socket.getFileName().toString();
        return name.endsWith(REGISTRATION_SUFFIX) ? name.substring(0, name.length() - REGISTRATION_SUFFIX.length()) : "";
    }

    /**
     * The next step for a socket file that is not {@link SocketState#LISTENING}, as found; empty for
     * a listening socket.
     *
     * @param path the socket's path
     * @param registration true for a socket in {@code <root-dir>/plugins_registry}
     * @param state what was found at the path
     * @param driver the driver it belongs to, when known (from the registration), else empty
     */
    public static String nextStep(Path path, boolean registration, SocketState state, String driver) {
        String whose = driver.isEmpty() ? "the driver" : driver;
        String remove = "rm " + path;
        return switch (state) {
            case LISTENING -> "";
            case STALE -> registration
                    ? "Restart the node-driver-registrar container of " + whose + "'s node plugin pod: it removes this file and serves "
                    + "it again. If " + whose + " is no longer installed on this node, remove the file: " + remove
                    : isAddons(path)
                    ? "Restart the csi-addons sidecar container beside " + whose + ": it removes this file and listens again. "
                    + "If the sidecar is no longer deployed, remove the file: " + remove
                    : "Restart " + whose + "'s container in its node plugin pod (or its service): it removes this file and listens "
                    + "again; read its logs for why it stopped. If no driver uses this path any more, remove the file: " + remove;
            case MISSING -> "Start " + whose + " (its node plugin pod or service): it creates " + path + " when it starts. Check that "
                    + "its endpoint setting (CSI_ENDPOINT, --csi-address) names this path";
            case NOT_A_SOCKET -> inTheWay(path, whose);
            case DENIED -> "Run the console as root, or as the socket's owner or a member of its group, to look at it";
        };
    }

    /**
     * What is wrong with a registration whose endpoint is not a working CSI driver socket, as the
     * kubelet would find it; empty when the endpoint listens and answers CSI.
     *
     * @param driver the registration's plugin name
     * @param endpoint the endpoint the registration names
     * @param found what discovery found at the endpoint
     */
    public static String endpointProblem(String driver, String endpoint, DiscoveredSocket found) {
        return switch (found.state()) {
            case MISSING -> "registers " + endpoint + " for " + driver + ", but nothing is at that path: the driver stopped (and "
                    + "removed its socket) while node-driver-registrar still registers it, so the kubelet cannot reach " + driver;
            case STALE -> "registers " + endpoint + " for " + driver + ", where nothing listens: the driver that made the socket "
                    + "is no longer running, so the kubelet cannot reach " + driver;
            case NOT_A_SOCKET -> "registers " + endpoint + " for " + driver + ", which is not a socket";
            case DENIED -> "registers " + endpoint + " for " + driver + ", which the console may not look at: " + found.problem();
            case LISTENING -> found.role() == SocketRole.CSI ? ""
                    : "registers " + endpoint + " for " + driver + ", where something listens but does not answer CSI GetPluginInfo";
        };
    }

    /**
     * The next step for a registration whose endpoint has {@link #endpointProblem a problem}; empty
     * when it has none.
     */
    public static String endpointNextStep(String driver, Path registration, DiscoveredSocket found) {
        return switch (found.state()) {
            case MISSING, STALE -> "Restart " + driver + "'s driver container in its node plugin pod: it "
                    + (found.state() == SocketState.STALE ? "removes the stale " + found.path() + " and listens again" : "creates "
                    + found.path() + " when it starts") + "; read its logs for why it stopped. If " + driver + " was uninstalled, "
                    + "remove its node plugin pod (the registrar goes with it) or remove the registration: rm " + registration;
            case NOT_A_SOCKET, DENIED -> nextStep(Path.of(found.path()), false, found.state(), driver);
            case LISTENING -> found.role() == SocketRole.CSI ? ""
                    : "Check that the registrar's --kubelet-registration-path names the driver's own socket, the path its "
                    + "--csi-address reaches";
        };
    }

    /**
     * What is wrong with one of several registrations that name the same driver: the kubelet keeps
     * one registration per driver name.
     *
     * @param driver the driver name they share
     * @param used true for the registration the kubelet would use
     * @param kept the path of the registration the kubelet would use
     * @param others the paths of the other registrations of {@code driver}, by path
     */
    public static String conflictProblem(String driver, boolean used, String kept, java.util.List<String> others) {
        return used
                ? others.size() + (others.size() == 1 ? " other registration names " : " other registrations name ") + driver + " too ("
                + String.join(", ", others) + "): the kubelet keeps one registration per driver name and uses this one; it refuses the others"
                : "another registration names " + driver + " too: the kubelet keeps one registration per driver name and uses " + kept
                + ", not this one, and refuses this one (its node-driver-registrar restarts)";
    }

    /**
     * The next step for one of several registrations that name the same driver
     * ({@link #conflictProblem}).
     *
     * @param registration this registration's path
     */
    public static String conflictNextStep(String driver, boolean used, Path registration, java.util.List<String> others) {
        return used
                ? "Make sure this is the " + driver + " the node should use, then remove the other registrations: stop the node plugin "
                + "pod (or service) that serves each, or when none does, remove its file (rm " + String.join(", rm ", others) + "). "
                + "Each driver on a node needs a name of its own"
                : "If this is a second driver, give it a name of its own (its --drivername, which names its registration "
                + "<name>-reg.sock); if it is a leftover, stop the node plugin pod (or service) that serves it, or remove the file: rm "
                + registration;
    }

    /**
     * A plugin API version as a number that orders versions as the kubelet does ({@code 1.0.0} &lt;
     * {@code 1.2.0} &lt; {@code 2.0.0}); a text that is no {@code major.minor.patch} orders first.
     */
    public static long versionOrder(String version) {
        String[] parts = version.strip().replaceFirst("^v", "").split("[.-]", 4);
        long order = 0;
        for (int i = 0; i < 3; i++) {
            long n;
            try {
                n = i < parts.length ? Long.parseLong(parts[i]) : 0;
            } catch (NumberFormatException e) {
                if (i == 0) return -1;
                n = 0;
            }
            order = order * 100_000 + Math.min(n, 99_999);
        }
        return order;
    }

    /**
     * The next step for a path that is not a socket, by what is there: a directory (also {@code /}
     * or a symbolic link to one) is never to be removed, a regular file may be someone's data and is
     * moved aside; only another special file (a FIFO, a dangling link) is removed.
     */
    private static String inTheWay(Path path, String whose) {
        if (Files.isDirectory(path)) {
            Path inside = path.resolve("csi.sock");
            return path + " is a directory" + (Files.isSymbolicLink(path) ? " (through a symbolic link)" : "")
                    + ", not a socket: point the endpoint at the socket inside it (e.g. " + inside + "); do not remove the directory";
        }
        if (Files.isRegularFile(path)) {
            return path + " is a regular file, which may be someone's data: move it aside (mv " + path + " " + path + ".bak) and restart "
                    + whose + ", which creates its socket here";
        }
        return "Remove what is in the way (rm " + path + ") and restart " + whose + ", which creates its socket here";
    }

    private static boolean isAddons(Path path) {
        return path.getFileName() != null && path.getFileName().toString().equals(ADDONS_SOCKET);
    }
}
