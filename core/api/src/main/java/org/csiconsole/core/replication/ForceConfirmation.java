package org.csiconsole.core.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.Objects;

/**
 * A person's explicit, typed consent to send {@code force=true} on one volume or volume group
 * (csi-addons PromoteVolume, DemoteVolume, ResyncVolume). Force is never automatic: the
 * {@link ReplicationPort} and the workflow engine refuse a forced call unless they are handed a
 * confirmation that names exactly the source acted on, and nothing in core makes one by itself.
 * The only way to get one is {@link #typed}, which checks that the person typed the volume's or
 * group's name (or its id).
 *
 * <p>Why it matters: a forced promote while the peer is still primary makes both sides primary
 * (split brain), and every write the peer took since {@code last_sync_time} is lost on whichever
 * side is resynchronized later; the confirmation dialog and the CLI state that window first
 * ({@link #dataLossWarning}).
 */
public final class ForceConfirmation {
    private final ReplicationSource source;
    private final String typed;

    private ForceConfirmation(ReplicationSource source, String typed) {
        this.source = source;
        this.typed = typed;
    }

    /**
     * A confirmation of force on {@code source}.
     *
     * @param name the name shown to the person (the volume's or group's name; its id when it has none)
     * @param typed what the person typed, or the CLI's {@code --yes=} value
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} when {@code typed} is neither {@code name}
     *     nor {@code source.id()} (surrounding blanks ignored); nothing is sent then
     */
    public static ForceConfirmation typed(ReplicationSource source, String name, String typed) {
        Objects.requireNonNull(source, "source");
        String n = name == null || name.isBlank() ? source.id() : name;
        String t = typed == null ? "" : typed.strip();
        if (!t.equals(n) && !t.equals(source.id())) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Force on " + source,
                    t.isEmpty() ? "nothing was typed; force needs the " + source.kindWord() + "'s name typed out"
                            : "the text typed (" + t + ") does not name " + source + "; nothing was sent",
                    "Type " + n + " exactly to confirm force on this " + source.kindWord() + ".", "");
        }
        return new ForceConfirmation(source, t);
    }

    /** The source this confirmation allows force on. */
    public ReplicationSource source() {
        return source;
    }

    /** What was typed. */
    public String typedText() {
        return typed;
    }

    /** True when this confirmation is for exactly {@code other}. */
    public boolean names(ReplicationSource other) {
        return source.equals(other);
    }

    /**
     * Fails unless {@code confirmation} names {@code source}: what every forced call checks before it
     * is sent.
     *
     * @throws CallFailure {@link FailureKind#FAILED_PRECONDITION} when {@code confirmation} is null
     *     ("force needs a typed confirmation") or names another source
     */
    public static void require(ForceConfirmation confirmation, ReplicationSource source, String call) {
        if (confirmation == null) {
            throw new CallFailure(FailureKind.FAILED_PRECONDITION, call + " " + source + " with force",
                    "force is never sent without a typed confirmation naming the " + source.kindWord(),
                    "Confirm force on " + source.id() + " by typing its name (CLI: --force --yes=<name>), or run without force.", "");
        }
        if (!confirmation.names(source)) {
            throw new CallFailure(FailureKind.FAILED_PRECONDITION, call + " " + source + " with force",
                    "the typed confirmation names " + confirmation.source() + ", not " + source,
                    "Confirm force on each " + source.kindWord() + " separately, naming it.", "");
        }
    }

    /**
     * The sentence a confirmation shows before force: the data that can be lost, from the last sync.
     *
     * @param lastSync the last {@code last_sync_time} known, or null when never synced or unknown
     * @param now the current time
     */
    public static String dataLossWarning(ReplicationSource source, java.time.Instant lastSync, java.time.Instant now) {
        if (lastSync == null) {
            return "No completed sync of " + source + " is known: every write since replication was enabled may be lost.";
        }
        return "Writes to " + source + " after the last sync at " + lastSync + " (" + org.csiconsole.core.model.Words.ago(lastSync, now) + ") are lost on the side that gets resynchronized.";
    }

    @Override
    public String toString() {
        return "ForceConfirmation[" + source + "]";
    }
}
