package org.csiconsole.core.reference.csi;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The node's file system as the Node service sees it: where a CO's {@code staging_target_path}
 * and {@code target_path} live, and the files and directories the plugin creates and deletes
 * there. Nothing is mounted; a published mount volume is an empty directory, a published block
 * volume an empty regular file.
 *
 * <p>What the plugin does follows csi.proto v1.12:
 * <ul>
 *   <li>{@code NodeStageVolumeRequest.staging_target_path}: "The CO SHALL be responsible for
 *       creating the directory if it does not exist." The plugin neither creates nor deletes it.</li>
 *   <li>{@code NodePublishVolumeRequest.target_path}: the CO ensures the parent directory exists;
 *       "Creation of target_path is the responsibility of the SP": a directory for the mount
 *       access type, a file for the block access type.</li>
 *   <li>{@code NodeUnpublishVolumeRequest.target_path}: "The SP MUST delete the file or directory
 *       it created at this path."</li>
 * </ul>
 *
 * <p>Two modes:
 * <ul>
 *   <li>{@link Mode#HOST}: paths are this machine's paths, exactly as a node plugin
 *       serving a real CO uses them. A missing parent of {@code target_path}, or a missing
 *       {@code staging_target_path}, is the CO's fault and answered FAILED_PRECONDITION.</li>
 *   <li>{@link Mode#SANDBOX}: every CO path is mirrored below a root directory (the plugin's
 *       {@code <stateDir>/node}), and the plugin also plays the CO's part there: it creates missing
 *       parents and the staging directory, and removes the staging directory on unstage. For the
 *       demo and for callers that pass made-up paths such as {@code /var/lib/kubelet/...}.</li>
 * </ul>
 */
public final class NodePaths {
    /** Where CO paths live. */
    public enum Mode {
        /** CO paths are this machine's paths; the CO creates parents and staging directories. */
        HOST,
        /** CO paths are mirrored below a private root; the plugin creates parents and staging directories. */
        SANDBOX
    }

    private final Mode mode;
    private final Path root;

    private NodePaths(Mode mode, Path root) {
        this.mode = mode;
        this.root = root;
    }

    /** CO paths are this machine's paths. */
    public static NodePaths host() {
        return new NodePaths(Mode.HOST, null);
    }

    /** CO paths mirrored below {@code root}, e.g. {@code /var/lib/x} at {@code <root>/var/lib/x}. */
    public static NodePaths sandbox(Path root) {
        return new NodePaths(Mode.SANDBOX, Objects.requireNonNull(root, "root").toAbsolutePath());
    }

    /** The mode. */
    public Mode mode() {
        return mode;
    }

    /**
     * Where a CO path is on this machine.
     *
     * @throws StatusRuntimeException INVALID_ARGUMENT when {@code coPath} is not absolute, is "/",
     *                                or has a ".." segment or a NUL character
     */
    public Path resolve(String coPath, String field) {
        if (coPath == null || !coPath.startsWith("/") || List.of(coPath.split("/")).contains("..")
                || coPath.replace("/", "").isEmpty() || coPath.indexOf('\0') >= 0) {
            throw Rpc.invalid(field + " " + quote(coPath) + " must be an absolute path below / without '..' "
                    + "(csi.proto: \"It MUST be an absolute path in the root filesystem of the process serving "
                    + "this request\").");
        }
        try {
            Path p = Path.of(coPath).normalize();
            return root == null ? p : root.resolve(p.toString().substring(1));
        } catch (InvalidPathException e) {
            throw Rpc.invalid(field + " " + quote(coPath) + " is not a valid path on this node: " + e.getReason() + ".");
        }
    }

    // ------------------------------------------------------------------ stage

    /**
     * Checks a staging_target_path before NodeStageVolume records anything. HOST: it must be an
     * existing directory. SANDBOX: nothing to check.
     *
     * @throws StatusRuntimeException INVALID_ARGUMENT bad path; FAILED_PRECONDITION missing or not a directory
     */
    void checkStaging(String stagingTargetPath) {
        Path p = resolve(stagingTargetPath, "staging_target_path");
        if (mode == Mode.HOST && !Files.isDirectory(p)) {
            throw precondition("staging_target_path " + stagingTargetPath + (Files.exists(p, LinkOption.NOFOLLOW_LINKS)
                    ? " is not a directory." : " does not exist.")
                    + " The CO creates this directory before NodeStageVolume (csi.proto "
                    + "NodeStageVolumeRequest.staging_target_path); create it and retry.");
        }
    }

    /** After a successful NodeStageVolume. SANDBOX: creates the staging directory. */
    void staged(String stagingTargetPath) {
        if (mode == Mode.SANDBOX) {
            Path p = resolve(stagingTargetPath, "staging_target_path");
            try {
                Files.createDirectories(p);
            } catch (IOException e) {
                throw internal("Cannot create the staging directory for " + stagingTargetPath, e);
            }
        }
    }

    /** After a successful NodeUnstageVolume. SANDBOX: removes the staging directory; HOST leaves it to the CO. */
    void unstaged(String stagingTargetPath) {
        if (mode == Mode.SANDBOX) {
            removeTree(resolve(stagingTargetPath, "staging_target_path"));
        }
    }

    // ------------------------------------------------------------------ publish

    /**
     * Checks a target_path before NodePublishVolume records a new publication. HOST: its parent
     * must be an existing directory. Both modes: an existing target_path must be what the plugin
     * would create (an empty directory for mount, an empty regular file for block).
     *
     * @throws StatusRuntimeException INVALID_ARGUMENT bad path; FAILED_PRECONDITION missing parent
     *                                or a target_path of the wrong kind
     */
    void checkTarget(String targetPath, boolean block) {
        Path p = resolve(targetPath, "target_path");
        if (mode == Mode.HOST && !Files.isDirectory(p.getParent())) {
            throw precondition("The parent directory of target_path " + targetPath + " does not exist. The CO "
                    + "creates the parent before NodePublishVolume and the plugin creates target_path itself "
                    + "(csi.proto NodePublishVolumeRequest.target_path); create " + p.getParent() + " and retry.");
        }
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        boolean fits = block ? isEmptyFile(p) : isEmptyDirectory(p);
        if (!fits) {
            throw precondition("target_path " + targetPath + " already exists and is not "
                    + (block ? "an empty file" : "an empty directory") + ", so the plugin cannot place the "
                    + (block ? "block device" : "mounted directory") + " there. Remove it or use another target_path.");
        }
    }

    /**
     * Creates target_path after NodePublishVolume recorded the publication: a directory (mount)
     * or an empty file (block); nothing when it already exists. SANDBOX creates missing parents too.
     *
     * @throws StatusRuntimeException INTERNAL when the file system refuses
     */
    void placeTarget(String targetPath, boolean block) {
        Path p = resolve(targetPath, "target_path");
        try {
            if (mode == Mode.SANDBOX) {
                Files.createDirectories(p.getParent());
            }
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return;
            }
            if (block) {
                Files.createFile(p);
            } else {
                Files.createDirectory(p);
            }
        } catch (IOException e) {
            throw internal("Cannot create target_path " + targetPath, e);
        }
    }

    /**
     * Deletes the file or directory NodePublishVolume created at target_path; nothing when it is
     * already gone. HOST deletes only an empty directory or a regular file (never a tree it did not
     * make); SANDBOX deletes whatever is below the mirrored path.
     *
     * @throws StatusRuntimeException FAILED_PRECONDITION (HOST) target_path is a directory that is
     *                                no longer empty; INTERNAL when the file system refuses
     */
    void removeTarget(String targetPath) {
        Path p = resolve(targetPath, "target_path");
        if (mode == Mode.SANDBOX) {
            removeTree(p);
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (DirectoryNotEmptyException e) {
            throw precondition("target_path " + targetPath + " is not empty: something other than the plugin wrote "
                    + "into it. The plugin deletes only what it created; move those files away and retry.");
        } catch (NoSuchFileException gone) {
            // already gone: NodeUnpublishVolume is idempotent
        } catch (IOException e) {
            throw internal("Cannot delete target_path " + targetPath, e);
        }
    }

    private static boolean isEmptyFile(Path p) {
        try {
            return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && Files.size(p) == 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isEmptyDirectory(Path p) {
        if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (var s = Files.list(p)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static void removeTree(Path p) {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(q);
            }
        } catch (IOException e) {
            throw internal("Cannot delete " + p, e);
        }
    }

    private static StatusRuntimeException precondition(String message) {
        return Status.FAILED_PRECONDITION.withDescription(message).asRuntimeException();
    }

    private static StatusRuntimeException internal(String what, IOException e) {
        return Status.INTERNAL.withDescription(what + " on the node: " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")") + ".").asRuntimeException();
    }

    private static String quote(String s) {
        return s == null ? "(unset)" : "'" + s + "'";
    }
}
