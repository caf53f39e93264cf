package org.csiconsole.core.csi;

import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Readiness;

import java.util.concurrent.CompletableFuture;

/**
 * The CSI Identity service (csi.proto v1.12.0, "Identity Service RPC") of one {@link CsiClient}: GetPluginInfo and
 * Probe. GetPluginCapabilities is sent by the client's capability discovery ({@link CsiClient#capabilities()}).
 */
public final class CsiIdentity {
    private final CsiConnection conn;
    private final CallMode mode;

    CsiIdentity(CsiConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /** GetPluginInfo: name, vendor version, manifest. */
    public CompletableFuture<PluginInfo> pluginInfo() {
        return conn.call(mode, CsiRpc.GET_PLUGIN_INFO, IdentityGrpc.getGetPluginInfoMethod(), Csi.GetPluginInfoRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "GetPluginInfo")).thenApply(CsiMapping::pluginInfo);
    }

    /**
     * Probe: true when the plugin reports ready (an unset {@code ready} counts as ready, as the spec says).
     * Fails with {@link FailureKind#UNAVAILABLE} (FAILED_PRECONDITION from the plugin maps to its own kind) when not healthy.
     */
    public CompletableFuture<Boolean> probe() {
        return readiness().thenApply(Readiness::ready);
    }

    /** Probe, as reported: ready, not ready, or not reported (an empty ProbeResponse, which the spec reads as ready). */
    public CompletableFuture<Readiness> readiness() {
        return conn.call(mode, CsiRpc.PROBE, IdentityGrpc.getProbeMethod(), Csi.ProbeRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "Probe")).thenApply(r -> Readiness.of(r.hasReady(), r.getReady().getValue()));
    }
}
