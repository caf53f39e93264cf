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

    /**
     * The driver's name as a person reads it: {@link #pluginName()}, marked when nothing answered it
     * and it was read from a registration socket's file name ({@code <driver>-reg.sock}), e.g.
     * {@code rbd.csi.ceph.com (from the file name)}; empty when unknown.
     */
    public String driverText() {
        boolean fromFileName = role == SocketRole.REGISTRATION && registration == null && !pluginName.isEmpty();
        return fromFileName ? pluginName + " (from the file name)" : pluginName;
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

    /**
     * The name of a connection to the driver here, telling two sockets of one driver apart: the
     * driver's name, then the distinguishing part of {@link #driverEndpoint()} in parentheses (its
     * directory, and its file name unless that is {@code csi.sock}), e.g.
     * {@code reference.csi-console.org (strict)} for {@code <root>/plugins/strict/csi.sock}; the
     * driver's name alone when the directory is named after it ({@code plugins/rbd.csi.ceph.com/csi.sock});
     * the endpoint alone when no driver answered.
     */
    public String connectionName() {
        String endpoint = driverEndpoint();
        if (pluginName.isEmpty()) return endpoint;
        String path = endpoint.startsWith("unix://") ? endpoint.substring("unix://".length()) : endpoint;
        java.nio.file.Path p = java.nio.file.Path.of(path);
        String file = p.getFileName() == null ? "" : p.getFileName().toString();
        String dir = p.getParent() == null || p.getParent().getFileName() == null ? "" : p.getParent().getFileName().toString();
        String part = (dir.equals(pluginName) ? "" : dir) + (file.equals("csi.sock") ? "" : (dir.equals(pluginName) || dir.isEmpty() ? "" : "/") + file);
        return part.isEmpty() ? pluginName : pluginName + " (" + part + ")";
    }
}
