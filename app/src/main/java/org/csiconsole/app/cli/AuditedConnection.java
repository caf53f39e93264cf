package org.csiconsole.app.cli;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.store.ConfigDirectory;
import org.csiconsole.core.store.ProfileStore;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The connection the command line's calls are audited under: the name of the saved connection profile
 * ({@link ProfileStore} in the config folder) whose CSI, node, csi-addons or CSP endpoint is the one called, so that
 * the audit log names the connection as the workbench does; the endpoint itself when no profile has it. The record
 * keeps the endpoint beside it either way, and {@code audit --connection} matches both.
 */
final class AuditedConnection {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(AuditedConnection.class);

    private AuditedConnection() {
    }

    /**
     * This process's user and host, for the connection at {@code endpoint}.
     *
     * @param env the environment ({@code XDG_CONFIG_HOME}, {@code HOME}: where the profiles are, as the workbench finds them)
     * @param endpoint the endpoint called, as {@code Endpoint.text()} writes it
     */
    static AuditOrigin origin(Function<String, String> env, String endpoint) {
        return AuditOrigin.local(name(env, endpoint));
    }

    /** The name of the saved profile with {@code endpoint}; {@code endpoint} when none has it or the profiles cannot be read. */
    static String name(Function<String, String> env, String endpoint) {
        Map<String, String> vars = new HashMap<>();
        for (String k : List.of("XDG_CONFIG_HOME", "HOME")) {
            String v = env.apply(k);
            if (v != null) vars.put(k, v);
        }
        List<ConnectionProfile> profiles;
        try {
            profiles = new ProfileStore(ConfigDirectory.resolve(vars, System.getProperty("user.home"))).load();
        } catch (CallFailure f) {
            // the call is still audited, under its endpoint; the unreadable file is named once, here
            LOG.warn("{}", f.describe());
            return endpoint;
        }
        return profiles.stream().filter(p -> Stream.of(p.endpoint(), p.nodeEndpoint(), p.effectiveAddonsEndpoint(), p.nodeAddonsEndpoint(), p.cspUrl())
                        .anyMatch(e -> same(e, endpoint)))
                .map(ConnectionProfile::name).findFirst().orElse(endpoint);
    }

    /**
     * The connection at {@code endpoint} as a prompt names it, as the audit files it: the saved profile's name with the
     * endpoint beside it ({@code "Served (unix:///tmp/served.sock)"}); the endpoint alone when no profile has it.
     */
    static String described(Function<String, String> env, String endpoint) {
        return org.csiconsole.core.risk.RiskRequest.connection(name(env, endpoint), endpoint);
    }

    /**
     * Site {@code site} reached at {@code endpoint}, as the GUI names a site: {@code "site-a on Served (unix:///tmp/s.sock)"};
     * {@code "site-a (unix:///tmp/s.sock)"} when no profile has the endpoint or the profile is named as the site.
     */
    static String site(Function<String, String> env, String site, String endpoint) {
        if (site.isEmpty() || site.equals(endpoint)) return described(env, endpoint);
        String name = name(env, endpoint);
        return name.equals(endpoint) || name.equals(site) ? org.csiconsole.core.risk.RiskRequest.connection(site, endpoint)
                : site + " on " + org.csiconsole.core.risk.RiskRequest.connection(name, endpoint);
    }

    /** True when {@code saved} names the endpoint written {@code called}: the same text, or the same socket or address parsed. */
    private static boolean same(String saved, String called) {
        if (saved == null || saved.isBlank()) return false;
        if (saved.strip().equals(called)) return true;
        try {
            return org.csiconsole.core.endpoint.Endpoint.parse(saved.strip()).text().equals(called);
        } catch (RuntimeException notAnEndpoint) {
            return false; // a CSP URL, compared as written above
        }
    }
}
