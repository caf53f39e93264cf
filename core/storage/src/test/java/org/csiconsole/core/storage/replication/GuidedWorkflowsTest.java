package org.csiconsole.core.storage.replication;

import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;

import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.reference.array.ReplicationHealthState;
import org.csiconsole.core.reference.array.ReplicationRole;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.WorkflowEvent;
import org.csiconsole.core.replication.WorkflowItem;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowOptions;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.core.replication.WorkflowStep;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Unplanned failover, failback and split-brain recovery against the reference plugin, one unix socket per site. */
class GuidedWorkflowsTest {
    @TempDir
    Path dir;
    private ReplicationSites s;
    private ReplicationEngine engine;
    private final List<WorkflowEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (s != null) s.close();
    }

    private WorkflowResult run(WorkflowRequest r) throws Exception {
        WorkflowOptions fast = r.options().withPollInterval(Duration.ofMillis(10)).withWaitTimeout(Duration.ofMinutes(30));
        return engine.run(engine.plan(r.withOptions(fast)), e -> {
            events.add(e);
            if (e.type() == WorkflowEvent.Type.STEP_PROGRESS) s.clock.advance(Duration.ofSeconds(1));
        }).result().get(120, TimeUnit.SECONDS);
    }

    private void start() throws Exception {
        s = new ReplicationSites(dir, 1);
        engine = new ReplicationEngine(s.clock, RpoThresholds.DEFAULT, null, s.marks);
    }

    @Test
    void anUnplannedFailoverFencesSiteAsClientsForcePromotesBAndAFailbackMakesAPrimaryAgain() throws Exception {
        start();
        String a = s.local.get(0);
        String b = s.remote.get(0);
        s.clock.advance(Duration.ofMinutes(3));
        FenceRequest fence = new FenceRequest(List.of(Cidr.parse("10.10.3.0/24")), Map.of(), Secrets.NONE);
        WorkflowRequest unplanned = WorkflowRequest.onPair(WorkflowKind.UNPLANNED_FAILOVER, s.a.site(), s.b.site(),
                        List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null)))
                .withForce(Map.of(s.remoteSource(0), ForceConfirmation.typed(s.remoteSource(0), "", b)))
                .withOptions(WorkflowOptions.DEFAULT.withFence(fence, "B"));

        WorkflowPlan plan = engine.plan(unplanned);
        WorkflowResult failover = run(unplanned);

        assertThat(plan.steps()).extracting(WorkflowStep::action).containsExactly(ReplicationAction.FENCE, ReplicationAction.PROMOTE);
        assertThat(plan.steps().get(1).force()).isTrue();
        assertThat(failover.outcome()).as(failover.toString()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(s.plugin.model().fencing().fences()).anyMatch(f -> f.cidr().equals("10.10.3.0/24"));
        assertThat(s.status(b).role()).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(s.status(a).health()).as("site A never heard of it: both primary").isEqualTo(ReplicationHealthState.ERROR);
        assertThat(failover.items().get(0).stateLeft()).as("the one next step of a split brain")
                .contains(org.csiconsole.core.replication.PairMismatch.BOTH_PRIMARY.safeNextStep()).doesNotContain("failback").contains(a + " on site-a")
                .as("site A's volume is named with site A").doesNotContain(a + " on site-b");
        assertThat(s.auditEntries()).filteredOn(e -> e.record().call().endsWith("/FenceClusterNetwork")).singleElement().satisfies(e -> {
            assertThat(e.record().workflow()).as("site A answered: the record says so, never that it was lost")
                    .isEqualTo("Unplanned failover: site-a (" + a + ") still answers: forced, site-b (" + b + ") force-promoted");
            assertThat(e.record().forced()).as("FenceClusterNetwork carries no force: the workflow field says what it was part of").isFalse();
        });
        assertThat(s.audit.find(AuditQuery.FIRST_PAGE.page(0, 100).withMarked(true))).extracting(e -> e.record().call())
                .as("audit --forced and the GUI's filter list the promote sent with force=true, and only it")
                .singleElement().satisfies(c -> assertThat(c).endsWith("/PromoteVolume"));

        WorkflowResult back = run(WorkflowRequest.onPair(WorkflowKind.FAILBACK, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null))));

        assertThat(back.outcome()).as(back.toString()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(back.plan().steps()).extracting(WorkflowStep::action).containsExactly(ReplicationAction.DEMOTE, ReplicationAction.RESYNC,
                ReplicationAction.WAIT_HEALTHY, ReplicationAction.DEMOTE, ReplicationAction.WAIT_FINAL_SYNC, ReplicationAction.PROMOTE);
        assertThat(s.status(a).role()).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(s.status(b).role()).isEqualTo(ReplicationRole.SECONDARY);
        s.clock.advance(Duration.ofSeconds(2));
        assertThat(s.status(a).health()).isEqualTo(ReplicationHealthState.HEALTHY);
    }

    @Test
    void aSplitBrainRecoveryStoppedByThePersonIsAuditedWithTheStepItStoppedAtUnderTheOneConnectionOfBothSites() throws Exception {
        start();
        String a = s.local.get(0);
        String b = s.remote.get(0);
        s.faults().splitBrain(a).join();
        // one driver serving both sites behind one socket, saved as "Served"
        ReplicationSite siteA = new ReplicationSite(s.a.site().name(), s.a.site().replication(), s.a.site().fence(), "Served");
        ReplicationSite siteB = new ReplicationSite(s.b.site().name(), s.b.site().replication(), s.b.site().fence(), "Served");
        WorkflowRequest r = WorkflowRequest.onPair(WorkflowKind.SPLIT_BRAIN_RECOVERY, siteA, siteB,
                List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null)));
        WorkflowPlan plan = engine.plan(r.withOptions(r.options().withPollInterval(Duration.ofMillis(10))));
        CompletableFuture<org.csiconsole.core.replication.WorkflowRun> handle = new CompletableFuture<>();
        org.csiconsole.core.replication.WorkflowRun run = engine.run(plan, e -> {
            if (e.type() == WorkflowEvent.Type.STEP_SUCCEEDED && e.step() == 1) handle.join().stop();
        });
        handle.complete(run);

        WorkflowResult result = run.result().get(120, TimeUnit.SECONDS);

        assertThat(result.outcome()).isEqualTo(RunOutcome.STOPPED);
        assertThat(s.auditEntries()).filteredOn(e -> e.record().protocol().equals("workflow")).singleElement().satisfies(e -> {
            assertThat(e.record().call()).isEqualTo("Split-brain recovery: stopped at step 2 of " + plan.items().get(0).steps().size());
            assertThat(e.record().origin().connection()).as("the audit filter of Served finds it").isEqualTo("Served");
            assertThat(e.record().outcome()).isEqualTo(AuditOutcome.CANCELLED);
            assertThat(e.record().workflow()).isEqualTo("Split-brain recovery: survivor site-a (" + a + "), discarded site-b (" + b + ")");
            assertThat(e.record().names(a)).isTrue();
            assertThat(e.record().names(b)).isTrue();
            assertThat(e.record().message()).startsWith("Stopped by the person running it. Stopped before step 2.");
            assertThat(e.record().forced()).isFalse();
        });
    }

    @Test
    void theFenceStepNamesTheSiteWithTheConnectionItsCallIsAuditedUnder() throws Exception {
        start();
        ReplicationSite siteA = new ReplicationSite(s.a.site().name(), s.a.site().replication(), s.a.site().fence(), "Demo");
        ReplicationSite siteB = new ReplicationSite(s.b.site().name(), s.b.site().replication(), s.b.site().fence(), "Demo");
        String b = s.remote.get(0);
        FenceRequest fence = new FenceRequest(List.of(Cidr.parse("10.10.3.0/24")), Map.of(), Secrets.NONE);
        WorkflowRequest unplanned = WorkflowRequest.onPair(WorkflowKind.UNPLANNED_FAILOVER, siteA, siteB,
                        List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null)))
                .withForce(Map.of(s.remoteSource(0), ForceConfirmation.typed(s.remoteSource(0), "", b)))
                .withOptions(WorkflowOptions.DEFAULT.withFence(fence, "B"));

        WorkflowPlan plan = engine.plan(unplanned);

        assertThat(plan.steps().get(0).action()).isEqualTo(ReplicationAction.FENCE);
        assertThat(plan.steps().get(0).description()).isEqualTo("Fence site-a's clients (10.10.3.0/24) through site-b on Demo");
        assertThat(s.a.site().described()).as("a site reached through a connection of its own name").isEqualTo(s.a.site().name());
    }

    @Test
    void aStopOfAWorkflowBetweenTwoConnectionsIsFiledUnderBothSitesNames() {
        ReplicationSite a = new ReplicationSite("site-a", org.csiconsole.core.replication.ReplicationPort.NONE, null, "Cluster A");
        ReplicationSite b = new ReplicationSite("site-b", org.csiconsole.core.replication.ReplicationPort.NONE, null, "Cluster B");
        ReplicationSite unknown = new ReplicationSite("site-b", org.csiconsole.core.replication.ReplicationPort.NONE, null);

        assertThat(EngineRun.filedUnder(a, b)).isEqualTo("site-a, site-b");
        assertThat(EngineRun.filedUnder(unknown, unknown)).isEqualTo("site-b, site-b");
        assertThat(EngineRun.filedUnder(a, a)).isEqualTo("Cluster A");
    }

    @Test
    void splitBrainRecoveryKeepsTheSurvivorDemotesAndResyncsTheOtherSideUntilHealthy() throws Exception {
        start();
        String a = s.local.get(0);
        String b = s.remote.get(0);
        s.faults().splitBrain(a).join();

        WorkflowResult r = run(WorkflowRequest.onPair(WorkflowKind.SPLIT_BRAIN_RECOVERY, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null))));

        assertThat(r.outcome()).as(r.toString()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(r.checks()).anyMatch(c -> c.name().equals("Health") && c.level() == PreflightCheck.Grade.PASS && c.message().contains("ERROR"));
        assertThat(s.status(a).role()).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(s.status(b).role()).isEqualTo(ReplicationRole.SECONDARY);
        assertThat(s.status(a).health()).isEqualTo(ReplicationHealthState.HEALTHY);
        assertThat(s.calls("/PromoteVolume")).as("recovery never promotes, let alone with force").isEmpty();
        String words = "Split-brain recovery: survivor site-a (" + a + "), discarded site-b (" + b + ")";
        assertThat(s.auditEntries()).filteredOn(e -> e.record().call().endsWith("/DemoteVolume") || e.record().call().endsWith("/ResyncVolume"))
                .isNotEmpty().allSatisfy(e -> {
                    assertThat(e.record().workflow()).isEqualTo(words);
                    assertThat(e.record().forced()).as("sent with force=false: not forced").isFalse();
                    assertThat(e.record().names(b)).isTrue();
                });
        assertThat(s.audit.find(AuditQuery.FIRST_PAGE.page(0, 100).withMarked(true))).as("nothing carried force=true").isEmpty();
        assertThat(events).filteredOn(e -> e.type() == WorkflowEvent.Type.STEP_PROGRESS && e.step() == 2).extracting(WorkflowEvent::message)
                .as("ResyncVolume says only whether it is ready: the step shows the percent the primary's status message reports")
                .anySatisfy(m -> assertThat(m).matches("Resync is running: \\d{1,3}% done \\(the driver's report\\), \\d+ s so far\\."));
        assertThat(events).filteredOn(e -> e.type() == WorkflowEvent.Type.STEP_PROGRESS && e.step() == 2).extracting(WorkflowEvent::percent)
                .as("the progress bar follows it").anySatisfy(p -> assertThat(p).isBetween(0, 100));
    }

    @Test
    void aFailbackAfterAPlannedFailoverDoesNotDemoteTheSideThatIsSecondaryAlreadyAndSaysSo() throws Exception {
        start();
        String a = s.local.get(0);
        s.clock.advance(Duration.ofMinutes(3));
        WorkflowResult over = run(WorkflowRequest.onPair(WorkflowKind.PLANNED_FAILOVER, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null))));
        assertThat(over.outcome()).as(over.toString()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(s.status(a).role()).isEqualTo(ReplicationRole.SECONDARY);
        int demotesBefore = s.calls("/DemoteVolume").size();

        // site A's side as the wizard read it: secondary
        java.time.Instant now = s.clock.instant();
        var item = new org.csiconsole.core.replication.ReplicatedItem(s.localSource(0), "", VolumeReplicationRole.SECONDARY, null, "",
                s.remote.get(0), null, List.of(), "site-a");
        var knownA = new org.csiconsole.core.replication.ReplicationSample(item, VolumeReplicationRole.SECONDARY, null, null,
                org.csiconsole.core.replication.SampleOrigin.LISTING, now, null, now);

        WorkflowResult back = run(WorkflowRequest.onPair(WorkflowKind.FAILBACK, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), knownA, null))));

        assertThat(back.outcome()).as(back.toString()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(back.plan().steps()).extracting(WorkflowStep::action).containsExactly(ReplicationAction.RESYNC,
                ReplicationAction.WAIT_HEALTHY, ReplicationAction.DEMOTE, ReplicationAction.WAIT_FINAL_SYNC, ReplicationAction.PROMOTE);
        assertThat(back.plan().steps().get(2).site()).as("only site B's side is demoted").isEqualTo("site-b");
        assertThat(back.plan().checks()).anyMatch(c -> c.level() == PreflightCheck.Grade.PASS && c.name().equals("Role on site-a")
                && c.message().equals(a + " is secondary already: it is not demoted again."));
        assertThat(s.calls("/DemoteVolume")).hasSize(demotesBefore + 1);
        assertThat(s.status(a).role()).isEqualTo(ReplicationRole.PRIMARY);
    }

    @Test
    void aPlannedFailoverOfAPairWhoseLinkIsDownIsRefusedBeforeAnythingIsSent() throws Exception {
        start();
        s.faults().linkDown(s.local.get(0), true).join();

        WorkflowResult r = run(WorkflowRequest.onPair(WorkflowKind.PLANNED_FAILOVER, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null))));

        assertThat(r.outcome()).isEqualTo(RunOutcome.REFUSED);
        assertThat(r.checks()).anyMatch(c -> c.level() == PreflightCheck.Grade.FAIL && c.name().equals("Health")
                && c.message().contains(ReplicationHealth.DEGRADED.name()));
        assertThat(s.calls("/DemoteVolume")).isEmpty();
        assertThat(s.auditEntries()).isEmpty();
    }
}
