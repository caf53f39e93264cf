package org.csiconsole.core.replication;

import java.time.Instant;
import java.util.Objects;

/**
 * Live progress of a workflow run, in order per item. A wizard's step list and the CLI's progress
 * lines are drawn from these.
 *
 * @param time when it happened
 * @param type what happened
 * @param source the item concerned; null for the run as a whole
 * @param step the 1-based step index within the item; 0 when not about a step
 * @param message in words, e.g. {@code "Waiting for a sync later than 10:02:03 (last 10:01:58)"}
 * @param percent progress of a step that reports it (a resync), 0..100; -1 when unknown
 */
public record WorkflowEvent(Instant time, Type type, ReplicationSource source, int step, String message, int percent) {
    public WorkflowEvent {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(type, "type");
        message = message == null ? "" : message;
    }

    /** Kinds of event. */
    public enum Type {
        /** A live pre-flight check came out (message says how); see the result for all of them. */
        CHECK,
        /** The checks failed: nothing was sent. */
        REFUSED,
        /** A step started. */
        STEP_STARTED,
        /** A wait or a resync polled; {@code percent} when known. */
        STEP_PROGRESS,
        /** A step succeeded. */
        STEP_SUCCEEDED,
        /** A step failed; the item stops there. */
        STEP_FAILED,
        /** Every step of the item succeeded. */
        ITEM_SUCCEEDED,
        /** The item failed (see its result for the failure and the state it left). */
        ITEM_FAILED,
        /** The item was stopped between steps (see its result for the state it left). */
        ITEM_STOPPED,
        /** The run ended. */
        FINISHED
    }
}
