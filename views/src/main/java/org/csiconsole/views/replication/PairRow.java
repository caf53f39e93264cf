package org.csiconsole.views.replication;

import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationState;
import org.csiconsole.core.replication.SitePair;

import java.util.Objects;

/**
 * One row of the site pairs table: a volume or group on site A next to its partner on site B.
 *
 * @param a site A
 * @param b site B
 * @param pair the two samples and their mismatch ({@link org.csiconsole.core.replication.SitePairs})
 */
public record PairRow(SiteChoice a, SiteChoice b, SitePair pair) {
    public PairRow {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(pair, "pair");
    }

    public ReplicationSample sideA() {
        return pair.a();
    }

    public ReplicationSample sideB() {
        return pair.b();
    }

    public PairMismatch mismatch() {
        return pair.mismatch();
    }

    /** Its one state ({@link ReplicationState#of(SitePair)}). */
    public ReplicationState state() {
        return ReplicationState.of(pair);
    }

    /** The side's name, or its id; for a missing side, empty. */
    public String name() {
        ReplicationSample s = pair.a() != null ? pair.a() : pair.b();
        return s.item().displayName();
    }

    /** Connection, sites and both ids: what makes a pair row the same across samples. */
    public String key() {
        return a.connection() + "/" + a.site() + "/" + b.connection() + "/" + b.site() + "/" + id(pair.a()) + "/" + id(pair.b());
    }

    private static String id(ReplicationSample s) {
        return s == null ? "" : (s.source().group() ? "g:" : "v:") + s.source().id();
    }

    /** Equal when both sides show the same, whenever read (see {@link ReplicationRow#equals}). */
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof PairRow p)) return false;
        return a.equals(p.a) && b.equals(p.b) && pair.mismatch() == p.pair.mismatch()
                && ReplicationRow.sameFigures(pair.a(), p.pair.a()) && ReplicationRow.sameFigures(pair.b(), p.pair.b());
    }

    @Override
    public int hashCode() {
        return key().hashCode();
    }

    String searchText() {
        return name() + " " + id(pair.a()) + " " + id(pair.b()) + " " + ReplicationState.pairWords(pair) + " "
                + ReplicationState.of(pair).token() + " "
                + (pair.a() == null ? "" : pair.a().role() + " " + pair.a().health()) + " "
                + (pair.b() == null ? "" : pair.b().role() + " " + pair.b().health());
    }
}
