package org.csiconsole.core.storage.replication;

import io.grpc.Status;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.reference.array.ReplicationRole;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ItemResult;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.RpoLevel;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.replication.WorkflowEvent;
import org.csiconsole.core.replication.WorkflowItem;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowOptions;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.core.replication.WorkflowRun;
import org.csiconsole.core.replication.WorkflowStep;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The replication port, sampler and workflow engine against the reference plugin with faults, over
 * real unix sockets, one per site (issue 19, "Tests").
 */
class ReplicationAgainstReferenceTest {
    private static final String CANARY = "canary-repl-s3cr3t-5521";

    @TempDir
    Path dir;
    private ReplicationSites sites;
    private ScheduledReplicationSampler sampler;
    private ReplicationEngine engine;

    private ReplicationSites sites(int pairs) throws Exception {
        sites = new ReplicationSites(dir, pairs);
        engine = new ReplicationEngine(sites.clock, org.csiconsole.core.replication.RpoThresholds.DEFAULT, null);
        return sites;
    }

    @AfterEach
    void stop() {
        if (sampler != null) sampler.close();
        if (sites != null) sites.close();
    }

    private ScheduledReplicationSampler sampler(ReplicationSites s) {
        sampler = new ScheduledReplicationSampler("site-a", s.a.site().replication(), SamplerSettings.DEFAULT,
                Executors.newSingleThreadScheduledExecutor(), true, s.clock, null);
        return sampler;
    }

    private static ReplicationSample sampleOf(SampleRound round, String id) {
        return round.samples().stream().filter(x -> x.source().id().equals(id)).findFirst().orElseThrow();
    }

    private static <T> T await(CompletableFuture<T> f) throws Exception {
        return f.get(60, TimeUnit.SECONDS);
    }

    private WorkflowOptions fast() {
        return WorkflowOptions.DEFAULT.withPollInterval(Duration.ofMillis(10)).withWaitTimeout(Duration.ofMinutes(5));
    }

    @Test
    void linkDownMakesThePairDegradedWithAGrowingRpoAgeAndLinkUpMakesItHealthyAgain() throws Exception {
        ReplicationSites s = sites(1);
        ScheduledReplicationSampler sm = sampler(s);
        String id = s.local.get(0);
        assertThat(sampleOf(await(sm.sampleNow()), id).health()).isEqualTo(ReplicationHealth.HEALTHY);

        await(s.faults().linkDown(id, true));
        s.clock.advance(Duration.ofMinutes(2));
        ReplicationSample first = sampleOf(await(sm.sampleNow()), id);
        s.clock.advance(Duration.ofMinutes(3));
        ReplicationSample later = sampleOf(await(sm.sampleNow()), id);
        RpoAge ageFirst = first.rpo(sm.settings().thresholds(), first.readAt());
        RpoAge ageLater = later.rpo(sm.settings().thresholds(), later.readAt());

        assertThat(first.health()).isEqualTo(ReplicationHealth.DEGRADED);
        assertThat(first.statusMessage()).contains("link");
        assertThat(later.lastSyncTime()).isEqualTo(first.lastSyncTime());
        assertThat(ageLater.age()).isGreaterThan(ageFirst.age());
        assertThat(ageLater.interval()).isEqualTo(Duration.ofMinutes(1));
        assertThat(ageLater.level()).isEqualTo(RpoLevel.ERROR);

        await(s.faults().linkDown(id, false));
        s.clock.advance(Duration.ofSeconds(61));
        ReplicationSample healed = sampleOf(await(sm.sampleNow()), id);
        assertThat(healed.health()).isEqualTo(ReplicationHealth.HEALTHY);
        assertThat(healed.rpo(sm.settings().thresholds(), healed.readAt()).level()).isEqualTo(RpoLevel.OK);
    }

    @Test
    void splitBrainReadsAsErrorAndForceIsRefusedWithoutATypedConfirmationNamingTheVolume() throws Exception {
        ReplicationSites s = sites(2);
        ScheduledReplicationSampler sm = sampler(s);
        await(s.faults().splitBrain(s.local.get(0)));

        ReplicationSample split = sampleOf(await(sm.sampleNow()), s.local.get(0));
        assertThat(split.health()).isEqualTo(ReplicationHealth.ERROR);
        assertThat(split.statusMessage()).containsIgnoringCase("split-brain");

        // the healthy pair 1: promoting its secondary without force is refused by the driver and explained
        ReplicationSource b1 = s.remoteSource(1);
        CallFailure refused = CallFailure.unwrap(catchThrowable(() -> await(s.b.site().replication().promote(ReplicationRequest.of(b1), null))));
        CallFailure explained = org.csiconsole.core.replication.ReplicationFailures.explain(refused, ReplicationAction.PROMOTE, b1);
        assertThat(explained.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(explained.why()).contains("cannot be promoted without force");
        assertThat(explained.whatToDo()).startsWith("Safe: demote the partner first");

        // force with a confirmation for another volume is refused before anything is sent
        int promotesBefore = s.calls("/PromoteVolume").size();
        ForceConfirmation other = ForceConfirmation.typed(s.remoteSource(0), "", s.remote.get(0));
        CallFailure wrong = CallFailure.unwrap(catchThrowable(() -> await(s.b.site().replication().promote(ReplicationRequest.of(b1), other))));
        assertThat(wrong.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(s.calls("/PromoteVolume")).hasSize(promotesBefore);

        // a mistyped name makes no confirmation at all
        assertThatThrownBy(() -> ForceConfirmation.typed(b1, "", "vol-typo")).isInstanceOf(CallFailure.class)
                .hasMessageContaining("does not name");

        // the engine will not plan a forced promote without one
        WorkflowRequest unplanned = WorkflowRequest.onPair(WorkflowKind.UNPLANNED_FAILOVER, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(1), "", b1, null, null)));
        assertThatThrownBy(() -> engine.plan(unplanned)).isInstanceOf(CallFailure.class).hasMessageContaining("typed confirmation");
        assertThat(s.calls("/PromoteVolume")).hasSize(promotesBefore);
        assertThat(s.status(b1.id()).role()).isEqualTo(ReplicationRole.SECONDARY);
    }

    @Test
    void abortedIsRetriedWithinTheCallPolicysBoundsAndAuditedOnceWithItsAttempts() throws Exception {
        ReplicationSites s = sites(2);
        s.plugin.faults().failTimes("DemoteVolume", Status.Code.ABORTED, 2);
        await(s.a.site().replication().demote(ReplicationRequest.of(s.localSource(0)), null));
        assertThat(s.status(s.local.get(0)).role()).isEqualTo(ReplicationRole.SECONDARY);

        s.plugin.faults().failTimes("DemoteVolume", Status.Code.ABORTED, 100);
        CallFailure busy = CallFailure.unwrap(catchThrowable(() -> await(s.a.site().replication().demote(ReplicationRequest.of(s.localSource(1)), null))));
        s.plugin.faults().clear();

        assertThat(busy.kind()).isEqualTo(FailureKind.BUSY);
        assertThat(s.calls("/DemoteVolume")).hasSize(3 + ReplicationSites.RETRY.maxAttempts());
        List<AuditEntry> demotes = s.auditEntries().stream().filter(e -> e.record().call().endsWith("/DemoteVolume")).toList();
        assertThat(demotes).hasSize(2);
        assertThat(demotes.get(0).record().outcome()).isEqualTo(AuditOutcome.OK);
        assertThat(demotes.get(0).record().attempts()).isEqualTo(3);
        assertThat(demotes.get(1).record().outcome()).isEqualTo(AuditOutcome.FAILED);
        assertThat(demotes.get(1).record().attempts()).isEqualTo(ReplicationSites.RETRY.maxAttempts());
        assertThat(s.status(s.local.get(1)).role()).isEqualTo(ReplicationRole.PRIMARY);
    }

    @Test
    void aSampleWhoseReadFailsKeepsItsFiguresAndIsShownStaleWithItsAge() throws Exception {
        ReplicationSites s = sites(1);
        ScheduledReplicationSampler sm = sampler(s);
        String id = s.local.get(0);
        ReplicationSample fresh = sampleOf(await(sm.sampleNow()), id);
        assertThat(fresh.stale(fresh.readAt(), sm.settings().staleAfter())).isFalse();

        s.plugin.faults().failWithProbability("GetVolumeReplicationInfo", Status.Code.UNAVAILABLE, 1.0);
        s.clock.advance(Duration.ofSeconds(45));
        SampleRound round = await(sm.sampleNow());
        ReplicationSample stale = sampleOf(round, id);
        s.plugin.faults().clear();

        assertThat(round.complete()).isFalse();
        assertThat(stale.lastError()).isNotNull();
        assertThat(stale.lastError().kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(stale.readAt()).isEqualTo(fresh.readAt());
        assertThat(stale.lastSyncTime()).isEqualTo(fresh.lastSyncTime());
        assertThat(stale.stale(s.clock.instant(), sm.settings().staleAfter())).isTrue();
        assertThat(stale.age(s.clock.instant())).isEqualTo(Duration.ofSeconds(45));
    }

    @Test
    void thePlannedFailoverLeavesBPrimaryAndASecondaryAfterWaitingForAFinalSync() throws Exception {
        ReplicationSites s = sites(1);
        ScheduledReplicationSampler sm = sampler(s);
        ReplicationSample known = sampleOf(await(sm.sampleNow()), s.local.get(0));
        s.clock.advance(Duration.ofSeconds(20)); // no scheduled sync since: only a final sync moves last_sync_time
        WorkflowRequest r = WorkflowRequest.onPair(WorkflowKind.PLANNED_FAILOVER, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(0), "", null, known, null))).withOptions(fast());
        WorkflowPlan plan = engine.plan(r);
        Instant demoteSent = s.clock.instant();
        List<WorkflowEvent> events = new ArrayList<>();
        WorkflowResult result = await(engine.run(plan, e -> {
            events.add(e);
            if (e.type() == WorkflowEvent.Type.STEP_PROGRESS) s.clock.advance(Duration.ofMillis(400));
        }).result());

        assertThat(result.outcome()).as(result.toString()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(plan.steps()).extracting(WorkflowStep::action)
                .containsExactly(ReplicationAction.DEMOTE, ReplicationAction.WAIT_FINAL_SYNC, ReplicationAction.PROMOTE);
        assertThat(s.status(s.local.get(0)).role()).isEqualTo(ReplicationRole.SECONDARY);
        assertThat(s.status(s.remote.get(0)).role()).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(Instant.ofEpochMilli(s.status(s.local.get(0)).lastSyncTimeMs())).isAfter(demoteSent);
        List<String> order = s.trace.snapshot().stream().map(TraceEntry::method)
                .filter(m -> m.endsWith("/DemoteVolume") || m.endsWith("/PromoteVolume") || m.endsWith("/GetVolumeReplicationInfo")).toList();
        int demote = order.indexOf("replication.Controller/DemoteVolume");
        int promote = order.indexOf("replication.Controller/PromoteVolume");
        assertThat(demote).isGreaterThanOrEqualTo(0);
        assertThat(promote).isGreaterThan(demote + 1); // infos polled between: the wait for the final sync
        assertThat(events).anyMatch(e -> e.type() == WorkflowEvent.Type.STEP_SUCCEEDED && e.step() == 2);
        assertThat(result.items().get(0).stateLeft()).contains("is primary").contains("is secondary");
    }

    @Test
    void everyCallOfAWorkflowRunIsTracedToTheTaskThatRanItAlsoAfterAWaitBetweenPolls() throws Exception {
        ReplicationSites s = sites(1);
        ScheduledReplicationSampler sm = sampler(s);
        ReplicationSample known = sampleOf(await(sm.sampleNow()), s.local.get(0));
        s.clock.advance(Duration.ofSeconds(20));
        WorkflowRequest r = WorkflowRequest.onPair(WorkflowKind.PLANNED_FAILOVER, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(0), "", null, known, null))).withOptions(fast());
        WorkflowPlan plan = engine.plan(r);
        int before = s.trace.snapshot().size();
        var task = s.trace.origins().next("Planned failover");

        WorkflowResult result = await(s.trace.origins().within(task, () -> engine.run(plan, e -> {
            if (e.type() == WorkflowEvent.Type.STEP_PROGRESS) s.clock.advance(Duration.ofMillis(400));
        })).result());

        assertThat(result.outcome()).as(result.toString()).isEqualTo(RunOutcome.SUCCEEDED);
        List<TraceEntry> run = s.trace.snapshot().subList(before, s.trace.snapshot().size());
        assertThat(run.stream().filter(t -> t.method().endsWith("/GetVolumeReplicationInfo")).count()).as("polls").isGreaterThan(1);
        assertThat(run).extracting(TraceEntry::method).contains("replication.Controller/PromoteVolume");
        assertThat(run).allSatisfy(t -> assertThat(t.origin()).as(t.method()).isEqualTo(task));
    }

    @Test
    void aDryRunListsTheCallsWithSecretsRedactedAndSendsNothing() throws Exception {
        ReplicationSites s = sites(1);
        int traced = s.trace.snapshot().size();
        int audited = s.auditEntries().size();
        WorkflowRequest r = WorkflowRequest.onPair(WorkflowKind.PLANNED_FAILOVER, s.a.site(), s.b.site(),
                        List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null)))
                .withTemplate(ReplicationRequest.of(s.localSource(0)).withReplicationId("pair-7")
                        .withSecrets(Secrets.of(Map.of("password", CANARY))));

        WorkflowPlan plan = engine.plan(r);

        assertThat(plan.steps()).extracting(WorkflowStep::rpc).containsExactly("replication.Controller/DemoteVolume",
                "replication.Controller/GetVolumeReplicationInfo", "replication.Controller/PromoteVolume");
        assertThat(plan.steps().get(0).site()).isEqualTo("site-a");
        assertThat(plan.steps().get(2).site()).isEqualTo("site-b");
        assertThat(plan.steps().get(2).request()).containsEntry("replication_source.volume.volume_id", s.remote.get(0))
                .containsEntry("replication_id", "pair-7").containsEntry("force", "false").containsEntry("secrets.password", "<redacted>");
        assertThat(plan.steps().stream().map(WorkflowStep::callLine)).noneMatch(l -> l.contains(CANARY));
        assertThat(s.trace.snapshot()).hasSize(traced);
        assertThat(s.auditEntries()).hasSize(audited);
    }

    @Test
    void aBulkPromoteWithOneFailingItemReportsOneFailureAndTheOthersSucceededAndRetriesOnlyThatOne() throws Exception {
        ReplicationSites s = sites(5);
        // planned demotes of four site-a sides; pair 2 stays primary there, so promoting its replica needs force
        for (int i : new int[] {0, 1, 3, 4}) s.plugin.model().replications().demote(s.local.get(i));
        List<WorkflowItem> items = IntStream.range(0, 5).mapToObj(i -> WorkflowItem.of(s.remoteSource(i))).toList();
        WorkflowRequest r = WorkflowRequest.onOneSite(WorkflowKind.PROMOTE, s.b.site(), items).withOptions(fast().withConcurrency(2));

        WorkflowResult result = await(engine.run(engine.plan(r), e -> { }).result());

        assertThat(result.outcome()).isEqualTo(RunOutcome.PARTIAL);
        assertThat(result.succeeded()).hasSize(4);
        assertThat(result.unfinished()).hasSize(1);
        ItemResult failed = result.unfinished().get(0);
        assertThat(failed.source()).isEqualTo(s.remoteSource(2));
        assertThat(failed.failure().kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(failed.failure().why()).contains("cannot be promoted without force");
        assertThat(failed.stateLeft()).startsWith("Nothing was changed");
        assertThat(result.retryRequest().items()).extracting(WorkflowItem::source).containsExactly(s.remoteSource(2));
        List<AuditEntry> promotes = s.auditEntries().stream().filter(e -> e.record().call().endsWith("/PromoteVolume")).toList();
        assertThat(promotes).hasSize(5);
        assertThat(promotes).filteredOn(e -> e.record().outcome() == AuditOutcome.FAILED).hasSize(1)
                .allMatch(e -> e.record().names(s.remote.get(2)));
    }

    @Test
    void eachOperationHasOneAuditEntryAlsoWhenItFailedAndAResyncPolledUntilReadyHasOne() throws Exception {
        ReplicationSites s = sites(2);
        await(s.a.site().replication().demote(ReplicationRequest.of(s.localSource(0)), null)); // both sides secondary now
        await(s.b.site().replication().promote(ReplicationRequest.of(s.remoteSource(0)), null)); // site-b primary: site-a can be resynchronized
        WorkflowRequest resync = WorkflowRequest.onOneSite(WorkflowKind.RESYNC, s.a.site(),
                List.of(WorkflowItem.of(s.localSource(0)), WorkflowItem.of(s.localSource(1)))).withOptions(fast());

        WorkflowResult result = await(engine.run(engine.plan(resync), e -> {
            if (e.type() == WorkflowEvent.Type.STEP_PROGRESS) s.clock.advance(Duration.ofSeconds(2));
        }).result());

        assertThat(result.succeeded()).extracting(ItemResult::source).containsExactly(s.localSource(0));
        assertThat(result.unfinished()).extracting(ItemResult::source).containsExactly(s.localSource(1)); // a primary cannot be resynced
        assertThat(result.unfinished().get(0).failure().why()).contains("resync needs").contains("demoted");
        assertThat(s.calls("/ResyncVolume").size()).isGreaterThan(2); // polled until ready
        List<AuditEntry> resyncs = s.auditEntries().stream().filter(e -> e.record().call().endsWith("/ResyncVolume")).toList();
        assertThat(resyncs).hasSize(2);
        assertThat(resyncs).filteredOn(e -> e.record().names(s.local.get(0))).singleElement()
                .satisfies(e -> assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK));
        assertThat(resyncs).filteredOn(e -> e.record().names(s.local.get(1))).singleElement()
                .satisfies(e -> assertThat(e.record().outcome()).isEqualTo(AuditOutcome.FAILED));
    }

    @Test
    void aRunStoppedBetweenStepsSendsNoFurtherCallAndSaysWhatStateItLeft() throws Exception {
        ReplicationSites s = sites(1);
        WorkflowRequest r = WorkflowRequest.onPair(WorkflowKind.PLANNED_FAILOVER, s.a.site(), s.b.site(),
                List.of(new WorkflowItem(s.localSource(0), "", s.remoteSource(0), null, null))).withOptions(fast());
        CompletableFuture<WorkflowRun> handle = new CompletableFuture<>();
        WorkflowRun run = engine.run(engine.plan(r), e -> {
            if (e.type() == WorkflowEvent.Type.STEP_SUCCEEDED && e.step() == 1) handle.join().stop();
        });
        handle.complete(run);

        WorkflowResult result = await(run.result());

        assertThat(result.outcome()).isEqualTo(RunOutcome.STOPPED);
        ItemResult item = result.items().get(0);
        assertThat(item.stepsDone()).isEqualTo(1);
        assertThat(item.stateLeft()).contains("neither side takes writes").contains("Finish by promoting " + s.remote.get(0));
        assertThat(s.calls("/PromoteVolume")).isEmpty();
        assertThat(s.status(s.local.get(0)).role()).isEqualTo(ReplicationRole.SECONDARY);
        assertThat(s.status(s.remote.get(0)).role()).isEqualTo(ReplicationRole.SECONDARY);
        assertThat(engine.busy(s.localSource(0))).isFalse();
    }

    @Test
    void siteScopedEndpointsListOnlyTheirArrayAndTheListingMarksReplicatedVolumes() throws Exception {
        ReplicationSites s = sites(2);
        var a = await(s.a.site().replication().inventory());
        var b = await(s.b.site().replication().inventory());

        assertThat(a.items()).extracting(i -> i.source().id()).containsExactlyElementsOf(s.local);
        assertThat(a.items()).allMatch(i -> i.role() == VolumeReplicationRole.PRIMARY && i.partner().equals("site-b")
                && i.schedulingInterval().equals(Duration.ofMinutes(1)));
        assertThat(b.items()).extracting(i -> i.source().id()).containsExactlyElementsOf(s.remote);
        assertThat(b.items()).extracting(i -> i.partnerId()).containsExactlyElementsOf(s.local);
        CallFailure elsewhere = CallFailure.unwrap(catchThrowable(() -> await(s.b.site().replication().info(ReplicationRequest.of(s.localSource(0))))));
        assertThat(elsewhere.kind()).isEqualTo(FailureKind.NOT_FOUND);
    }
}
