package org.csiconsole.core.model;

import java.util.Objects;

/**
 * How full one pool of one array is, as the array itself reports it. CSI has no such figure
 * (GetCapacity reports {@code available_capacity} only) and neither has the HPE CSP REST API (no
 * pools endpoint); the console's own reference arrays report theirs.
 *
 * @param array the array's name (its CSP {@code x-array-ip} alias), never null
 * @param pool the pool's name, never null
 * @param totalBytes the pool's provisionable capacity in bytes, at least 0
 * @param usedBytes bytes of that capacity in use (for a thin pool: the provisioned {@code capacity_bytes}
 *     of its volumes), between 0 and {@code totalBytes}
 */
public record PoolUsage(String array, String pool, long totalBytes, long usedBytes) {
    public PoolUsage {
        Objects.requireNonNull(array, "array");
        Objects.requireNonNull(pool, "pool");
        totalBytes = Math.max(0, totalBytes);
        usedBytes = Math.min(Math.max(0, usedBytes), totalBytes);
    }

    /** Bytes still free: {@code totalBytes - usedBytes}. */
    public long freeBytes() {
        return totalBytes - usedBytes;
    }
}
