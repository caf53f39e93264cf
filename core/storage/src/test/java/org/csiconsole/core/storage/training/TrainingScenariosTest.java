package org.csiconsole.core.storage.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.csiconsole.core.storage.training.Trainee.EXT4;
import static org.csiconsole.core.storage.training.Trainee.await;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.training.ReferenceTraining;
import org.csiconsole.core.reference.training.ReferenceTrainingSession;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.training.StepProgress;
import org.csiconsole.core.training.StepState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every bundled scenario solved by a script through the ports the workbench's views use; each
 * step is pending before its action and passes after it. Wrong actions keep a step pending, and a
 * forbidden shortcut fails the step's "how" check with an explanation.
 */
class TrainingScenariosTest {
    @TempDir
    Path dir;

    private final ReferenceTraining training = new ReferenceTraining(null, Runnable::run);
    private ReferenceTrainingSession session;
    private Trainee t;

    private Trainee start(String id) {
        session = training.startIn(training.load(Optional.empty()).find(id).orElseThrow(), dir.resolve(id));
        t = new Trainee(session);
        return t;
    }

    @AfterEach
    void stop() {
        if (t != null) t.close();
        if (session != null) session.close();
    }

    private static VolumeRequest request(String name, long bytes, VolumeSource source) {
        return new VolumeRequest(name, bytes, List.of(EXT4), Map.of(), Map.of(), source,
                List.of(Topology.of(ArrayModel.TOPOLOGY_KEY, "site-a")));
    }

    @Test
    void provisionStageAndPublishIsSolvedStepByStep() throws Exception {
        Trainee t = start("provision-stage-publish");
        t.pending("create");
        String id = await(t.storage.createVolume(request("web-data", 10L << 30, null))).volumeId();
        t.passed("create");

        t.pending("publish");
        Map<String, String> context = await(t.storage.controllerPublish(id, "worker-01", EXT4, false));
        t.passed("publish");

        t.pending("stage");
        await(t.storage.nodeStage(new NodeTarget(id, Trainee.staging(id), "", EXT4, context, false)));
        t.passed("stage");

        t.pending("mount");
        await(t.storage.nodePublish(new NodeTarget(id, Trainee.staging(id), Trainee.target(id), EXT4, context, false)));
        t.passed("mount");

        StepProgress read = t.pending("read-path");
        assertThat(read.explanation()).contains("What is the staging path of web-data");
        StepProgress wrong = await(session.answer("read-path", "/var/lib/kubelet/pods")).step("read-path").orElseThrow();
        assertThat(wrong.state()).isEqualTo(StepState.PENDING);
        assertThat(wrong.explanation()).contains("is not the staging path of web-data");
        assertThat(await(session.answer("read-path", Trainee.staging(id))).complete()).isTrue();
    }

    @Test
    void publishingToAnotherNodeKeepsThePublishStepPending() throws Exception {
        Trainee t = start("provision-stage-publish");
        String id = await(t.storage.createVolume(request("web-data", 10L << 30, null))).volumeId();
        await(t.storage.controllerPublish(id, "worker-02", EXT4, false));
        StepProgress publish = t.pending("publish");
        assertThat(publish.explanation()).isEqualTo("web-data is not yet published to worker-01 (published to worker-02).");
    }

    @Test
    void aVolumeTooSmallKeepsTheCreateStepPending() throws Exception {
        Trainee t = start("provision-stage-publish");
        await(t.storage.createVolume(request("web-data", 5L << 30, null)));
        assertThat(t.pending("create").explanation()).isEqualTo("web-data is not yet at least 10 GiB (5 GiB now).");
    }

    @Test
    void snapshotCloneAndGroupSnapshotAreSolvedStepByStep() throws Exception {
        Trainee t = start("snapshot-clone-group");
        String db = t.volumeId("erp-db");
        t.pending("snapshot");
        var snap = await(t.storage.createSnapshot(db, "erp-db-before-upgrade", Map.of()));
        t.passed("snapshot");

        t.pending("restore");
        await(t.storage.createVolume(request("erp-db-test", 50L << 30, VolumeSource.snapshot(snap.snapshotId()))));
        t.passed("restore");

        t.pending("clone");
        await(t.storage.createVolume(request("erp-app-copy", 10L << 30, VolumeSource.volume(t.volumeId("erp-app")))));
        t.passed("clone");

        t.pending("group-snapshot");
        await(t.storage.createGroupSnapshot("erp-consistent", List.of(db, t.volumeId("erp-logs"), t.volumeId("erp-app")), Map.of()));
        t.passed("group-snapshot");
        assertThat(await(session.check()).complete()).isTrue();
    }

    @Test
    void aGroupSnapshotOfTwoOfTheThreeVolumesKeepsTheStepPending() throws Exception {
        Trainee t = start("snapshot-clone-group");
        var snap = await(t.storage.createSnapshot(t.volumeId("erp-db"), "erp-db-before-upgrade", Map.of()));
        await(t.storage.createVolume(request("erp-db-test", 50L << 30, VolumeSource.snapshot(snap.snapshotId()))));
        await(t.storage.createVolume(request("erp-app-copy", 10L << 30, VolumeSource.volume(t.volumeId("erp-app")))));
        await(t.storage.createGroupSnapshot("erp-consistent", List.of(t.volumeId("erp-db"), t.volumeId("erp-logs")), Map.of()));
        assertThat(t.pending("group-snapshot").explanation()).contains("is not yet of group vg-erp");
    }

    @Test
    void expandAndModifyInUseAreSolvedWithoutUnmounting() throws Exception {
        Trainee t = start("expand-modify-in-use");
        String id = t.volumeId("shop-db");
        t.pending("expand");
        await(t.storage.expandVolume(id, 30L << 30));
        assertThat(t.pending("expand").explanation())
                .startsWith("The state is right, but the call log shows no NodeExpandVolume (volume shop-db).");
        await(t.storage.nodeExpand(id, mountedPath(id), Trainee.staging(id), 30L << 30));
        t.passed("expand");

        t.pending("modify");
        await(t.storage.modifyVolume(id, Map.of("qosPolicy", "gold")));
        t.passed("modify");
    }

    @Test
    void unmountingTheVolumeInUseFailsTheHowCheck() throws Exception {
        Trainee t = start("expand-modify-in-use");
        String id = t.volumeId("shop-db");
        await(t.storage.nodeUnpublish(id, mountedPath(id)));
        StepProgress expand = t.step("expand");
        assertThat(expand.state()).isEqualTo(StepState.FAILED_HOW);
        assertThat(expand.explanation()).contains("NodeUnpublishVolume").contains("Unmounting stops the shop");
    }

    /** Where the seed mounted a volume for its pod (as the lifecycle view shows it). */
    private String mountedPath(String volumeId) {
        return session.plugin().model().nodeRecords().of(volumeId).stream().filter(m -> !m.staged()).findFirst().orElseThrow().path();
    }

    private void stopErpApp(Trainee t) throws Exception {
        for (String v : List.of("erp-db", "erp-logs")) await(t.storage.controllerUnpublish(t.volumeId(v), "worker-02"));
        await(t.storage.controllerUnpublish(t.volumeId("erp-app"), "worker-03"));
    }

    @Test
    void plannedFailoverAndFailbackAreSolvedTheSafeWay() throws Exception {
        Trainee t = start("planned-failover");
        t.pending("stop-app");
        stopErpApp(t);
        t.passed("stop-app");

        ReplicationSource a = ReplicationSource.volumeGroup(t.groupId("vg-erp"));
        ReplicationSource b = ReplicationSource.volumeGroup(t.peerOf(a.id()));
        t.pending("failover");
        t.demote(a);
        t.pending("failover");
        t.promote(b);
        t.passed("failover");

        t.pending("failback");
        t.demote(b);
        t.promote(a);
        t.passed("failback");
    }

    @Test
    void aForcedPromoteInThePlannedFailoverFailsTheHowCheckWithAnExplanation() throws Exception {
        Trainee t = start("planned-failover");
        stopErpApp(t);
        ReplicationSource a = ReplicationSource.volumeGroup(t.groupId("vg-erp"));
        ReplicationSource b = ReplicationSource.volumeGroup(t.peerOf(a.id()));
        t.demote(a);
        t.forcePromote(b);
        StepProgress failover = t.step("failover");
        assertThat(failover.state()).isEqualTo(StepState.FAILED_HOW);
        assertThat(failover.explanation()).startsWith("The call log shows PromoteVolume(").contains("force=true")
                .contains("A planned failover never forces a promote").endsWith("Reset the scenario to try again.");
    }

    @Test
    void aResetKeepsTheFailureAndTheHintsOfTheAttemptBeforeItInTheResult() throws Exception {
        Trainee t = start("planned-failover");
        java.time.Instant firstStart = session.progress().startedAt();
        await(session.revealHint("stop-app"));
        stopErpApp(t);
        ReplicationSource a = ReplicationSource.volumeGroup(t.groupId("vg-erp"));
        t.demote(a);
        t.forcePromote(ReplicationSource.volumeGroup(t.peerOf(a.id())));
        assertThat(t.step("failover").state()).isEqualTo(StepState.FAILED_HOW);

        await(session.reset());
        stopErpApp(t);
        t.passed("stop-app");

        var result = session.result("Ann");
        assertThat(result.startedAt()).isEqualTo(firstStart);
        assertThat(result.resets()).isEqualTo(1);
        assertThat(result.resetTimes()).singleElement().isEqualTo(result.attempts().get(1).startedAt());
        assertThat(result.hintsUsed()).isEqualTo(1);
        assertThat(result.attempts()).extracting(a2 -> a2.hintsUsed()).containsExactly(1, 0);
        assertThat(result.failures()).singleElement().satisfies(f -> {
            assertThat(f.stepId()).isEqualTo("failover");
            assertThat(f.rule()).contains("A planned failover never forces a promote");
            assertThat(f.at()).isBefore(result.resetTimes().get(0));
        });
        assertThat(result.attempts().get(0).steps()).extracting(StepProgress::state)
                .contains(StepState.FAILED_HOW);
        assertThat(result.steps()).extracting(StepProgress::state).doesNotContain(StepState.FAILED_HOW);

        Path file = await(session.exportResult("Ann", org.csiconsole.core.training.ResultFormat.JSON, dir.resolve("ann.json")));
        var read = org.csiconsole.core.reference.training.ResultFiles.read(file);
        assertThat(read.failures()).isEqualTo(result.failures());
        assertThat(read.startedAt()).isEqualTo(firstStart);
        assertThat(read.hintsUsed()).isEqualTo(1);
        assertThat(java.nio.file.Files.readString(file)).contains("\"state\" : \"FAILED_HOW\"").contains("\"reset_at\"");
    }

    @Test
    void aForcedPromoteTakenBeforeTheFailoverStepIsCurrentFailsItsHowCheck() throws Exception {
        Trainee t = start("planned-failover");
        ReplicationSource a = ReplicationSource.volumeGroup(t.groupId("vg-erp"));
        ReplicationSource b = ReplicationSource.volumeGroup(t.peerOf(a.id()));
        t.demote(a);
        t.forcePromote(b);
        t.pending("stop-app");
        stopErpApp(t);
        t.passed("stop-app");
        StepProgress failover = t.step("failover");
        assertThat(failover.state()).isEqualTo(StepState.FAILED_HOW);
        assertThat(failover.explanation()).startsWith("The call log shows PromoteVolume(").contains("force=true")
                .contains("A planned failover never forces a promote").endsWith("Reset the scenario to try again.");
    }

    @Test
    void aPromoteThePluginRefusesKeepsTheFailoverPending() throws Exception {
        Trainee t = start("planned-failover");
        stopErpApp(t);
        ReplicationSource b = ReplicationSource.volumeGroup(t.peerOf(t.groupId("vg-erp")));
        assertThatThrownBy(() -> t.promote(b)).hasMessageContaining("cannot be promoted without force");
        assertThat(t.pending("failover").explanation()).contains("is not yet primary on site-b");
    }

    @Test
    void unplannedFailoverIsSolvedByFencingThenPromotingAndStatingTheWindow() throws Exception {
        Trainee t = start("unplanned-failover");
        ReplicationSource a = ReplicationSource.volumeGroup(t.groupId("vg-erp"));
        ReplicationSource b = ReplicationSource.volumeGroup(t.peerOf(a.id()));
        assertThat(org.csiconsole.core.call.CallFailure.unwrap(org.assertj.core.api.Assertions.catchThrowable(
                () -> await(t.replication.info(org.csiconsole.core.replication.ReplicationRequest.of(a))))).kind())
                .as("the lost site answers nothing: its side is not primary and reachable")
                .isEqualTo(org.csiconsole.core.call.FailureKind.UNAVAILABLE);
        t.pending("fence-and-promote");
        t.fence("10.10.3.0/24");
        t.pending("fence-and-promote");
        t.forcePromote(b);
        t.passed("fence-and-promote");

        t.pending("data-loss");
        assertThat(await(session.answer("data-loss", "30 min")).step("data-loss").orElseThrow().state()).isEqualTo(StepState.PENDING);
        assertThat(await(session.answer("data-loss", "7 min")).complete()).isTrue();
    }

    @Test
    void promotingBeforeFencingFailsTheHowCheck() throws Exception {
        Trainee t = start("unplanned-failover");
        ReplicationSource b = ReplicationSource.volumeGroup(t.peerOf(t.groupId("vg-erp")));
        t.forcePromote(b);
        StepProgress step = t.step("fence-and-promote");
        assertThat(step.state()).isEqualTo(StepState.FAILED_HOW);
        assertThat(step.explanation()).contains("before any FenceClusterNetwork");
    }

    @Test
    void splitBrainIsRecoveredKeepingTheSurvivor() throws Exception {
        Trainee t = start("split-brain");
        t.pending("find");
        assertThat(await(session.answer("find", "site-a")).step("find").orElseThrow().state()).isEqualTo(StepState.PENDING);
        await(session.answer("find", "site-b"));
        t.passed("find");

        ReplicationSource a = ReplicationSource.volume(t.volumeId("erp-db"));
        t.pending("recover");
        t.demote(a);
        assertThat(t.pending("recover").explanation()).contains("no ResyncVolume (volume erp-db)");
        t.resync(a);
        t.passed("recover");
    }

    @Test
    void demotingTheSurvivorFailsTheHowCheck() throws Exception {
        Trainee t = start("split-brain");
        await(session.answer("find", "site-b"));
        t.demote(ReplicationSource.volume(t.volumeId("erp-db-replica")));
        StepProgress recover = t.step("recover");
        assertThat(recover.state()).isEqualTo(StepState.FAILED_HOW);
        assertThat(recover.explanation()).contains("erp-db-replica on site-b is the survivor");
    }

    @Test
    void stuckPublishIsDiagnosedFixedAndReported() throws Exception {
        Trainee t = start("stuck-publish");
        String id = t.volumeId("pay-db");
        t.pending("diagnose");
        assertThatThrownBy(() -> await(t.storage.controllerPublish(id, "worker-01", EXT4, false)))
                .isInstanceOf(ExecutionException.class).hasMessageContaining("fenced");
        await(session.answer("diagnose", "10.10.3.0/24"));
        assertThat(t.pending("diagnose").explanation()).contains("no Probe");
        t.probe();
        t.passed("diagnose");

        t.pending("fix");
        t.unfence("10.10.3.0/24");
        Map<String, String> context = await(t.storage.controllerPublish(id, "worker-01", EXT4, false));
        NodeTarget stage = new NodeTarget(id, Trainee.staging(id), "", EXT4, context, false);
        assertThatThrownBy(() -> await(t.storage.nodeStage(stage))).hasMessageContaining("INTERNAL");
        await(t.storage.nodeStage(stage));
        await(t.storage.nodePublish(new NodeTarget(id, Trainee.staging(id), Trainee.target(id), EXT4, context, false)));
        t.passed("fix");

        t.pending("report");
        t.saveReport();
        t.passed("report");
    }
}
