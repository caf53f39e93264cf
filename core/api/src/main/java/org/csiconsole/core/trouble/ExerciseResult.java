package org.csiconsole.core.trouble;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What an exercise did: every lifecycle step in order, then every clean-up step, and what is left
 * on the storage because its clean-up failed.
 *
 * @param endpoint the CSI endpoint the exercise ran on, e.g. {@code unix:///var/lib/kubelet/plugins/x/csi.sock}; empty in
 *     reports written before it was kept
 * @param driver the driver's name (GetPluginInfo)
 * @param pool the pool the exercise asked for (the {@code pool} parameter), or {@code default}
 * @param volumeName the name of the volume it created ({@code <prefix>-<suffix>})
 * @param started when it began
 * @param took its wall time, clean-up included
 * @param steps every step, lifecycle steps first then clean-up steps, in the order run
 * @param leftovers what could not be removed, each in words with its id
 *     (e.g. "volume vol-17 (DeleteVolume failed: INTERNAL ...)"); empty when everything was cleaned up
 * @param cancelled true when the exercise was cancelled before its lifecycle ended
 */
public record ExerciseResult(String endpoint, String driver, String pool, String volumeName, Instant started, Duration took,
                             List<ExerciseStep> steps, List<String> leftovers, boolean cancelled) {
    public ExerciseResult {
        endpoint = endpoint == null ? "" : endpoint;
        Objects.requireNonNull(driver, "driver");
        pool = pool == null ? "" : pool;
        volumeName = volumeName == null ? "" : volumeName;
        steps = steps == null ? List.of() : List.copyOf(steps);
        leftovers = leftovers == null ? List.of() : List.copyOf(leftovers);
    }

    /** True when a lifecycle step failed (a failed clean-up step shows up in {@link #leftovers()}). */
    public boolean anyFailed() {
        return steps.stream().anyMatch(s -> !s.cleanup() && s.outcome() == StepOutcome.FAILED);
    }
}
