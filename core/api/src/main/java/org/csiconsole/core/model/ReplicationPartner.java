package org.csiconsole.core.model;

import java.util.Locale;
import java.util.Objects;

/**
 * A storage system replication partner (hpe-csp-rest-spec.md, object {@code ReplicationPartner};
 * OpenAPI 1.1.0 {@code ContainerReplicationPartner} with {@code repl_role}).
 *
 * @param id the partner {@code id}; never empty
 * @param name the partner name ({@code name}, or {@code partner_name} in the spec's example)
 * @param alive whether the partner answers; null when the CSP does not say
 * @param role the partner's role ({@code repl_role}, or {@code repl_direction} in the spec's example)
 */
public record ReplicationPartner(String id, String name, Boolean alive, Role role) {

    public ReplicationPartner {
        Objects.requireNonNull(id, "id");
        name = name == null ? "" : name;
        role = role == null ? Role.UNKNOWN : role;
    }

    /** {@code repl_role} values: which way data flows between this array and the partner. */
    public enum Role {
        UPSTREAM, DOWNSTREAM, NONE, BI_DIRECTIONAL, UNKNOWN;

        /** Parses {@code upstream}, {@code bi_directional} (also {@code bidirectional}); else {@link #UNKNOWN}. */
        public static Role fromWire(String text) {
            if (text == null || text.isBlank()) return UNKNOWN;
            String t = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
            if (t.equals("BIDIRECTIONAL")) return BI_DIRECTIONAL;
            try {
                return valueOf(t);
            } catch (IllegalArgumentException e) {
                return UNKNOWN;
            }
        }
    }
}
