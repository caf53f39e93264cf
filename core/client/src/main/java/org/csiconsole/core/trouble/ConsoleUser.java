package org.csiconsole.core.trouble;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Who the console runs as, for judging from a socket's owner, group and mode whether this user may
 * connect to it: connecting to a unix socket needs write permission on the socket and search
 * permission on each parent directory (unix(7), "Pathname socket ownership and permissions").
 *
 * @param uid the effective user id
 * @param gids the effective group id and the supplementary groups
 * @param name the user name, for messages
 */
public record ConsoleUser(long uid, Set<Long> gids, String name) {
    public ConsoleUser {
        gids = Set.copyOf(gids);
        name = name == null || name.isBlank() ? "uid " + uid : name;
    }

    /** True for uid 0, which the kernel lets through every permission check. */
    public boolean root() {
        return uid == 0;
    }

    /**
     * The user of this process, read from {@code /proc/self/status} (the effective ids of its
     * {@code Uid:} and {@code Gid:} lines and its {@code Groups:}); when that cannot be read, a user
     * that is treated as the owner of everything (so no check fails for lack of knowledge).
     */
    public static ConsoleUser current() {
        String name = System.getProperty("user.name", "");
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/self/status"));
            long uid = -1;
            Set<Long> gids = new HashSet<>();
            for (String l : lines) {
                if (l.startsWith("Uid:")) uid = field(l, 2);
                else if (l.startsWith("Gid:")) gids.add(field(l, 2));
                else if (l.startsWith("Groups:")) {
                    for (String g : l.substring("Groups:".length()).trim().split("\\s+")) {
                        if (!g.isEmpty()) gids.add(Long.parseLong(g));
                    }
                }
            }
            if (uid >= 0) return new ConsoleUser(uid, gids, name);
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc not mounted: fall through
        }
        return new ConsoleUser(0, Set.of(), name);
    }

    /** Field {@code index} (1-based after the label) of a {@code /proc/self/status} line: real, effective, saved, fs. */
    private static long field(String line, int index) {
        String[] parts = line.split("\\s+");
        return Long.parseLong(parts[index]);
    }

    /**
     * Whether this user is granted {@code bit} (4 read, 2 write, 1 execute/search) by the mode of a
     * file owned by {@code ownerUid}/{@code ownerGid}, as the kernel decides: the owner's bits for the
     * owner, else the group's for a member, else the others' bits.
     *
     * @param mode the permission bits, e.g. {@code 0755}
     */
    public boolean granted(int mode, long ownerUid, long ownerGid, int bit) {
        if (root()) return true;
        if (uid == ownerUid) return (mode >> 6 & bit) != 0;
        if (gids.contains(ownerGid)) return (mode >> 3 & bit) != 0;
        return (mode & bit) != 0;
    }
}
