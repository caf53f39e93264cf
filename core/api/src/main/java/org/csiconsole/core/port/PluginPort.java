package org.csiconsole.core.port;

import org.csiconsole.core.model.PluginInfo;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The plugin or array behind a connection: what it offers ({@link Features}, which gates every
 * action) and who it is (CSI Identity, csi-addons identity).
 *
 * <p>Every method follows the rules of {@link StorageService}: it returns at once, fails with a
 * {@link org.csiconsole.core.call.CallFailure}, and a default method fails UNSUPPORTED.
 */
public interface PluginPort {

    /** What the connection offers and why not (capabilities gate actions). Never fails; reads "not connected" when unknown. */
    CompletableFuture<Features> features();

    /**
     * Asks the plugin again what it offers (CSI GetPluginCapabilities, ControllerGetCapabilities,
     * NodeGetCapabilities, GroupControllerGetCapabilities; csi-addons GetCapabilities), forgetting
     * what was kept, then answers as {@link #features()}: after a driver restarted with other
     * capabilities, on every (re)connect and on F5. Never fails. By default the same as
     * {@link #features()} (nothing is kept).
     */
    default CompletableFuture<Features> rereadFeatures() {
        return features();
    }

    /** Identity.GetPluginInfo (CSI spec, "GetPluginInfo"); for a CSP-only connection, the array's name and version. */
    default CompletableFuture<PluginInfo> pluginInfo() {
        return Ports.unsupported("GetPluginInfo");
    }

    /**
     * csi-addons GetIdentity + GetCapabilities; empty when no csi-addons endpoint is connected or
     * it does not serve csi-addons (UNIMPLEMENTED). Fails with the {@link
     * org.csiconsole.core.call.CallFailure} when the endpoint does not answer (csi-addons down while
     * CSI answers), so a caller can name it as a missing source.
     */
    default CompletableFuture<Optional<AddonsInfo>> addons() {
        return CompletableFuture.completedFuture(Optional.empty());
    }

}
