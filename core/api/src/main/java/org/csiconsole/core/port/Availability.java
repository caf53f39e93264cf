package org.csiconsole.core.port;

import java.util.Objects;

/**
 * Whether a {@link Feature} can be used on a connection, and when not, why, as a sentence for a
 * disabled action's tooltip, e.g. {@code "The plugin does not advertise EXPAND_VOLUME
 * (ControllerGetCapabilities)."}.
 *
 * @param feature the feature
 * @param available true when it can be used
 * @param reason why it cannot be used; empty when available
 */
public record Availability(Feature feature, boolean available, String reason) {
    public Availability {
        Objects.requireNonNull(feature, "feature");
        reason = available || reason == null ? (available ? "" : "Not available on this connection.") : reason;
    }

    public static Availability yes(Feature feature) {
        return new Availability(feature, true, "");
    }

    public static Availability no(Feature feature, String reason) {
        return new Availability(feature, false, reason);
    }
}
