package org.csiconsole.core.model;

import java.util.Map;

/**
 * Result of GetCapacity (csi.proto {@code GetCapacityResponse}) for one topology segment and
 * parameter set.
 *
 * @param topology the segment asked about, null for all
 * @param parameters the parameter set asked about, never null
 * @param availableCapacityBytes available capacity in bytes
 * @param maximumVolumeSizeBytes largest volume that can be created, in bytes; null when not reported
 * @param minimumVolumeSizeBytes smallest volume that can be created, in bytes; null when not reported
 */
public record Capacity(
        Topology topology,
        Map<String, String> parameters,
        long availableCapacityBytes,
        Long maximumVolumeSizeBytes,
        Long minimumVolumeSizeBytes) {
    public Capacity {
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }
}
