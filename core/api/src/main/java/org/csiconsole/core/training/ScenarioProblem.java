package org.csiconsole.core.training;

import java.util.Objects;

/**
 * Why a scenario file was not loaded: one validation error, naming the file, the line and the field.
 *
 * @param file the file as given (path, or {@code bundled:NAME.yaml})
 * @param line 1-based line in the file; 0 when the problem is not at one line (file unreadable)
 * @param field the field's path in the file, e.g. {@code steps[2].check.volume.published_to}; empty when none
 * @param message what is wrong and what to write instead, one sentence
 */
public record ScenarioProblem(String file, int line, String field, String message) {
    public ScenarioProblem {
        Objects.requireNonNull(file, "file");
        field = field == null ? "" : field;
        Objects.requireNonNull(message, "message");
    }

    /** The problem as one line, e.g. {@code erp.yaml:12: steps[0].goal: a step needs a goal.} */
    public String describe() {
        return file + (line > 0 ? ":" + line : "") + ": " + (field.isEmpty() ? "" : field + ": ") + message;
    }
}
