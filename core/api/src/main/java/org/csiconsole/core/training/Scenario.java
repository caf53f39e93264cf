package org.csiconsole.core.training;

import java.util.List;
import java.util.Objects;

/**
 * One training scenario as its data file defines it (docs/training-schema.md).
 *
 * @param id the scenario's name, unique in a library, e.g. {@code planned-failover}; what
 *     {@code csi-console training start NAME} takes
 * @param title a short title, e.g. "Planned failover and failback of an application"
 * @param summary a paragraph saying what the trainee does and learns
 * @param skills the skills it trains, in words, e.g. "demote before promote"
 * @param minutes how long a trainee should need, in minutes (1 to 120)
 * @param steps the steps, in the order the trainee does them; at least one
 * @param source where the scenario was read: {@code bundled:NAME.yaml} or a file path
 */
public record Scenario(String id, String title, String summary, List<String> skills, int minutes,
                       List<ScenarioStep> steps, String source) {
    public Scenario {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        summary = summary == null ? "" : summary;
        skills = List.copyOf(skills);
        steps = List.copyOf(steps);
        source = source == null ? "" : source;
        if (steps.isEmpty()) throw new IllegalArgumentException("A scenario needs at least one step.");
    }

    /** True when the scenario ships with the console rather than coming from a trainer's folder. */
    public boolean bundled() {
        return source.startsWith("bundled:");
    }

    /** The step with this id. */
    public java.util.Optional<ScenarioStep> step(String stepId) {
        return steps.stream().filter(s -> s.id().equals(stepId)).findFirst();
    }
}
