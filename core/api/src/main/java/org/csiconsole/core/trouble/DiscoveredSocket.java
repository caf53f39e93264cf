package org.csiconsole.core.trouble;

import java.util.List;
import java.util.Objects;

/**
 * One socket found on the node.
 *
 * @param path the socket's absolute path
 * @param role what it serves
 * @param state whether something listens
 * @param owner the file's owner (user name, or uid when it has no name)
 * @param group the file's group
 * @param mode the permission bits as text, e.g. {@code rwxr-xr-x}; empty when they could not be read
 * @param holders the processes holding the socket (empty when none is visible from here)
 * @param registration the plugin registration answer, null unless {@code role} is {@link SocketRole#REGISTRATION}
 * @param pluginName the driver's name: GetPluginInfo on a CSI socket, GetIdentity on a csi-addons
 *     socket, or the registration's plugin name; empty when nothing answered
 * @param pluginVersion the driver's vendor_version, empty when unknown
 * @param addons for a CSI socket: whether csi-addons answers, on the same socket or on a
 *     {@code csi-addons.sock} beside it ({@code "on this socket"}, {@code "at <path>"}, or {@code "no"});
 *     empty for other roles
 * @param problem what went wrong, in words, empty when nothing did
 */
public record DiscoveredSocket(String path, SocketRole role, SocketState state, String owner, String group, String mode,
                               List<SocketHolder> holders, RegistrationInfo registration, String pluginName,
                               String pluginVersion, String addons, String problem) {
    public DiscoveredSocket {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(state, "state");
        owner = owner == null ? "" : owner;
        group = group == null ? "" : group;
        mode = mode == null ? "" : mode;
        holders = holders == null ? List.of() : List.copyOf(holders);
        pluginName = pluginName == null ? "" : pluginName;
        pluginVersion = pluginVersion == null ? "" : pluginVersion;
        addons = addons == null ? "" : addons;
        problem = problem == null ? "" : problem;
    }

    /** The endpoint text to connect to this socket, {@code unix://<path>}. */
    public String endpoint() {
        return "unix://" + path;
    }
}
