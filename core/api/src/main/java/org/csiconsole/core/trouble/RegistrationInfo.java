package org.csiconsole.core.trouble;

import java.util.List;

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
}
