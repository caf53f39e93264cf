package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.session.EndpointAddress;

import java.util.List;
import java.util.Optional;

/**
 * What a plugin's registration socket answered to the kubelet plugin registration API
 * ({@code pluginregistration.Registration/GetInfo}, kubernetes/kubelet
 * {@code pkg/apis/pluginregistration/v1}).
 *
 * @param type {@code CSIPlugin} or {@code DevicePlugin}
 * @param name the plugin name (a CSI driver's name)
 * @param endpoint where the plugin serves its own API: a CSI driver's socket path
 * @param supportedVersions the plugin API versions it speaks, e.g. {@code 1.0.0}
 */
public record RegistrationInfo(String type, String name, String endpoint, List<String> supportedVersions) {
    public RegistrationInfo {
        type = type == null ? "" : type;
        name = name == null ? "" : name;
        endpoint = endpoint == null ? "" : endpoint;
        supportedVersions = supportedVersions == null ? List.of() : List.copyOf(supportedVersions);
    }

    /**
     * The endpoint as an address, read by the one endpoint parser ({@link EndpointAddress#parse}):
     * {@code /path}, {@code unix:///path} and the other forms it accepts; empty when the
     * registration names none or names something no endpoint can be read from.
     */
    public Optional<EndpointAddress> address() {
        if (endpoint.isBlank()) return Optional.empty();
        try {
            return Optional.of(EndpointAddress.parse(endpoint));
        } catch (CallFailure f) {
            return Optional.empty();
        }
    }
}
