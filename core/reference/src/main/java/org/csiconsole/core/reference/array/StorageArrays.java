package org.csiconsole.core.reference.array;

import java.util.List;
import java.util.Optional;

/**
 * The arrays (sites) of the {@link ArrayModel} and the space of their pools: what is
 * provisioned, what is still available, what is used.
 */
public final class StorageArrays {
    private final ModelTables tables;

    StorageArrays(ModelTables tables) {
        this.tables = tables;
    }

    /** Adds or replaces an array definition (seeding). */
    public StorageArray put(StorageArray array) {
        return tables.mutate(tx -> {
            tx.put(tables.arrays, array.name(), array);
            return array;
        });
    }

    /** Every array, by name. */
    public List<StorageArray> all() {
        return List.copyOf(tables.arrays.rows.values());
    }

    /** The array with this name. */
    public Optional<StorageArray> get(String name) {
        return Optional.ofNullable(tables.arrays.get(name));
    }

    /** The array whose name or management IP is {@code nameOrIp} (CSP {@code x-array-ip}). */
    public Optional<StorageArray> byAddress(String nameOrIp) {
        return tables.arrays.rows.values().stream()
                .filter(a -> a.name().equals(nameOrIp) || a.managementIp().equals(nameOrIp)).findFirst();
    }

    /** Bytes provisioned (sum of capacity_bytes) in a pool. */
    public long provisionedBytes(String array, String pool) {
        return Math.max(0, tables.poolProvisioned.getOrDefault(array + "/" + pool, 0L));
    }

    /** Bytes still provisionable in a pool (GetCapacity available_capacity). */
    public long availableBytes(String array, String pool) {
        StorageArray a = tables.arrays.get(array);
        if (a == null) {
            return 0;
        }
        return a.pools().stream().filter(p -> p.name().equals(pool)).findFirst()
                .map(p -> Math.max(0, p.capacityBytes() - provisionedBytes(array, pool))).orElse(0L);
    }

    /** Sum of thin used bytes of the volumes in a pool. */
    public long usedBytes(String array, String pool) {
        return tables.volumes.rows.values().stream().filter(v -> v.array().equals(array) && v.pool().equals(pool))
                .mapToLong(VolumeRecord::usedBytes).sum();
    }
}
