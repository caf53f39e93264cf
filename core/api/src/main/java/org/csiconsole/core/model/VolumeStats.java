package org.csiconsole.core.model;

import java.util.List;

/**
 * Usage of a volume as the node sees it (csi.proto {@code NodeGetVolumeStatsResponse}).
 *
 * @param usage one entry per unit (bytes, inodes); never null
 * @param condition volume condition (alpha field), {@link VolumeCondition#NORMAL} when not reported
 */
public record VolumeStats(List<Usage> usage, VolumeCondition condition) {
    public VolumeStats {
        usage = usage == null ? List.of() : List.copyOf(usage);
        condition = condition == null ? VolumeCondition.NORMAL : condition;
    }

    /** What a usage entry counts. */
    public enum Unit { UNKNOWN, BYTES, INODES }

    /**
     * One usage entry ({@code VolumeUsage}).
     *
     * @param unit bytes or inodes
     * @param available available amount in {@code unit}
     * @param total total amount in {@code unit}
     * @param used used amount in {@code unit}
     */
    public record Usage(Unit unit, long available, long total, long used) {
    }
}
