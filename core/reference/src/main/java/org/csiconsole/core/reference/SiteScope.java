package org.csiconsole.core.reference;

import java.util.Objects;

/**
 * Which array (site) an endpoint of the reference plugin serves. Two sites of a replicated pair are
 * two endpoints of one plugin, each scoped to its array, as two clusters each see their own array:
 * ListVolumes and ListVolumeGroups list only the scoped array's volumes and groups, and the
 * Replication service answers NOT_FOUND for a volume or group of another array. Other calls are
 * not scoped. {@link #ALL} serves every array (the default).
 *
 * @param array the array's name, e.g. {@code site-a}; null for every array
 */
public record SiteScope(String array) {
    /** Every array. */
    public static final SiteScope ALL = new SiteScope(null);

    /** Only {@code array}. */
    public static SiteScope of(String array) {
        return new SiteScope(Objects.requireNonNull(array, "array"));
    }

    /** True when objects on {@code arrayName} are served. */
    public boolean includes(String arrayName) {
        return array == null || array.equals(arrayName);
    }

    /** True when this scope is one array. */
    public boolean scoped() {
        return array != null;
    }
}
