package org.csiconsole.views.replication;

import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationState;
import org.csiconsole.core.replication.SitePair;
import org.csiconsole.core.replication.SitePairs;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the replication view shows after a round, built off the UI thread from every connection's
 * latest samples: the sites, one row per volume or group per site, the site pairs of site A and
 * site B, and the counts of the summary.
 *
 * @param sites every site seen, in connection order
 * @param rows one per sampled volume or group per site
 * @param pairs site A next to site B; empty unless both are chosen
 * @param counts the summary's figures
 */
record ReplicationSnapshot(List<SiteChoice> sites, List<ReplicationRow> rows, List<PairRow> pairs, Tally counts) {

    /**
     * The figures of the summary line.
     *
     * @param total rows
     * @param rows rows per state ({@link ReplicationRow#state()}): each row counts once, so they add up to {@code total}
     * @param splitPairs site pairs with both sides primary
     * @param mismatchedPairs site pairs with another mismatch
     * @param unanswered rows whose latest read failed, whatever their state (a split brain stays one while its driver
     *     does not answer): their figures are the previous ones
     * @param splitBrainPairs the pairs the split-brain rows form, on every connection: a row and its partner are one pair,
     *     a row whose partner is not read one pair of its own
     */
    record Tally(int total, Map<ReplicationState, Integer> rows, int splitPairs, int mismatchedPairs, int unanswered, int splitBrainPairs) {
        static final Tally NONE = new Tally(0, Map.of(), 0, 0, 0, 0);

        Tally {
            rows = Map.copyOf(rows);
        }

        /** The rows in {@code state}. */
        int count(ReplicationState state) {
            return rows.getOrDefault(state, 0);
        }
    }

    /** One connection's latest samples, as the builder reads them. */
    record Feed(String connection, SiteChoice defaultSite, List<ReplicationSample> samples) {
    }

    static final ReplicationSnapshot EMPTY = new ReplicationSnapshot(List.of(), List.of(), List.of(), Tally.NONE);

    /**
     * Builds the snapshot. A connection whose samples name sites gets one site per name; one whose
     * samples name none is one site, its default. Sites are listed connection by connection, each
     * connection's in name order: a connection serving several arrays (the demo) has a feed per
     * array, and the feed whose driver answered first must not decide which site is A.
     *
     * @param a site A, or null
     * @param b site B, or null
     */
    static ReplicationSnapshot build(List<Feed> feeds, SiteChoice a, SiteChoice b) {
        List<SiteChoice> sites = new ArrayList<>();
        Map<String, List<ReplicationSample>> bySite = new LinkedHashMap<>();
        Map<String, SiteChoice> siteByKey = new LinkedHashMap<>();
        for (Feed f : feeds) {
            boolean any = false;
            for (ReplicationSample s : f.samples()) {
                String site = s.site();
                if (site.isEmpty()) site = f.defaultSite().site();
                String key = f.connection() + "\u0000" + site;
                SiteChoice choice = siteByKey.get(key);
                if (choice == null) {
                    choice = new SiteChoice(f.connection(), site, f.defaultSite().port(), f.defaultSite().fence(), f.defaultSite().endpoint());
                    siteByKey.put(key, choice);
                    sites.add(choice);
                }
                bySite.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
                any = true;
            }
            if (!any) {
                String key = f.connection() + "\u0000" + f.defaultSite().site();
                if (siteByKey.putIfAbsent(key, f.defaultSite()) == null) sites.add(f.defaultSite());
            }
        }
        // connection by connection (in the order they came), each connection's sites by name
        Map<String, Integer> connectionOrder = new LinkedHashMap<>();
        for (SiteChoice c : sites) connectionOrder.putIfAbsent(c.connection(), connectionOrder.size());
        sites.sort(java.util.Comparator.<SiteChoice>comparingInt(c -> connectionOrder.get(c.connection())).thenComparing(SiteChoice::site));
        SiteChoice siteA = find(sites, a);
        SiteChoice siteB = find(sites, b);
        List<PairRow> pairs = new ArrayList<>();
        Map<ReplicationSample, SitePair> pairOf = new IdentityHashMap<>();
        if (siteA != null && siteB != null && !siteA.same(siteB)) {
            List<ReplicationSample> sa = bySite.getOrDefault(key(siteA), List.of());
            List<ReplicationSample> sb = bySite.getOrDefault(key(siteB), List.of());
            for (SitePair p : SitePairs.match(sa, sb, scope(sites, siteA, siteB))) {
                pairs.add(new PairRow(siteA, siteB, p));
                if (p.a() != null) pairOf.put(p.a(), p);
                if (p.b() != null) pairOf.put(p.b(), p);
            }
        }
        List<ReplicationRow> rows = new ArrayList<>();
        Map<ReplicationState, Integer> states = new java.util.EnumMap<>(ReplicationState.class);
        for (SiteChoice site : sites) {
            for (ReplicationSample s : bySite.getOrDefault(key(site), List.of())) {
                SitePair p = pairOf.get(s);
                ReplicationSample partner = p == null ? null : p.a() == s ? p.b() : p.a();
                ReplicationRow row = new ReplicationRow(site, s, p == null ? null : p.mismatch(), partner,
                        partner == null ? null : site.same(siteA) ? siteB : siteA);
                if (partner == null || p.mismatch() == PairMismatch.NOT_CONFIRMED) row = ownPair(row, sites, bySite).orElse(row);
                rows.add(row);
                states.merge(row.state(), 1, Integer::sum);
            }
        }
        int split = 0, mismatched = 0;
        for (PairRow p : pairs) {
            if (p.mismatch() == PairMismatch.BOTH_PRIMARY) split++;
            else if (p.mismatch() != PairMismatch.NONE) mismatched++;
        }
        return new ReplicationSnapshot(List.copyOf(sites), rows, pairs, new Tally(rows.size(), states, split, mismatched,
                (int) rows.stream().filter(r -> r.sample().lastError() != null
                        && !org.csiconsole.core.replication.InventoryNote.answered(r.sample())).count(), splitBrainPairs(rows)));
    }

    /**
     * How many pairs the split-brain {@code rows} form: a row and its partner (each by connection, site and id, in either
     * order) are one pair; a row whose partner is not read is one with the destination its driver names.
     */
    static int splitBrainPairs(List<ReplicationRow> rows) {
        return (int) rows.stream().filter(r -> r.state() == ReplicationState.SPLIT_BRAIN).map(r -> {
            String self = side(r.site(), r.source().id());
            String other = r.partner() != null ? side(r.partnerSite(), r.partner().source().id()) : "\u0000" + r.sample().destinationId();
            return self.compareTo(other) < 0 ? self + "\u0001" + other : other + "\u0001" + self;
        }).distinct().count();
    }

    private static String side(SiteChoice site, String id) {
        return site.connection() + "\u0000" + site.site() + "\u0000" + id;
    }

    /**
     * {@code row} paired with the partner its own driver names, read through the row's own connection: the sample there
     * whose id is the row's destination id (or whose destination id is the row's id), on another site than the row's,
     * on the partner array the row names when it names one. A pairing of the chosen sites that the drivers do not
     * confirm, or finds no partner, never hides the partner the driver itself reports (and so never a split brain);
     * empty when the row's connection lists no such partner.
     */
    private static java.util.Optional<ReplicationRow> ownPair(ReplicationRow row, List<SiteChoice> sites,
                                                              Map<String, List<ReplicationSample>> bySite) {
        ReplicationSample s = row.sample();
        String dest = s.destinationId();
        String array = s.item().partner();
        ReplicationRow best = null;
        for (SiteChoice other : sites) {
            if (!other.connection().equals(row.site().connection()) || other.same(row.site())) continue;
            for (ReplicationSample o : bySite.getOrDefault(key(other), List.of())) {
                if (o.source().group() != s.source().group()) continue;
                boolean named = !dest.isEmpty() ? o.source().id().equals(dest) : o.destinationId().equals(s.source().id());
                if (!named) continue;
                ReplicationRow found = new ReplicationRow(row.site(), s, SitePairs.judge(s, o), o, other);
                if (array.isEmpty() || array.equals(other.site())) return java.util.Optional.of(found);
                if (best == null) best = found;
            }
        }
        return java.util.Optional.ofNullable(best);
    }

    /** Site A and site B among {@code sites}, as core checks a pair against the drivers' facts. */
    static org.csiconsole.core.replication.PairingScope scope(List<SiteChoice> sites, SiteChoice a, SiteChoice b) {
        return new org.csiconsole.core.replication.PairingScope(site(a), site(b), sites.stream().map(ReplicationSnapshot::site).toList());
    }

    private static org.csiconsole.core.replication.PairingScope.Site site(SiteChoice s) {
        return s == null ? null : new org.csiconsole.core.replication.PairingScope.Site(s.connection(), s.name());
    }

    private static String key(SiteChoice s) {
        return s.connection() + "\u0000" + s.site();
    }

    /** The site of {@code sites} that is {@code wanted}, or null. */
    static SiteChoice find(List<SiteChoice> sites, SiteChoice wanted) {
        if (wanted == null) return null;
        for (SiteChoice s : sites) if (s.same(wanted)) return s;
        // a connection renamed when it was edited: the same endpoint and site is the same place
        for (SiteChoice s : sites) {
            if (!wanted.endpoint().isEmpty() && s.endpoint().equals(wanted.endpoint()) && s.site().equals(wanted.site())) return s;
        }
        return null;
    }
}
