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

    /**
     * This assessor for a connection that may be lost: while {@code state} is
     * {@link org.csiconsole.core.session.ConnectionState#RECONNECTING}, or any state but CONNECTED after it was connected
     * ({@code lostAt} known), every assessment is refused, not overridable, and
     * says that its facts are as last read ({@code lostAt}: when the connection left CONNECTED; null when unknown),
     * not current; nothing can be sent until the driver answers again. {@link RiskModel#unreachable} decides the words.
     *
     * @param state the connection's current state, read at each assessment
     * @param lostAt when the connection was last lost; null when unknown
     */
    default RiskAssessor whileConnected(java.util.function.Supplier<org.csiconsole.core.session.ConnectionState> state,
                                        java.util.function.Supplier<java.time.Instant> lostAt) {
        return request -> {
            Assessment a = assess(request);
            org.csiconsole.core.session.ConnectionState now = state.get();
            java.time.Instant lost = lostAt.get();
            boolean gone = now == org.csiconsole.core.session.ConnectionState.RECONNECTING
                    || now != null && !now.up() && lost != null;
            return gone ? RiskModel.unreachable(a, now, lost) : a;
        };
    }
}
