package org.csiconsole.core.placement;

import java.util.List;
import java.util.Locale;

/**
 * Create parameter keys a plugin documents, offered before any volume shows them.
 *
 * <ul>
 *   <li>The bundled reference plugin ({@value #REFERENCE_PLUGIN}) honours {@code array} (the
 *       array, which is also its site segment {@value #REFERENCE_SITE_KEY}), {@code pool} and
 *       {@code description}.</li>
 *   <li>The HPE CSI driver ({@value #HPE_CSI}) and an HPE CSP pass StorageClass parameters to the
 *       array as volume {@code config}: the keys of the StorageClass examples on scod.hpedev.io
 *       (Alletra 6000 / Nimble: {@code pool}, {@code folder}, {@code performancePolicy}, ...;
 *       Alletra MP / Primera: {@code cpg}, {@code snapCpg}, {@code provisioningType}, ...).</li>
 * </ul>
 */
public final class ParameterKeys {
    /** GetPluginInfo name of the bundled reference plugin. */
    public static final String REFERENCE_PLUGIN = "reference.csi-console.org";
    /** The reference plugin's topology key; its values are the array names. */
    public static final String REFERENCE_SITE_KEY = "topology.csi-console.org/site";
    /** GetPluginInfo name of the HPE CSI driver. */
    public static final String HPE_CSI = "csi.hpe.com";

    private static final List<Key> REFERENCE = List.of(
            new Key("array", "the array to provision on", REFERENCE_SITE_KEY),
            new Key("pool", "the pool on that array", ""),
            new Key("description", "free text", ""));
    private static final List<Key> HPE = List.of(
            new Key("description", "free text", ""),
            new Key("pool", "the pool on the array", ""),
            new Key("folder", "an existing folder on the array", ""),
            new Key("performancePolicy", "the array's performance policy", ""),
            new Key("protectionTemplate", "the array's protection template", ""),
            new Key("limitIops", "IOPS limit, -1 for none", ""),
            new Key("limitMbps", "MB/s limit, -1 for none", ""),
            new Key("thick", "true for thick provisioning", ""),
            new Key("dedupeEnabled", "true to deduplicate", ""),
            new Key("encrypted", "true to encrypt", ""),
            new Key("destroyOnDelete", "true to destroy the volume on delete", ""),
            new Key("cpg", "common provisioning group (Alletra MP, Primera)", ""),
            new Key("snapCpg", "CPG for snapshots (Alletra MP, Primera)", ""),
            new Key("provisioningType", "tpvv, full, dedup (Alletra MP, Primera)", ""),
            new Key("accessProtocol", "iscsi or fc", ""));

    /**
     * One documented key.
     *
     * @param key the parameter key
     * @param meaning what it chooses, in words
     * @param segmentKey the topology key whose values are this parameter's values; empty when none
     */
    public record Key(String key, String meaning, String segmentKey) {
    }

    private ParameterKeys() {
    }

    /**
     * The keys documented for a plugin.
     *
     * @param pluginName the GetPluginInfo name; empty when unknown
     * @param csp true when the connection includes an HPE CSP array
     * @return the keys in the plugin's documentation order; empty for a plugin this console knows nothing of
     */
    public static List<Key> documented(String pluginName, boolean csp) {
        String name = pluginName == null ? "" : pluginName.strip().toLowerCase(Locale.ROOT);
        if (name.equals(REFERENCE_PLUGIN)) return REFERENCE;
        if (name.equals(HPE_CSI) || csp) return HPE;
        return List.of();
    }
}
