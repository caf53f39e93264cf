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
 * @param pool the array pool this row reports, with its total and used bytes, when the array reports
 *     them; null for a GetCapacity answer, which reports available space only
 */
public record Capacity(
        Topology topology,
        Map<String, String> parameters,
        long availableCapacityBytes,
        Long maximumVolumeSizeBytes,
        Long minimumVolumeSizeBytes,
        PoolUsage pool) {
    public Capacity {
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }

    /** A GetCapacity answer: available space only, no pool figures. */
    public Capacity(Topology topology, Map<String, String> parameters, long availableCapacityBytes,
                    Long maximumVolumeSizeBytes, Long minimumVolumeSizeBytes) {
        this(topology, parameters, availableCapacityBytes, maximumVolumeSizeBytes, minimumVolumeSizeBytes, null);
    }
}
