package org.csiconsole.views.replication;

import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.risk.Hazard;
import org.csiconsole.core.replication.WorkflowKind;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.model.ReplicationHealth.ERROR;
import static org.csiconsole.core.model.ReplicationHealth.HEALTHY;
import static org.csiconsole.core.model.ReplicationHealth.UNKNOWN;
import static org.csiconsole.core.model.VolumeReplicationRole.PRIMARY;
import static org.csiconsole.core.model.VolumeReplicationRole.SECONDARY;
import static org.csiconsole.views.replication.FakeReplication.sample;

class WorkflowWizardModelTest {
    private final ReplicationFixture f = new ReplicationFixture().open();

    private WorkflowWizardModel wizard(WorkflowKind kind) {
        f.model.activate();
        f.samplerA().publish(List.of(sample("site-a", "vol-1", PRIMARY, HEALTHY, Duration.ofMinutes(1), "vol-1r", "")));
        f.samplerB().publish(List.of(sample("site-b", "vol-1r", SECONDARY, UNKNOWN, null, "vol-1", "")));
        return open(kind, "vol-1");
    }

    private WorkflowWizardModel open(WorkflowKind kind, String idA) {
        return new WorkflowWizardModel(kind, List.of(f.pair(idA)), f.services.engine, f.services.risk(), f.model::reread,
                Runnable::run, f.services.clock());
    }

    /** vol-2 on site-a and vol-2r on site-b, both primary. */
    private WorkflowWizardModel splitBrain() {
        f.model.activate();
        f.samplerA().publish(List.of(sample("site-a", "vol-2", PRIMARY, ERROR, Duration.ofMinutes(20), "vol-2r", "Split brain")));
        f.samplerB().publish(List.of(sample("site-b", "vol-2r", PRIMARY, ERROR, Duration.ofMinutes(3), "vol-2", "")));
        return open(WorkflowKind.SPLIT_BRAIN_RECOVERY, "vol-2");
    }

    @Test
    void aDryRunListsTheExactCallsInOrderAndSendsNothing() {
        WorkflowWizardModel w = wizard(WorkflowKind.PLANNED_FAILOVER);
        assertThat(w.steps()).extracting(s -> s.step().description())
                .containsExactly("Demote vol-1 on site-a", "Wait for a final sync", "Promote vol-1r on site-b");
        assertThat(w.checks()).extracting(PreflightCheck::name).containsExactly("Both sides reachable");

        w.dryRun();

        assertThat(w.callsProperty().get().lines().toList()).containsExactly(
                "1. site-a  replication.Controller/DemoteVolume  replication_source.volume.volume_id=vol-1  force=false  secrets=(redacted)",
                "2. site-a  replication.Controller/GetVolumeReplicationInfo (polled)  replication_source.volume.volume_id=vol-1  force=false  secrets=(redacted)",
                "3. site-b  replication.Controller/PromoteVolume  replication_source.volume.volume_id=vol-1r  force=false  secrets=(redacted)");
        assertThat(w.messageProperty().get()).endsWith("Nothing was sent.");
        assertThat(f.services.engine.ran).isEmpty();
        assertThat(f.portA.calls).isEmpty();
        assertThat(f.portB.calls).isEmpty();
    }

    @Test
    void aRunShowsEachStepsProgressAndEndsWithEveryStepDone() {
        WorkflowWizardModel w = wizard(WorkflowKind.PLANNED_FAILOVER);
        assertThat(w.canRun().get()).isTrue();
        List<String> said = new java.util.ArrayList<>();
        w.messageProperty().addListener((o, was, now) -> said.add(now));
        w.run();
        assertThat(said).as("the line under the steps follows the run").containsSubsequence(
                "Step 1 of 3: Demote vol-1 on site-a\u2026", "Step 2 of 3: Wait for a final sync\u2026",
                "Step 3 of 3: Promote vol-1r on site-b\u2026");
        assertThat(w.steps()).extracting(StepRow::status).containsOnly(StepRow.StepRowState.DONE);
        assertThat(f.portA.calls).containsExactly("demote vol-1");
        assertThat(f.portB.calls).containsExactly("promote vol-1r");
        assertThat(w.phaseProperty().get()).isEqualTo(WorkflowWizardModel.Phase.FINISHED);
        assertThat(w.messageProperty().get()).as("both sides read again still show the old roles: the steps cannot be confirmed")
                .startsWith("Could not confirm: every step succeeded, but as read again at")
                .contains("vol-1r on site-b is secondary, not primary").doesNotContain("Done").doesNotContain("Not done");
    }

    @Test
    void aFinishedUnplannedFailoverWhoseSiteAStillAnswersAsPrimarySaysSoFromTheReReadNamingEachSidesSite() {
        WorkflowWizardModel w = wizard(WorkflowKind.UNPLANNED_FAILOVER);
        w.typed().get(0).typed().set("vol-1r");
        f.samplerA().onSampleNow = () -> f.samplerA().publish(List.of(sample("site-a", "vol-1", PRIMARY, HEALTHY, Duration.ofSeconds(1), "vol-1r", "")));
        f.samplerB().onSampleNow = () -> f.samplerB().publish(List.of(sample("site-b", "vol-1r", PRIMARY, HEALTHY, Duration.ofSeconds(1), "vol-1", "")));

        w.run();

        assertThat(f.portB.calls).containsExactly("promote vol-1r force");
        assertThat(w.items()).singleElement().satisfies(i -> assertThat(i.state()).isEqualTo("Split brain"));
        assertThat(w.messageProperty().get()).startsWith("Not done: every step succeeded, but as read again at")
                .contains("vol-1: still wrong: vol-1 on site-a and vol-1r on site-b are both primary: a split brain")
                .contains(org.csiconsole.core.replication.PairMismatch.BOTH_PRIMARY.safeNextStep()).doesNotContain("vol-1 on site-b");
        assertThat(w.stillWrongProperty().get()).as("the end is no success").isTrue();
    }

    @Test
    void aFinishedUnplannedFailoverWhoseSiteAIsNoLongerPrimaryIsDone() {
        WorkflowWizardModel w = wizard(WorkflowKind.UNPLANNED_FAILOVER);
        w.typed().get(0).typed().set("vol-1r");
        f.samplerA().onSampleNow = () -> f.samplerA().publish(List.of(sample("site-a", "vol-1", SECONDARY, UNKNOWN, null, "vol-1r", "")));
        f.samplerB().onSampleNow = () -> f.samplerB().publish(List.of(sample("site-b", "vol-1r", PRIMARY, HEALTHY, Duration.ofSeconds(1), "vol-1", "")));

        w.run();

        assertThat(w.messageProperty().get()).startsWith("Done: as read again at")
                .contains("vol-1: vol-1r on site-b is primary (healthy); vol-1 on site-a is secondary.");
        assertThat(w.stillWrongProperty().get()).isFalse();
    }

    @Test
    void aStoppedRunSaysWhatStateItLeftAndMarksTheStepsNotRun() {
        WorkflowWizardModel w = wizard(WorkflowKind.PLANNED_FAILOVER);
        f.services.engine.stopAfterFirstStep = true;
        w.run();
        assertThat(w.steps()).extracting(StepRow::status)
                .containsExactly(StepRow.StepRowState.DONE, StepRow.StepRowState.STOPPED, StepRow.StepRowState.STOPPED);
        assertThat(w.messageProperty().get()).startsWith("Stopped between steps; as read again at")
                .contains("vol-1: vol-1 was demoted on site-a; its partner is still secondary.");
    }

    @Test
    void aFailedPreflightCheckKeepsRunDisabled() {
        f.services.engine.liveChecks = List.of(PreflightCheck.fail("Partner reachable", "site-b does not answer", null));
        WorkflowWizardModel w = wizard(WorkflowKind.PLANNED_FAILOVER);
        assertThat(w.canRun().get()).isFalse();
        assertThat(w.canDryRun().get()).isTrue();
        assertThat(w.messageProperty().get()).contains("check failed");
    }

    @Test
    void aFailbackOfAPairThatNeverFailedOverKeepsTheSitesAsChosenAndIsRefusedNamingTheState() {
        WorkflowWizardModel w = wizard(WorkflowKind.FAILBACK);

        assertThat(w.siteAProperty().get().name()).as("not turned around to make the secondary the old primary").isEqualTo("site-a");
        assertThat(w.assessmentProperty().get().blocked()).isTrue();
        assertThat(w.canRun().get()).isFalse();
        assertThat(w.messageProperty().get()).startsWith("Not run: ")
                .contains("the pair has not failed over to site-b: vol-1 on site-a is primary and vol-1r on site-b is secondary");
        w.run();
        assertThat(f.services.engine.ran).isEmpty();
    }

    @Test
    void aFailbackOfAPairThatFailedOverToSiteBCanRun() {
        f.model.activate();
        f.samplerA().publish(List.of(sample("site-a", "vol-1", SECONDARY, UNKNOWN, null, "vol-1r", "")));
        f.samplerB().publish(List.of(sample("site-b", "vol-1r", PRIMARY, HEALTHY, Duration.ofMinutes(1), "vol-1", "")));

        WorkflowWizardModel w = open(WorkflowKind.FAILBACK, "vol-1");

        assertThat(w.assessmentProperty().get().blocked()).isFalse();
        assertThat(w.canRun().get()).as(w.messageProperty().get()).isTrue();
    }

    @Test
    void anUnplannedFailoverRunsOnlyOnceEachNameIsTypedButItsDryRunNeedsNone() {
        WorkflowWizardModel w = wizard(WorkflowKind.UNPLANNED_FAILOVER);
        assertThat(w.planProperty().get()).isNull();
        assertThat(w.canRun().get()).isFalse();
        assertThat(w.canDryRun().get()).as("a dry run sends nothing and needs no consent").isTrue();
        w.dryRun();
        assertThat(w.callsProperty().get()).contains("site-b  replication.Controller/PromoteVolume", "volume_id=vol-1r", "force=true");
        assertThat(w.messageProperty().get()).endsWith("Nothing was sent.");
        assertThat(f.portB.calls).isEmpty();

        assertThat(w.typed()).extracting(WorkflowWizardModel.TypedName::name).as("the force-promoted volume on site B")
                .containsExactly("vol-1r");
        w.typed().get(0).typed().set("vol-1");
        assertThat(w.canRun().get()).as("site A's name does not confirm force on site B").isFalse();
        w.typed().get(0).typed().set("vol-1r");

        assertThat(w.planProperty().get()).isNotNull();
        assertThat(w.steps()).singleElement().satisfies(s -> assertThat(s.step().force()).isTrue());
        assertThat(w.canRun().get()).isTrue();
        w.run();
        assertThat(f.portB.calls).containsExactly("promote vol-1r force");
    }

    @Test
    void theFenceOfAnUnplannedFailoverIsAssessedLikeNetworkFenceAndRunsOnlyOnceItsBlocksAreTyped() {
        f.portB.fenceClients.add(new org.csiconsole.core.model.FenceClient("worker-01", List.of("10.1.0.11")));
        f.portB.fenceClients.add(new org.csiconsole.core.model.FenceClient("worker-09", List.of("10.9.0.9")));
        WorkflowWizardModel w = wizard(WorkflowKind.UNPLANNED_FAILOVER);
        w.typed().get(0).typed().set("vol-1r");
        assertThat(w.canRun().get()).isTrue();
        assertThat(w.fenceAssessmentProperty().get()).as("no fence asked").isNull();

        w.fenceCidrsProperty().set("10.1.0.0/24");
        var fence = w.fenceAssessmentProperty().get();
        assertThat(fence.request().operation()).isEqualTo(org.csiconsole.core.risk.RiskOperation.FENCE);
        assertThat(fence.hazards()).extracting(Hazard::kind).contains(Hazard.Kind.ACCESS_LOST);
        assertThat(fence.request().targets()).singleElement().satisfies(t -> assertThat(t.dependents())
                .as("the clients GetFenceClients of site B reports inside the block, as Network fence lists them")
                .containsExactly("worker-01 (10.1.0.11)"));
        assertThat(String.join("\n", fence.lines())).contains("worker-01").doesNotContain("worker-09");
        assertThat(w.fenceTypedProperty().get()).as("nothing typed for the person").isEmpty();
        assertThat(fence.consent().instruction()).isEqualTo("type 10.1.0.0/24");
        assertThat(w.canRun().get()).as("the fence is not consented to").isFalse();
        w.run();
        assertThat(f.portB.calls).as("nothing was sent").isEmpty();

        w.fenceTypedProperty().set("10.2.0.0/24");
        assertThat(w.canRun().get()).isFalse();
        w.fenceTypedProperty().set("10.1.0.0/24");
        assertThat(w.canRun().get()).isTrue();
    }

    @Test
    void anUnplannedFailoversHeaderSaysSiteAStillAnswersWhenItDoesNeverThatItIsLost() {
        WorkflowWizardModel w = wizard(WorkflowKind.UNPLANNED_FAILOVER);

        assertThat(w.description()).startsWith("site-a still answers: forced.").doesNotContain("lost:").doesNotContain("unreachable");
    }

    @Test
    void anUnplannedFailoverWhileSiteAStillAnswersIsARedFlagThatOffersThePlannedFailover() {
        WorkflowWizardModel w = wizard(WorkflowKind.UNPLANNED_FAILOVER);
        var a = w.assessmentProperty().get();
        assertThat(a.hazards()).extracting(Hazard::kind).contains(Hazard.Kind.SITE_STILL_ANSWERS, Hazard.Kind.SPLIT_BRAIN_CREATED);
        assertThat(a.hazards()).anySatisfy(h -> assertThat(h.sentence()).startsWith("site-a still answers"));
        assertThat(a.saferAlternative()).startsWith("Run a planned failover");
    }

    @Test
    void splitBrainRecoveryHasNoDefaultSurvivorAndRunsOnlyOnceTheDiscardedSidesNameIsTyped() {
        WorkflowWizardModel w = splitBrain();
        assertThat(w.survivorProperty().get()).as("no side is kept for the person").isNull();
        assertThat(w.planProperty().get()).isNull();
        assertThat(w.canRun().get()).isFalse();
        assertThat(w.assessmentProperty().get().illegal().reason()).isEqualTo("no survivor was chosen");
        assertThat(w.items()).singleElement().satisfies(i -> assertThat(i.state()).isEqualTo("Split brain"));

        w.dryRun();
        assertThat(w.callsProperty().get()).as("the calls of keeping either side").contains("Keeping site-a:", "Keeping site-b:");
        assertThat(w.messageProperty().get()).endsWith("Nothing was sent.");

        SiteChoice siteA = w.siteAProperty().get();
        w.keep(siteA);
        assertThat(w.survivorProperty().get().name()).isEqualTo("site-a");
        assertThat(w.typed()).extracting(WorkflowWizardModel.TypedName::name).as("the discarded side's name").containsExactly("vol-2r");
        assertThat(w.assessmentProperty().get().hazards()).anySatisfy(h -> assertThat(h.sentence())
                .startsWith("writes to vol-2r on site-b (unix:///run/site-b.sock) since the split"));
        assertThat(w.assessmentProperty().get().state()).as("the sides named as the side cards name them, endpoint beside")
                .contains(w.roleOfA() + ": vol-2 on site-a (unix:///run/site-a.sock)", w.roleOfB() + ": vol-2r on site-b (unix:///run/site-b.sock)");
        assertThat(w.planProperty().get()).isNotNull();
        assertThat(w.canRun().get()).as("the name is not typed yet").isFalse();

        w.typed().get(0).typed().set("vol-2");
        assertThat(w.canRun().get()).as("the survivor's name does not discard the other side").isFalse();
        w.typed().get(0).typed().set("vol-2r");
        assertThat(w.canRun().get()).isTrue();

        w.swap();
        assertThat(w.survivorProperty().get().name()).isEqualTo("site-b");
        assertThat(w.typed()).extracting(WorkflowWizardModel.TypedName::name).containsExactly("vol-2");
        assertThat(w.canRun().get()).as("another side is discarded: its name is asked again").isFalse();
        assertThat(f.portA.calls).isEmpty();
        assertThat(f.portB.calls).isEmpty();
    }

    @Test
    void choosingTheSurvivorReadsBothSidesAgainAndKeepsTheSidesWhereTheyStandMarkingTheSurvivor() {
        WorkflowWizardModel w = splitBrain();
        SiteChoice first = w.siteAProperty().get();
        SiteChoice second = w.siteBProperty().get();
        int before = f.samplerA().sampledNow + f.samplerB().sampledNow;
        f.samplerB().onSampleNow = () -> f.samplerB().publish(List.of(sample("site-b", "vol-2r", PRIMARY, ERROR, Duration.ofSeconds(5), "vol-2", "")));

        w.keep(second);

        assertThat(f.samplerA().sampledNow + f.samplerB().sampledNow).as("both sides read when the survivor is chosen").isGreaterThan(before);
        assertThat(w.items()).singleElement().satisfies(i -> assertThat((i.from().source().id().equals("vol-2r") ? i.from() : i.to())
                .lastSyncTime()).as("the figures shown are the new read's").isEqualTo(FakeReplication.NOW.minusSeconds(5)));
        assertThat(w.roleOf(first)).isEqualTo(org.csiconsole.core.risk.RiskModel.DISCARDED);
        assertThat(w.roleOf(second)).isEqualTo(org.csiconsole.core.risk.RiskModel.SURVIVOR);
    }

    @Test
    void splitBrainRecoveryReadsBothSidesAgainBeforeRunAndSendsNothingWhenTheyChangedSinceShown() {
        WorkflowWizardModel w = splitBrain();
        w.keep(w.siteAProperty().get());
        w.typed().get(0).typed().set("vol-2r");
        assertThat(w.canRun().get()).isTrue();
        // another console demoted vol-2r since the figures were shown
        f.samplerB().onSampleNow = () -> f.samplerB().publish(List.of(sample("site-b", "vol-2r", SECONDARY, HEALTHY, Duration.ofSeconds(5), "vol-2", "")));

        w.run();

        assertThat(f.services.engine.ran).isEmpty();
        assertThat(f.portA.calls).isEmpty();
        assertThat(f.portB.calls).isEmpty();
        assertThat(w.readBackProperty().get()).startsWith("Nothing was sent: both sides changed since they were shown.");
        assertThat(w.items()).singleElement().satisfies(i -> assertThat(i.to().role()).isEqualTo(SECONDARY));
    }

    @Test
    void whileAResyncReportsProgressTheSideItRunsOnShowsTheStepsFigure() {
        WorkflowWizardModel w = splitBrain();
        w.keep(w.siteAProperty().get());
        w.typed().get(0).typed().set("vol-2r");
        List<String> shown = new java.util.ArrayList<>();
        for (StepRow r : w.steps()) {
            r.percentProperty().addListener((o, was, now) -> {
                // the fake engine's one step resyncs the item's source
                StepRow live = w.progressOn(w.items().get(0).from());
                if (now.doubleValue() >= 0) shown.add(live == null ? "none" : live.messageProperty().get());
            });
        }

        w.run();

        assertThat(shown).containsExactly("Resync is running: 99% done (the driver's report)");
        assertThat(w.progressOn(w.items().get(0).from())).as("no step runs once the run is over").isNull();
    }

    @Test
    void aPairFoundOnNeitherSiteWhenReadAgainIsNotShownWithItsFiguresOfBeforeAndTheEndCannotBeConfirmed() {
        WorkflowWizardModel w = wizard(WorkflowKind.PLANNED_FAILOVER);
        // the driver restarts: neither site lists the pair when read again
        f.samplerA().onSampleNow = () -> f.samplerA().publish(List.of());
        f.samplerB().onSampleNow = () -> f.samplerB().publish(List.of());

        w.run();

        assertThat(w.messageProperty().get()).startsWith("Could not confirm: every step succeeded")
                .contains("vol-1r on site-b is not read (it was not found again on site-b)").doesNotContain("Not done");
        assertThat(w.items()).singleElement().satisfies(i -> assertThat(i.to().lastError()).isNotNull());
    }

    @Test
    void bothSidesAreReadAgainAfterEachStepAndAtTheEndSoAFinishedWizardShowsTheNewRoles() {
        WorkflowWizardModel w = wizard(WorkflowKind.PLANNED_FAILOVER);
        f.samplerA().onSampleNow = () -> f.samplerA().publish(List.of(sample("site-a", "vol-1", SECONDARY, UNKNOWN, null, "vol-1r", "")));
        f.samplerB().onSampleNow = () -> f.samplerB().publish(List.of(sample("site-b", "vol-1r", PRIMARY, HEALTHY, Duration.ofSeconds(1), "vol-1", "")));
        w.run();
        assertThat(w.phaseProperty().get()).isEqualTo(WorkflowWizardModel.Phase.FINISHED);
        assertThat(f.samplerA().sampledNow).as("after each of the 3 steps and at the end").isGreaterThanOrEqualTo(4);
        assertThat(w.items()).singleElement().satisfies(i -> {
            assertThat(i.from().role()).isEqualTo(SECONDARY);
            assertThat(i.to().role()).isEqualTo(PRIMARY);
            assertThat(i.state()).isEqualTo("Consistent");
        });
        assertThat(w.messageProperty().get()).startsWith("Done");
        assertThat(w.readBackProperty().get()).contains("vol-1: Consistent (vol-1 Secondary, Unknown",
                "vol-1r Primary, Healthy");
        assertThat(w.steps()).extracting(StepRow::status).as("the steps keep how they ended").containsOnly(StepRow.StepRowState.DONE);
    }
}
