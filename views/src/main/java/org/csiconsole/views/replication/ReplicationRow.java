package org.csiconsole.views.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationState;
import org.csiconsole.core.replication.SitePair;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.RpoThresholds;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One row of the replication view: a replicated volume or volume group on one site, its latest
 * sample, and (when its site is site A or site B) its partner on the other site with what is wrong
 * with the pair.
 *
 * @param site the site it was sampled on
 * @param sample its latest sample (stale figures are kept and marked, never shown as current)
 * @param mismatch what is wrong with its pair; null when its site is neither site A nor site B
 * @param partner the partner's sample on the other site; null when not paired or not found
 * @param partnerSite the site (connection and site) {@code partner} was read on: the other site of the row's own
 *     pair; null when {@code partner} is. Two connections may serve sites of the same name and ids, so a partner is
 *     only ever taken together with its site.
 */
public record ReplicationRow(SiteChoice site, ReplicationSample sample, PairMismatch mismatch, ReplicationSample partner,
                             SiteChoice partnerSite) {
    public ReplicationRow {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(sample, "sample");
        if ((partner == null) != (partnerSite == null)) throw new IllegalArgumentException("a partner is given with its site");
    }

    /** What makes a row the same row across samples: connection, site, kind and id. */
    public String key() {
        return key(site, source());
    }

    /** The {@link #key} of the row of {@code source} on {@code site}. */
    static String key(SiteChoice site, ReplicationSource source) {
        return site.connection() + "/" + site.site() + "/" + (source.group() ? "g:" : "v:") + source.id();
    }

    public ReplicationSource source() {
        return sample.source();
    }

    /** The name when reported, else the id. */
    public String name() {
        return sample.item().displayName();
    }

    /**
     * The name with its site and connection, as a selection, a dialog or a result names it: {@code "vol-1 on site-a ·
     * Demo"}. Two connections may serve the same ids, so a name alone may stand for two volumes.
     */
    public String where() {
        return name() + " on " + site.label();
    }

    /** Where the row came from: the driver's listing, or the console's record ("imported from a PV export"). */
    public String origin() {
        return sample.item().origin().isEmpty() ? org.csiconsole.core.record.RecordOrigin.LISTED.words() : sample.item().origin();
    }

    public VolumeReplicationRole role() {
        return sample.role();
    }

    public ReplicationHealth health() {
        return sample.health();
    }

    public boolean group() {
        return source().group();
    }

    /** The RPO age at {@code now}: now − last_sync_time, judged against the pair's interval. */
    public RpoAge rpo(RpoThresholds thresholds, Instant now) {
        return sample.rpo(thresholds, now);
    }

    /** True when the figures are not current at {@code now} (never read, the latest read failed, or older than {@code staleAfter}). */
    public boolean stale(Instant now, Duration staleAfter) {
        return sample.stale(now, staleAfter);
    }

    /** Its one state ({@link ReplicationState#of(ReplicationSample, PairMismatch)}): split brain, stale, mismatched, ... */
    public ReplicationState state() {
        return ReplicationState.of(sample, mismatch);
    }

    /** Its site pair (this side and its partner, in no site order); null when its site is neither site A nor B. */
    public SitePair pair() {
        return mismatch == null ? null : new SitePair(sample, partner, mismatch);
    }

    /** True when both sides of its pair report primary. */
    public boolean splitBrain() {
        return mismatch == PairMismatch.BOTH_PRIMARY;
    }

    /**
     * Rows are equal when they show the same: the same site, pair state and figures of both sides,
     * whenever they were read. A round that changed nothing of a row then keeps the row the table
     * holds, and its cells are not redrawn (with 20,000 rows, redrawing is most of a round's FX
     * time). How current a row is comes from its site's latest round ({@link ReplicationViewModel#readAt}).
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof ReplicationRow r)) return false;
        return site.equals(r.site) && mismatch == r.mismatch && Objects.equals(partnerSite, r.partnerSite)
                && sameFigures(sample, r.sample) && sameFigures(partner, r.partner);
    }

    @Override
    public int hashCode() {
        return Objects.hash(site.connection(), site.site(), sample.source());
    }

    /** True when both are null, or both were read without failure and report the same. */
    static boolean sameFigures(ReplicationSample x, ReplicationSample y) {
        if (x == y) return true;
        if (x == null || y == null) return false;
        return x.lastError() == null && y.lastError() == null && x.role() == y.role() && x.origin() == y.origin()
                && x.item().equals(y.item()) && Objects.equals(x.info(), y.info()) && Objects.equals(x.destination(), y.destination())
                && (x.readAt() == null) == (y.readAt() == null);
    }

    /** The text a filter finds the row by: name, id, site, role, health, message, partner and the pair's state. */
    String searchText() {
        return name() + " " + source().id() + " " + (group() ? "group" : "volume") + " " + site.label() + " "
                + role() + " " + health() + " " + sample.statusMessage() + " " + sample.item().partner() + " "
                + sample.destinationId() + " " + (mismatch == null ? "" : mismatch.words()) + " " + state().words() + " "
                + state().token() + (sample.lastError() != null ? " stale" : "");
    }
}
