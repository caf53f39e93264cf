package org.csiconsole.core.reference.trouble;

import io.grpc.Status;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.trouble.Exercise;
import org.csiconsole.core.trouble.ExercisePlan;
import org.csiconsole.core.trouble.ExerciseResult;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.core.trouble.StepOutcome;
import org.csiconsole.core.trouble.TroubleEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class ExerciseTest {
    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private CsiClient client;
    private final List<AuditRecord> audited = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).nodeId("node-1").nodePaths(NodePaths.Mode.HOST).start();
        String name = "exercise-" + UUID.randomUUID();
        plugin.startInProcess(name);
        client = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults()
                .withAudit(CallAudit.to(r -> {
                    audited.add(r);
                    return CompletableFuture.completedFuture(null);
                }, AuditOrigin.local("exercise test"))), new CallTrace());
    }

    @AfterEach
    void stop() {
        client.close();
        plugin.close();
    }

    private ExercisePlan plan() {
        return new ExercisePlan("cc-exercise", 1L << 30, Map.of(), Secrets.NONE, dir.resolve("work"), true);
    }

    private ExerciseResult run(Exercise x) throws Exception {
        return x.result().get(60, TimeUnit.SECONDS);
    }

    private static List<String> names(List<ExerciseStep> steps, boolean cleanup) {
        return steps.stream().filter(s -> s.cleanup() == cleanup && s.outcome() != StepOutcome.SKIPPED).map(ExerciseStep::step).toList();
    }

    @Test
    void aFullLifecycleEndsWithNothingLeftOnTheStorage() throws Exception {
        ExerciseResult r = run(Exercise.start(client, plan(), ReferencePlugin.PLUGIN_NAME, e -> { }));

        assertThat(names(r.steps(), false)).containsExactly("NodeGetInfo", "CreateVolume", "ControllerPublishVolume",
                "NodeStageVolume", "NodePublishVolume", "CreateSnapshot", "CreateVolume (clone)", "DeleteVolume", "DeleteSnapshot",
                "NodeUnpublishVolume", "NodeUnstageVolume", "ControllerUnpublishVolume", "DeleteVolume");
        assertThat(r.steps()).allMatch(s -> s.outcome() == StepOutcome.OK);
        assertThat(r.anyFailed()).isFalse();
        assertThat(r.leftovers()).isEmpty();
        assertThat(plugin.model().volumes().count()).isZero();
        assertThat(plugin.model().snapshots().all()).isEmpty();
        assertThat(dir.resolve("work")).isEmptyDirectory();
    }

    @Test
    void everyChangeIsAuditedThroughTheClientsAuditHook() throws Exception {
        ExerciseResult r = run(Exercise.start(client, plan(), ReferencePlugin.PLUGIN_NAME, e -> { }));

        assertThat(audited).extracting(AuditRecord::call).contains("csi.v1.Controller/CreateVolume",
                "csi.v1.Controller/DeleteVolume", "csi.v1.Node/NodeStageVolume", "csi.v1.Node/NodeUnstageVolume");
        assertThat(audited).hasSize((int) r.steps().stream().filter(s -> !s.step().equals("NodeGetInfo")).count());
    }

    @Test
    void everyCallOfTheExerciseIsTracedToTheTaskThatStartedIt() throws Exception {
        var origins = client.trace().origins();
        var task = origins.next("Exercise reference (pool default)");
        Exercise x = origins.within(task, () -> Exercise.start(client, plan(), ReferencePlugin.PLUGIN_NAME, e -> { }));
        run(x);

        var calls = client.trace().snapshot().stream().filter(t -> !t.method().contains("Identity/")).toList();
        assertThat(calls).extracting(t -> t.method()).contains("csi.v1.Controller/CreateVolume", "csi.v1.Node/NodeUnstageVolume");
        assertThat(calls).allSatisfy(t -> assertThat(t.origin()).as(t.method()).isEqualTo(task));
    }

    @Test
    void aFailureInTheMiddleIsCleanedUp() throws Exception {
        plugin.faults().failOnce("NodePublishVolume", Status.Code.INTERNAL);

        ExerciseResult r = run(Exercise.start(client, plan(), ReferencePlugin.PLUGIN_NAME, e -> { }));

        assertThat(r.anyFailed()).isTrue();
        assertThat(r.steps()).filteredOn(s -> s.step().equals("NodePublishVolume") && !s.cleanup()).singleElement()
                .satisfies(s -> assertThat(s.outcome()).isEqualTo(StepOutcome.FAILED));
        assertThat(names(r.steps(), true)).containsExactly("NodeUnpublishVolume", "NodeUnstageVolume", "ControllerUnpublishVolume",
                "DeleteVolume");
        assertThat(r.steps()).filteredOn(ExerciseStep::cleanup).allMatch(s -> s.outcome() == StepOutcome.OK);
        assertThat(r.leftovers()).isEmpty();
        assertThat(plugin.model().volumes().count()).isZero();
        assertThat(plugin.model().publications().all()).isEmpty();
    }

    @Test
    void aCancelStopsTheLifecycleAndCleansUp() throws Exception {
        CompletableFuture<Exercise> started = new CompletableFuture<>();
        Exercise x = Exercise.start(client, plan(), ReferencePlugin.PLUGIN_NAME, e -> {
            if (e instanceof TroubleEvent.StepDone d && d.step().step().equals("ControllerPublishVolume")) started.join().cancel();
        });
        started.complete(x);

        ExerciseResult r = run(x);

        assertThat(r.cancelled()).isTrue();
        assertThat(names(r.steps(), false)).doesNotContain("NodePublishVolume", "CreateSnapshot");
        assertThat(names(r.steps(), true)).containsExactly("NodeUnstageVolume", "ControllerUnpublishVolume", "DeleteVolume");
        assertThat(r.leftovers()).isEmpty();
        assertThat(plugin.model().volumes().count()).isZero();
    }

    @Test
    void whatCannotBeRemovedIsListedWithItsId() throws Exception {
        plugin.faults().failOnce("CreateSnapshot", Status.Code.INVALID_ARGUMENT);
        plugin.faults().failTimes("DeleteVolume", Status.Code.INTERNAL, 5);

        ExerciseResult r = run(Exercise.start(client, plan(), ReferencePlugin.PLUGIN_NAME, e -> { }));

        String volumeId = r.steps().stream().filter(s -> s.step().equals("CreateVolume")).findFirst().orElseThrow().target();
        assertThat(r.leftovers()).singleElement().asString().startsWith("volume " + volumeId + " (" + r.volumeName() + ")")
                .contains("DeleteVolume failed");
        assertThat(plugin.model().volumes().count()).isEqualTo(1);
    }

    @Test
    void thePlanNamesTheDriverAndThePoolToConfirm() {
        ExercisePlan p = new ExercisePlan("x", 1, Map.of("pool", "gold"), Secrets.NONE, dir, false);

        assertThat(p.confirmation("csi.example.com")).isEqualTo("csi.example.com/gold");
        assertThat(plan().confirmation("csi.example.com")).isEqualTo("csi.example.com/default");
        assertThat(Files.exists(dir)).isTrue();
    }
}
