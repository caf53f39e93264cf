package org.csiconsole.core.port;

import org.csiconsole.core.model.PluginInfo;

import java.util.List;
import java.util.Objects;

/**
 * What a csi-addons endpoint says about itself (csi-addons {@code identity.proto}: GetIdentity and
 * GetCapabilities).
 *
 * @param identity name, vendor version and manifest
 * @param capabilities advertised capabilities as {@code <Service>.<TYPE>} words, e.g.
 *     {@code "Service.CONTROLLER_SERVICE"}, {@code "ReclaimSpace.ONLINE"}, {@code "VolumeReplication.VOLUME_REPLICATION"}
 */
public record AddonsInfo(PluginInfo identity, List<String> capabilities) {
    public AddonsInfo {
        Objects.requireNonNull(identity, "identity");
        capabilities = capabilities == null ? List.of() : List.copyOf(capabilities);
    }
}
