package org.csiconsole.core.lifecycle;

import java.util.Objects;

/**
 * One labelled edge of a volume lifecycle figure: {@code call} moves a volume on a node from
 * {@code from} to {@code to}. A self loop ({@code from == to}) changes nothing (figure 7's
 * ValidateVolumeCapabilities).
 */
public record Transition(LifecycleCall call, VolumeState from, VolumeState to) {
    public Transition {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
    }

    /** The edge's id in a {@link Diagram}: the RPC name, unique within one figure. */
    public String id() {
        return call.rpc();
    }

    /** True when the call does not change the state. */
    public boolean loop() {
        return from == to;
    }
}
