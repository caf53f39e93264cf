package org.csiconsole.core.reference.cspserver;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the reference CSP server.
 *
 * <ul>
 *   <li>{@code bindHost}: address to listen on, {@code 127.0.0.1} by default (loopback only);</li>
 *   <li>{@code port}: TCP port, 0 (the default) for an ephemeral port;</li>
 *   <li>{@code contextPaths}: the prefixes before {@code /containers/v1} the API answers under, each
 *       empty (no prefix) or {@code /seg[/seg...]}. By default both {@code /csp} (an off-cluster CSP:
 *       {@code https://<backend>:<servicePort>/<contextPath>}) and none (a CSP running as a service in
 *       the cluster, which the HPE CSI driver calls at {@code http://<serviceName>:<servicePort>/containers/v1};
 *       hpe-csp-rest-spec.md, first section). The first one is {@link #contextPath()};</li>
 *   <li>{@code users}: user name to password accepted by POST /tokens, {@code admin}/{@code admin} by default;</li>
 *   <li>{@code tokenLifetime}: time from {@code creation_time} to {@code expiry_time}, 30 minutes by default;</li>
 *   <li>{@code arrays}: array IP (as sent in {@code x-array-ip} or {@code array_ip}) to array name,
 *       {@code 10.10.1.5 -> site-a} and {@code 10.20.1.5 -> site-b} by default. The first entry is
 *       the array used when a request names none;</li>
 *   <li>{@code clock}: source of token times.</li>
 * </ul>
 */
public record CspServerConfig(String bindHost, int port, List<String> contextPaths, Map<String, char[]> users,
                              Duration tokenLifetime, Map<String, String> arrays, Clock clock) {

    public static final String DEFAULT_CONTEXT_PATH = "/csp";
    /** The context paths served by default: {@code /csp} and none. */
    public static final List<String> DEFAULT_CONTEXT_PATHS = List.of(DEFAULT_CONTEXT_PATH, "");
    private static final java.util.regex.Pattern SEGMENTS = java.util.regex.Pattern.compile("(/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)*");
    public static final Duration DEFAULT_TOKEN_LIFETIME = Duration.ofMinutes(30);

    public CspServerConfig {
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(contextPaths, "contextPaths");
        Objects.requireNonNull(tokenLifetime, "tokenLifetime");
        Objects.requireNonNull(clock, "clock");
        if (port < 0 || port > 65535) throw new IllegalArgumentException("CSP port must be 0..65535, not " + port);
        if (tokenLifetime.isNegative() || tokenLifetime.isZero()) {
            throw new IllegalArgumentException("CSP token lifetime must be positive, not " + tokenLifetime);
        }
        if (users == null || users.isEmpty()) throw new IllegalArgumentException("Give at least one CSP user");
        if (arrays == null || arrays.isEmpty()) throw new IllegalArgumentException("Give at least one array for the CSP");
        Map<String, char[]> u = new LinkedHashMap<>();
        users.forEach((k, v) -> u.put(k, v.clone()));
        users = java.util.Collections.unmodifiableMap(u);
        arrays = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(arrays));
        if (contextPaths.isEmpty()) throw new IllegalArgumentException("Give at least one CSP context path (empty for none)");
        List<String> paths = new ArrayList<>();
        for (String p : contextPaths) {
            String n = normalizeContextPath(p);
            if (!paths.contains(n)) paths.add(n);
        }
        contextPaths = List.copyOf(paths);
    }

    /**
     * A context path in its canonical shape: empty for none, otherwise a leading slash and no
     * trailing one ({@code csp/} and {@code /csp} both become {@code /csp}; {@code /} becomes empty).
     *
     * @throws IllegalArgumentException when the value is not a URL path (spaces, {@code ?}, {@code #}) or
     *     already ends in {@code /containers/v1}, which the server adds itself
     */
    public static String normalizeContextPath(String contextPath) {
        Objects.requireNonNull(contextPath, "contextPath");
        String trimmed = contextPath.strip().replaceAll("^/+|/+$", "");
        String n = trimmed.isEmpty() ? "" : "/" + trimmed;
        if (!SEGMENTS.matcher(n).matches()) {
            throw new IllegalArgumentException("The CSP context path '" + contextPath + "' is not a URL path. "
                    + "Give it as /segment[/segment...] (e.g. /csp), or empty for none.");
        }
        if (n.equals("/containers/v1") || n.endsWith("/containers/v1")) {
            throw new IllegalArgumentException("The CSP context path '" + contextPath + "' ends in /containers/v1, which the "
                    + "server adds itself. Give only the prefix (e.g. /csp), or empty for none.");
        }
        return n;
    }

    /** The first context path: the one {@code apiRoot()} and messages use. */
    public String contextPath() {
        return contextPaths.get(0);
    }

    /** The defaults listed above. */
    public static CspServerConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The array used when a request names none. */
    public String defaultArray() {
        return arrays.values().iterator().next();
    }

    @Override
    public String toString() {
        return "CspServerConfig[bind=" + bindHost + ":" + port + ", contextPaths=" + contextPaths + ", users="
                + users.keySet() + ", tokenLifetime=" + tokenLifetime + ", arrays=" + arrays + "]";
    }

    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    public static final class Builder {
        private String bindHost = "127.0.0.1";
        private int port;
        private List<String> contextPaths = DEFAULT_CONTEXT_PATHS;
        private final Map<String, char[]> users = new LinkedHashMap<>();
        private Duration tokenLifetime = DEFAULT_TOKEN_LIFETIME;
        private final Map<String, String> arrays = new LinkedHashMap<>();
        private Clock clock = Clock.systemUTC();

        private Builder() {
        }

        public Builder bindHost(String v) { bindHost = v; return this; }
        public Builder port(int v) { port = v; return this; }
        /** Serves the API under this one context path only (empty for none). */
        public Builder contextPath(String v) { contextPaths = List.of(Objects.requireNonNull(v, "contextPath")); return this; }
        /** Serves the API under each of these context paths; the first is the primary one. */
        public Builder contextPaths(List<String> v) { contextPaths = List.copyOf(v); return this; }
        public Builder tokenLifetime(Duration v) { tokenLifetime = v; return this; }
        public Builder clock(Clock v) { clock = v; return this; }

        /** Adds a user; the first call replaces the default admin/admin. */
        public Builder user(String name, char[] password) {
            users.put(Objects.requireNonNull(name, "name"), Arrays.copyOf(password, password.length));
            return this;
        }

        /** Adds an array reachable by its IP; the first call replaces the default two sites. */
        public Builder array(String ip, String arrayName) {
            arrays.put(Objects.requireNonNull(ip, "ip"), Objects.requireNonNull(arrayName, "arrayName"));
            return this;
        }

        public CspServerConfig build() {
            Map<String, char[]> u = users.isEmpty() ? Map.of("admin", "admin".toCharArray()) : users;
            Map<String, String> a = new LinkedHashMap<>(arrays);
            if (a.isEmpty()) {
                a.put("10.10.1.5", "site-a");
                a.put("10.20.1.5", "site-b");
            }
            return new CspServerConfig(bindHost, port, contextPaths, u, tokenLifetime, a, clock);
        }
    }
}
