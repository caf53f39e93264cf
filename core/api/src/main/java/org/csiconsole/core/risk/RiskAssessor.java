package org.csiconsole.core.risk;

/**
 * Makes the one {@link Assessment} of an operation from what core knows. Pure: reads nothing and
 * sends nothing; the caller gathers the {@link TargetFacts}. Implemented in core/storage beside the
 * replication workflow engine; views and the CLI receive it from the composition root.
 */
@FunctionalInterface
public interface RiskAssessor {
    /**
     * @return the assessment; never null
     * @throws IllegalArgumentException when the request is malformed (no target)
     */
    Assessment assess(RiskRequest request);
}
