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
     * accessible topology) times every parameter set it knows (at least the empty one).
     */
    default CompletableFuture<List<Capacity>> capacity() {
        return Ports.unsupported("GetCapacity");
    }

    /** GetCapacity for one segment ({@code null} for all) and parameter set. */
    default CompletableFuture<Capacity> capacity(Topology topology, Map<String, String> parameters) {
        return Ports.unsupported("GetCapacity");
    }
}
