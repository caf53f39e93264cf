package org.csiconsole.views.task;

/** Life of a {@link UiTask}. Every state but {@link #RUNNING} is final. */
public enum TaskState {
    RUNNING("Running"),
    SUCCEEDED("Done"),
    /**
     * Finished, but part of the work could not be done: a listing got rows from some sources and
     * others did not answer ({@link Progress#doneWithErrors}); the message names them.
     */
    DONE_WITH_ERRORS("Done with errors"),
    FAILED("Failed"),
    CANCELLED("Cancelled");

    private final String label;

    TaskState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean isFinal() {
        return this != RUNNING;
    }
}
