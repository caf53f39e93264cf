package org.csiconsole.core.addons;

import fence.Fence;
import fence.FenceControllerGrpc;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Secrets;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The csi-addons network fence service (csi-addons/spec fence.proto) of one {@link AddonsClient}: fence, unfence
 * and list CIDRs (needs NETWORK_FENCE), and the clients to fence (GetFenceClients, needs GET_CLIENTS_TO_FENCE). Fence and unfence are serialized per CIDR.
 */
public final class AddonsFence {
    private final AddonsConnection conn;
    private final CallMode mode;

    AddonsFence(AddonsConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /** FenceClusterNetwork: block the given CIDRs from the storage. */
    public CompletableFuture<Void> fence(List<String> cidrs, Map<String, String> parameters, Secrets secrets) {
        Fence.FenceClusterNetworkRequest.Builder b = Fence.FenceClusterNetworkRequest.newBuilder().putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        cidrs.forEach(c -> b.addCidrs(Fence.CIDR.newBuilder().setCidr(c)));
        return conn.gated(mode, AddonsCapability.NETWORK_FENCE, () -> conn.unary(FenceControllerGrpc.getFenceClusterNetworkMethod(), b.build(),
                fenceSpec("FenceClusterNetwork " + cidrs, cidrs))).thenApply(r -> null);
    }

    /** UnfenceClusterNetwork. */
    public CompletableFuture<Void> unfence(List<String> cidrs, Map<String, String> parameters, Secrets secrets) {
        Fence.UnfenceClusterNetworkRequest.Builder b = Fence.UnfenceClusterNetworkRequest.newBuilder().putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        cidrs.forEach(c -> b.addCidrs(Fence.CIDR.newBuilder().setCidr(c)));
        return conn.gated(mode, AddonsCapability.NETWORK_FENCE, () -> conn.unary(FenceControllerGrpc.getUnfenceClusterNetworkMethod(), b.build(),
                fenceSpec("UnfenceClusterNetwork " + cidrs, cidrs))).thenApply(r -> null);
    }

    /** ListClusterFence: the CIDRs currently fenced. */
    public CompletableFuture<List<String>> listFences(Map<String, String> parameters, Secrets secrets) {
        return conn.gated(mode, AddonsCapability.NETWORK_FENCE, () -> conn.unary(FenceControllerGrpc.getListClusterFenceMethod(),
                Fence.ListClusterFenceRequest.newBuilder().putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "ListClusterFence")))
                .thenApply(r -> r.getCidrsList().stream().map(Fence.CIDR::getCidr).toList());
    }

    /**
     * GetFenceClients (needs GET_CLIENTS_TO_FENCE): the clients of the storage cluster identified by
     * {@code parameters}, each with the addresses the driver reports (CIDR text, kept as given).
     */
    public CompletableFuture<List<FenceClient>> clients(Map<String, String> parameters, Secrets secrets) {
        return conn.gated(mode, AddonsCapability.GET_CLIENTS_TO_FENCE, () -> conn.unary(FenceControllerGrpc.getGetFenceClientsMethod(),
                Fence.GetFenceClientsRequest.newBuilder().putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "GetFenceClients")))
                .thenApply(r -> r.getClientsList().stream().map(c -> new FenceClient(c.getId(),
                        c.getAddressesList().stream().map(Fence.CIDR::getCidr).toList())).toList());
    }

    private CallSpec fenceSpec(String what, List<String> cidrs) {
        CallSpec s = CallSpec.of(CallKind.MUTATE, what).locking(cidrs.stream().map(c -> "fence/" + c).toArray(String[]::new));
        return mode.apply(s);
    }
}
