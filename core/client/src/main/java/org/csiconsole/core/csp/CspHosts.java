package org.csiconsole.core.csp;

import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.model.Host;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Hosts registered with the CSP (hpe-csp-rest-spec.md {@code /containers/v1/hosts}; GET is an
 * OpenAPI 1.1.0 addition). Every method completes exceptionally with a
 * {@link org.csiconsole.core.call.CallFailure}.
 */
public final class CspHosts {
    private final CspCalls calls;

    CspHosts(CspCalls calls) {
        this.calls = calls;
    }

    /** GET /hosts: every registered host. */
    public CompletableFuture<List<Host>> list() {
        String what = "List CSP hosts";
        return calls.async(what, () -> {
            List<Host> read = CspJson.readList(calls.get(what, Map.of(), "hosts"), CspDto.HostDto.class, what)
                    .stream().map(h -> CspMapping.host(h, what)).toList();
            for (Host h : read) {
                calls.names.learn(h.id(), h.name());
                calls.names.learn(h.uuid(), h.name());
            }
            return read;
        });
    }

    /**
     * POST /hosts: registers a host. Fails with INVALID_ARGUMENT before sending when the name or
     * UUID is empty, no initiator is given, an IQN/WWPN/NQN/network is malformed, iSCSI networks are
     * missing, or CHAP is half given; with the CSP's status otherwise (400, 409).
     */
    public CompletableFuture<Host> create(HostRequest host) {
        String what = "Register CSP host " + (host == null ? "" : host.name());
        return calls.async(what, () -> {
            if (host == null) throw CspValidation.invalid(what, "no host given", "Give the host definition");
            CspValidation.host(host, what);
            CspDto.HostDto body = new CspDto.HostDto(null, host.uuid().trim(), host.name().trim(), host.iqns(), host.wwpns(),
                    host.nqns().isEmpty() ? null : host.nqns(), host.networks(), host.chapUser(), host.chapPassword(),
                    host.accessProtocol() == null ? null : host.accessProtocol().wire(), host.virtualDomain());
            return CspMapping.host(CspJson.readObject(calls.post(what, body, "hosts"), CspDto.HostDto.class, what), what);
        });
    }

    /** DELETE /hosts/{id}. The spec expects this to fail while volumes are published to the host. */
    public CompletableFuture<Void> delete(String id) {
        String what = "Delete CSP host " + id;
        return calls.async(what, () -> {
            calls.delete(what, Map.of(), "hosts", CspValidation.id(id, "host id", what));
            return null;
        });
    }
}
