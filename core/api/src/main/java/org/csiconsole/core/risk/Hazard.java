package org.csiconsole.core.risk;

import java.util.Objects;

/**
 * One thing an operation loses, cuts off or puts at risk, as a sentence with its evidence.
 *
 * @param kind what kind of hazard
 * @param severity how bad
 * @param sentence the hazard in words, naming the volume, node or client and the time window, e.g.
 *     {@code "creates a split brain: vol-00000111 on site-a is primary and reachable"}
 * @param evidence what it is known from, e.g. {@code "GetVolumeReplicationInfo of site-a at 07:45:44"}; may be empty
 */
public record Hazard(Kind kind, Gravity severity, String sentence, String evidence) {
    /** How bad a hazard is. */
    public enum Gravity {
        /** Worth knowing; nothing is lost by itself. */
        CAUTION,
        /** Data is lost, clients are cut off, or a split brain is created. */
        DANGER
    }

    /** The kinds of hazard the model names. */
    public enum Kind {
        /** The data of the target is deleted for good. */
        DATA_DELETED,
        /** The call creates a split brain (both sides primary). */
        SPLIT_BRAIN_CREATED,
        /** The pair already is in split brain. */
        SPLIT_BRAIN_PRESENT,
        /** Writes in a time window are lost. */
        WRITES_LOST,
        /** Nodes or clients lose access. */
        ACCESS_LOST,
        /** A fenced block is wider than a /8: every client of every network in it is cut off. */
        WIDE_BLOCK,
        /** The target is still published or staged somewhere. */
        STILL_IN_USE,
        /** In an unplanned failover: the old primary's site still answers. */
        SITE_STILL_ANSWERS,
        /** A site or a partner's state is not known. */
        STATE_UNKNOWN,
        /** The driver's report and this console's own record disagree. */
        KNOWLEDGE_DISAGREES,
        /** The change cannot be undone (an expanded volume cannot shrink). */
        IRREVERSIBLE,
        /** The members of a group leave it (ModifyVolumeGroupMembership): they stay, outside the group. */
        MEMBERS_LEAVE,
        /** Replication stops or changes direction. */
        REPLICATION_CHANGES,
        /** Another step must follow (NodeExpandVolume after an expansion). */
        FOLLOW_UP
    }

    public Hazard {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(sentence, "sentence");
        evidence = evidence == null ? "" : evidence;
    }

    /** True for {@link Gravity#DANGER}. */
    /**
     * True when what the hazard names cannot be taken back or cuts something off: data or writes lost, access lost, a
     * split brain made, a change that cannot be undone, members leaving, replication changing, something still in use.
     * Notes of what is unknown, of a disagreement or of a step that must follow are not.
     */
    public boolean disruptive() {
        return switch (kind) {
            case STATE_UNKNOWN, KNOWLEDGE_DISAGREES, FOLLOW_UP, SPLIT_BRAIN_PRESENT, SITE_STILL_ANSWERS -> danger();
            default -> true;
        };
    }

    public boolean danger() {
        return severity == Gravity.DANGER;
    }

    /** The sentence, then its evidence in brackets when there is one. */
    public String describe() {
        return evidence.isEmpty() ? sentence : sentence + " [" + evidence + "]";
    }
}
