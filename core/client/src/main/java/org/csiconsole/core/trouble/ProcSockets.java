package org.csiconsole.core.trouble;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which process holds a unix socket, read from procfs (proc(5)): {@code /proc/net/unix} maps a bound
 * path to the inodes of its sockets (the listening one carries the {@code __SO_ACCEPTCON} flag
 * {@code 00010000}), and {@code /proc/<pid>/fd/*} links to {@code socket:[inode]} for each socket a
 * process holds. Only sockets of this network namespace are listed, and only processes this user
 * may inspect are seen (another user's {@code fd} directory needs root or CAP_SYS_PTRACE).
 */
public final class ProcSockets {
    private static final int SO_ACCEPTCON = 0x10000;

    private final Path proc;

    /** Reads the real {@code /proc}. */
    public ProcSockets() {
        this(Path.of("/proc"));
    }

    /** Reads a procfs mounted at {@code proc} (tests give a directory laid out like one). */
    public ProcSockets(Path proc) {
        this.proc = proc;
    }

    /**
     * The inodes of the sockets bound to each path, listening sockets only when a path has one.
     *
     * @return path text to inodes; empty when {@code /proc/net/unix} cannot be read
     */
    public Map<String, Set<Long>> listeningInodes() {
        Map<String, Set<Long>> listening = new HashMap<>();
        Map<String, Set<Long>> any = new HashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(proc.resolve("net/unix"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Map.of();
        }
        for (int i = 1; i < lines.size(); i++) {
            // Num RefCount Protocol Flags Type St Inode Path
            String[] f = lines.get(i).trim().split("\\s+", 8);
            if (f.length < 8 || !f[7].startsWith("/")) continue;
            long inode;
            int flags;
            try {
                inode = Long.parseLong(f[6]);
                flags = Integer.parseInt(f[3], 16);
            } catch (NumberFormatException e) {
                continue;
            }
            any.computeIfAbsent(f[7], k -> new HashSet<>()).add(inode);
            if ((flags & SO_ACCEPTCON) != 0) listening.computeIfAbsent(f[7], k -> new HashSet<>()).add(inode);
        }
        for (Map.Entry<String, Set<Long>> e : any.entrySet()) listening.putIfAbsent(e.getKey(), e.getValue());
        return listening;
    }

    /**
     * The processes holding any of {@code inodes}, each process once per inode.
     *
     * @return inode to its holders, in pid order; an inode nobody visible holds is absent
     */
    public Map<Long, List<SocketHolder>> holders(Collection<Long> inodes) {
        Map<Long, List<SocketHolder>> out = new HashMap<>();
        if (inodes.isEmpty()) return out;
        Set<String> wanted = new HashSet<>();
        for (long i : inodes) wanted.add("socket:[" + i + "]");
        List<Long> pids = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(proc)) {
            for (Path p : dir) {
                String n = p.getFileName().toString();
                if (!n.isEmpty() && n.chars().allMatch(Character::isDigit)) pids.add(Long.parseLong(n));
            }
        } catch (IOException e) {
            return out;
        }
        pids.sort(null);
        for (long pid : pids) {
            Set<Long> found = new HashSet<>();
            try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve(pid + "/fd"))) {
                for (Path fd : fds) {
                    String target;
                    try {
                        target = Files.readSymbolicLink(fd).toString();
                    } catch (IOException | UnsupportedOperationException e) {
                        continue;
                    }
                    if (wanted.contains(target)) {
                        found.add(Long.parseLong(target.substring("socket:[".length(), target.length() - 1)));
                    }
                }
            } catch (IOException e) {
                continue; // gone, or not ours to inspect
            }
            if (found.isEmpty()) continue;
            SocketHolder h = new SocketHolder(pid, command(pid));
            for (long inode : found) out.computeIfAbsent(inode, k -> new ArrayList<>()).add(h);
        }
        return out;
    }

    /**
     * The program of {@code pid}: the first argument of its command line ({@code argv[0]}), else its
     * comm, else empty. The other arguments are left out: a driver's flags may carry credentials.
     */
    String command(long pid) {
        try {
            byte[] b = Files.readAllBytes(proc.resolve(pid + "/cmdline"));
            String s = new String(b, StandardCharsets.UTF_8);
            int nul = s.indexOf('\0');
            String argv0 = (nul < 0 ? s : s.substring(0, nul)).strip();
            if (!argv0.isEmpty()) return argv0.length() > 200 ? argv0.substring(0, 200) + "…" : argv0;
        } catch (IOException e) {
            // fall back to comm
        }
        try {
            return Files.readString(proc.resolve(pid + "/comm"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
