package org.csiconsole.views.plugin;

/**
 * One capability of the plugin view.
 *
 * @param service where it is advertised, e.g. {@code "Controller"} or {@code "csi-addons"}
 * @param name the capability name as in the spec, e.g. {@code EXPAND_VOLUME}
 * @param advertised true when the plugin advertises it
 * @param alpha true when the spec marks it alpha ({@code alpha_enum_value})
 */
public record CapabilityRow(String service, String name, boolean advertised, boolean alpha) {
}
