package org.csiconsole.core.endpoint;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.trouble.SocketAdvice;
import org.csiconsole.core.trouble.SocketState;

import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks a unix socket path before a channel is opened, so a person sees what is wrong with the
 * endpoint instead of a generic UNAVAILABLE. Every failure has kind {@link FailureKind#ENDPOINT}
 * and says what to do. Checks, in order:
 * <ol>
 *   <li>path length: Linux {@code sun_path} holds 108 bytes including the terminating NUL, so at most
 *       {@value #MAX_PATH_BYTES} bytes of UTF-8;</li>
 *   <li>each parent directory exists and the current user may search it ({@code x});</li>
 *   <li>the path exists;</li>
 *   <li>it is a socket (not a regular file, directory, FIFO or device);</li>
 *   <li>the current user may read and write it (connecting to a unix socket needs write permission);</li>
 *   <li>something listens: a connect refused by the kernel means the socket file is stale, left by a
 *       driver that is no longer running.</li>
 * </ol>
 * A successful check opens and immediately closes one connection.
 */
public final class SocketDiagnostics {
    /** Longest unix socket path in bytes (108-byte {@code sun_path} minus the NUL). */
    public static final int MAX_PATH_BYTES = 107;

    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;

    private final String userName;

    /** Diagnoses as the current process user. */
    public SocketDiagnostics() {
        this(System.getProperty("user.name", "the current user"));
    }

    /** @param userName the user named in permission messages */
    public SocketDiagnostics(String userName) {
        this.userName = userName;
    }

    /** Returns the first problem found with the socket at {@code path}, or empty when a connection was accepted. */
    public Optional<CallFailure> check(Path path) {
        String text = "unix://" + path;
        String what = "Connect to " + text;
        int bytes = path.toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_PATH_BYTES) {
            return fail(what, "the socket path is " + bytes + " bytes long; a unix socket path can be at most "
                            + MAX_PATH_BYTES + " bytes (the kernel's sun_path field is 108 bytes including the final NUL)",
                    "Use a shorter path: for example make a symbolic link to the socket's directory, such as "
                            + "ln -s " + path.getParent() + " /tmp/csi, and connect to unix:///tmp/csi/" + path.getFileName(),
                    "path length " + bytes + " > " + MAX_PATH_BYTES);
        }
        Path parent = path.getParent();
        if (parent != null) {
            Optional<CallFailure> dirs = checkDirectories(what, path, parent);
            if (dirs.isPresent()) return dirs;
        }
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (AccessDeniedException e) {
            return fail(what, "user " + userName + " may not look at " + path,
                    "Give " + userName + " search (x) permission on every parent directory of the socket, or run as the driver's user",
                    e.toString());
        } catch (IOException e) {
            return fail(what, "there is no socket at " + path + " (the path does not exist)",
                    "Check that the driver is running: it creates this socket when it starts. Compare the path with the "
                            + "driver's " + Endpoint.ENV + " setting (often /var/lib/kubelet/plugins/<driver>/csi.sock)",
                    NO_SUCH_FILE + path);
        }
        if (!isSocket(path, attrs)) {
            return fail(what, path + " is " + describeType(attrs) + ", not a unix socket",
                    "Point the endpoint at the driver's socket file (a path ending in .sock that the driver created), not at "
                            + (attrs.isDirectory() ? "its directory" : "this file"),
                    "file type: " + describeType(attrs));
        }
        if (!Files.isReadable(path) || !Files.isWritable(path)) {
            return fail(what, "user " + userName + " may not connect to " + path + " (" + owner(path) + ")",
                    "Connecting needs read and write permission on the socket for " + userName
                            + ": run as the socket's owner or a member of its group, or grant rw on the socket "
                            + "(and search x on its parent directories)",
                    "permission denied: " + owner(path));
        }
        return probe(what, path);
    }

    /**
     * Whether {@code problem}, found by {@link #check(Path)}, goes away when the driver starts: the
     * socket or its directory is not there yet, or the socket file is stale. False for a path that
     * cannot become the driver's socket by itself (a regular file, a directory, a path too long, a
     * permission the console's user lacks).
     */
    public static boolean waitsForTheDriver(CallFailure problem) {
        String d = problem.detail();
        return d.startsWith(NO_SUCH_FILE) || d.startsWith(MISSING_DIRECTORY) || d.startsWith(REFUSED);
    }

    private static final String NO_SUCH_FILE = "no such file: ";
    private static final String MISSING_DIRECTORY = "missing directory: ";
    private static final String REFUSED = "connection refused: ";

    /** Throws the first problem found, as {@link #check(Path)} does. */
    public void require(Path path) {
        Optional<CallFailure> f = check(path);
        if (f.isPresent()) throw f.get();
    }

    private Optional<CallFailure> checkDirectories(String what, Path socket, Path parent) {
        Path dir = parent.getRoot();
        for (Path part : parent) {
            dir = dir == null ? part : dir.resolve(part);
            if (!Files.isDirectory(dir)) {
                boolean exists = Files.exists(dir, LinkOption.NOFOLLOW_LINKS);
                return fail(what, exists ? dir + " is not a directory" : "the directory " + dir + " does not exist",
                        "Check the endpoint path; the driver creates its socket inside an existing directory "
                                + "(often /var/lib/kubelet/plugins/<driver>/). Is the driver installed on this host?",
                        MISSING_DIRECTORY + dir);
            }
            if (!Files.isExecutable(dir)) {
                return fail(what, "user " + userName + " may not search directory " + dir + " (" + owner(dir) + ")",
                        "Give " + userName + " search (x) permission on " + dir
                                + " and every other parent directory of " + socket + ", or run as a user that has it",
                        "permission denied on directory: " + owner(dir));
            }
        }
        return Optional.empty();
    }

    private Optional<CallFailure> probe(String what, Path path) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(path));
            return Optional.empty();
        } catch (ConnectException e) {
            String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
            if (m.contains("permission")) {
                return fail(what, "user " + userName + " may not connect to " + path + " (" + owner(path) + ")",
                        "Connecting needs write permission on the socket for " + userName
                                + ": run as its owner or a member of its group", e.toString());
            }
            return fail(what, "nothing is listening on " + path
                            + ": the socket file is stale, left behind by a driver that is no longer running",
                    SocketAdvice.nextStep(path, false, SocketState.STALE, "") + ". Then try again",
                    REFUSED + e.getMessage());
        } catch (IOException | RuntimeException e) {
            return fail(what, "could not connect to " + path + ": " + e.getMessage(),
                    "Check that the driver is running and that " + userName + " may use the socket", e.toString());
        }
    }

    private static boolean isSocket(Path path, BasicFileAttributes attrs) {
        try {
            Object mode = Files.getAttribute(path, "unix:mode");
            if (mode instanceof Integer m) return (m & S_IFMT) == S_IFSOCK;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // no "unix" attribute view: fall back to "other" (socket, FIFO or device)
        }
        return attrs.isOther();
    }

    private static String describeType(BasicFileAttributes attrs) {
        if (attrs.isDirectory()) return "a directory";
        if (attrs.isRegularFile()) return "a regular file";
        if (attrs.isSymbolicLink()) return "a symbolic link";
        return "a special file (FIFO or device)";
    }

    private static String owner(Path p) {
        try {
            PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class);
            return "owner " + a.owner().getName() + ", group " + a.group().getName() + ", mode "
                    + PosixFilePermissions.toString(a.permissions());
        } catch (IOException | UnsupportedOperationException e) {
            return "owner unknown";
        }
    }

    private static Optional<CallFailure> fail(String what, String why, String whatToDo, String detail) {
        return Optional.of(new CallFailure(FailureKind.ENDPOINT, what, why, whatToDo, detail));
    }
}
