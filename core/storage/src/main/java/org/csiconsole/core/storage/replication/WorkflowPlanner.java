package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.PlanItem;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.RpoLevel;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.WorkflowItem;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowStep;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.SideFacts;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Plans a {@link WorkflowRequest} without sending anything: each item's steps (which call, to which
 * site, naming which source, with which fields) and the checks the items' known samples allow.
 */
final class WorkflowPlanner {
    private final Clock clock;
    private final RpoThresholds thresholds;
    private final Predicate<ReplicationSource> busy;

    WorkflowPlanner(Clock clock, RpoThresholds thresholds, Predicate<ReplicationSource> busy) {
        this.clock = clock;
        this.thresholds = thresholds;
        this.busy = busy;
    }

    WorkflowPlan plan(WorkflowRequest r) {
        Instant now = clock.instant();
        List<PlanItem> items = new ArrayList<>();
        List<PreflightCheck> checks = new ArrayList<>();
        for (WorkflowItem i : r.items()) {
            items.add(item(r, i, now));
            checks.addAll(checks(r, i, now));
        }
        return new WorkflowPlan(r, items, checks, now);
    }

    private PlanItem item(WorkflowRequest r, WorkflowItem i, Instant now) {
        ReplicationSource a = i.source();
        ReplicationSite sa = r.siteA();
        ReplicationSite sb = r.siteB();
        Steps s = new Steps(r);
        Instant lastSync = lastSync(i);
        Duration window = null;
        switch (r.kind()) {
            case ENABLE -> s.add(ReplicationAction.ENABLE, sa, a, false, "Enable replication of " + name(i) + " on " + sa.name());
            case DISABLE -> s.add(ReplicationAction.DISABLE, sa, a, false, "Disable replication of " + name(i) + " on " + sa.name());
            case PROMOTE -> {
                boolean f = forced(r, a);
                s.add(ReplicationAction.PROMOTE, sa, a, f, "Promote " + name(i) + " on " + sa.name() + " to primary" + (f ? " with force" : ""));
                if (f) window = window(lastSync, now);
            }
            case DEMOTE -> {
                boolean f = forced(r, a);
                s.add(ReplicationAction.DEMOTE, sa, a, f, "Demote " + name(i) + " on " + sa.name() + " to secondary" + (f ? " with force" : ""));
            }
            case RESYNC -> s.add(ReplicationAction.RESYNC, sa, a, forced(r, a),
                    "Resync " + name(i) + " on " + sa.name() + " from the primary; ask again until ready");
            case PLANNED_FAILOVER -> {
                ReplicationSource b = partner(r, i);
                s.add(ReplicationAction.DEMOTE, sa, a, false, "Demote " + name(i) + " on " + sa.name() + " to secondary");
                s.add(ReplicationAction.WAIT_FINAL_SYNC, sa, a, false,
                        "Wait for a final sync: a last_sync_time of " + a.id() + " later than the demote");
                s.add(ReplicationAction.PROMOTE, sb, b, false, "Promote " + b.id() + " on " + sb.name() + " to primary");
            }
            case UNPLANNED_FAILOVER -> {
                ReplicationSource b = partner(r, i);
                if (!forced(r, b)) {
                    throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Plan an unplanned failover of " + name(i),
                            "an unplanned failover force-promotes " + b + " on " + sb.name() + ", and force needs a typed confirmation naming it",
                            "Confirm force on " + b.id() + " by typing its name (CLI: --force --yes=" + b.id() + ").", "");
                }
                if (r.options().fence() != null) {
                    ReplicationSite fs = r.options().fenceSite().equals("A") ? sa : sb;
                    s.fence(fs, "Fence " + sa.name() + "'s clients (" + String.join(", ", r.options().fence().cidrTexts())
                            + ") through " + fs.described());
                }
                s.add(ReplicationAction.PROMOTE, sb, b, true, "Promote " + b.id() + " on " + sb.name() + " to primary with force");
                window = window(lastSync, now);
            }
            case FAILBACK -> {
                ReplicationSource b = partner(r, i);
                // After a planned failover the old primary is secondary already: demoting it again is no step of the way back.
                if (!alreadySecondary(i)) {
                    s.add(ReplicationAction.DEMOTE, sa, a, false, "Demote the old primary " + name(i) + " on " + sa.name());
                }
                s.add(ReplicationAction.RESYNC, sa, a, false, "Resync " + name(i) + " on " + sa.name() + " from " + b.id() + "; ask again until ready");
                s.add(ReplicationAction.WAIT_HEALTHY, sb, b, false, "Wait until " + b.id() + " on " + sb.name() + " reports HEALTHY");
                s.add(ReplicationAction.DEMOTE, sb, b, false, "Demote " + b.id() + " on " + sb.name() + " to secondary");
                s.add(ReplicationAction.WAIT_FINAL_SYNC, sb, b, false, "Wait for a final sync: a last_sync_time of " + b.id() + " later than the demote");
                s.add(ReplicationAction.PROMOTE, sa, a, false, "Promote " + name(i) + " on " + sa.name() + " to primary");
            }
            case SPLIT_BRAIN_RECOVERY -> {
                ReplicationSource b = partner(r, i);
                s.add(ReplicationAction.DEMOTE, sb, b, false, "Demote " + b.id() + " on " + sb.name() + " (its changes since the split are discarded)");
                s.add(ReplicationAction.RESYNC, sb, b, false, "Resync " + b.id() + " on " + sb.name() + " from the survivor " + name(i) + "; ask again until ready");
                s.add(ReplicationAction.WAIT_HEALTHY, sa, a, false, "Wait until the survivor " + name(i) + " on " + sa.name() + " reports HEALTHY");
            }
            default -> throw new IllegalStateException(r.kind().name());
        }
        return new PlanItem(i, r.kind().twoSites() ? partner(r, i) : null, s.steps, lastSync, window);
    }

    /** Site B's source: given, else the sample of B, else A's destination id. */
    static ReplicationSource partner(WorkflowRequest r, WorkflowItem i) {
        if (i.partner() != null) return i.partner();
        if (i.knownB() != null) return i.knownB().source();
        if (i.knownA() != null && !i.knownA().destinationId().isEmpty()) {
            return new ReplicationSource(i.source().group(), i.knownA().destinationId());
        }
        throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Plan " + r.kind().words().toLowerCase() + " of " + i.source(),
                "its partner on " + r.siteB().name() + " is not known (no destination id reported or given)",
                "Name the partner (CLI: --partner-id), or read the pair's destination first.", "");
    }

    private static boolean forced(WorkflowRequest r, ReplicationSource s) {
        ForceConfirmation c = r.force().get(s);
        return c != null && c.names(s);
    }

    private static Instant lastSync(WorkflowItem i) {
        Instant a = i.knownA() == null ? null : i.knownA().lastSyncTime();
        Instant b = i.knownB() == null ? null : i.knownB().lastSyncTime();
        if (a == null) return b;
        if (b == null) return a;
        return a.isAfter(b) ? a : b;
    }

    private static Duration window(Instant lastSync, Instant now) {
        return lastSync == null ? null : Duration.between(lastSync, now).abs();
    }

    private static String name(WorkflowItem i) {
        return i.name().isEmpty() ? i.source().id() : i.name() + " (" + i.source().id() + ")";
    }

    /** Checks from the known samples: roles, health, RPO age, pending operations, force and fencing. */
    private List<PreflightCheck> checks(WorkflowRequest r, WorkflowItem i, Instant now) {
        List<PreflightCheck> out = new ArrayList<>();
        ReplicationSource a = i.source();
        if (busy.test(a)) {
            out.add(PreflightCheck.fail("No operation pending", "Another workflow is acting on " + a + "; wait for it to end.", a));
        }
        ReplicationSample ka = i.knownA();
        ReplicationSample kb = i.knownB();
        switch (r.kind()) {
            case PLANNED_FAILOVER -> {
                role(out, ka, VolumeReplicationRole.PRIMARY, r.siteA().name(), a);
                role(out, kb, VolumeReplicationRole.SECONDARY, r.siteB().name(), a);
                if (ka != null && ka.health() != ReplicationHealth.HEALTHY && ka.health() != ReplicationHealth.UNKNOWN) {
                    out.add(PreflightCheck.fail("Health", a + " is " + ka.health() + (ka.statusMessage().isEmpty() ? "" : ": " + ka.statusMessage())
                            + " A planned failover needs a healthy pair so the final sync can complete; if site A is lost, run an unplanned failover.", a));
                }
                rpo(out, ka, now, a);
            }
            case UNPLANNED_FAILOVER -> {
                Instant last = lastSync(i);
                out.add(PreflightCheck.warn("Data-loss window", last == null
                        ? "No completed sync is known: every write since replication was enabled may be lost."
                        : ForceConfirmation.dataLossWarning(a, last, now), a));
                if (r.options().fence() == null) {
                    out.add(PreflightCheck.warn("Clients fenced", r.siteA().name() + "'s clients are not fenced: if site A still runs, "
                            + "they can keep writing to the old primary, and both sides become primary (split brain).", a));
                }
            }
            case SPLIT_BRAIN_RECOVERY -> {
                if (ka != null && kb != null) {
                    out.add(PreflightCheck.pass("Survivor chosen", "Keeping " + a.id() + " on " + r.siteA().name() + " (last sync "
                            + when(ka.lastSyncTime()) + "); discarding changes of " + kb.source().id() + " on " + r.siteB().name()
                            + " (last sync " + when(kb.lastSyncTime()) + ").", a));
                }
            }
            case FAILBACK -> {
                if (kb != null && kb.role() != VolumeReplicationRole.PRIMARY && ka != null) {
                    String why = RiskModel.notFailedOver(SideFacts.of(r.siteA().name(), ka), SideFacts.of(r.siteB().name(), kb));
                    out.add(PreflightCheck.fail("Failed over to " + r.siteB().name(),
                            Character.toUpperCase(why.charAt(0)) + why.substring(1) + ".", a));
                } else {
                    role(out, kb, VolumeReplicationRole.PRIMARY, r.siteB().name(), a);
                    if (alreadySecondary(i)) {
                        out.add(PreflightCheck.pass("Role on " + r.siteA().name(), name(i) + " is secondary already: it is not demoted again.", a));
                    }
                }
            }
            default -> {
            }
        }
        return out;
    }

    /** Whether site A's side is known to be secondary (a failback after a planned failover). */
    private static boolean alreadySecondary(WorkflowItem i) {
        return i.knownA() != null && i.knownA().role() == VolumeReplicationRole.SECONDARY;
    }

    private static String when(Instant t) {
        return t == null ? "unknown" : t.toString();
    }

    private static void role(List<PreflightCheck> out, ReplicationSample s, VolumeReplicationRole want, String site, ReplicationSource item) {
        if (s == null) return;
        String name = "Role on " + site;
        if (s.role() == want) out.add(PreflightCheck.pass(name, s.source().id() + " is " + want.name().toLowerCase() + ".", item));
        else out.add(PreflightCheck.fail(name, s.source().id() + " is " + s.role().name().toLowerCase() + ", not "
                + want.name().toLowerCase() + "; the workflow assumes it. Check the site pair first.", item));
    }

    private void rpo(List<PreflightCheck> out, ReplicationSample s, Instant now, ReplicationSource item) {
        if (s == null) return;
        RpoAge age = s.rpo(thresholds, now);
        if (age.level() == RpoLevel.WARNING || age.level() == RpoLevel.ERROR) {
            out.add(PreflightCheck.warn("RPO age", "The last sync is " + age.text() + " old, past "
                    + (age.level() == RpoLevel.ERROR ? thresholds.errorFactor() : thresholds.warningFactor()) + "× the interval.", item));
        } else if (age.level() == RpoLevel.OK) {
            out.add(PreflightCheck.pass("RPO age", "The last sync is " + age.text() + " old.", item));
        }
    }

    /** Collects steps with their request fields. */
    private static final class Steps {
        final WorkflowRequest r;
        final List<WorkflowStep> steps = new ArrayList<>();

        Steps(WorkflowRequest r) {
            this.r = r;
        }

        void add(ReplicationAction action, ReplicationSite site, ReplicationSource target, boolean force, String description) {
            steps.add(new WorkflowStep(steps.size() + 1, action, site.name(), target,
                    StepRequests.of(action, r.template().forSource(target), force), force, description));
        }

        void fence(ReplicationSite site, String description) {
            steps.add(new WorkflowStep(steps.size() + 1, ReplicationAction.FENCE, site.name(), null,
                    StepRequests.fence(r.options().fence()), false, description));
        }
    }
}
