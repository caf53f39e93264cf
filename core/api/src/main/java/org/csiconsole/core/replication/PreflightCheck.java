package org.csiconsole.core.replication;

import java.util.Objects;

/**
 * One pre-flight check of a workflow: partner reachable, RPO age, health, no operation pending, both
 * sides reachable, clients fenced.
 *
 * @param name the check, e.g. {@code "Partner reachable"}
 * @param level PASS, WARN (runs, but say so) or FAIL (the run is refused)
 * @param message what was found and, for WARN and FAIL, what to do
 * @param source the item it concerns; null for the workflow as a whole
 */
public record PreflightCheck(String name, Grade level, String message, ReplicationSource source) {
    public PreflightCheck {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(level, "level");
        message = message == null ? "" : message;
    }

    /** How a check came out. */
    public enum Grade { PASS, WARN, FAIL }

    public static PreflightCheck pass(String name, String message, ReplicationSource source) {
        return new PreflightCheck(name, Grade.PASS, message, source);
    }

    public static PreflightCheck warn(String name, String message, ReplicationSource source) {
        return new PreflightCheck(name, Grade.WARN, message, source);
    }

    public static PreflightCheck fail(String name, String message, ReplicationSource source) {
        return new PreflightCheck(name, Grade.FAIL, message, source);
    }
}
