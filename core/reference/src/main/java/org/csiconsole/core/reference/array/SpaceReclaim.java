package org.csiconsole.core.reference.array;

/**
 * Result of a space reclaim on a volume (csi-addons ReclaimSpace pre/post usage).
 *
 * @param volumeId        volume_id
 * @param preUsageBytes   used bytes before
 * @param postUsageBytes  used bytes after (never more than before)
 * @param capacityBytes   the volume's capacity_bytes
 */
public record SpaceReclaim(String volumeId, long preUsageBytes, long postUsageBytes, long capacityBytes) {
}
