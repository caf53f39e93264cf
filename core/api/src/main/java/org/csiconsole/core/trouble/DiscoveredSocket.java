package org.csiconsole.core.trouble;

import org.csiconsole.core.session.EndpointAddress;

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
 * @param registeredBy the path of the registration socket whose GetInfo names this socket as its
 *     endpoint; empty when none does
 * @param status {@link CheckStatus#FAIL} when the kubelet cannot use a registered driver through this
 *     socket (a stale registration, a registration whose endpoint is missing or stale, that
 *     endpoint), {@link CheckStatus#WARN} for another problem (a leftover socket no registration
 *     names, one the console may not look at, one that answers nothing known), else
 *     {@link CheckStatus#PASS}
 * @param nextStep what to do about the problem, in words ({@link SocketAdvice}); empty when there is none
 */
public record DiscoveredSocket(String path, SocketRole role, SocketState state, String owner, String group, String mode,
                               List<SocketHolder> holders, RegistrationInfo registration, String pluginName,
                               String pluginVersion, String addons, String problem, String registeredBy,
                               CheckStatus status, String nextStep) {
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
        registeredBy = registeredBy == null ? "" : registeredBy;
        status = status != null ? status : problem.isEmpty() ? CheckStatus.PASS : CheckStatus.WARN;
        nextStep = nextStep == null ? "" : nextStep;
    }

    /** The endpoint text to connect to this socket, {@code unix://<path>}. */
    public String endpoint() {
        return "unix://" + path;
    }

    /**
     * The endpoint to connect to or probe for this socket: the driver's endpoint a registration
     * names ({@code /path} or {@code unix:///path}, read by {@link RegistrationInfo#address()}),
     * else this socket itself ({@link #endpoint()}).
     */
    public String driverEndpoint() {
        return registration == null ? endpoint() : registration.address().map(EndpointAddress::text).orElse(endpoint());
    }
}
