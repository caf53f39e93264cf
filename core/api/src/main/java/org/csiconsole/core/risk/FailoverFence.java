package org.csiconsole.core.risk;

import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.SiteAnswers;
import org.csiconsole.core.replication.WorkflowKind;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A block this console fenced as a step of an unplanned failover, as its audit log records it (the OK
 * {@code fence.FenceController/FenceClusterNetwork} record naming the block, whose {@link AuditRecord#workflow()} names
 * the pair: {@link #words}), with the pair's replication state as read before an unfence. An unfence of such a block
 * lets its clients write to the old primary again: while that side is still primary (the pair in split brain, or the
 * promote not in effect), the risk model makes it a danger.
 *
 * @param block the block as fenced, in network form ({@code 10.10.3.0/24})
 * @param fencedAt when the fence call started (UTC)
 * @param workflow the workflow in words as audited
 * @param oldPrimary the side the failover moved away from (site A), with its state as read now; {@link SideFacts#read()}
 *     false when it was not read
 * @param promoted the side the failover force-promoted (site B), with its state as read now; {@link SideFacts#read()}
 *     false when it was not read
 * @param unread why the pair's state could not be read, in words ({@code "the replicated volumes (UNAVAILABLE: ...)"});
 *     empty when both sides were read
 */
public record FailoverFence(String block, Instant fencedAt, String workflow, SideFacts oldPrimary, SideFacts promoted, String unread) {
    /** The fence call's full method, as audited. */
    public static final String FENCE_CALL = "fence.FenceController/FenceClusterNetwork";
    /** The unfence call's full method, as audited. */
    public static final String UNFENCE_CALL = "fence.FenceController/UnfenceClusterNetwork";
    private static final String FORCE_PROMOTED = " force-promoted";
    private static final Pattern WORDS = Pattern.compile("^" + Pattern.quote(WorkflowKind.UNPLANNED_FAILOVER.words())
            + ": (.+) \\(([^()]+)\\) (?:" + Pattern.quote(SiteAnswers.siteA("", true).strip()) + "|" + Pattern.quote(SiteAnswers.siteA("", false).strip())
            + "), (.+) \\(([^()]+)\\)" + FORCE_PROMOTED + "$");

    public FailoverFence {
        Objects.requireNonNull(block, "block");
        Objects.requireNonNull(fencedAt, "fencedAt");
        workflow = workflow == null ? "" : workflow;
        Objects.requireNonNull(oldPrimary, "oldPrimary");
        Objects.requireNonNull(promoted, "promoted");
        unread = unread == null ? "" : unread;
    }

    /**
     * An unplanned failover of one pair in words, as its audit records carry it (the one place these words are made and
     * read): {@code "Unplanned failover: site-a (vol-1) still answers: forced, site-b (vol-1r) force-promoted"}.
     *
     * @param answered true when site A still answered when the failover ran
     */
    public static String words(String siteA, String idA, boolean answered, String siteB, String idB) {
        return WorkflowKind.UNPLANNED_FAILOVER.words() + ": " + SiteAnswers.siteA(siteA + " (" + idA + ")", answered) + ", "
                + siteB + (idB == null || idB.isEmpty() ? "" : " (" + idB + ")") + FORCE_PROMOTED;
    }

    /**
     * Whether {@code block}'s fence in effect was made by an unplanned failover of this console: the newest OK fence or
     * unfence record naming it in {@code newestFirst} (the audit log's entries naming the block, newest first) is a fence
     * whose workflow words name the pair ({@link #words}). Its sides are known by site and id only, their state not read.
     *
     * @return empty when the newest such record is an unfence, a fence on its own or of another workflow, or there is none
     */
    public static Optional<FailoverFence> recorded(String block, List<AuditRecord> newestFirst) {
        for (AuditRecord r : newestFirst) {
            if (r.outcome() != AuditOutcome.OK || !r.names(block)) continue;
            if (r.call().equals(UNFENCE_CALL)) return Optional.empty();
            if (!r.call().equals(FENCE_CALL)) continue;
            Matcher m = WORDS.matcher(r.workflow());
            if (!m.matches()) return Optional.empty();
            return Optional.of(new FailoverFence(block, r.time(), r.workflow(), unreadSide(m.group(1), m.group(2)),
                    unreadSide(m.group(3), m.group(4)), "their state was not read"));
        }
        return Optional.empty();
    }

    private static SideFacts unreadSide(String site, String id) {
        return new SideFacts(site, id, "", VolumeReplicationRole.UNKNOWN, ReplicationHealth.UNKNOWN, false, null, null, false);
    }

    /**
     * This fence with both sides' state as {@code listed} reports it (a connection's replication listing, the roles and
     * health of its items); a side the listing lacks stays unread and is named in {@link #unread()}.
     *
     * @param source the listing in words, for {@link #unread()} ({@code "the replication listing of Demo"})
     */
    public FailoverFence readFrom(List<ReplicatedItem> listed, String source) {
        SideFacts a = find(oldPrimary, listed);
        SideFacts b = find(promoted, listed);
        List<String> missing = java.util.stream.Stream.of(a, b).filter(s -> !s.read()).map(SideFacts::where).toList();
        return new FailoverFence(block, fencedAt, workflow, a, b, missing.isEmpty() ? ""
                : String.join(" and ", missing) + (missing.size() == 1 ? " is" : " are") + " not in " + source);
    }

    /** This fence whose pair's state could not be read, {@code why} in words. */
    public FailoverFence unreadBecause(String why) {
        return new FailoverFence(block, fencedAt, workflow, oldPrimary, promoted, why);
    }

    /** True when both sides' state was read. */
    public boolean read() {
        return oldPrimary.read() && promoted.read() && unread.isEmpty();
    }

    private static SideFacts find(SideFacts side, List<ReplicatedItem> listed) {
        return listed.stream().filter(i -> !i.source().group() && i.source().id().equals(side.id())).findFirst()
                .map(i -> new SideFacts(side.site(), side.id(), i.name(), i.role(), i.health(), true, null, null, true))
                .orElse(side);
    }
}
