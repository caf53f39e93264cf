package org.csiconsole.core.reference.array;

import java.time.Clock;
import java.util.List;

/**
 * Network fencing of the {@link ArrayModel}: the fenced CIDRs (IPv4 and IPv6) and the test whether
 * a host has a network inside one of them (host networks are IPv4).
 */
public final class Fencing {
    private final ModelTables tables;
    private final Clock clock;

    Fencing(ModelTables tables, Clock clock) {
        this.tables = tables;
        this.clock = clock;
    }

/** Fenced CIDRs. */
    public List<FenceRecord> fences() {
        return List.copyOf(tables.fences.rows.values());
    }

/**
     * Fences CIDRs (csi-addons FenceClusterNetwork); idempotent.
     *
     * @throws ModelException INVALID_ARGUMENT for a malformed CIDR
     */
    public List<FenceRecord> fence(List<String> cidrs) {
        cidrs.forEach(Fencing::check);
        tables.mutate(tx -> {
            for (String c : cidrs) {
                if (tables.fences.get(c) == null) {
                    tx.put(tables.fences, c, new FenceRecord(c, clock.millis()));
                }
            }
            return Boolean.TRUE;
        });
        return fences();
    }

/** Unfences CIDRs (csi-addons UnfenceClusterNetwork); idempotent. */
    public List<FenceRecord> unfence(List<String> cidrs) {
        cidrs.forEach(Fencing::check);
        tables.mutate(tx -> {
            cidrs.forEach(c -> tx.delete(tables.fences, c));
            return Boolean.TRUE;
        });
        return fences();
    }

    /** Why the host is fenced (which of its networks lies in which fenced CIDR), or null when it is not. */
    String fencedNetwork(HostRecord h) {
        for (FenceRecord f : tables.fences.rows.values()) {
            // Host networks are IPv4: an IPv6 block is kept and listed, and refuses no IPv4 host.
            if (f.cidr().contains(":")) continue;
            long[] fc = parseCidr(f.cidr());
            for (String n : h.networks()) {
                long[] hc = parseCidr(n);
                if (hc[1] >= fc[1] && (hc[0] & mask(fc[1])) == (fc[0] & mask(fc[1]))) {
                    return "network " + n + " is inside fenced " + f.cidr();
                }
            }
        }
        return null;
    }

    /** An IPv4 CIDR (see {@link #parseCidr}) or an IPv6 one: hex groups, '::', a prefix of 0 to 128. */
    private static void check(String cidr) {
        if (cidr == null || !cidr.contains(":")) {
            parseCidr(cidr);
            return;
        }
        String[] parts = cidr.split("/", -1);
        boolean ok = parts.length <= 2 && parts[0].matches("[0-9A-Fa-f:.]+");
        if (ok && parts.length == 2) ok = parts[1].matches("\\d{1,3}") && Integer.parseInt(parts[1]) <= 128;
        if (ok) {
            try {
                // Only hex digits, ':' and '.': parsed as a literal, never looked up.
                java.net.InetAddress.getByName(parts[0]);
            } catch (java.io.IOException e) {
                ok = false;
            }
        }
        if (!ok) throw ModelException.invalid("'" + cidr + "' is not an IPv6 CIDR such as fd00:10::/64.");
    }

    private static long mask(long prefix) {
        return prefix == 0 ? 0 : (0xffffffffL << (32 - prefix)) & 0xffffffffL;
    }

    private static long[] parseCidr(String cidr) {
        String[] parts = cidr == null ? new String[0] : cidr.split("/");
        try {
            String[] octets = parts[0].split("\\.");
            if (octets.length != 4) {
                throw new IllegalArgumentException();
            }
            long addr = 0;
            for (String o : octets) {
                int b = Integer.parseInt(o);
                if (b < 0 || b > 255) {
                    throw new IllegalArgumentException();
                }
                addr = (addr << 8) | b;
            }
            long prefix = parts.length > 1 ? Integer.parseInt(parts[1]) : 32;
            if (prefix < 0 || prefix > 32 || parts.length > 2) {
                throw new IllegalArgumentException();
            }
            return new long[] {addr, prefix};
        } catch (RuntimeException e) {
            throw ModelException.invalid("'" + cidr + "' is not an IPv4 CIDR such as 10.10.2.0/24.");
        }
    }
}
