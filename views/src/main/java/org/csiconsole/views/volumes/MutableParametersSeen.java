package org.csiconsole.views.volumes;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The mutable parameters this console set on each volume in this session, by volume_id: at create
 * ({@code CreateVolumeRequest.mutable_parameters}) and at every modify (ControllerModifyVolume
 * merges the keys it is given). The driver does not report them (csi.proto {@code Volume} carries
 * no mutable parameters), so this is the only source the modify form can fill itself from. UI
 * thread only.
 */
final class MutableParametersSeen {
    private final Map<String, Map<String, String>> byVolume = new HashMap<>();

    /** What this console set on {@code volumeId}; empty when nothing is known. */
    Map<String, String> of(String volumeId) {
        return byVolume.getOrDefault(volumeId, Map.of());
    }

    /** Records the parameters a volume was created with, replacing anything known for that id. */
    void created(String volumeId, Map<String, String> parameters) {
        if (parameters.isEmpty()) byVolume.remove(volumeId);
        else byVolume.put(volumeId, Map.copyOf(parameters));
    }

    /** Records a successful modify: its keys replace the known values, other keys stay. */
    void modified(String volumeId, Map<String, String> parameters) {
        Map<String, String> merged = new LinkedHashMap<>(of(volumeId));
        merged.putAll(parameters);
        byVolume.put(volumeId, Map.copyOf(merged));
    }
}
