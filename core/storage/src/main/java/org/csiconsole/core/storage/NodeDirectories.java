package org.csiconsole.core.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

/**
 * The CO's part of the node paths, for a node plugin on this machine (a unix socket): before
 * NodeStageVolume the CO creates {@code staging_target_path}, and before NodePublishVolume the
 * parent directory of {@code target_path} (csi.proto v1.12, NodeStageVolumeRequest and
 * NodePublishVolumeRequest: "The CO SHALL be responsible for creating the directory if it does not
 * exist" and "the CO SHALL ensure that the parent directory of this path exists"). Creating
 * {@code target_path} itself, and deleting it on unpublish, stay the plugin's part. When the call
 * that needed the directories fails, {@link Created#undo()} removes the ones created for it, so a
 * failed stage or publish leaves the node as it was. After NodeUnstageVolume succeeded, the staging
 * directory this console created for the stage is removed when it is empty ({@link #unstaged}): the
 * CO created it, so the CO removes it, and nothing else.
 */
public final class NodeDirectories {
    /** The staging directories this console created for a NodeStageVolume that succeeded, by staging_target_path. */
    private final java.util.Map<String, Created> staged = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Creates {@code staging_target_path} and its parents when missing.
     *
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} when the path is not absolute;
     *     {@link FailureKind#FAILED_PRECONDITION} when it cannot be created (permission, a file in the way)
     */
    Created prepareStaging(String stagingTargetPath) {
        if (stagingTargetPath.isEmpty()) return Created.NOTHING;
        Created c = create(path(stagingTargetPath, "staging_target_path"), "staging_target_path " + stagingTargetPath);
        return c.directories().isEmpty() ? c : new Created(c.directories(), stagingTargetPath);
    }

    /** The call {@code created} was made for succeeded: a staging directory made for it is remembered for {@link #unstaged}. */
    void succeeded(Created created) {
        if (!created.stagingTargetPath().isEmpty()) staged.put(created.stagingTargetPath(), created);
    }

    /**
     * NodeUnstageVolume at {@code stagingTargetPath} succeeded: the staging directory is the CO's to
     * remove, so the directories this console created for the stage are deleted, deepest first,
     * while they are empty. A directory the console did not create, or one that is not empty, stays.
     */
    void unstaged(String stagingTargetPath) {
        Created c = staged.remove(stagingTargetPath);
        if (c != null) c.undo();
    }

    /**
     * Creates the parent directory of {@code target_path} when missing.
     *
     * @throws CallFailure as {@link #prepareStaging(String)}
     */
    Created prepareTargetParent(String targetPath) {
        Path parent = path(targetPath, "target_path").getParent();
        return parent == null ? Created.NOTHING : create(parent, "the parent directory of target_path " + targetPath);
    }

    /**
     * The directories one prepare call created, deepest first.
     *
     * @param stagingTargetPath the staging_target_path they were created for; empty for a target's parent
     */
    record Created(List<Path> directories, String stagingTargetPath) {
        static final Created NOTHING = new Created(List.of());

        Created(List<Path> directories) {
            this(directories, "");
        }

        /**
         * Deletes the directories that were created, deepest first, stopping at the first one that
         * is no longer empty (something else now uses it). Best effort: a directory that cannot be
         * deleted is left, and the failure that made the caller undo is what gets reported.
         */
        void undo() {
            for (Path dir : directories) {
                try {
                    Files.deleteIfExists(dir);
                } catch (IOException | SecurityException e) {
                    return;
                }
            }
        }
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

    private static Created create(Path dir, String what) {
        List<Path> missing = new ArrayList<>();
        for (Path p = dir; p != null && !Files.isDirectory(p); p = p.getParent()) missing.add(p);
        if (missing.isEmpty()) return Created.NOTHING;
        try {
            Files.createDirectories(dir);
            return new Created(List.copyOf(missing));
        } catch (IOException | SecurityException e) {
            throw new CallFailure(FailureKind.FAILED_PRECONDITION, "Create " + what,
                    "the console, acting as the CO, could not create " + dir + " (" + e.getClass().getSimpleName() + ")",
                    "Create the directory yourself, run the console as a user who may write there, or choose another path",
                    String.valueOf(e.getMessage()), e);
        }
    }
}
