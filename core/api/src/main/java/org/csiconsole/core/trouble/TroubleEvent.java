package org.csiconsole.core.trouble;

/**
 * Progress of a discovery, probe or exercise, delivered to the listener the caller gave, on whatever
 * thread the work runs on (a view hands it to its UI thread). Events arrive in the order the work
 * happens; the final result is the value of the workflow's future, not an event.
 */
public sealed interface TroubleEvent {
    /**
     * A stage began, e.g. "Listing volumes".
     *
     * @param message the stage in words
     */
    record Stage(String message) implements TroubleEvent {
    }

    /** A socket was looked at by discovery. */
    record SocketFound(DiscoveredSocket socket) implements TroubleEvent {
    }

    /** A probe check finished. */
    record CheckDone(CheckResult check) implements TroubleEvent {
    }

    /** An exercise step finished (a lifecycle or a clean-up step). */
    record StepDone(ExerciseStep step) implements TroubleEvent {
    }
}
