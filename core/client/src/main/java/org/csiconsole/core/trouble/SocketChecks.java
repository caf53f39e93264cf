package org.csiconsole.core.trouble;

import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.endpoint.SocketDiagnostics;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.csiconsole.core.trouble.Checks.SOCKET;
import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * The checks of the driver's socket file: path length, type, permissions, whether something
 * listens, and the process holding it. A TCP or in-process endpoint has no socket file: one
 * SKIPPED check says so.
 */
final class SocketChecks {
    private SocketChecks() {
    }

    /** @return the inspection, or null for an endpoint that is not a unix socket */
    static SocketInspection run(ProbeRun r, Endpoint endpoint) {
        if (!(endpoint instanceof Endpoint.Unix u)) {
            r.add(skipped("socket", "Socket file", endpoint.text() + " is not a unix socket; the socket checks apply to unix sockets only", SOCKET));
            return null;
        }
        r.stage("Checking the socket " + u.path());
        Path path = u.path();
        SocketInspection s = SocketInspection.of(path, r.options.user());
        r.facts.put("socket.path", path.toString());
        if (!s.owner().isEmpty()) {
            r.facts.put("socket.owner", s.owner());
            r.facts.put("socket.group", s.group());
            r.facts.put("socket.mode", s.mode());
        }
        if (s.pathBytes() > SocketDiagnostics.MAX_PATH_BYTES) {
            r.add(fail("socket.path-length", "Socket path fits a unix socket address",
                    s.pathBytes() + " bytes; the kernel's sun_path holds " + SocketDiagnostics.MAX_PATH_BYTES + " bytes and a NUL", SOCKET,
                    "Serve the socket at a shorter path, or connect through a shorter symbolic link to its directory"));
        } else {
            r.add(pass("socket.path-length", "Socket path fits a unix socket address",
                    s.pathBytes() + " of " + SocketDiagnostics.MAX_PATH_BYTES + " bytes", SOCKET));
        }
        switch (s.state()) {
            case MISSING -> {
                r.add(fail("socket.file", "Socket file exists and is a socket", s.problem(), SOCKET,
                        SocketAdvice.nextStep(path, false, s.state(), "")));
                skipRest(r, "there is no socket file");
                return s;
            }
            case NOT_A_SOCKET -> {
                r.add(fail("socket.file", "Socket file exists and is a socket", s.problem() + " (mode " + s.mode() + ")", SOCKET,
                        SocketAdvice.nextStep(path, false, s.state(), "")));
                skipRest(r, "the path is not a socket");
                return s;
            }
            default -> r.add(pass("socket.file", "Socket file exists and is a socket", path.toString(), SOCKET));
        }
        String who = "owner " + s.owner() + ", group " + s.group() + ", mode " + s.mode();
        if (s.state() == SocketState.DENIED && s.pathBytes() <= SocketDiagnostics.MAX_PATH_BYTES) {
            r.add(fail("socket.permissions", "The console's user may connect", who + "; " + s.problem(), SOCKET,
                    "Run the console as root or as the socket's owner, or as a member of its group with the group's write "
                            + "permission; give search (x) permission on every directory above the socket"));
        } else if (s.worldWritable()) {
            r.add(warn("socket.permissions", "The console's user may connect", who + "; any local user may connect and drive the storage",
                    SOCKET, "Remove write permission for others (chmod o-w) or have the driver create the socket with a stricter umask"));
        } else if (s.state() == SocketState.DENIED) {
            r.add(skipped("socket.permissions", "The console's user may connect", "the path is too long to connect to", SOCKET));
        } else {
            r.add(pass("socket.permissions", "The console's user may connect", who + "; " + r.options.user().name() + " may connect", SOCKET));
        }
        List<SocketHolder> holders = holders(r.options.proc(), path);
        if (!holders.isEmpty()) {
            r.facts.put("socket.holder", describe(holders));
        }
        switch (s.state()) {
            case LISTENING -> r.add(pass("socket.listening", "Something listens on the socket", "a connection was accepted", SOCKET));
            case STALE -> r.add(fail("socket.listening", "Something listens on the socket",
                    s.problem() + (holders.isEmpty() ? "; no process holds it" : ""), SOCKET,
                    SocketAdvice.nextStep(path, false, s.state(), "")));
            default -> r.add(skipped("socket.listening", "Something listens on the socket", "the console may not connect to it", SOCKET));
        }
        if (!holders.isEmpty()) {
            r.add(pass("socket.process", "A process holds the socket", describe(holders), SOCKET));
        } else if (s.state() == SocketState.LISTENING) {
            r.add(skipped("socket.process", "A process holds the socket",
                    "no process visible from here holds it: the driver runs in another PID or network namespace, or as another "
                            + "user whose descriptors only root may read", SOCKET));
        } else {
            r.add(skipped("socket.process", "A process holds the socket", "nothing listens on the socket", SOCKET));
        }
        return s;
    }

    private static void skipRest(ProbeRun r, String why) {
        for (String[] c : new String[][] {{"socket.permissions", "The console's user may connect"},
                {"socket.listening", "Something listens on the socket"}, {"socket.process", "A process holds the socket"}}) {
            r.add(skipped(c[0], c[1], why, SOCKET));
        }
    }

    static List<SocketHolder> holders(ProcSockets proc, Path path) {
        Map<String, Set<Long>> inodes = proc.listeningInodes();
        Set<Long> mine = inodes.get(path.toString());
        if (mine == null) return List.of();
        Map<Long, List<SocketHolder>> h = proc.holders(mine);
        return h.values().stream().flatMap(List::stream).distinct().sorted((a, b) -> Long.compare(a.pid(), b.pid())).toList();
    }

    static String describe(List<SocketHolder> holders) {
        return Checks.some(holders.stream().map(h -> "pid " + h.pid() + (h.command().isEmpty() ? "" : " (" + h.command() + ")")).toList(), 5);
    }
}
