package org.csiconsole.core.csp;

import org.csiconsole.core.model.ReplicationPartner;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Replication partners of the array (hpe-csp-rest-spec.md {@code /containers/v1/replication_partners};
 * {@code repl_role} from OpenAPI 1.1.0). Every method completes exceptionally with a
 * {@link org.csiconsole.core.call.CallFailure}.
 */
public final class CspPartners {
    private final CspCalls calls;

    CspPartners(CspCalls calls) {
        this.calls = calls;
    }

    /** GET /replication_partners. */
    public CompletableFuture<List<ReplicationPartner>> list() {
        String what = "List CSP replication partners";
        return calls.async(what, () -> partners(calls.get(what, Map.of(), "replication_partners"), what));
    }

    /** GET /replication_partners?name=; empty on 404. */
    public CompletableFuture<List<ReplicationPartner>> findByName(String name) {
        String what = "Find CSP replication partner " + name;
        return calls.async(what, () -> calls.getOrNotFound(what,
                        CspCalls.query("name", CspValidation.name(name, "partner name", what)), "replication_partners")
                .map(r -> partners(r, what)).orElse(List.of()));
    }

    private static List<ReplicationPartner> partners(CspHttp.Reply r, String what) {
        return CspJson.readList(r, CspDto.ReplicationPartnerDto.class, what).stream().map(p -> CspMapping.partner(p, what)).toList();
    }
}
