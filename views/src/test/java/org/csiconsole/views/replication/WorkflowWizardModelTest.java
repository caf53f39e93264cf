package org.csiconsole.views.replication;

import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.WorkflowKind;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
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
        return new WorkflowWizardModel(kind, List.of(f.pair("vol-1")), f.services.engine, RpoThresholds.DEFAULT, Runnable::run,
                f.services.clock());
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
        assertThat(w.steps()).extracting(StepRow::status).containsOnly(StepRow.StepState.DONE);
        assertThat(f.portA.calls).containsExactly("demote vol-1");
        assertThat(f.portB.calls).containsExactly("promote vol-1r");
        assertThat(w.phaseProperty().get()).isEqualTo(WorkflowWizardModel.Phase.FINISHED);
        assertThat(w.messageProperty().get()).startsWith("Done");
    }

    @Test
    void aStoppedRunSaysWhatStateItLeftAndMarksTheStepsNotRun() {
        WorkflowWizardModel w = wizard(WorkflowKind.PLANNED_FAILOVER);
        f.services.engine.stopAfterFirstStep = true;
        w.run();
        assertThat(w.steps()).extracting(StepRow::status)
                .containsExactly(StepRow.StepState.DONE, StepRow.StepState.STOPPED, StepRow.StepState.STOPPED);
        assertThat(w.messageProperty().get()).startsWith("Stopped between steps.")
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
    void anUnplannedFailoverCannotBePlannedUntilEachNameIsTyped() {
        WorkflowWizardModel w = wizard(WorkflowKind.UNPLANNED_FAILOVER);
        assertThat(w.planProperty().get()).isNull();
        assertThat(w.canRun().get()).isFalse();
        WizardItem item = w.items().get(0);
        assertThat(w.forceFacts(item).dataLoss()).contains("1 min ago");

        w.typedProperty(item.to().source()).set("vol-1r");

        assertThat(w.planProperty().get()).isNotNull();
        assertThat(w.steps()).singleElement().satisfies(s -> assertThat(s.step().force()).isTrue());
        w.run();
        assertThat(f.portB.calls).containsExactly("promote vol-1r force");
    }

    @Test
    void splitBrainRecoveryKeepsTheSideChosenAsSurvivor() {
        WorkflowWizardModel w = wizard(WorkflowKind.SPLIT_BRAIN_RECOVERY);
        assertThat(w.siteAProperty().get().name()).as("the side with the later sync").isEqualTo("site-a");
        w.swap();
        assertThat(w.siteAProperty().get().name()).isEqualTo("site-b");
        assertThat(w.items().get(0).from().source().id()).isEqualTo("vol-1r");
    }
}
