package org.csiconsole.core.reference.cspserver;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the reference CSP server.
 *
 * <ul>
 *   <li>{@code bindHost}: address to listen on, {@code 127.0.0.1} by default (loopback only);</li>
 *   <li>{@code port}: TCP port, 0 (the default) for an ephemeral port;</li>
 *   <li>{@code contextPath}: prefix before {@code /containers/v1}, {@code /csp} by default;</li>
 *   <li>{@code users}: user name to password accepted by POST /tokens, {@code admin}/{@code admin} by default;</li>
 *   <li>{@code tokenLifetime}: time from {@code creation_time} to {@code expiry_time}, 30 minutes by default;</li>
 *   <li>{@code arrays}: array IP (as sent in {@code x-array-ip} or {@code array_ip}) to array name,
 *       {@code 10.10.1.5 -> site-a} and {@code 10.20.1.5 -> site-b} by default. The first entry is
 *       the array used when a request names none;</li>
 *   <li>{@code clock}: source of token times.</li>
 * </ul>
 */
public record CspServerConfig(String bindHost, int port, String contextPath, Map<String, char[]> users,
                              Duration tokenLifetime, Map<String, String> arrays, Clock clock) {

    public static final String DEFAULT_CONTEXT_PATH = "/csp";
    public static final Duration DEFAULT_TOKEN_LIFETIME = Duration.ofMinutes(30);

    public CspServerConfig {
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(contextPath, "contextPath");
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
        contextPath = contextPath.isBlank() || contextPath.equals("/") ? "" : "/" + contextPath.replaceAll("^/+|/+$", "");
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
        return "CspServerConfig[bind=" + bindHost + ":" + port + ", contextPath=" + contextPath + ", users="
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
        private String contextPath = DEFAULT_CONTEXT_PATH;
        private final Map<String, char[]> users = new LinkedHashMap<>();
        private Duration tokenLifetime = DEFAULT_TOKEN_LIFETIME;
        private final Map<String, String> arrays = new LinkedHashMap<>();
        private Clock clock = Clock.systemUTC();

        private Builder() {
        }

        public Builder bindHost(String v) { bindHost = v; return this; }
        public Builder port(int v) { port = v; return this; }
        public Builder contextPath(String v) { contextPath = v; return this; }
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
            return new CspServerConfig(bindHost, port, contextPath, u, tokenLifetime, a, clock);
        }
    }
}
