package org.csiconsole.core.addons;

import identity.IdentityGrpc;
import identity.IdentityProto;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.model.PluginInfo;

import java.util.concurrent.CompletableFuture;

/**
 * The csi-addons identity service (csi-addons/spec identity.proto) of one {@link AddonsClient}: GetIdentity and
 * Probe. GetCapabilities is sent by the client's capability discovery ({@link AddonsClient#capabilities()}).
 * Neither call is gated: every sidecar serves identity.
 */
public final class AddonsIdentity {
    private final AddonsConnection conn;

    AddonsIdentity(AddonsConnection conn) {
        this.conn = conn;
    }

    /** GetIdentity: the sidecar's name, vendor version and manifest. */
    public CompletableFuture<PluginInfo> pluginInfo() {
        return conn.unary(IdentityGrpc.getGetIdentityMethod(), IdentityProto.GetIdentityRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "GetIdentity"))
                .thenApply(r -> new PluginInfo(r.getName(), r.getVendorVersion(), r.getManifestMap()));
    }

    /** Probe: true when ready (an unset {@code ready} counts as ready). */
    public CompletableFuture<Boolean> probe() {
        return conn.unary(IdentityGrpc.getProbeMethod(), IdentityProto.ProbeRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "Probe")).thenApply(r -> !r.hasReady() || r.getReady().getValue());
    }
}
