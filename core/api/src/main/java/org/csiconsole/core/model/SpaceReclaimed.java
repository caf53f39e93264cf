package org.csiconsole.core.model;

/**
 * Result of ReclaimSpace (csi-addons-reclaimspace.md, {@code ControllerReclaimSpaceResponse} /
 * {@code NodeReclaimSpaceResponse}).
 *
 * @param preUsageBytes bytes used before reclaiming; null when not reported
 * @param postUsageBytes bytes used after reclaiming; null when not reported
 */
public record SpaceReclaimed(Long preUsageBytes, Long postUsageBytes) {
    /** Bytes freed, or null when either figure is missing. */
    public Long freedBytes() {
        return preUsageBytes == null || postUsageBytes == null ? null : preUsageBytes - postUsageBytes;
    }
}
