package org.csiconsole.core.replication;

import java.util.Objects;

/**
 * A volume or group on site A next to its partner on site B.
 *
 * @param a site A's sample; null when only site B has the pair
 * @param b site B's sample; null when the partner is missing or unknown
 * @param mismatch what is wrong, {@link PairMismatch#NONE} when consistent
 */
public record SitePair(ReplicationSample a, ReplicationSample b, PairMismatch mismatch) {
    public SitePair {
        if (a == null && b == null) throw new IllegalArgumentException("a site pair needs at least one side");
        Objects.requireNonNull(mismatch, "mismatch");
    }

    /** The side that is primary, or null when none or both are. */
    public ReplicationSample primary() {
        boolean pa = a != null && a.role() == org.csiconsole.core.model.VolumeReplicationRole.PRIMARY;
        boolean pb = b != null && b.role() == org.csiconsole.core.model.VolumeReplicationRole.PRIMARY;
        return pa == pb ? null : pa ? a : b;
    }
}
