package org.csiconsole.core.reference.addons;

import fence.Fence;
import fence.FenceControllerGrpc;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.FenceRecord;
import org.csiconsole.core.reference.fault.Faults;

import java.util.List;
import java.util.Objects;

/**
 * csi-addons NetworkFence (fence.proto): fences and unfences IPv4 CIDRs on the arrays and lists
 * them. A fenced node cannot get new publications (the CSI controller refuses with
 * FAILED_PRECONDITION). Fence and unfence are idempotent. INVALID_ARGUMENT when no CIDR is given or
 * one is not an IPv4 CIDR such as {@code 10.10.2.0/24}.
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

    private static List<String> cidrs(List<Fence.CIDR> in, String rpc) {
        List<String> out = in.stream().map(c -> c.getCidr().trim()).toList();
        if (out.isEmpty() || out.stream().anyMatch(String::isEmpty)) {
            throw AddonsCalls.invalid("cidrs is required in " + rpc + " and every entry needs a cidr such as 10.10.2.0/24.");
        }
        return out;
    }
}
