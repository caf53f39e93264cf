package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.Secrets;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What an exercise creates and where it works.
 *
 * @param namePrefix the start of every name it gives (volumes {@code <prefix>-<8 hex>}, their snapshot
 *     and clone with {@code -snap} and {@code -clone}); letters, digits, dots and dashes, at most 40 characters
 * @param capacityBytes the size of the volume in bytes (required_bytes)
 * @param parameters CreateVolume parameters (StorageClass parameters); {@code pool} names the pool
 * @param secrets credentials sent with each call; never printed, redacted from the trace
 * @param workDir a directory on this host for the staging and target paths the exercise, acting as
 *     the CO, creates (and removes afterwards)
 * @param snapshotAndClone also create a snapshot and a clone when the driver advertises them
 */
public record ExercisePlan(String namePrefix, long capacityBytes, Map<String, String> parameters, Secrets secrets,
                           Path workDir, boolean snapshotAndClone) {
    /** The pool named when the parameters name none. */
    public static final String DEFAULT_POOL = "default";

    private static final Pattern PREFIX = Pattern.compile("[a-z0-9]([a-z0-9.-]{0,38}[a-z0-9])?", Pattern.CASE_INSENSITIVE);

    public ExercisePlan {
        Objects.requireNonNull(namePrefix, "namePrefix");
        Objects.requireNonNull(workDir, "workDir");
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        secrets = secrets == null ? Secrets.NONE : secrets;
        if (!PREFIX.matcher(namePrefix).matches()) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Read the name prefix '" + namePrefix + "'",
                    "a prefix is 1 to 40 letters, digits, dots or dashes, beginning and ending with a letter or digit",
                    "Give a prefix such as csi-console-exercise", "");
        }
        if (capacityBytes < 0) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Read the size", "the size is negative", "Give a size in bytes, or 1GiB", "");
        }
    }

    /** The pool the exercise touches: the {@code pool} parameter, else {@value #DEFAULT_POOL}. */
    public String pool() {
        return parameters.getOrDefault("pool", DEFAULT_POOL);
    }

    /**
     * What the exercise will do and where, as the GUI's confirmation and the command line's prompt say it before the
     * typed {@link #confirmation(String)}: the names, the pool, the driver and the endpoint it creates and deletes on.
     *
     * @param endpoint the CSI endpoint text, e.g. {@code unix:///var/lib/kubelet/plugins/x/csi.sock}
     */
    public String consent(String driver, String endpoint) {
        return "This creates, publishes, stages, snapshots and deletes test volumes named " + namePrefix + "-* in pool " + pool()
                + " of " + driver + " at " + endpoint + ", and removes everything it made, also after a failure or a cancel. "
                + "Every change is audited.";
    }

    /** What a person must type to confirm: {@code <driver>/<pool>}. */
    public String confirmation(String driver) {
        return driver + "/" + pool();
    }
}
