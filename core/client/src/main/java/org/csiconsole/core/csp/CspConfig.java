package org.csiconsole.core.csp;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.session.PlainHttp;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Where and how to reach a Container Storage Provider (hpe-csp-rest-spec.md, introduction: the
 * driver reaches an off-cluster CSP at {@code https://<backend>:<servicePort>/<contextPath>}).
 * Build with {@link #builder(String, String)}; {@link Builder#build()} validates and fails with a
 * {@link CallFailure} of kind {@link FailureKind#INVALID_ARGUMENT}.
 *
 * @param url scheme, host and port of the CSP, e.g. {@code https://array1:8080}
 * @param contextPath path prefix before {@code /containers/v1}, e.g. {@code /csp}; empty for none
 * @param username the CSP user
 * @param arrayIp the array to act on when the CSP runs off-array ({@code array_ip} / {@code x-array-ip}); empty for none
 * @param trust how the server certificate is trusted (HTTPS only)
 * @param allowPlainHttp true to allow {@code http://} to a host that is not loopback
 * @param connectTimeout TCP and TLS connect timeout (default 10 s)
 * @param readTimeout longest wait for the next bytes of a response (default 60 s)
 * @param callTimeout longest time for a whole request including the body (default 5 min)
 * @param maxResponseBytes largest response body accepted (default 16 MiB); larger is a PROTOCOL failure
 * @param connectRetries extra attempts after a connection failure, for GET, PUT, DELETE and login only (default 2)
 * @param retryBackoff wait before the first retry, doubled each time (default 250 ms)
 * @param refreshAhead log in again this long before the token's {@code expiry_time} (default 60 s)
 * @param keepPasswordForRelogin keep the password to log in again on expiry or 401 (default true; see {@link CspPassword})
 */
public record CspConfig(
        URI url,
        String contextPath,
        String username,
        String arrayIp,
        CspTrust trust,
        boolean allowPlainHttp,
        Duration connectTimeout,
        Duration readTimeout,
        Duration callTimeout,
        long maxResponseBytes,
        int connectRetries,
        Duration retryBackoff,
        Duration refreshAhead,
        boolean keepPasswordForRelogin) {

    /** Default context path of an off-cluster CSP. */
    public static final String DEFAULT_CONTEXT_PATH = "/csp";
    /** Default cap on a response body: 16 MiB. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 16L << 20;

    public CspConfig {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(trust, "trust");
        contextPath = contextPath == null ? "" : contextPath;
        arrayIp = arrayIp == null ? "" : arrayIp;
    }

    /** The API root, e.g. {@code https://array1:8080/csp/containers/v1}. */
    public String apiRoot() {
        String port = url.getPort() < 0 ? "" : ":" + url.getPort();
        String host = url.getHost().contains(":") && !url.getHost().startsWith("[") ? "[" + url.getHost() + "]" : url.getHost();
        return url.getScheme().toLowerCase(Locale.ROOT) + "://" + host + port + contextPath + "/containers/v1";
    }

    /** The endpoint text shown in the call trace: scheme, host, port and context path. */
    public String endpointText() {
        String root = apiRoot();
        return root.substring(0, root.length() - "/containers/v1".length());
    }

    public boolean https() {
        return "https".equalsIgnoreCase(url.getScheme());
    }

    /**
     * Starts a configuration.
     *
     * @param url {@code https://host[:port][/contextPath]}; a path in the URL is the context path
     *     unless {@link Builder#contextPath(String)} is called
     * @param username the CSP user
     */
    public static Builder builder(String url, String username) {
        return new Builder(url, username);
    }

    /** Mutable builder; defaults as documented on {@link CspConfig}. */
    public static final class Builder {
        private final String url;
        private final String username;
        private String contextPath;
        private String arrayIp = "";
        private CspTrust trust = CspTrust.system();
        private boolean allowPlainHttp;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration readTimeout = Duration.ofSeconds(60);
        private Duration callTimeout = Duration.ofMinutes(5);
        private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
        private int connectRetries = 2;
        private Duration retryBackoff = Duration.ofMillis(250);
        private Duration refreshAhead = Duration.ofSeconds(60);
        private boolean keepPasswordForRelogin = true;

        private Builder(String url, String username) {
            this.url = url;
            this.username = username;
        }

        public Builder contextPath(String v) { contextPath = v; return this; }
        public Builder arrayIp(String v) { arrayIp = v == null ? "" : v.trim(); return this; }
        public Builder trust(CspTrust v) { trust = Objects.requireNonNull(v, "trust"); return this; }
        public Builder allowPlainHttp(boolean v) { allowPlainHttp = v; return this; }
        public Builder connectTimeout(Duration v) { connectTimeout = v; return this; }
        public Builder readTimeout(Duration v) { readTimeout = v; return this; }
        public Builder callTimeout(Duration v) { callTimeout = v; return this; }
        public Builder maxResponseBytes(long v) { maxResponseBytes = v; return this; }
        public Builder connectRetries(int v) { connectRetries = v; return this; }
        public Builder retryBackoff(Duration v) { retryBackoff = v; return this; }
        public Builder refreshAhead(Duration v) { refreshAhead = v; return this; }
        public Builder keepPasswordForRelogin(boolean v) { keepPasswordForRelogin = v; return this; }

        /**
         * Validates and builds.
         *
         * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} for a malformed URL, an empty user,
         *     plain HTTP to a remote host without {@link #allowPlainHttp(boolean)}, or a bad limit
         */
        public CspConfig build() {
            URI u = parseUrl();
            if (username == null || username.isBlank()) {
                throw invalid("The CSP user name is empty", "Give the array user, e.g. admin");
            }
            java.util.Optional<String> refused = allowPlainHttp ? java.util.Optional.empty() : PlainHttp.refusal(u.toString());
            if (refused.isPresent()) {
                throw invalid(refused.get(), "Use https://, or allow plain HTTP explicitly if the CSP runs inside a trusted cluster network");
            }
            String ctx = contextPath != null ? contextPath
                    : (u.getRawPath() == null || u.getRawPath().isEmpty() || u.getRawPath().equals("/") ? DEFAULT_CONTEXT_PATH : u.getRawPath());
            ctx = ctx.trim();
            while (ctx.endsWith("/")) ctx = ctx.substring(0, ctx.length() - 1);
            if (!ctx.isEmpty() && !ctx.startsWith("/")) ctx = "/" + ctx;
            if (ctx.contains("?") || ctx.contains("#") || ctx.contains(" ")) {
                throw invalid("The context path '" + ctx + "' is not a URL path", "Give a path such as /csp");
            }
            requirePositive(connectTimeout, "connect timeout");
            requirePositive(readTimeout, "read timeout");
            requirePositive(callTimeout, "call timeout");
            requirePositive(retryBackoff, "retry backoff");
            if (refreshAhead == null || refreshAhead.isNegative()) throw invalid("The token refresh margin is negative", "Give 0 or more seconds");
            if (maxResponseBytes < 1024) throw invalid("The response size cap " + maxResponseBytes + " is below 1 KiB", "Give at least 1 KiB");
            if (connectRetries < 0 || connectRetries > 10) throw invalid("Connect retries must be 0 to 10", "Give a number from 0 to 10");
            URI origin = URI.create(u.getScheme().toLowerCase(Locale.ROOT) + "://" + u.getRawAuthority());
            return new CspConfig(origin, ctx, username.trim(), arrayIp, trust, allowPlainHttp, connectTimeout,
                    readTimeout, callTimeout, maxResponseBytes, connectRetries, retryBackoff, refreshAhead,
                    keepPasswordForRelogin);
        }

        private URI parseUrl() {
            if (url == null || url.isBlank()) throw invalid("The CSP URL is empty", "Give the CSP address, e.g. https://array1:8080");
            URI u;
            try {
                u = URI.create(url.trim());
            } catch (IllegalArgumentException e) {
                throw invalid("'" + url + "' is not a URL", "Give the CSP address, e.g. https://array1:8080");
            }
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("https") && !scheme.equals("http")) {
                throw invalid("'" + url + "' is not an http:// or https:// URL", "Give the CSP address, e.g. https://array1:8080");
            }
            if (u.getHost() == null || u.getHost().isBlank()) {
                throw invalid("'" + url + "' has no host", "Give the CSP address, e.g. https://array1:8080");
            }
            if (u.getRawUserInfo() != null) {
                throw invalid("The CSP URL must not contain credentials", "Give the user with --user and the password when asked");
            }
            if (u.getRawQuery() != null || u.getRawFragment() != null) {
                throw invalid("'" + url + "' has a query or fragment", "Give only scheme, host, port and context path");
            }
            return u;
        }

        private static void requirePositive(Duration d, String what) {
            if (d == null || d.isNegative() || d.isZero()) throw invalid("The " + what + " must be positive", "Give a positive duration");
        }

        private static CallFailure invalid(String why, String whatToDo) {
            return new CallFailure(FailureKind.INVALID_ARGUMENT, "CSP connection settings", why, whatToDo, "");
        }
    }
}
