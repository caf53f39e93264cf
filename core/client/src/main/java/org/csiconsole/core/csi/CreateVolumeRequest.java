package org.csiconsole.core.csi;

import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to create with CreateVolume (csi.proto {@code CreateVolumeRequest}).
 *
 * @param name the idempotency name, at most 128 bytes
 * @param requiredBytes {@code capacity_range.required_bytes}, 0 for the plugin's default
 * @param limitBytes {@code capacity_range.limit_bytes}, 0 for no limit
 * @param capabilities at least one capability the volume must support
 * @param parameters opaque create parameters (StorageClass parameters), at most 4 KiB in all
 * @param mutableParameters parameters that ControllerModifyVolume may change later (needs MODIFY_VOLUME)
 * @param secrets credentials for the plugin
 * @param source snapshot or volume to copy from, {@link VolumeSource#NONE} for an empty volume
 * @param requisite topologies the volume must be accessible from (accessibility_requirements.requisite)
 * @param preferred topologies to try first (accessibility_requirements.preferred)
 */
public record CreateVolumeRequest(String name, long requiredBytes, long limitBytes, List<VolumeCapability> capabilities,
                            Map<String, String> parameters, Map<String, String> mutableParameters, Secrets secrets,
                            VolumeSource source, List<Topology> requisite, List<Topology> preferred) {
    public CreateVolumeRequest {
        Objects.requireNonNull(name, "name");
        capabilities = List.copyOf(capabilities);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        mutableParameters = mutableParameters == null ? Map.of() : Map.copyOf(mutableParameters);
        secrets = secrets == null ? Secrets.NONE : secrets;
        source = source == null ? VolumeSource.NONE : source;
        requisite = requisite == null ? List.of() : List.copyOf(requisite);
        preferred = preferred == null ? List.of() : List.copyOf(preferred);
    }

    /** A volume of {@code requiredBytes} with one capability and nothing else. */
    public static CreateVolumeRequest of(String name, long requiredBytes, VolumeCapability capability) {
        return new CreateVolumeRequest(name, requiredBytes, 0, List.of(capability), null, null, null, null, null, null);
    }

    public CreateVolumeRequest withParameters(Map<String, String> p) {
        return new CreateVolumeRequest(name, requiredBytes, limitBytes, capabilities, p, mutableParameters, secrets, source, requisite, preferred);
    }

    public CreateVolumeRequest withSecrets(Secrets s) {
        return new CreateVolumeRequest(name, requiredBytes, limitBytes, capabilities, parameters, mutableParameters, s, source, requisite, preferred);
    }

    public CreateVolumeRequest withSource(VolumeSource s) {
        return new CreateVolumeRequest(name, requiredBytes, limitBytes, capabilities, parameters, mutableParameters, secrets, s, requisite, preferred);
    }

    public CreateVolumeRequest withMutableParameters(Map<String, String> p) {
        return new CreateVolumeRequest(name, requiredBytes, limitBytes, capabilities, parameters, p, secrets, source, requisite, preferred);
    }
}
