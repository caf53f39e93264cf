package org.csiconsole.core.reference.addons;

import fence.Fence;
import fence.FenceControllerGrpc;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.FenceRecord;
import org.csiconsole.core.reference.array.HostRecord;
import org.csiconsole.core.reference.fault.Faults;

import java.util.List;
import java.util.Objects;

/**
 * csi-addons NetworkFence (fence.proto): fences and unfences IPv4 and IPv6 CIDRs on the arrays and lists
 * them, and reports the hosts as the clients to fence. A fenced node cannot get new publications (the CSI controller refuses with
 * FAILED_PRECONDITION). Fence and unfence are idempotent. INVALID_ARGUMENT when no CIDR is given or
 * one is not a CIDR such as {@code 10.10.2.0/24} or {@code fd00:10::/64}.
 */
public final class NetworkFenceService extends FenceControllerGrpc.FenceControllerImplBase {
    private final ArrayModel model;
    private final Faults faults;

    public NetworkFenceService(ArrayModel model, Faults faults) {
        this.model = Objects.requireNonNull(model, "model");
        this.faults = Objects.requireNonNull(faults, "faults");
    }

    @Override
    public void fenceClusterNetwork(Fence.FenceClusterNetworkRequest r, StreamObserver<Fence.FenceClusterNetworkResponse> out) {
        String rpc = "FenceClusterNetwork";
        AddonsCalls.run(out, faults, rpc, () -> null, k -> {
            model.fencing().fence(cidrs(r.getCidrsList(), rpc));
            return Fence.FenceClusterNetworkResponse.getDefaultInstance();
        });
    }

    @Override
    public void unfenceClusterNetwork(Fence.UnfenceClusterNetworkRequest r, StreamObserver<Fence.UnfenceClusterNetworkResponse> out) {
        String rpc = "UnfenceClusterNetwork";
        AddonsCalls.run(out, faults, rpc, () -> null, k -> {
            model.fencing().unfence(cidrs(r.getCidrsList(), rpc));
            return Fence.UnfenceClusterNetworkResponse.getDefaultInstance();
        });
    }

    @Override
    public void listClusterFence(Fence.ListClusterFenceRequest r, StreamObserver<Fence.ListClusterFenceResponse> out) {
        AddonsCalls.run(out, faults, "ListClusterFence", () -> null, k -> {
            var b = Fence.ListClusterFenceResponse.newBuilder();
            for (FenceRecord f : model.fencing().fences()) b.addCidrs(Fence.CIDR.newBuilder().setCidr(f.cidr()));
            return b.build();
        });
    }

    /**
     * GetFenceClients: every host the arrays know, by name, with its networks as the blocks to
     * fence (a fence of them refuses the host's new publications). The parameter
     * {@value #NODE_PARAMETER} (this plugin's own convention) narrows the answer to the host of that
     * CSI node_id; NOT_FOUND when no host has it.
     */
    @Override
    public void getFenceClients(Fence.GetFenceClientsRequest r, StreamObserver<Fence.GetFenceClientsResponse> out) {
        AddonsCalls.run(out, faults, "GetFenceClients", () -> null, k -> {
            String node = r.getParametersOrDefault(NODE_PARAMETER, "").trim();
            List<HostRecord> hosts = node.isEmpty() ? model.hosts().all()
                    : model.hosts().byNodeId(node).map(List::of).orElseThrow(() -> AddonsCalls.notFound(
                            "No host has node_id " + node + "; GetFenceClients knows the hosts of the arrays."));
            var b = Fence.GetFenceClientsResponse.newBuilder();
            for (HostRecord h : hosts) {
                var c = Fence.ClientDetails.newBuilder().setId(h.name());
                for (String n : h.networks()) c.addAddresses(Fence.CIDR.newBuilder().setCidr(n));
                b.addClients(c);
            }
            return b.build();
        });
    }

    /** The GetFenceClients parameter that names one CSI node_id. */
    public static final String NODE_PARAMETER = "node_id";

    private static List<String> cidrs(List<Fence.CIDR> in, String rpc) {
        List<String> out = in.stream().map(c -> c.getCidr().trim()).toList();
        if (out.isEmpty() || out.stream().anyMatch(String::isEmpty)) {
            throw AddonsCalls.invalid("cidrs is required in " + rpc + " and every entry needs a cidr such as 10.10.2.0/24.");
        }
        return out;
    }
}
