package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.replication.PlanItem;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.RpoLevel;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowPlan;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * The live checks of a guided workflow, reads only (GetVolumeReplicationInfo on each side): both
 * sides reachable (site A may be lost in an unplanned failover), health and RPO age on the primary,
 * no operation pending. One-site operations check only that no workflow acts on the item.
 */
final class Preflight {
    private final Clock clock;
    private final RpoThresholds thresholds;
    private final Predicate<ReplicationSource> busy;

    Preflight(Clock clock, RpoThresholds thresholds, Predicate<ReplicationSource> busy) {
        this.clock = clock;
        this.thresholds = thresholds;
        this.busy = busy;
    }

    CompletableFuture<List<PreflightCheck>> run(WorkflowPlan plan) {
        List<CompletableFuture<List<PreflightCheck>>> parts = new ArrayList<>();
        for (PlanItem item : plan.items()) parts.add(item(plan, item));
        return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new)).thenApply(x -> {
            // the plan's checks from the samples, but whether a workflow is pending is asked again now
            List<PreflightCheck> out = new ArrayList<>(plan.checks().stream().filter(c -> !c.name().equals("No operation pending")).toList());
            for (CompletableFuture<List<PreflightCheck>> p : parts) out.addAll(p.join());
            return out;
        });
    }

    private CompletableFuture<List<PreflightCheck>> item(WorkflowPlan plan, PlanItem item) {
        ReplicationSource a = item.source();
        List<PreflightCheck> fixed = new ArrayList<>();
        boolean pending = busy.test(a) || (item.partner() != null && busy.test(item.partner()));
        fixed.add(pending ? PreflightCheck.fail("No operation pending", "Another workflow is acting on " + a + " or its partner; wait for it to end.", a)
                : PreflightCheck.pass("No operation pending", "No workflow of this console acts on " + a + ".", a));
        WorkflowKind kind = plan.kind();
        if (!kind.twoSites()) return CompletableFuture.completedFuture(fixed);
        ReplicationSite sa = plan.request().siteA();
        ReplicationSite sb = plan.request().siteB();
        CompletableFuture<SideRead> ra = read(sa, a);
        CompletableFuture<SideRead> rb = read(sb, item.partner());
        return ra.thenCombine(rb, (x, y) -> {
            List<PreflightCheck> out = new ArrayList<>(fixed);
            reach(out, x, sa, a, kind == WorkflowKind.UNPLANNED_FAILOVER);
            reach(out, y, sb, a, false);
            ReplicationInfo primary = x.info != null ? x.info : y.info;
            if (primary != null) judge(out, kind, primary, a);
            return out;
        });
    }

    private void judge(List<PreflightCheck> out, WorkflowKind kind, ReplicationInfo i, ReplicationSource a) {
        String state = i.health() + (i.statusMessage().isEmpty() ? "" : ": " + i.statusMessage());
        switch (kind) {
            case PLANNED_FAILOVER -> out.add(i.health() == ReplicationHealth.HEALTHY ? PreflightCheck.pass("Health", "The pair is HEALTHY.", a)
                    : PreflightCheck.fail("Health", "The pair is " + state + " A planned failover needs a healthy pair so that the final "
                    + "sync can complete; restore it first, or run an unplanned failover if site A is lost.", a));
            case SPLIT_BRAIN_RECOVERY -> out.add(i.health() == ReplicationHealth.ERROR
                    ? PreflightCheck.pass("Health", "The pair reports " + state, a)
                    : PreflightCheck.warn("Health", "The pair reports " + state + " — no split brain is reported; check the roles of both sides.", a));
            default -> out.add(i.health() == ReplicationHealth.HEALTHY ? PreflightCheck.pass("Health", "The pair is HEALTHY.", a)
                    : PreflightCheck.warn("Health", "The pair is " + state, a));
        }
        RpoAge age = thresholds.judge(i.lastSyncTime(), null, clock.instant());
        if (age.level() == RpoLevel.OK) out.add(PreflightCheck.pass("RPO age", "The last sync is " + age.text() + " old.", a));
        else if (age.level() != RpoLevel.UNKNOWN) out.add(PreflightCheck.warn("RPO age", "The last sync is " + age.text() + " old.", a));
    }

    private static void reach(List<PreflightCheck> out, SideRead r, ReplicationSite site, ReplicationSource item, boolean mayBeLost) {
        String name = "Reachable: " + site.name();
        boolean answers = r.failure == null || r.failure.kind() == FailureKind.FAILED_PRECONDITION;
        if (answers && mayBeLost) {
            // an unplanned failover is for a lost site: one that answers is the red flag of the wrong workflow
            out.add(PreflightCheck.warn(org.csiconsole.core.replication.SiteAnswers.checkName(site.name()), site.name() + " answers, so it is not lost: an unplanned "
                    + "failover would leave it primary beside the force-promoted side (a split brain), and its writes since the "
                    + "last sync are lost. Run a planned failover instead: it demotes " + site.name() + " first and waits for a "
                    + "final sync, so nothing is lost.", item));
        } else if (answers) {
            out.add(PreflightCheck.pass(name, site.name() + " answers.", item));
        } else if (mayBeLost) {
            out.add(PreflightCheck.warn(name, site.name() + " does not answer (" + r.failure.kind() + "): expected when that site is lost.", item));
        } else {
            out.add(PreflightCheck.fail(name, site.name() + " does not answer: " + r.failure.why() + ". " + r.failure.whatToDo(), item));
        }
    }

    private record SideRead(ReplicationInfo info, CallFailure failure) {
    }

    private static CompletableFuture<SideRead> read(ReplicationSite site, ReplicationSource s) {
        if (s == null) return CompletableFuture.completedFuture(new SideRead(null, null));
        return site.replication().info(ReplicationRequest.of(s)).handle((i, e) -> e == null ? new SideRead(i, null)
                : new SideRead(null, SourceFailure.of(site.name(), e).failure()));
    }
}
