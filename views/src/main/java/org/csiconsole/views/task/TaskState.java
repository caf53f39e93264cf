package org.csiconsole.views.task;

/** Life of a {@link UiTask}. Every state but {@link #RUNNING} is final. */
public enum TaskState {
    RUNNING("Running"),
    SUCCEEDED("Done"),
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
