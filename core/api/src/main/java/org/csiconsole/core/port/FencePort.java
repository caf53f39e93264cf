package org.csiconsole.core.port;

import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Secrets;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Network fencing through the csi-addons FenceController (csi-addons/spec fence.proto): which
 * CIDR blocks the storage refuses, fencing and unfencing them, and which clients a fence should
 * name. Fencing cuts I/O: every client whose address lies in a fenced block loses access to its
 * volumes until the block is unfenced.
 *
 * <p>Gated by the csi-addons identity capabilities: {@link Feature#NETWORK_FENCE}
 * ({@code NetworkFence.NETWORK_FENCE}: fence, unfence and ListClusterFence; csi-addons has no
 * separate capability for the listing) and {@link Feature#GET_CLIENTS_TO_FENCE}
 * ({@code NetworkFence.GET_CLIENTS_TO_FENCE}). Every method follows the rules of
 * {@link StorageService}: it returns at once, fails with a {@link org.csiconsole.core.call.CallFailure}
 * (INVALID_ARGUMENT for a block the driver refuses, UNAUTHENTICATED as
 * {@link org.csiconsole.core.call.FailureKind#AUTHENTICATION} for missing or wrong secrets, fence.proto
 * "Error Scheme"), and a default method fails UNSUPPORTED. Secrets go to the wire only; they are
 * redacted from the trace by the proto's {@code csi_secret} option.
 */
public interface FencePort {

    /**
     * ListClusterFence: the blocks the storage refuses now, as the driver reports them (CIDR text,
     * kept as given even when it does not parse).
     *
     * @param parameters driver options identifying the storage cluster; empty when it needs none
     */
    default CompletableFuture<List<String>> listFences(Map<String, String> parameters, Secrets secrets) {
        return Ports.unsupported("ListClusterFence");
    }

    /** FenceClusterNetwork of {@link FenceRequest#cidrs()}: the storage refuses I/O from those addresses. Idempotent per the driver. */
    default CompletableFuture<Void> fence(FenceRequest request) {
        return Ports.unsupported("FenceClusterNetwork " + request.cidrTexts());
    }

    /** UnfenceClusterNetwork of {@link FenceRequest#cidrs()}: the storage accepts I/O from them again. */
    default CompletableFuture<Void> unfence(FenceRequest request) {
        return Ports.unsupported("UnfenceClusterNetwork " + request.cidrTexts());
    }

    /**
     * GetFenceClients: the clients of the storage cluster a fence should name, with their
     * addresses. The request carries no volume or node, only the parameters that identify the
     * storage cluster (and the driver's own conventions, see its documentation).
     */
    default CompletableFuture<List<FenceClient>> fenceClients(Map<String, String> parameters, Secrets secrets) {
        return Ports.unsupported("GetFenceClients");
    }
}
