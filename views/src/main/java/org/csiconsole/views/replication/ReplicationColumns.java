package org.csiconsole.views.replication;

import org.csiconsole.core.call.CallFailure;

import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationState;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.theme.ConsoleStyles;

import javafx.beans.Observable;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The columns and detail rows of the replication tables. Figures that age (the RPO age, how old a
 * sample is) are computed when a cell is drawn, from the clock, so they keep growing between samples.
 */
final class ReplicationColumns {
    /**
     * The Pair columns' width: the longest words a pair has ({@code "Pair not confirmed"}, {@code "Destination unknown"})
     * whole at 1280x800; a wider text widens the column ({@link Column#whole()}).
     */
    static final double PAIR_WIDTH = 170;
    private final Supplier<Instant> now;
    /** When a sample's figures were last confirmed on a site: its own read, or a later read that found them unchanged. */
    private BiFunction<SiteChoice, ReplicationSample, Instant> confirmed = (site, s) -> s.readAt();
    /** What redraws the ageing cells in sight (RPO age, last sync, sample age); null for never. */
    private Observable rounds;
    /** True while more than one connection is open: each row's site then names its connection. */
    private java.util.function.BooleanSupplier manyConnections = () -> false;
    private final Supplier<SamplerSettings> settings;
    private final ZoneId zone;

    ReplicationColumns(Supplier<Instant> now, Supplier<SamplerSettings> settings, ZoneId zone) {
        this.now = now;
        this.settings = settings;
        this.zone = zone;
    }

    /**
     * Rows kept across rounds because nothing they show changed: {@code confirmed} tells when a
     * sample's figures were last read (the kept row's own read is older), and each change of
     * {@code rounds} redraws the ageing cells in sight.
     */
    ReplicationColumns confirmedBy(BiFunction<SiteChoice, ReplicationSample, Instant> confirmed, Observable rounds) {
        this.confirmed = confirmed;
        this.rounds = rounds;
        return this;
    }

    /** Site cells that name their connection ({@code "site-a \u00b7 Demo"}) while {@code manyConnections} holds. */
    ReplicationColumns namingConnections(java.util.function.BooleanSupplier manyConnections) {
        this.manyConnections = manyConnections;
        return this;
    }

    private Instant readAt(ReplicationRow r) {
        return confirmed.apply(r.site(), r.sample());
    }

    private <T, V> Column<T, V> ageing(Column<T, V> c) {
        return rounds == null ? c : c.redrawnOn(rounds);
    }

    /** An RPO age's cell class: never ok in split brain, where nothing replicates whatever the last sync's age. */
    private static String rpoStyle(ReplicationState state, RpoAge rpo) {
        return state == ReplicationState.SPLIT_BRAIN ? ConsoleStyles.CELL_DANGER : ReplicationTexts.rpoStyle(rpo.level());
    }

    private String rpoTip(ReplicationState state, RpoAge rpo) {
        return (state == ReplicationState.SPLIT_BRAIN ? "Split brain: nothing replicates while both sides are primary, and the "
                + "age grows until one side is demoted and resynced. " : "") + ReplicationTexts.rpoTip(rpo, settings.get().thresholds());
    }

    private RpoAge rpo(ReplicationSample s) {
        return s.rpo(settings.get().thresholds(), now.get());
    }

    /** The recovery point of a row: its own last sync, else (a secondary reports none) its partner's. */
    private ReplicationSample figures(ReplicationRow r) {
        return r.sample().recoveryPoint(r.partner());
    }

    List<Column<ReplicationRow, ?>> rowColumns() {
        List<Column<ReplicationRow, ?>> c = new ArrayList<>();
        c.add(Column.<ReplicationRow, String>of("name", "Name", ReplicationRow::name).width(160).tooltip(r -> r.source().id()));
        // two connections served from the same seed hold the same ids: with several open, the site names its connection
        c.add(Column.<ReplicationRow, String>of("site", "Site", r -> manyConnections.getAsBoolean() ? r.site().label() : r.site().name())
                .width(130).tooltip(r -> r.site().describe()));
        c.add(Column.<ReplicationRow, String>of("role", "Role", r -> ReplicationTexts.role(r.sample())).width(100)
                .styleClass(r -> ReplicationTexts.roleStyle(r.sample())));
        c.add(Column.<ReplicationRow, String>of("health", "State", r -> r.state().words()).width(95)
                .styleClass(r -> ReplicationTexts.stateStyle(r.state()))
                .tooltip(r -> r.state().meaning() + "\nHealth reported: " + ReplicationTexts.health(r.sample())
                        + (r.sample().statusMessage().isEmpty() ? "" : "\n" + r.sample().statusMessage())));
        c.add(ageing(Column.<ReplicationRow, Duration>of("rpo", "RPO age", r -> rpo(figures(r)).age()))
                .format(d -> d == null ? "unknown" : RpoAge.words(d)).alignRight().width(85)
                .styleClass(r -> rpoStyle(r.state(), rpo(figures(r))))
                .tooltip(r -> rpoTip(r.state(), rpo(figures(r)))
                        + (figures(r) != r.sample() ? " (the partner's last sync: a secondary reports none)" : "")));
        c.add(ageing(Column.<ReplicationRow, Instant>of("lastSync", "Last sync", r -> figures(r).lastSyncTime()))
                .format(t -> ReplicationTexts.time(t, now.get(), zone)).width(90).whole());
        c.add(Column.<ReplicationRow, Duration>of("duration", "Sync took", r -> figures(r).info() == null ? null
                : figures(r).info().lastSyncDuration()).format(ReplicationTexts::duration).alignRight().width(95));
        c.add(Column.<ReplicationRow, Long>of("bytes", "Sync bytes", r -> figures(r).info() == null ? -1L
                : figures(r).info().lastSyncBytes()).format(b -> ReplicationTexts.bytes(b)).alignRight().width(95)
                .tooltip(r -> figures(r).info() == null || figures(r).info().lastSyncBytes() < 0 ? null
                        : org.csiconsole.core.model.ByteSize.grouped(figures(r).info().lastSyncBytes()) + " bytes"));
        c.add(Column.<ReplicationRow, String>of("pair", "Pair", r -> r.pair() == null ? "" : ReplicationState.pairWords(r.pair()))
                .width(PAIR_WIDTH).whole().styleClass(r -> r.pair() == null ? null : ReplicationTexts.stateStyle(ReplicationState.of(r.pair())))
                .tooltip(r -> r.mismatch() == null ? "Not on site A or site B." : r.mismatch().meaning() + "\n" + r.mismatch().safeNextStep()));
        c.add(Column.<ReplicationRow, String>of("message", "Status message", r -> r.sample().statusMessage()).width(230)
                .tooltip(r -> r.sample().statusMessage()));
        c.add(Column.<ReplicationRow, String>of("partner", "Partner", r -> ReplicationTexts.partner(r.sample())).width(180).mono());
        c.add(Column.<ReplicationRow, String>of("kind", "Kind", r -> r.group()
                ? "Group (" + r.sample().item().memberIds().size() + ")" : "Volume").width(90));
        c.add(Column.<ReplicationRow, Duration>of("interval", "Interval", r -> r.sample().item().schedulingInterval())
                .format(ReplicationTexts::duration).alignRight().width(80).hidden());
        c.add(ageing(Column.<ReplicationRow, String>of("sample", "Sample", r -> ReplicationTexts.freshness(r.sample(), readAt(r), now.get(),
                        settings.get().staleAfter()))).width(120)
                .styleClass(r -> ReplicationTexts.stale(r.sample(), readAt(r), now.get(), settings.get().staleAfter())
                        ? ConsoleStyles.CELL_WARNING : ConsoleStyles.CELL_MUTED)
                .tooltip(r -> sampleTip(r)));
        c.add(Column.<ReplicationRow, String>of("origin", "Origin", ReplicationRow::origin).width(190));
        c.add(Column.<ReplicationRow, String>of("id", "Id", r -> r.source().id()).width(200).mono().hidden());
        return c;
    }

    /** When the row's figures were read; for a failed read, why, and whether older figures or none are shown. */
    private String sampleTip(ReplicationRow r) {
        CallFailure f = r.sample().lastError();
        if (f == null) return readAt(r) == null ? ReplicationState.NOT_READ.meaning() : "Read at " + ReplicationTexts.time(readAt(r), now.get(), zone);
        if (org.csiconsole.core.replication.InventoryNote.answered(r.sample())) {
            return "The driver answered: " + f.why() + "\n" + ReplicationTexts.unread(r.sample()).meaning();
        }
        return (readAt(r) == null ? "No read has succeeded yet: " : "The latest read failed: ") + f.getMessage() + "\n"
                + (readAt(r) == null ? ReplicationTexts.unread(r.sample()).meaning() : ReplicationState.STALE.meaning());
    }

    List<DetailRow> rowDetail(ReplicationRow r) {
        ReplicationSample s = r.sample();
        Instant t = now.get();
        List<DetailRow> d = new ArrayList<>();
        d.add(DetailRow.id(r.group() ? "Volume group id" : "Volume id", r.source().id()));
        d.add(DetailRow.of("Site", r.site().label()));
        d.add(DetailRow.of("Role", ReplicationTexts.role(s)));
        d.add(DetailRow.of("State", r.state().words() + ". " + r.state().meaning()));
        d.add(DetailRow.of("Health", ReplicationTexts.health(s) + (s.statusMessage().isEmpty() ? "" : ": " + s.statusMessage())));
        ReplicationSample f = figures(r);
        RpoAge rpo = rpo(f);
        d.add(DetailRow.of("RPO age", rpo.text() + (rpo.age() == null ? "" : " (" + rpo.level().name().toLowerCase(java.util.Locale.ROOT)
                + "; interval " + ReplicationTexts.duration(rpo.interval()) + ")")));
        d.add(DetailRow.of("Last sync", f.lastSyncTime() == null ? "" : ReplicationTexts.exactTime(f.lastSyncTime(), zone)
                + (f != s ? " (reported by the partner)" : "")));
        if (f.info() != null) {
            d.add(DetailRow.of("Sync took", ReplicationTexts.duration(f.info().lastSyncDuration())));
            d.add(DetailRow.of("Sync bytes", f.info().lastSyncBytes() < 0 ? "not reported"
                    : ReplicationTexts.bytes(f.info().lastSyncBytes()) + " (" + org.csiconsole.core.model.ByteSize.grouped(f.info().lastSyncBytes()) + " bytes)"));
        }
        d.add(DetailRow.of("Interval", ReplicationTexts.duration(s.item().schedulingInterval())));
        d.add(DetailRow.of("Partner", s.item().partner()));
        d.add(DetailRow.id("Partner id", s.destinationId()));
        if (r.mismatch() != null) {
            d.add(DetailRow.of("Pair", ReplicationState.pairWords(r.pair()) + ". " + r.mismatch().meaning()));
            if (r.mismatch() != PairMismatch.NONE) d.add(DetailRow.of("Next step", r.mismatch().safeNextStep()));
        }
        if (r.group()) {
            d.add(DetailRow.block("Members", String.join("\n", s.item().memberIds())));
            ReplicationDestination dest = s.destination();
            if (dest != null && !dest.volumeIds().isEmpty()) {
                StringBuilder b = new StringBuilder();
                for (Map.Entry<String, String> e : new java.util.TreeMap<>(dest.volumeIds()).entrySet()) {
                    b.append(e.getKey()).append("  \u2192  ").append(e.getValue()).append('\n');
                }
                d.add(DetailRow.block("Source \u2192 destination", b.toString().strip()));
            }
        }
        d.add(DetailRow.of("Sample", ReplicationTexts.freshness(s, readAt(r), t, settings.get().staleAfter()) + " \u00b7 from "
                + origin(s)));
        if (s.lastError() != null) {
            d.add(DetailRow.of("Latest read failed", s.lastError().getMessage()
                    + (s.lastError().whatToDo().isEmpty() ? "" : " " + s.lastError().whatToDo())));
        }
        return d;
    }

    private static String origin(ReplicationSample s) {
        return switch (s.origin()) {
            case CSI_ADDONS -> "GetVolumeReplicationInfo";
            case CSP_PARTNER -> "the CSP array's replication partner";
            case CSP_SNAPSHOT_GROUP -> "the CSP snapshot group";
            case LISTING -> "the listing only";
        };
    }

    // ---- pairs

    List<Column<PairRow, ?>> pairColumns() {
        List<Column<PairRow, ?>> c = new ArrayList<>();
        c.add(Column.<PairRow, String>of("name", "Name", PairRow::name).width(150));
        c.add(Column.<PairRow, String>of("pair", "Pair", p -> ReplicationState.pairWords(p.pair())).width(PAIR_WIDTH).whole()
                .styleClass(p -> ReplicationTexts.stateStyle(p.state()))
                .tooltip(p -> p.mismatch() == PairMismatch.NONE ? p.state().meaning() : p.mismatch().meaning()));
        c.add(Column.<PairRow, String>of("aRole", "A role", p -> p.sideA() == null ? "\u2014" : ReplicationTexts.role(p.sideA()))
                .width(90).styleClass(p -> p.sideA() == null ? ConsoleStyles.CELL_MUTED : ReplicationTexts.roleStyle(p.sideA())));
        c.add(Column.<PairRow, String>of("bRole", "B role", p -> p.sideB() == null ? "\u2014" : ReplicationTexts.role(p.sideB()))
                .width(90).styleClass(p -> p.sideB() == null ? ConsoleStyles.CELL_MUTED : ReplicationTexts.roleStyle(p.sideB())));
        c.add(Column.<PairRow, String>of("health", "Health", p -> ReplicationTexts.health(primaryOrAny(p))).width(90)
                .styleClass(p -> ReplicationTexts.healthStyle(primaryOrAny(p))).tooltip(p -> primaryOrAny(p).statusMessage()));
        c.add(ageing(Column.<PairRow, Duration>of("rpo", "RPO age", p -> rpo(syncing(p)).age()))
                .format(d -> d == null ? "unknown" : RpoAge.words(d)).alignRight().width(95)
                .styleClass(p -> rpoStyle(p.state(), rpo(syncing(p))))
                .tooltip(p -> rpoTip(p.state(), rpo(syncing(p)))));
        c.add(Column.<PairRow, String>of("b", "Partner on B", p -> side(p.sideB())).width(140).mono());
        c.add(Column.<PairRow, String>of("next", "Safe next step", p -> p.mismatch() == PairMismatch.NONE ? "" : p.mismatch().safeNextStep())
                .width(420).tooltip(p -> p.mismatch().meaning() + "\n" + p.mismatch().safeNextStep()));
        c.add(Column.<PairRow, String>of("a", "Id on A", p -> side(p.sideA())).width(140).mono().hidden());
        return c;
    }

    private static String side(ReplicationSample s) {
        return s == null ? "missing" : s.source().id();
    }

    private static ReplicationSample primaryOrAny(PairRow p) {
        ReplicationSample s = p.pair().primary();
        return s != null ? s : p.sideA() != null ? p.sideA() : p.sideB();
    }

    /** The side that reports the pair's last sync (the primary, normally). */
    private static ReplicationSample syncing(PairRow p) {
        ReplicationSample pr = p.pair().primary();
        if (pr != null && pr.lastSyncTime() != null) return pr;
        if (p.sideA() != null && p.sideA().lastSyncTime() != null) return p.sideA();
        if (p.sideB() != null && p.sideB().lastSyncTime() != null) return p.sideB();
        return primaryOrAny(p);
    }

    List<DetailRow> pairDetail(PairRow p) {
        List<DetailRow> d = new ArrayList<>();
        d.add(DetailRow.of("Pair", ReplicationState.pairWords(p.pair())));
        d.add(DetailRow.of("Means", p.mismatch() == PairMismatch.NONE ? p.state().meaning() : p.mismatch().meaning()));
        d.add(DetailRow.of("Next step", p.mismatch().safeNextStep()));
        side(d, "A", p.a(), p.sideA());
        side(d, "B", p.b(), p.sideB());
        return d;
    }

    private void side(List<DetailRow> d, String label, SiteChoice site, ReplicationSample s) {
        if (s == null) {
            d.add(DetailRow.of(label, site.label() + ": not found"));
            return;
        }
        d.add(DetailRow.id(label + " id", s.source().id()));
        d.add(DetailRow.of(label, site.label() + " \u00b7 " + ReplicationTexts.role(s) + " \u00b7 "
                + ReplicationTexts.health(s) + (s.statusMessage().isEmpty() ? "" : " \u00b7 " + s.statusMessage())));
        d.add(DetailRow.of(label + " synced", s.lastSyncTime() == null ? "not reported" : ReplicationTexts.exactTime(s.lastSyncTime(), zone) + " ("
                + rpo(s).text() + " ago)"));
        d.add(DetailRow.of(label + " sample", ReplicationTexts.freshness(s, confirmed.apply(site, s), now.get(), settings.get().staleAfter())));
    }
}
