package org.csiconsole.core.reference.array;

import java.util.List;

/**
 * A simulated array: a name (also the CSP {@code x-array-ip} alias), its management IP, its
 * replication partner (another array's name, or null), the iSCSI discovery IPs it serves, and its
 * pools.
 */
public record StorageArray(String name, String managementIp, String partner, List<String> discoveryIps,
                           List<Pool> pools) {
    public StorageArray {
        discoveryIps = List.copyOf(discoveryIps);
        pools = List.copyOf(pools);
    }

    /** A pool and its provisionable capacity in bytes (thin: counts provisioned capacity_bytes). */
    public record Pool(String name, long capacityBytes) {
    }
}
