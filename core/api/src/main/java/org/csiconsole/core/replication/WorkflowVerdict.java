package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How a two-site workflow ended, judged from both sides as read again after the run, not from the
 * steps that succeeded: the steps may all succeed while a side still says otherwise (site A answers
 * again and is still primary after an unplanned failover: a split brain). When every step succeeded but
 * a side a step set reads otherwise, or was not read, the verdict is "could not confirm", never "not done":
 * a false failure during disaster recovery invites a second or a forced promote. The one verdict the
 * wizard and the command line show at the end.
 *
 * <p>What each workflow leaves (site A and site B are the engine's, {@link WorkflowRequest}):
 * <ul>
 *   <li>planned failover: B primary, A secondary;</li>
 *   <li>unplanned failover: B primary, A not primary (A may not answer: it was lost);</li>
 *   <li>failback and split-brain recovery: A primary, B secondary, the pair healthy.</li>
 * </ul>
 */
public final class WorkflowVerdict {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private WorkflowVerdict() {
    }

    /**
     * One pair as read again after the run.
     *
     * @param name the pair's name as shown
     * @param a its side on site A; null when not found there
     * @param b its side on site B; null when not found there
     */
    public record After(String name, ReplicationSample a, ReplicationSample b) {
        public After {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * The verdict in words: a first line (done, or what the run left still wrong, as read at {@code readAt}),
     * then one line per pair naming each side by its volume or group and its site, what is still wrong and
     * the next step.
     *
     * @param kind a two-site workflow
     * @param outcome how the engine's run ended
     * @param siteA the engine's site A, by name
     * @param siteB the engine's site B, by name
     * @param after every pair as read again
     * @param readAt when they were read
     * @param zone the time zone of the time of day written
     */
    public static String of(WorkflowKind kind, RunOutcome outcome, String siteA, String siteB, List<After> after,
                            Instant readAt, ZoneId zone) {
        if (!kind.twoSites()) throw new IllegalArgumentException(kind.words() + " is not a two-site workflow");
        List<String> lines = new ArrayList<>();
        boolean allRight = true;
        boolean unconfirmed = false;
        for (After p : after) {
            Judged j = judge(kind, siteA, siteB, p);
            allRight &= j.right;
            if (!j.right && j.contradicts && outcome == RunOutcome.SUCCEEDED) {
                unconfirmed = true;
                lines.add(p.name() + ": could not confirm: " + j.wrong + ". " + UNCONFIRMED_NEXT);
            } else {
                lines.add(p.name() + ": " + j.words);
            }
        }
        String at = "as read again at " + CLOCK.format(readAt.atZone(zone));
        String first = switch (outcome) {
            case SUCCEEDED -> allRight ? "Done: " + at + ", every pair is as " + lower(kind) + " leaves it."
                    : unconfirmed ? "Could not confirm: every step succeeded, but " + at + " not every pair reads as " + lower(kind)
                    + " leaves it: the read failed or disagrees with the steps."
                    : "Not done: every step succeeded, but " + at + " not every pair is as " + lower(kind) + " leaves it.";
            case STOPPED -> "Stopped between steps; " + at + ":";
            case PARTIAL -> "Partly done: some items did not finish; " + at + ":";
            case FAILED -> "Failed: no item finished; " + at + ":";
            case REFUSED -> "Refused: a pre-flight check failed, nothing was sent; " + at + ":";
        };
        lines.add(0, first);
        return String.join("\n", lines);
    }

    /** True when every pair is as {@code kind} leaves it. */
    public static boolean done(WorkflowKind kind, String siteA, String siteB, List<After> after) {
        return after.stream().allMatch(p -> judge(kind, siteA, siteB, p).right);
    }

    /** What to do when a read disagrees with steps that succeeded: read again, never repeat a step on that reading. */
    private static final String UNCONFIRMED_NEXT = "Every step reported success: read both sites again before any promote, "
            + "demote or force; do not repeat a step on this reading.";

    /**
     * @param right the pair is as the workflow leaves it
     * @param words the pair's line when the verdict is its own
     * @param contradicts what is wrong is on a side a step of the workflow set, or a side that was not read: after steps
     *                    that all succeeded, the read cannot confirm them rather than show them undone
     * @param wrong what is wrong, without the next step
     */
    private record Judged(boolean right, String words, boolean contradicts, String wrong) {
        static Judged right(String words) {
            return new Judged(true, words, false, "");
        }

        static Judged wrong(String wrong, String next, boolean contradicts) {
            return new Judged(false, "still wrong: " + wrong + ". " + next, contradicts, wrong);
        }
    }

    private static Judged judge(WorkflowKind kind, String siteA, String siteB, After p) {
        String a = side(p.a(), siteA);
        String b = side(p.b(), siteB);
        if (p.a() == null && p.b() == null) {
            return new Judged(false, "neither side was found on " + siteA + " or " + siteB + ": read both sites again.", true,
                    "neither side was found on " + siteA + " or " + siteB);
        }
        boolean aPrimary = role(p.a()) == VolumeReplicationRole.PRIMARY;
        boolean bPrimary = role(p.b()) == VolumeReplicationRole.PRIMARY;
        if (aPrimary && bPrimary) {
            // an unplanned failover leaves site A as it was: site A primary again is a split brain, not a step undone
            return Judged.wrong(a + " and " + b + " are both primary: a split brain, each side may take writes the other lacks",
                    PairMismatch.BOTH_PRIMARY.safeNextStep(), kind != WorkflowKind.UNPLANNED_FAILOVER);
        }
        return switch (kind) {
            case PLANNED_FAILOVER -> expect(b, p.b(), VolumeReplicationRole.PRIMARY, a, p.a(), VolumeReplicationRole.SECONDARY, false,
                    "Promote " + b + " to finish, or read both sites again.");
            case UNPLANNED_FAILOVER -> {
                if (!bPrimary) yield Judged.wrong(b + " is " + roleWords(p.b()) + ", not primary: no side takes writes on " + siteB,
                        "Promote it with force to finish.", true);
                String left = p.a() == null || p.a().lastError() != null
                        ? siteA + " was not read (" + (p.a() == null ? "its side was not found" : "it does not answer") + "): when it returns, "
                        + "if " + (p.a() == null ? "its side" : p.a().source().id()) + " is still primary, both sides are primary (split brain). " + PairMismatch.BOTH_PRIMARY.safeNextStep().replaceAll("\\.$", "")
                        : a + " is " + roleWords(p.a());
                yield Judged.right(b + " is primary (" + healthWords(p.b()) + "); " + left + ".");
            }
            case FAILBACK, SPLIT_BRAIN_RECOVERY -> expect(a, p.a(), VolumeReplicationRole.PRIMARY, b, p.b(), VolumeReplicationRole.SECONDARY, true,
                    kind == WorkflowKind.FAILBACK ? "Finish the failback, or read both sites again."
                            : "Resync " + b + " from " + a + " until the pair is healthy.");
            default -> throw new IllegalArgumentException(kind.words() + " is not a two-site workflow");
        };
    }

    /** {@code primary} must be primary and {@code other} {@code otherRole}; with {@code healthy}, the primary healthy too. */
    private static Judged expect(String primary, ReplicationSample p, VolumeReplicationRole want, String other, ReplicationSample o,
                                 VolumeReplicationRole otherRole, boolean healthy, String next) {
        List<String> wrong = new ArrayList<>();
        if (role(p) != want) wrong.add(primary + " is " + roleWords(p) + ", not " + lower(want));
        if (role(o) != otherRole) wrong.add(other + " is " + roleWords(o) + ", not " + lower(otherRole));
        // both roles are set by the workflow's own steps; a pair still resyncing is not a step undone
        boolean contradicts = !wrong.isEmpty();
        if (wrong.isEmpty() && healthy && p.health() != ReplicationHealth.HEALTHY) {
            wrong.add("the pair is not healthy yet (" + healthWords(p) + ")");
        }
        if (wrong.isEmpty()) return Judged.right(primary + " is primary (" + healthWords(p) + ") and " + other + " is " + roleWords(o) + ".");
        return Judged.wrong(String.join("; ", wrong), next, contradicts);
    }

    private static String side(ReplicationSample s, String site) {
        return (s == null ? "its side" : s.source().id()) + " on " + site;
    }

    private static VolumeReplicationRole role(ReplicationSample s) {
        return s == null || s.lastError() != null ? VolumeReplicationRole.UNKNOWN : s.role();
    }

    private static String roleWords(ReplicationSample s) {
        if (s == null) return "not found";
        if (s.lastError() != null) return "not read (" + s.lastError().why() + ")";
        return lower(s.role());
    }

    private static String healthWords(ReplicationSample s) {
        return s == null ? "unknown" : lower(s.health());
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    private static String lower(WorkflowKind k) {
        String w = k.words().toLowerCase(Locale.ROOT);
        return ("aeiou".indexOf(w.charAt(0)) >= 0 ? "an " : "a ") + w;
    }
}
