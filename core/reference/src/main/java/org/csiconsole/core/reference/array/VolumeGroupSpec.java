package org.csiconsole.core.reference.array;

import java.util.List;
import java.util.Map;

/**
 * What to create as a volume group (csi-addons CreateVolumeGroup, CSP POST /volume_groups).
 *
 * @param name        the idempotency key; a second create with the same name and compatible
 *                    arguments returns the existing group ({@link VolumeGroups#existingFor})
 * @param description free text; not part of the idempotency rule
 * @param parameters  opaque parameters (csi-addons {@code parameters}, CSP {@code config} as text)
 * @param volumeIds   members to start with, or empty for an empty group (the CSP face's POST
 *                    cannot name members; volumes join through their {@code volume_group_id})
 * @param array       the array the request addresses (the CSP face's {@code x-array-ip}), or null
 *                    when the request names none (csi-addons)
 */
public record VolumeGroupSpec(String name, String description, Map<String, String> parameters, List<String> volumeIds,
                              String array) {
    public VolumeGroupSpec {
        description = description == null ? "" : description;
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        volumeIds = volumeIds == null ? List.of() : List.copyOf(volumeIds);
    }
}
