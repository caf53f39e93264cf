package org.csiconsole.core.port;

import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.Topology;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Capacity: CSI GetCapacity per topology segment and parameter set.
 *
 * <p>Every method follows the rules of {@link StorageService}: it returns at once, fails with a
 * {@link org.csiconsole.core.call.CallFailure}, and a default method fails UNSUPPORTED.
 */
public interface CapacityPort {

    /**
     * GetCapacity for every topology segment the connection knows (node topology, volumes'
     * accessible topology) times every parameter set it knows (at least the empty one). The call
     * for all segments must answer or the future fails; a segment whose call fails, and a source
     * of segments that does not answer (NodeGetInfo, ListVolumes), is named in
     * {@link Listing#missing()}.
     */
    default CompletableFuture<Listing<Capacity>> capacity() {
        return Ports.unsupported("GetCapacity");
    }

    /** GetCapacity for one segment ({@code null} for all) and parameter set. */
    default CompletableFuture<Capacity> capacity(Topology topology, Map<String, String> parameters) {
        return Ports.unsupported("GetCapacity");
    }
}
