package org.csiconsole.app.gui.connect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

/**
 * The CO's part of the node paths, for a node plugin on this machine (a unix socket): before
 * NodeStageVolume the CO creates {@code staging_target_path}, and before NodePublishVolume the
 * parent directory of {@code target_path} (csi.proto v1.12, NodeStageVolumeRequest and
 * NodePublishVolumeRequest: "The CO SHALL be responsible for creating the directory if it does not
 * exist" and "the CO SHALL ensure that the parent directory of this path exists"). Creating
 * {@code target_path} itself, and deleting it on unpublish, stay the plugin's part; nothing here
 * deletes anything.
 */
final class NodeDirectories {
    /**
     * Creates {@code staging_target_path} and its parents when missing.
     *
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} when the path is not absolute;
     *     {@link FailureKind#FAILED_PRECONDITION} when it cannot be created (permission, a file in the way)
     */
    void prepareStaging(String stagingTargetPath) {
        if (stagingTargetPath.isEmpty()) return;
        create(path(stagingTargetPath, "staging_target_path"), "staging_target_path " + stagingTargetPath);
    }

    /**
     * Creates the parent directory of {@code target_path} when missing.
     *
     * @throws CallFailure as {@link #prepareStaging(String)}
     */
    void prepareTargetParent(String targetPath) {
        Path parent = path(targetPath, "target_path").getParent();
        if (parent != null) create(parent, "the parent directory of target_path " + targetPath);
    }

    private static Path path(String text, String field) {
        try {
            Path p = Path.of(text);
            if (p.isAbsolute()) return p;
        } catch (InvalidPathException ignored) {
            // answered below, like a relative path
        }
        throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Prepare " + field + " " + text,
                field + " must be an absolute path on the node", "Give a path such as /var/lib/csi-console/publish/vol-1", "");
    }

    private static void create(Path dir, String what) {
        if (Files.isDirectory(dir)) return;
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw new CallFailure(FailureKind.FAILED_PRECONDITION, "Create " + what,
                    "the console, acting as the CO, could not create " + dir + " (" + e.getClass().getSimpleName() + ")",
                    "Create the directory yourself, run the console as a user who may write there, or choose another path",
                    String.valueOf(e.getMessage()), e);
        }
    }
}
