package org.csiconsole.core.risk;

/**
 * Makes the one {@link Assessment} of an operation from what core knows. Pure: reads nothing and
 * sends nothing; the caller gathers the {@link TargetFacts}. {@link RiskModel} is the one
 * implementation; front ends receive it from the composition root, tests may pass a fixed clock zone.
 */
@FunctionalInterface
public interface RiskAssessor {
    /**
     * @return the assessment; never null
     * @throws IllegalArgumentException when the request is malformed (no target)
     */
    Assessment assess(RiskRequest request);

    /**
     * This assessor for the views of one connection: every request it assesses is on {@code connection}
     * ({@link RiskRequest#connection(String, String)}), so each assessment names the connection it acts on; a request
     * that names its own connections (a workflow across sites) keeps them.
     */
    default RiskAssessor on(String connection) {
        return request -> assess(request.connection().isEmpty() ? request.on(connection) : request);
    }
}
