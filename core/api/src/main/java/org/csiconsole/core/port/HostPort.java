package org.csiconsole.core.port;

import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.PublishInfo;

import java.util.concurrent.CompletableFuture;

/**
 * CSP hosts (initiators: IQN, WWPN, NQN) and the CSP publish of a volume to a host (CSP spec,
 * {@code /hosts}, {@code /volumes/{id}/actions/publish}).
 *
 * <p>Every method follows the rules of {@link StorageService}: it returns at once, fails with a
 * {@link org.csiconsole.core.call.CallFailure}, and a default method fails UNSUPPORTED.
 */
public interface HostPort {

    /**
     * CSP hosts ({@code GET /hosts}) of every array, each once; an array that did not answer is
     * named in {@link Listing#missing()}. The CHAP password is never part of a {@link Host}.
     */
    default CompletableFuture<Listing<Host>> listHosts() {
        return Ports.unsupported("List hosts");
    }

    /** CSP {@code POST /hosts}; the CHAP password in {@code host} is never logged or traced. */
    default CompletableFuture<Host> createHost(HostRequest host) {
        return Ports.unsupported("Create host " + host.name());
    }

    /** CSP {@code DELETE /hosts/{id}}. */
    default CompletableFuture<Void> deleteHost(String hostId) {
        return Ports.unsupported("Delete host " + hostId);
    }

    /** CSP publish of a volume to a host ({@code PUT /volumes/{id}/actions/publish}) with an access protocol. */
    default CompletableFuture<PublishInfo> cspPublish(String volumeId, String hostUuid, AccessProtocol protocol) {
        return Ports.unsupported("Publish " + volumeId);
    }

    /** CSP unpublish of a volume from a host. */
    default CompletableFuture<Void> cspUnpublish(String volumeId, String hostUuid) {
        return Ports.unsupported("Unpublish " + volumeId);
    }
}
