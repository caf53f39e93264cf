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

    /** Pairs in A's order, then B's unmatched samples, checked by the drivers' partner ids alone ({@link PairingScope#NONE}). */
    public static List<SitePair> match(List<ReplicationSample> siteA, List<ReplicationSample> siteB) {
        return match(siteA, siteB, PairingScope.NONE);
    }

    /**
     * Pairs in A's order, then B's unmatched samples; a pair the drivers' facts deny is {@link PairMismatch#NOT_CONFIRMED}
     * ({@link #judge(ReplicationSample, ReplicationSample, PairingScope)}).
     */
    public static List<SitePair> match(List<ReplicationSample> siteA, List<ReplicationSample> siteB, PairingScope scope) {
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
            out.add(new SitePair(a, b, judge(a, b, scope)));
        }
        for (ReplicationSample b : siteB) {
            if (!used.contains(b)) out.add(new SitePair(null, b, judge(b, null)));
        }
        return out;
    }

    /** The mismatch of a pair, checked by the drivers' partner ids alone; {@code b} null when no partner was found for {@code a}. */
    public static PairMismatch judge(ReplicationSample a, ReplicationSample b) {
        return judge(a, b, PairingScope.NONE);
    }

    /**
     * The mismatch of a pair; {@code b} null when no partner was found for {@code a}. A pair matched by an equal id is
     * {@link PairMismatch#NOT_CONFIRMED} when the drivers' own facts deny it ({@link #unconfirmed}).
     */
    public static PairMismatch judge(ReplicationSample a, ReplicationSample b, PairingScope scope) {
        if (b == null) return a.destinationId().isEmpty() ? PairMismatch.DESTINATION_UNKNOWN : PairMismatch.PARTNER_MISSING;
        if (a == null) return PairMismatch.PARTNER_MISSING;
        if (!unconfirmed(a, b, scope).isEmpty()) return PairMismatch.NOT_CONFIRMED;
        VolumeReplicationRole ra = a.role();
        VolumeReplicationRole rb = b.role();
        if (ra == VolumeReplicationRole.PRIMARY && rb == VolumeReplicationRole.PRIMARY) return PairMismatch.BOTH_PRIMARY;
        if (ra == VolumeReplicationRole.UNKNOWN || rb == VolumeReplicationRole.UNKNOWN) return PairMismatch.ROLE_UNKNOWN;
        if (ra != VolumeReplicationRole.PRIMARY && rb != VolumeReplicationRole.PRIMARY) return PairMismatch.BOTH_SECONDARY;
        return PairMismatch.NONE;
    }

    /**
     * Why the drivers' own facts deny that {@code a} (site A) and {@code b} (site B) are one pair; empty when nothing
     * denies it. Denied when a side names a partner volume (its listed partner id or GetReplicationDestinationInfo) other
     * than the other side, or when a side names its partner array ({@link ReplicationContextKeys#PARTNER}, a CSP's
     * {@code replication_partner}) and {@code scope} knows that array to be another site, or to be served by that side's
     * own connection while the other side was read through another one (two arrays with the same name and seed).
     */
    public static String unconfirmed(ReplicationSample a, ReplicationSample b, PairingScope scope) {
        String ids = deniedId(a, b);
        if (ids.isEmpty()) ids = deniedId(b, a);
        if (!ids.isEmpty()) return ids;
        String byA = scope.denies(a, scope.a(), scope.b());
        return byA.isEmpty() ? scope.denies(b, scope.b(), scope.a()) : byA;
    }

    private static String deniedId(ReplicationSample side, ReplicationSample other) {
        String dest = side.destinationId();
        if (dest.isEmpty() || dest.equals(other.source().id())) return "";
        return side.item().displayName() + " on " + side.site() + " names " + dest + " as its partner, not " + other.source().id();
    }

    private static String key(boolean group, String id) {
        return (group ? "g:" : "v:") + id;
    }
}
