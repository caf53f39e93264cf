package org.csiconsole.core.trouble;

import java.util.concurrent.CompletableFuture;

/** An exercise under way: its result once done, and a way to stop it (its clean-up still runs). */
public interface ExerciseRun {
    /** The result, once the lifecycle and its clean-up ended; it fails only for a bug, never for the driver's failure. */
    CompletableFuture<ExerciseResult> result();

    /** Stops the lifecycle: the call in flight is cancelled and no further step starts; the clean-up runs to its end. */
    void cancel();
}
