package org.csiconsole.core.model;

import java.util.Map;

/**
 * Plugin identity (csi.proto {@code GetPluginInfoResponse}, or csi-addons {@code GetIdentityResponse}).
 *
 * @param name the plugin name, e.g. {@code csi.hpe.com}
 * @param vendorVersion the plugin's version string
 * @param manifest free-form manifest; never null
 */
public record PluginInfo(String name, String vendorVersion, Map<String, String> manifest) {
    public PluginInfo {
        name = name == null ? "" : name;
        vendorVersion = vendorVersion == null ? "" : vendorVersion;
        manifest = manifest == null ? Map.of() : Map.copyOf(manifest);
    }
}
