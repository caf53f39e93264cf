package org.csiconsole.core.session;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * What the console says and decides about a CSP reached over plain {@code http://}: the CSP login
 * (hpe-csp-rest-spec.md, POST /containers/v1/tokens) sends the password in the request body and the
 * session token in every later header, unencrypted. To another host this is refused unless a person
 * allows it explicitly (the CLI's {@code --allow-plain-http}); to this machine it is allowed with a
 * warning shown before the password is asked. One rule for the GUI and the CLI.
 */
public final class PlainHttp {
    private PlainHttp() {
    }

    /**
     * The warning to show before a password is sent to {@code url} over plain HTTP, e.g. {@code "Plain
     * HTTP: the password and the session token travel unencrypted to 127.0.0.1 (this machine). Use
     * https:// when the CSP offers it."}; empty for https and for a URL that is not one.
     */
    public static Optional<String> warning(String url) {
        URI u = uri(url);
        if (u == null || !"http".equalsIgnoreCase(u.getScheme())) return Optional.empty();
        return Optional.of("Plain HTTP: the password and the session token travel unencrypted to " + u.getHost()
                + (isLoopback(u.getHost()) ? " (this machine)" : ", readable by anyone on the network path")
                + ". Use https:// when the CSP offers it.");
    }

    /**
     * Why logging in to {@code url} is refused without an explicit permission: plain HTTP to a host
     * that is not this machine; empty otherwise.
     */
    public static Optional<String> refusal(String url) {
        URI u = uri(url);
        if (u == null || !"http".equalsIgnoreCase(u.getScheme()) || u.getHost() == null || isLoopback(u.getHost())) {
            return Optional.empty();
        }
        return Optional.of("Plain HTTP to " + u.getHost() + " would send the password unencrypted");
    }

    /** True for {@code localhost}, {@code *.localhost} and loopback IP literals (brackets allowed); no name is resolved. */
    public static boolean isLoopback(String host) {
        if (host == null) return false;
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) h = h.substring(1, h.length() - 1);
        if (h.equals("localhost") || h.endsWith(".localhost")) return true;
        boolean literal = h.matches("\\d{1,3}(\\.\\d{1,3}){3}") || h.contains(":");
        if (!literal) return false;
        try {
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static URI uri(String url) {
        try {
            URI u = URI.create(url == null ? "" : url.trim());
            return u.getScheme() == null || u.getHost() == null ? null : u;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
