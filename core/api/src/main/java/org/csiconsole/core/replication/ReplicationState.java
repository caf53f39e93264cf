package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.util.Locale;

/**
 * The one state a replicated volume or group (one side) or a site pair is shown in, decided here once
 * for every front end: the GUI's tables, details, summary chips, history and wizards, and the command
 * line's {@code replication list|info}. Each side and each pair is in exactly one state, so counts of
 * the states add up to the number of rows. Split brain is a state of its own, never folded into
 * {@link ReplicationHealth#ERROR}.
 *
 * <p>Precedence, first match wins: split brain (both sides of its pair primary, or the side's own driver reports it,
 * {@link PairState#saysSplitBrain}: no pairing chosen in a view hides it), not found (the driver answered
 * NOT_FOUND and no read ever succeeded: an id it does not hold, {@link InventoryNote#notFound}), not replicated (the
 * driver's latest answer is that replication is not enabled, {@link InventoryNote#notReplicated}), not read yet (no read
 * has succeeded: there are no figures, only what a listing or the record said), stale (the latest
 * read failed: the figures are older), mismatched (another {@link PairMismatch}: both secondary, a
 * partner missing, a destination or role unknown), resyncing, error, degraded, healthy, and last
 * health unknown (no health reported, as many secondaries do).
 */
public enum ReplicationState {
    /** Both sides of the pair are primary: each may take writes the other lacks, and nothing replicates. */
    SPLIT_BRAIN("Split brain", Tone.DANGER, "Both sides of the pair are primary: each may have taken writes the other lacks, and nothing replicates."),
    /** The driver does not hold the id (NOT_FOUND) and no read ever succeeded: no replicated source. */
    NOT_FOUND("Not found", Tone.WARNING, "The driver answers NOT_FOUND: it holds no volume or group with this id, so it is no "
            + "replicated source. Check the id; Re-check with the driver (inventory recheck) marks it gone in the console's record."),
    /** The driver answers that replication is not enabled for it (csi-addons "Volume is not replicated"): read, and no replicated source. */
    NOT_REPLICATED("Not replicated", Tone.MUTED, "The driver answers that replication is not enabled for it (csi-addons: "
            + "\"Volume is not replicated\"): it was read, and it is no replicated source. Enable replication on it to replicate it."),
    /** No read has succeeded yet: there are no figures, and the role is only what a listing or the record said. */
    NOT_READ("Not read yet", Tone.WARNING, "No read of its replication state has succeeded yet: its role and health are not known."),
    /** The latest read failed: the figures shown are older ones. */
    STALE("Stale", Tone.WARNING, "The latest read failed: the figures shown are the previous ones."),
    /** The pair is not consistent in another way: both secondary, a partner missing, a destination or role unknown. */
    MISMATCHED("Mismatched", Tone.WARNING, "The pair is not consistent: both sides secondary, a partner missing, a destination or role unknown, or a pairing the drivers do not confirm."),
    /** A resync runs on this side (or on a side of the pair). */
    RESYNCING("Resyncing", Tone.WARNING, "A secondary is being resynchronized from its primary."),
    /** The driver reports ERROR. */
    ERROR("Error", Tone.DANGER, "The driver reports a replication error."),
    /** The driver reports DEGRADED: the link is down, a resync runs, or syncs lag. */
    DEGRADED("Degraded", Tone.WARNING, "The driver reports DEGRADED: the link is down, a resync runs, or syncs lag."),
    /** The driver reports HEALTHY. */
    HEALTHY("Healthy", Tone.OK, "The driver reports HEALTHY."),
    /** No health is reported (many drivers report none on a secondary). */
    UNKNOWN("Health unknown", Tone.MUTED, "No health is reported (many drivers report none on a secondary).");

    /** How a state reads: a front end maps each to its own colour or marker. */
    public enum Tone { OK, WARNING, DANGER, MUTED }

    private final String words;
    private final Tone tone;
    private final String meaning;

    ReplicationState(String words, Tone tone, String meaning) {
        this.words = words;
        this.tone = tone;
        this.meaning = meaning;
    }

    /** The state in a word or two, capitalised: {@code "Split brain"}, {@code "Healthy"}, {@code "Health unknown"}. */
    public String words() {
        return words;
    }

    /** How it reads: ok, warning, danger or muted. */
    public Tone tone() {
        return tone;
    }

    /** What the state means, one sentence. */
    public String meaning() {
        return meaning;
    }

    /** A token a filter finds rows of this state by, e.g. {@code "state=split-brain"}; the same for every state's rows. */
    public String token() {
        return "state=" + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The state of one side.
     *
     * @param side the side's latest sample
     * @param mismatch what is wrong with its pair; null when it is not paired (its site is neither site A nor B)
     */
    public static ReplicationState of(ReplicationSample side, PairMismatch mismatch) {
        if (mismatch == PairMismatch.BOTH_PRIMARY || PairState.saysSplitBrain(side)) return SPLIT_BRAIN;
        if (InventoryNote.notFound(side)) return NOT_FOUND;
        if (InventoryNote.notReplicated(side)) return NOT_REPLICATED;
        if (side.readAt() == null) return NOT_READ;
        if (side.lastError() != null) return STALE;
        if (mismatch != null && mismatch != PairMismatch.NONE) return MISMATCHED;
        if (side.role() == VolumeReplicationRole.RESYNCING) return RESYNCING;
        return of(side.health());
    }

    /** The state of a site pair: the mismatch first, then the worse side (a failed read, a resync, the worse health reported). */
    public static ReplicationState of(SitePair pair) {
        if (pair.mismatch() == PairMismatch.BOTH_PRIMARY || saysSplitBrain(pair.a()) || saysSplitBrain(pair.b())) return SPLIT_BRAIN;
        if (notReplicated(pair.a()) || notReplicated(pair.b())) return NOT_REPLICATED;
        if (notRead(pair.a()) || notRead(pair.b())) return NOT_READ;
        if (stale(pair.a()) || stale(pair.b())) return STALE;
        if (pair.mismatch() != PairMismatch.NONE) return MISMATCHED;
        if (role(pair.a()) == VolumeReplicationRole.RESYNCING || role(pair.b()) == VolumeReplicationRole.RESYNCING) return RESYNCING;
        ReplicationState a = pair.a() == null ? UNKNOWN : of(pair.a().health());
        ReplicationState b = pair.b() == null ? UNKNOWN : of(pair.b().health());
        if (a == UNKNOWN) return b;
        if (b == UNKNOWN) return a;
        return a.ordinal() <= b.ordinal() ? a : b;
    }

    /**
     * A site pair in a few words, for a "Pair" column: the mismatch's words ({@code "Split brain"},
     * {@code "Partner missing"}, ...) when the roles are not consistent; {@code "Consistent"} only for a
     * consistent pair whose state is healthy; otherwise the state's words ({@code "Degraded"},
     * {@code "Error"}, {@code "Resyncing"}, {@code "Stale"}, {@code "Not read yet"}, {@code "Health unknown"}). So "Consistent"
     * never stands beside an error or a degraded pair.
     */
    public static String pairWords(SitePair pair) {
        if (pair.mismatch() != PairMismatch.NONE) return pair.mismatch().words();
        ReplicationState s = of(pair);
        return s == HEALTHY ? PairMismatch.NONE.words() : s.words();
    }

    private static ReplicationState of(ReplicationHealth h) {
        return switch (h) {
            case HEALTHY -> HEALTHY;
            case DEGRADED -> DEGRADED;
            case ERROR -> ERROR;
            case UNKNOWN -> UNKNOWN;
        };
    }

    private static boolean saysSplitBrain(ReplicationSample s) {
        return s != null && PairState.saysSplitBrain(s);
    }

    private static boolean notReplicated(ReplicationSample s) {
        return s != null && InventoryNote.notReplicated(s);
    }

    private static boolean notRead(ReplicationSample s) {
        return s != null && s.readAt() == null;
    }

    private static boolean stale(ReplicationSample s) {
        return s != null && s.lastError() != null;
    }

    private static VolumeReplicationRole role(ReplicationSample s) {
        return s == null ? VolumeReplicationRole.UNKNOWN : s.role();
    }
}
