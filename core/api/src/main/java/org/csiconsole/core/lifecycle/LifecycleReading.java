package org.csiconsole.core.lifecycle;

import java.util.Objects;

/**
 * A volume's lifecycle as read once: the figure the plugin follows and where the volume is in it.
 *
 * @param lifecycle the figure, from the advertised capabilities
 * @param live where the volume is, per node, and how that is known
 * @param connectedNodeId the node id of this connection's node socket (NodeGetInfo); empty when
 *     none is connected: node calls can only be made there
 */
public record LifecycleReading(VolumeLifecycle lifecycle, VolumeLiveState live, String connectedNodeId) {
    public LifecycleReading {
        Objects.requireNonNull(lifecycle, "lifecycle");
        Objects.requireNonNull(live, "live");
        connectedNodeId = Objects.requireNonNullElse(connectedNodeId, "");
    }
}
