package org.csiconsole.core.addons;

import com.google.protobuf.Message;
import identity.IdentityGrpc;
import identity.IdentityProto;
import io.grpc.MethodDescriptor;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.CapabilityCache;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.model.AddonsCapability;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * What every csi-addons service part of one {@link AddonsClient} shares: the sidecar connection, the call policy
 * and the one capability cache, filled from the identity service's GetCapabilities (csi-addons/spec identity.proto).
 */
final class AddonsConnection implements AutoCloseable {
    final Connection connection;
    final CallPolicy policy;
    final CapabilityCache<Set<AddonsCapability>> capabilities;

    AddonsConnection(Connection connection, CallPolicy policy) {
        this.connection = connection;
        this.policy = policy;
        this.capabilities = new CapabilityCache<>(() -> unary(IdentityGrpc.getGetCapabilitiesMethod(),
                IdentityProto.GetCapabilitiesRequest.getDefaultInstance(), CallSpec.of(CallKind.PROBE, "GetCapabilities"))
                .thenApply(AddonsConnection::capabilitySet));
    }

    static Set<AddonsCapability> capabilitySet(IdentityProto.GetCapabilitiesResponse r) {
        Set<AddonsCapability> out = EnumSet.noneOf(AddonsCapability.class);
        for (IdentityProto.Capability c : r.getCapabilitiesList()) {
            String name;
            switch (c.getTypeCase()) {
                case SERVICE: name = c.getService().getType().name(); break;
                case RECLAIM_SPACE: name = "RECLAIM_SPACE_" + c.getReclaimSpace().getType().name(); break;
                case NETWORK_FENCE: name = c.getNetworkFence().getType().name(); break;
                case VOLUME_REPLICATION: name = c.getVolumeReplication().getType().name(); break;
                case VOLUME_GROUP: name = c.getVolumeGroup().getType().name(); break;
                case ENCRYPTION_KEY_ROTATION: name = "ENCRYPTION_KEY_ROTATION"; break;
                default: continue;
            }
            AddonsCapability a = CsiMapping.enumByName(AddonsCapability.class, name, null);
            if (a != null) out.add(a);
        }
        return out;
    }

    /** One unary call to the sidecar, not gated. */
    <Q extends Message, R extends Message> CompletableFuture<R> unary(MethodDescriptor<Q, R> method, Q request, CallSpec spec) {
        return policy.unary(connection.channel(), connection.endpoint().text(), method, request, spec);
    }

    /** Sentence saying why {@code need} is missing from {@code advertised}, or empty when advertised. */
    static Optional<String> reason(AddonsCapability need, Set<AddonsCapability> advertised) {
        return advertised.contains(need) ? Optional.empty()
                : Optional.of("not supported by this driver: its csi-addons sidecar does not advertise " + need.name());
    }

    /**
     * Sends {@code call} when {@code mode} forces it or the sidecar advertises {@code need}; otherwise fails with
     * {@link FailureKind#UNSUPPORTED} without sending. A failed capability discovery fails the call as it is.
     */
    <T> CompletableFuture<T> gated(CallMode mode, AddonsCapability need, Supplier<CompletableFuture<T>> call) {
        if (mode.forced()) return call.get();
        return capabilities.gated(set -> reason(need, set).map(why -> new CallFailure(FailureKind.UNSUPPORTED, need.name(), why,
                        "Use a csi-addons sidecar version that advertises " + need.name()
                                + ", or do this with the driver's own tools; the console sends only the calls a sidecar advertises. "
                                + "After upgrading the sidecar, reconnect so the console reads its capabilities again",
                        "not sent: capability " + need.name() + " not advertised")),
                f -> f, call);
    }

    @Override
    public void close() {
        connection.close();
    }
}
