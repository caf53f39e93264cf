package org.csiconsole.core.lifecycle;

import java.util.Objects;

/**
 * One fact a live state was read or inferred from.
 *
 * @param source where it came from: {@code "ControllerGetVolume"}, {@code "ListVolumes"},
 *     {@code "NodeGetVolumeStats"}, {@code "call trace"}, {@code "reference plugin"}
 * @param detail the fact in words, e.g. {@code "published_node_ids: node-1, node-2"}
 */
public record Evidence(String source, String detail) {
    public Evidence {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(detail, "detail");
    }

    @Override
    public String toString() {
        return source + ": " + detail;
    }
}
