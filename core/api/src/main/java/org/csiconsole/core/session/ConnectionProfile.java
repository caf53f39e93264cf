package org.csiconsole.core.session;

import java.util.Objects;

/**
 * A saved way to reach storage. There is deliberately no password field: CSP passwords and CHAP
 * secrets are asked for when the connection opens and never written to disk; CSI secrets are named
 * by where they are read from ({@link #secrets()}), never by value.
 *
 * @param kind what the profile talks to
 * @param name the name a person gave it, unique within the profile store ({@code core.store.ProfileStore});
 *             for a CSI driver no one named, its {@link #addressName address} until the driver tells its own
 *             name ({@link #namedAfterAddress()})
 * @param endpoint CSI controller endpoint ({@code unix:///path/csi.sock}, {@code tcp://host:port});
 *                 empty for CSP; for REPORT the report file's absolute path
 * @param nodeEndpoint optional separate CSI node-plugin endpoint; empty when none
 * @param tlsCaPath optional PEM file of the CA that signs the peer certificate; empty when none
 * @param cspUrl CSP base URL ({@code https://host:8080}); for CSI, the CSP of the array behind the
 *               driver when the connection pairs them ({@link #pairsCsp()}), else empty; empty for DEMO
 * @param user CSP user name; empty for DEMO and for CSI without a CSP
 * @param arrayIp management IP of the array behind the CSP ({@code x-array-ip} header); may be empty
 * @param pinnedFingerprint SHA-256 fingerprint of the peer certificate accepted on first use,
 *                          colon-separated hex; empty when not pinned
 * @param tlsClientCertPath optional PEM client certificate for mutual TLS to a TCP CSI endpoint; empty when none
 * @param tlsClientKeyPath optional PEM (PKCS#8) private key of that certificate; empty when none. Only the
 *                         path is saved, never the key itself
 * @param addonsEndpoint optional csi-addons endpoint of the controller side ({@code unix:///csi/csi-addons.sock},
 *                       {@code tcp://host:port}), where a csi-addons sidecar serves; empty to try the CSI endpoint
 * @param nodeAddonsEndpoint optional csi-addons endpoint of the node side (NodeReclaimSpace,
 *                           EncryptionKeyRotation); empty to try the node endpoint, else the controller side's
 * @param secrets where the secrets of CSI and csi-addons calls are read from, per secret class; never the values
 */
public record ConnectionProfile(
        ConnectionKind kind,
        String name,
        String endpoint,
        String nodeEndpoint,
        String tlsCaPath,
        String cspUrl,
        String user,
        String arrayIp,
        String pinnedFingerprint,
        String tlsClientCertPath,
        String tlsClientKeyPath,
        String addonsEndpoint,
        String nodeAddonsEndpoint,
        SecretSources secrets) {

    public ConnectionProfile {
        Objects.requireNonNull(kind, "kind");
        if (name == null || name.isBlank()) throw new IllegalArgumentException("A connection profile needs a name");
        endpoint = orEmpty(endpoint);
        nodeEndpoint = orEmpty(nodeEndpoint);
        tlsCaPath = orEmpty(tlsCaPath);
        cspUrl = orEmpty(cspUrl);
        user = orEmpty(user);
        arrayIp = orEmpty(arrayIp);
        pinnedFingerprint = orEmpty(pinnedFingerprint);
        tlsClientCertPath = orEmpty(tlsClientCertPath);
        tlsClientKeyPath = orEmpty(tlsClientKeyPath);
        addonsEndpoint = orEmpty(addonsEndpoint);
        nodeAddonsEndpoint = orEmpty(nodeAddonsEndpoint);
        secrets = secrets == null ? SecretSources.NONE : secrets;
    }

    /** A profile without secrets. */
    public ConnectionProfile(ConnectionKind kind, String name, String endpoint, String nodeEndpoint, String tlsCaPath,
                             String cspUrl, String user, String arrayIp, String pinnedFingerprint,
                             String tlsClientCertPath, String tlsClientKeyPath, String addonsEndpoint, String nodeAddonsEndpoint) {
        this(kind, name, endpoint, nodeEndpoint, tlsCaPath, cspUrl, user, arrayIp, pinnedFingerprint, tlsClientCertPath,
                tlsClientKeyPath, addonsEndpoint, nodeAddonsEndpoint, SecretSources.NONE);
    }

    /** A profile whose csi-addons services are tried on its CSI endpoints. */
    public ConnectionProfile(ConnectionKind kind, String name, String endpoint, String nodeEndpoint, String tlsCaPath,
                             String cspUrl, String user, String arrayIp, String pinnedFingerprint,
                             String tlsClientCertPath, String tlsClientKeyPath) {
        this(kind, name, endpoint, nodeEndpoint, tlsCaPath, cspUrl, user, arrayIp, pinnedFingerprint, tlsClientCertPath,
                tlsClientKeyPath, "", "");
    }

    /** A profile without a TLS client certificate. */
    public ConnectionProfile(ConnectionKind kind, String name, String endpoint, String nodeEndpoint, String tlsCaPath,
                             String cspUrl, String user, String arrayIp, String pinnedFingerprint) {
        this(kind, name, endpoint, nodeEndpoint, tlsCaPath, cspUrl, user, arrayIp, pinnedFingerprint, "", "");
    }

    /** The bundled demo: the in-process reference plugin. */
    public static ConnectionProfile demo() {
        return new ConnectionProfile(ConnectionKind.DEMO, "Demo", "inproc:demo", "", "", "", "", "", "");
    }

    /** A CSI driver at {@code endpoint}, without a separate node socket or TLS. */
    public static ConnectionProfile csi(String name, String endpoint) {
        return new ConnectionProfile(ConnectionKind.CSI, name, endpoint, "", "", "", "", "", "");
    }

    /**
     * A CSI driver at {@code endpoint} with the CSP of its array (the HPE CSI driver and its CSP): one
     * connection whose volumes, hosts and publications are read from both and correlated
     * ({@link #pairsCsp()}). The CSP password is asked when the connection opens, never saved.
     */
    public static ConnectionProfile csiWithCsp(String name, String endpoint, String cspUrl, String user, String arrayIp) {
        return new ConnectionProfile(ConnectionKind.CSI, name, endpoint, "", "", cspUrl, user, arrayIp, "");
    }

    /** Whether this CSI driver connection names the CSP of its array ({@link #csiWithCsp}). */
    public boolean pairsCsp() {
        return kind == ConnectionKind.CSI && !cspUrl.isEmpty();
    }

    /**
     * The CSP side of a CSI connection that {@link #pairsCsp() pairs} one: a CSP profile with this
     * profile's URL, user, array IP and pinned certificate, named {@code "<name> array"}.
     *
     * @throws IllegalStateException when this profile pairs no CSP
     */
    public ConnectionProfile cspSide() {
        if (!pairsCsp()) throw new IllegalStateException("The connection " + name + " names no CSP");
        return new ConnectionProfile(ConnectionKind.CSP, name + " array", "", "", "", cspUrl, user, arrayIp, pinnedFingerprint);
    }

    /**
     * Whether the CSP profile {@code csp} reaches the same array as this CSI connection's CSP: the
     * same CSP ({@link #isCspAt}) and the same array IP. An open connection to it can be shared.
     */
    public boolean pairsWith(ConnectionProfile csp) {
        return pairsCsp() && csp.isCspAt(cspUrl) && csp.arrayIp().equals(arrayIp);
    }

    /**
     * A saved report shown read-only, named {@code name}, read from {@code reportFile} (its absolute
     * path is kept as the endpoint).
     */
    public static ConnectionProfile report(String name, java.nio.file.Path reportFile) {
        return new ConnectionProfile(ConnectionKind.REPORT, name, reportFile.toAbsolutePath().normalize().toString(),
                "", "", "", "", "", "");
    }

    /** A CSP array at {@code cspUrl}, user and array IP to be filled in later. */
    public static ConnectionProfile csp(String name, String cspUrl, String user, String arrayIp) {
        return new ConnectionProfile(ConnectionKind.CSP, name, "", "", "", cspUrl, user, arrayIp, "");
    }

    /** Where this profile points, as one line for a status bar: the CSI endpoint, the CSP URL or the report file. */
    public String target() {
        return switch (kind) {
            case CSP -> cspUrl;
            case CSI, DEMO, REPORT -> endpoint;
        };
    }

    /** A copy with the given pinned certificate fingerprint. */
    public ConnectionProfile withPinnedFingerprint(String fingerprint) {
        return new ConnectionProfile(kind, name, endpoint, nodeEndpoint, tlsCaPath, cspUrl, user, arrayIp, fingerprint,
                tlsClientCertPath, tlsClientKeyPath, addonsEndpoint, nodeAddonsEndpoint, secrets);
    }

    /** A copy with the given CSP user and array IP (what a person typed when logging in). */
    public ConnectionProfile withLogin(String user, String arrayIp) {
        return new ConnectionProfile(kind, name, endpoint, nodeEndpoint, tlsCaPath, cspUrl, user, arrayIp, pinnedFingerprint,
                tlsClientCertPath, tlsClientKeyPath, addonsEndpoint, nodeAddonsEndpoint, secrets);
    }

    /**
     * The csi-addons endpoint of the controller side: {@link #addonsEndpoint()} when given, else the
     * CSI endpoint (a plugin may serve csi-addons beside CSI, as the bundled reference plugin does).
     */
    public String effectiveAddonsEndpoint() {
        return addonsEndpoint.isEmpty() ? endpoint : addonsEndpoint;
    }

    /**
     * The csi-addons endpoint of the node side: {@link #nodeAddonsEndpoint()} when given, else the
     * node endpoint, else {@link #effectiveAddonsEndpoint()}.
     */
    public String effectiveNodeAddonsEndpoint() {
        if (!nodeAddonsEndpoint.isEmpty()) return nodeAddonsEndpoint;
        return nodeEndpoint.isEmpty() ? effectiveAddonsEndpoint() : nodeEndpoint;
    }

    /**
     * The name of a connection to {@code endpoint} that no one named: the endpoint without its scheme
     * ({@link EndpointAddress#shortName()}: the socket path, {@code host:port}), else the text as given.
     */
    public static String addressName(String endpoint) {
        try {
            return EndpointAddress.parse(endpoint).shortName();
        } catch (org.csiconsole.core.call.CallFailure f) {
            return endpoint == null ? "" : endpoint.trim();
        }
    }

    /**
     * Whether this is a CSI driver that no one named: its name is only its {@link #addressName address}.
     * The console then names it after the driver (GetPluginInfo's name, CSI spec "GetPluginInfo") once
     * the driver answers.
     */
    public boolean namedAfterAddress() {
        return kind == ConnectionKind.CSI && name.equals(addressName(endpoint));
    }

    /**
     * Whether {@code other} reaches the same storage as this profile, so that a second connection would show it
     * twice: both CSI with the same controller endpoint (a unix socket path with or without {@code unix://}, a tcp
     * address with the host's case aside), or both CSP at the same URL ({@link #isCspAt}) for the same array IP.
     * False for a demo or a saved report, and for profiles of different kinds.
     */
    public boolean sameTarget(ConnectionProfile other) {
        if (other == null || kind != other.kind) return false;
        return switch (kind) {
            case CSI -> !endpoint.isBlank() && endpointKey(endpoint).equals(endpointKey(other.endpoint));
            case CSP -> isCspAt(other.cspUrl) && arrayIp.equals(other.arrayIp);
            default -> false;
        };
    }

    private static String endpointKey(String endpoint) {
        String e = endpoint.strip();
        String lower = e.toLowerCase(java.util.Locale.ROOT);
        if (lower.startsWith("unix://")) e = e.substring(7);
        else if (lower.startsWith("unix:")) e = e.substring(5);
        else if (!e.startsWith("/")) return lower.replaceAll("/+$", "");
        try {
            return java.nio.file.Path.of(e).normalize().toString();
        } catch (java.nio.file.InvalidPathException x) {
            return e;
        }
    }

    /**
     * Whether this is a CSP profile for the CSP at {@code url}: the same scheme, host (ignoring case)
     * and port (443 for https and 80 for http when none is written) and the same path, a trailing
     * slash aside. False for other kinds and for a URL that is not one.
     */
    public boolean isCspAt(String url) {
        if (kind != ConnectionKind.CSP) return false;
        String a = cspKey(cspUrl);
        return a != null && a.equals(cspKey(url));
    }

    private static String cspKey(String url) {
        try {
            java.net.URI u = java.net.URI.create(url == null ? "" : url.trim());
            if (u.getScheme() == null || u.getHost() == null) return null;
            String scheme = u.getScheme().toLowerCase(java.util.Locale.ROOT);
            int port = u.getPort() >= 0 ? u.getPort() : scheme.equals("http") ? 80 : 443;
            String path = u.getPath() == null ? "" : u.getPath().replaceAll("/+$", "");
            return scheme + "://" + u.getHost().toLowerCase(java.util.Locale.ROOT) + ":" + port + path;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A copy whose secrets are read from {@code sources}. */
    public ConnectionProfile withSecrets(SecretSources sources) {
        return new ConnectionProfile(kind, name, endpoint, nodeEndpoint, tlsCaPath, cspUrl, user, arrayIp, pinnedFingerprint,
                tlsClientCertPath, tlsClientKeyPath, addonsEndpoint, nodeAddonsEndpoint, sources);
    }

    /** A copy named {@code name}. */
    public ConnectionProfile withName(String name) {
        return new ConnectionProfile(kind, name, endpoint, nodeEndpoint, tlsCaPath, cspUrl, user, arrayIp, pinnedFingerprint,
                tlsClientCertPath, tlsClientKeyPath, addonsEndpoint, nodeAddonsEndpoint, secrets);
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s.trim();
    }
}
