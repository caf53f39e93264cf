package org.csiconsole.core.port;

import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A volume to create (csi.proto {@code CreateVolumeRequest}; CSP {@code POST /containers/v1/volumes}).
 * A clone from a snapshot or volume is the same request with a {@link VolumeSource}.
 *
 * @param name the create name (CSI {@code name}, the idempotency key; CSP {@code name}); not blank
 * @param capacityBytes requested capacity in bytes ({@code capacity_range.required_bytes}); greater than 0
 * @param capabilities requested access type and modes; at least one
 * @param parameters opaque create parameters (CSI {@code parameters}, CSP {@code config}); never null
 * @param mutableParameters CSI {@code mutable_parameters} (needs MODIFY_VOLUME); never null
 * @param source content source, {@link VolumeSource#NONE} for an empty volume
 * @param requisite topology segments the volume must be accessible from (CSI
 *                  {@code accessibility_requirements.requisite}, also sent as {@code preferred});
 *                  empty for "anywhere the plugin chooses"; never null. The CSP has no topology and
 *                  ignores it.
 */
public record VolumeRequest(String name, long capacityBytes, List<VolumeCapability> capabilities,
                            Map<String, String> parameters, Map<String, String> mutableParameters,
                            VolumeSource source, List<Topology> requisite) {
    /** A request without accessibility requirements. */
    public VolumeRequest(String name, long capacityBytes, List<VolumeCapability> capabilities,
                         Map<String, String> parameters, Map<String, String> mutableParameters, VolumeSource source) {
        this(name, capacityBytes, capabilities, parameters, mutableParameters, source, List.of());
    }

    public VolumeRequest {
        requisite = requisite == null ? List.of() : List.copyOf(requisite);
        Objects.requireNonNull(name, "name");
        capabilities = capabilities == null ? List.of() : List.copyOf(capabilities);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        mutableParameters = mutableParameters == null ? Map.of() : Map.copyOf(mutableParameters);
        source = source == null ? VolumeSource.NONE : source;
    }
}
