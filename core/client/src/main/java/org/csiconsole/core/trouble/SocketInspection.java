package org.csiconsole.core.trouble;

import org.csiconsole.core.endpoint.SocketDiagnostics;

import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Map;

/**
 * What the file system and a connect attempt say about one unix socket path: type, owner, group,
 * mode, whether the console's user may connect (judged from the mode bits, so a root console can
 * still tell that the kubelet's non-root peers could not), and whether something listens.
 *
 * @param path the path inspected
 * @param pathBytes its length in bytes of UTF-8 ({@link SocketDiagnostics#MAX_PATH_BYTES} at most for a socket)
 * @param state listening, stale, denied, not a socket or missing
 * @param owner owner name (or uid)
 * @param group group name (or gid)
 * @param mode permission bits as text, e.g. {@code rwxr-xr-x}; empty when unknown
 * @param modeBits the permission bits, e.g. {@code 0755}; -1 when unknown
 * @param worldWritable true when any local user may connect ({@code o+w})
 * @param problem what is wrong, in words; empty when it listens
 */
public record SocketInspection(Path path, int pathBytes, SocketState state, String owner, String group, String mode,
                               int modeBits, boolean worldWritable, String problem) {
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;

    /** Inspects {@code path} as {@code user}; opens and closes one connection when the user may connect. */
    public static SocketInspection of(Path path, ConsoleUser user) {
        int bytes = path.toString().getBytes(StandardCharsets.UTF_8).length;
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return new SocketInspection(path, bytes, SocketState.MISSING, "", "", "", -1, false,
                    "there is nothing at " + path);
        }
        String owner = "";
        String group = "";
        String mode = "";
        int bits = -1;
        long uid = -1;
        long gid = -1;
        int fileMode = -1;
        try {
            PosixFileAttributes a = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            owner = a.owner().getName();
            group = a.group().getName();
            mode = PosixFilePermissions.toString(a.permissions());
            Map<String, Object> unix = Files.readAttributes(path, "unix:mode,uid,gid", LinkOption.NOFOLLOW_LINKS);
            fileMode = (Integer) unix.get("mode");
            bits = fileMode & 0777;
            uid = ((Number) unix.get("uid")).longValue();
            gid = ((Number) unix.get("gid")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // left unknown: judged by the connect attempt alone
        }
        boolean world = bits >= 0 && (bits & 02) != 0;
        if (fileMode >= 0 && (fileMode & S_IFMT) != S_IFSOCK) {
            return new SocketInspection(path, bytes, SocketState.NOT_A_SOCKET, owner, group, mode, bits, world,
                    path + " is not a unix socket");
        }
        if (bytes > SocketDiagnostics.MAX_PATH_BYTES) {
            return new SocketInspection(path, bytes, SocketState.DENIED, owner, group, mode, bits, world,
                    "the path is " + bytes + " bytes long; a unix socket path can be at most "
                            + SocketDiagnostics.MAX_PATH_BYTES + " bytes, so no client can connect to it by this path");
        }
        String denied = deniedReason(path, user, bits, uid, gid);
        if (denied != null) {
            return new SocketInspection(path, bytes, SocketState.DENIED, owner, group, mode, bits, world, denied);
        }
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(path));
            return new SocketInspection(path, bytes, SocketState.LISTENING, owner, group, mode, bits, world, "");
        } catch (ConnectException e) {
            String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
            if (m.contains("permission")) {
                return new SocketInspection(path, bytes, SocketState.DENIED, owner, group, mode, bits, world,
                        user.name() + " may not connect to " + path + " (" + e.getMessage() + ")");
            }
            return new SocketInspection(path, bytes, SocketState.STALE, owner, group, mode, bits, world,
                    "nothing listens on " + path + ": the socket file was left behind by a server that is no longer running");
        } catch (IOException | RuntimeException e) {
            return new SocketInspection(path, bytes, SocketState.STALE, owner, group, mode, bits, world,
                    "could not connect to " + path + ": " + e.getMessage());
        }
    }

    /** Why {@code user} may not connect, from the mode bits of the socket and its directories; null when it may. */
    private static String deniedReason(Path path, ConsoleUser user, int bits, long uid, long gid) {
        if (user.root()) return null;
        Path dir = path.getParent();
        while (dir != null) {
            try {
                Map<String, Object> d = Files.readAttributes(dir, "unix:mode,uid,gid");
                int m = (Integer) d.get("mode") & 0777;
                if (!user.granted(m, ((Number) d.get("uid")).longValue(), ((Number) d.get("gid")).longValue(), 1)) {
                    return user.name() + " may not search the directory " + dir + " (mode " + text(m) + ")";
                }
            } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
                break;
            }
            dir = dir.getParent();
        }
        if (bits >= 0 && !user.granted(bits, uid, gid, 2)) {
            return user.name() + " may not connect to " + path + ": connecting needs write permission on the socket, and its mode "
                    + text(bits) + " grants none to " + user.name();
        }
        return null;
    }

    /** {@code rwxr-x---} for {@code 0750}. */
    static String text(int bits) {
        StringBuilder b = new StringBuilder(9);
        String rwx = "rwx";
        for (int i = 8; i >= 0; i--) b.append((bits >> i & 1) != 0 ? rwx.charAt((8 - i) % 3) : '-');
        return b.toString();
    }
}
