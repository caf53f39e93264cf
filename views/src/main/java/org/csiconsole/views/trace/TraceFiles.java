package org.csiconsole.views.trace;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceArchive;
import org.csiconsole.core.call.TraceFileException;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.task.UiTask;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/** Opening a saved trace file (File, Open trace…) as a task, off the UI thread. */
public final class TraceFiles {
    private TraceFiles() {
    }

    /**
     * Reads {@code file} with the tools' archive on their I/O executor, as a task of {@code actions}:
     * a file that cannot be read, or is no trace file, reaches the person once with what is wrong
     * (which line, see {@link TraceFileException}).
     *
     * @return the task; its outcome is the file's contents
     */
    public static UiTask<TraceArchive.Contents> open(TraceTools tools, ActionRunner actions, Path file) {
        return actions.run("Open trace " + file.getFileName(), p -> CompletableFuture.supplyAsync(() -> {
            String what = "Open trace " + file.getFileName();
            try {
                return tools.archive().open(file);
            } catch (TraceFileException e) {
                throw new CallFailure(FailureKind.INVALID_ARGUMENT, what, e.getMessage(),
                        "Choose a file saved with Save in the call trace (a .jsonl file whose first line names csi-console-trace)", "");
            } catch (IOException e) {
                throw new CallFailure(FailureKind.INVALID_ARGUMENT, what, "the file cannot be read (" + e.getMessage() + ")",
                        "Check that the file exists and that you may read it", e.getClass().getName());
            }
        }, tools.io()), c -> "Opened " + ByteSize.grouped(c.entries().size()) + " calls saved " + (c.savedAt().isEmpty() ? "" : "at " + c.savedAt() + " ")
                + "from " + file + ".");
    }
}
