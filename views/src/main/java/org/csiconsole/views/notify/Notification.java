package org.csiconsole.views.notify;

import java.time.Instant;

/**
 * The outcome of one action, for the notifications panel.
 *
 * @param time when it was posted
 * @param severity how it reads
 * @param title the action, e.g. {@code "Delete volume pvc-1"}
 * @param message the outcome in one sentence, e.g. {@code "Deleted."}
 */
public record Notification(Instant time, Severity severity, String title, String message) {
}
