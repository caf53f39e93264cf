package org.csiconsole.core.trouble;

/** What a socket found on a node serves, as far as discovery could tell. */
public enum SocketRole {
    /** A kubelet plugin registration socket ({@code <root-dir>/plugins_registry}): pluginregistration.Registration. */
    REGISTRATION,
    /** A CSI driver: it answered csi.v1.Identity/GetPluginInfo. */
    CSI,
    /** A csi-addons sidecar: it answered identity.Identity/GetIdentity but not CSI GetPluginInfo. */
    CSI_ADDONS,
    /** Nothing answered (stale, refused, or not gRPC). */
    UNKNOWN
}
