package org.csiconsole.core.training;

import java.time.Instant;
import java.util.Objects;

/**
 * A step that went FAILED_HOW during an attempt: a forbidden shortcut or a wrong order of calls
 * (docs/training-schema.md, "How rules"). Kept in the result across resets.
 *
 * @param stepId the {@link ScenarioStep#id()} that failed
 * @param rule which call broke which rule and why it matters, in words
 * @param at when the step went FAILED_HOW
 */
public record StepFailure(String stepId, String rule, Instant at) {
    public StepFailure {
        Objects.requireNonNull(stepId, "stepId");
        rule = rule == null ? "" : rule;
        Objects.requireNonNull(at, "at");
    }
}
