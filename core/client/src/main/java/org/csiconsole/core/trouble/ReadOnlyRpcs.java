package org.csiconsole.core.trouble;

import java.util.Set;

/**
 * The RPCs a probe may send: those that read and never change anything. By method name, across CSI,
 * csi-addons and the kubelet plugin registration API: {@code Probe}, and every method whose name
 * begins with {@code Get}, {@code List}, {@code Validate}, {@code NodeGet}, {@code ControllerGet} or
 * {@code GroupControllerGet} (GetPluginInfo, GetPluginCapabilities, ListVolumes, ListSnapshots,
 * ValidateVolumeCapabilities, NodeGetInfo, NodeGetVolumeStats, ControllerGetCapabilities,
 * ControllerGetVolume, GetCapacity, GetSnapshot, csi-addons GetIdentity, GetCapabilities,
 * ListClusterFence, ListVolumeGroups, GetVolumeReplicationInfo, pluginregistration GetInfo ...).
 */
public final class ReadOnlyRpcs {
    private static final Set<String> PREFIXES = Set.of("Get", "List", "Validate", "NodeGet", "ControllerGet", "GroupControllerGet");

    private ReadOnlyRpcs() {
    }

    /**
     * Whether {@code fullMethodName} (e.g. {@code csi.v1.Controller/ListVolumes}) only reads.
     *
     * @return false for every RPC that may change state (CreateVolume, NodeStageVolume,
     *     FenceClusterNetwork, NotifyRegistrationStatus ...) and for a name without a method part
     */
    public static boolean readOnly(String fullMethodName) {
        int slash = fullMethodName.lastIndexOf('/');
        if (slash < 0 || slash == fullMethodName.length() - 1) return false;
        String bare = fullMethodName.substring(slash + 1);
        if (bare.equals("Probe")) return true;
        for (String p : PREFIXES) {
            if (bare.startsWith(p) && bare.length() > p.length() && Character.isUpperCase(bare.charAt(p.length()))) return true;
        }
        return false;
    }

    /**
     * Refuses a method that is not {@link #readOnly(String) read-only}, before anything is sent.
     *
     * @throws IllegalStateException naming the method: a probe that tried it has a bug
     */
    public static void require(String fullMethodName) {
        if (!readOnly(fullMethodName)) {
            throw new IllegalStateException(fullMethodName + " may change the driver's state; a probe sends only reads");
        }
    }
}
