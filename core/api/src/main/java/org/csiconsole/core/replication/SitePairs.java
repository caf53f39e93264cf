package org.csiconsole.core.replication;

import org.csiconsole.core.model.VolumeReplicationRole;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Matches the samples of two sites into {@link SitePair}s and flags mismatches. A sample of A is
 * paired with the sample of B whose source id is A's destination id (GetReplicationDestinationInfo
 * or the listing), or whose destination id is A's source id. B's samples that nothing on A names are
 * listed last, as pairs without an A side. Pure: no call is made.
 */
public final class SitePairs {
    private SitePairs() {
    }

    /** Pairs in A's order, then B's unmatched samples. */
    public static List<SitePair> match(List<ReplicationSample> siteA, List<ReplicationSample> siteB) {
        Map<String, ReplicationSample> bById = new HashMap<>();
        Map<String, ReplicationSample> bByDestination = new HashMap<>();
        for (ReplicationSample s : siteB) {
            bById.put(key(s.source().group(), s.source().id()), s);
            if (!s.destinationId().isEmpty()) bByDestination.put(key(s.source().group(), s.destinationId()), s);
        }
        // By identity: a sample's own hash reads every figure of it, for 10,000 samples a round.
        Set<ReplicationSample> used = Collections.newSetFromMap(new IdentityHashMap<>());
        List<SitePair> out = new ArrayList<>();
        for (ReplicationSample a : siteA) {
            String dest = a.destinationId();
            ReplicationSample b = dest.isEmpty() ? null : bById.get(key(a.source().group(), dest));
            if (b == null) b = bByDestination.get(key(a.source().group(), a.source().id()));
            if (b != null) used.add(b);
            out.add(new SitePair(a, b, judge(a, b)));
        }
        for (ReplicationSample b : siteB) {
            if (!used.contains(b)) out.add(new SitePair(null, b, judge(b, null)));
        }
        return out;
    }

    /** The mismatch of a pair; {@code b} null when no partner was found for {@code a}. */
    public static PairMismatch judge(ReplicationSample a, ReplicationSample b) {
        if (b == null) return a.destinationId().isEmpty() ? PairMismatch.DESTINATION_UNKNOWN : PairMismatch.PARTNER_MISSING;
        if (a == null) return PairMismatch.PARTNER_MISSING;
        VolumeReplicationRole ra = a.role();
        VolumeReplicationRole rb = b.role();
        if (ra == VolumeReplicationRole.PRIMARY && rb == VolumeReplicationRole.PRIMARY) return PairMismatch.BOTH_PRIMARY;
        if (ra == VolumeReplicationRole.UNKNOWN || rb == VolumeReplicationRole.UNKNOWN) return PairMismatch.ROLE_UNKNOWN;
        if (ra != VolumeReplicationRole.PRIMARY && rb != VolumeReplicationRole.PRIMARY) return PairMismatch.BOTH_SECONDARY;
        return PairMismatch.NONE;
    }

    private static String key(boolean group, String id) {
        return (group ? "g:" : "v:") + id;
    }
}
