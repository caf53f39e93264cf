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
    /**
     * How a saved report tells a listing it holds no answer for, when the driver did not fail it:
     * the start of the reason ({@code "The report records no fenced networks: ..."}). It reads as
     * "not in report", never as "cannot list": the driver may well list them.
     */
    public static final String NOT_RECORDED = "The report records no ";

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

    /** True when {@code reason} says a saved report did not record a listing ({@link #NOT_RECORDED}). */
    public static boolean notRecorded(String reason) {
        return reason != null && reason.startsWith(NOT_RECORDED);
    }
}
