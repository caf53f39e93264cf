package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationPartner;

import java.util.Objects;

/**
 * One CSP array's replication partner (hpe-csp-rest-spec.md {@code GET /replication_partners}).
 *
 * @param array the array that reported it (the connection's array name, e.g. {@code site-a})
 * @param partner the partner as reported: {@code repl_role} and {@code is_alive}
 */
public record ArrayPartner(String array, ReplicationPartner partner) {
    public ArrayPartner {
        Objects.requireNonNull(array, "array");
        Objects.requireNonNull(partner, "partner");
    }
}
