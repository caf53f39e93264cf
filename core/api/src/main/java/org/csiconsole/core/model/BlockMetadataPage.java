package org.csiconsole.core.model;

import java.util.List;

/**
 * One message of a SnapshotMetadata stream (csi.proto {@code GetMetadataAllocatedResponse} /
 * {@code GetMetadataDeltaResponse}; the SnapshotMetadata service is alpha in CSI v1.12).
 *
 * @param variableLength true for VARIABLE_LENGTH block metadata, false for FIXED_LENGTH
 * @param volumeCapacityBytes capacity of the snapshotted volume, in bytes
 * @param blocks allocated or changed ranges; never null
 */
public record BlockMetadataPage(boolean variableLength, long volumeCapacityBytes, List<Block> blocks) {
    public BlockMetadataPage {
        blocks = blocks == null ? List.of() : List.copyOf(blocks);
    }

    /**
     * One range ({@code BlockMetadata}).
     *
     * @param byteOffset start, in bytes from the start of the volume
     * @param sizeBytes length in bytes
     */
    public record Block(long byteOffset, long sizeBytes) {
    }
}
