package org.csiconsole.views.task;

import java.util.Objects;

/**
 * What one item of a {@link BulkWork} came to: done, failed with the failure's own message, or not
 * run because the work was cancelled before it.
 *
 * @param item the item (a volume, a snapshot, ...)
 * @param name the item in words, e.g. its name {@code "pvc-web"}
 * @param status what came of it
 * @param message empty when done; the failure's message when failed; why it did not run otherwise
 * @param <T> the item type
 */
public record ItemOutcome<T>(T item, String name, Status status, String message) {
    /** What came of one item. */
    public enum Status {
        DONE("OK"),
        FAILED("Failed"),
        NOT_RUN("Not run");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        /** In words for a results list: {@code "OK"}, {@code "Failed"}, {@code "Not run"}. */
        public String label() {
            return label;
        }
    }

    public ItemOutcome {
        Objects.requireNonNull(name);
        Objects.requireNonNull(status);
        message = message == null ? "" : message;
    }

    public boolean ok() {
        return status == Status.DONE;
    }

    /** The outcome in words: {@code "OK"}, or the label and the message ({@code "Failed: volume is published"}). */
    public String describe() {
        return message.isEmpty() ? status.label() : status.label() + ": " + message;
    }
}
