package org.csiconsole.core.reference.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.csiconsole.core.reference.array.ReplicationHealthState;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.csiconsole.core.training.ResultFormat;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.core.training.TrainingResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingSessionTest {
    @TempDir
    Path dir;

    private final ReferenceTraining training = new ReferenceTraining(null, Runnable::run);

    private Scenario bundled(String id) {
        return training.load(Optional.empty()).find(id).orElseThrow();
    }

    /** Waits until a pushed progress matches; the listener is told on the checker thread. */
    private static TrainingProgress awaitProgress(ReferenceTrainingSession s, Predicate<TrainingProgress> p) throws Exception {
        CompletableFuture<TrainingProgress> seen = new CompletableFuture<>();
        try (AutoCloseable sub = s.subscribe(progress -> {
            if (p.test(progress)) seen.complete(progress);
        })) {
            return seen.get(10, TimeUnit.SECONDS);
        }
    }

    private static void createWebData(ReferenceTrainingSession s, long bytes) {
        s.plugin().model().volumes().create(new VolumeSpec("web-data", "site-a", null, bytes, false, "ext4", List.of(),
                List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));
    }

    @Test
    void everyBundledScenarioLoadsWithoutProblems() {
        var library = training.load(Optional.empty());
        assertThat(library.problems()).isEmpty();
        assertThat(library.scenarios()).extracting(Scenario::id).containsExactly("provision-stage-publish", "snapshot-clone-group",
                "expand-modify-in-use", "planned-failover", "unplanned-failover", "split-brain", "stuck-publish");
        assertThat(library.scenarios()).allSatisfy(s -> assertThat(s.bundled()).isTrue());
    }

    @Test
    void aFolderScenarioIsListedAfterTheBundledOnesAndABadFileWithItsProblem() throws Exception {
        Files.writeString(dir.resolve("mine.yaml"), ScenarioValidationTest.VALID);
        Files.writeString(dir.resolve("broken.yml"), "schema: csi-console/training/v1\n");
        var library = training.load(Optional.of(dir));
        assertThat(library.find("small")).map(Scenario::source).contains(dir.resolve("mine.yaml").toString());
        assertThat(library.problems()).extracting(p -> p.file()).containsOnly(dir.resolve("broken.yml").toString());
    }

    @Test
    void aStepTurnsGreenWhenThePluginStateChangesAndTheNextBecomesCurrent() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), dir.resolve("run"))) {
            assertThat(s.progress().current().orElseThrow().stepId()).isEqualTo("create");
            assertThat(s.progress().steps().get(0).explanation()).isEqualTo("Volume web-data does not exist yet.");
            assertThat(s.progress().steps().get(1).explanation()).isEmpty();

            createWebData(s, 10L << 30);

            TrainingProgress p = awaitProgress(s, pr -> pr.steps().get(0).state() == StepState.PASSED);
            assertThat(p.current().orElseThrow().stepId()).isEqualTo("publish");
            assertThat(p.steps().get(0).explanation()).isEqualTo("Done: volume web-data on site-a, at least 10 GiB.");
            assertThat(p.steps().get(0).passedAt()).isNotNull();
            assertThat(p.steps().get(1).state()).isEqualTo(StepState.PENDING);
        }
    }

    @Test
    void hintsAreRevealedOneAtATimeAndCounted() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), dir.resolve("run"))) {
            assertThat(s.revealHint("create").get()).get().asString().startsWith("Volumes, then New volume; or `csi-console create-volume --name web-data");
            assertThat(s.revealHint("create").get()).get().asString().startsWith("The name is the CreateVolume name");
            assertThat(s.revealHint("create").get()).isEmpty();
            assertThat(s.progress().step("create").orElseThrow().hintsUsed()).isEqualTo(2);
            assertThatThrownBy(() -> s.revealHint("publish").get()).as("a step not reached gives none of its hints away")
                    .hasMessageContaining("Step publish is not reached yet: its hints show once create, the current step, passes.");
            assertThat(s.progress().step("publish").orElseThrow().hintsUsed()).isZero();
            assertThatThrownBy(() -> s.revealHint("nope").get()).isInstanceOf(ExecutionException.class)
                    .hasMessageContaining("has no step 'nope'; its steps are create, publish, stage, mount, read-path.");
        }
    }

    @Test
    void anAnswerToAStepThatIsNotCurrentIsRefused() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), dir.resolve("run"))) {
            assertThatThrownBy(() -> s.answer("read-path", "/x").get()).hasMessageContaining(
                    "Step read-path is not the current step; the current one is create.");
            assertThatThrownBy(() -> s.answer("create", "/x").get()).hasMessageContaining("Step create asks no question.");
        }
    }

    @Test
    void resetRestoresTheSeedExactlyAndStartsTheRunAgain() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("planned-failover"), dir.resolve("run"))) {
            var seeded = s.plugin().model().dump();
            assertThat(seeded.get("volume")).hasSizeGreaterThan(180);
            s.revealHint("stop-app").get();
            var model = s.plugin().model();
            createWebData(s, 1L << 30);
            String erpDb = model.volumes().byName("erp-db").orElseThrow().id();
            model.publications().unpublish(erpDb, "worker-02");
            String group = model.groups().byName("vg-erp").orElseThrow().id();
            model.replications().demote(group);
            s.plugin().faults().replicationLinkDown(null, true);
            model.fencing().fence(List.of("10.10.3.0/24"));
            s.plugin().faults().latency("CreateVolume", Duration.ofSeconds(1));
            assertThat(model.dump()).isNotEqualTo(seeded);

            TrainingProgress after = s.reset().get(30, TimeUnit.SECONDS);

            assertThat(model.dump()).isEqualTo(seeded).isEqualTo(s.seedState());
            assertThat(s.plugin().faults().latencyOf("CreateVolume")).isZero();
            assertThat(model.replications().of(group).orElseThrow().health()).isEqualTo(ReplicationHealthState.HEALTHY);
            assertThat(after.resets()).isEqualTo(1);
            assertThat(after.current().orElseThrow().stepId()).isEqualTo("stop-app");
            assertThat(after.steps()).allSatisfy(st -> assertThat(st.hintsUsed()).isZero());
            assertThat(s.plugin().callLog().calls()).isEmpty();
        }
    }

    @Test
    void aTwoSiteScenarioServesEachArrayAsASiteAndItsArraysByNameOverCsp() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("planned-failover"), dir.resolve("run"))) {
            assertThat(s.siteEndpoints()).containsOnlyKeys("site-a", "site-b");
            assertThat(s.siteEndpoints().values()).doesNotContain(s.endpoint()).allMatch(e -> e.startsWith("inproc:")).doesNotHaveDuplicates();
            String url = s.cspUrl();
            assertThat(s.cspUrl()).as("started once").isEqualTo(url);
            var http = java.net.http.HttpClient.newHttpClient();
            var login = java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + "/containers/v1/tokens"))
                    .header("Content-Type", "application/json")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"username\":\"admin\",\"password\":\"admin\",\"array_ip\":\"site-b\"}"))
                    .build();
            var answer = http.send(login, java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            assertThat(answer.body()).contains("\"array_ip\":\"site-b\"");
        }
    }

    @Test
    void resetReappliesTheStartFaults() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("unplanned-failover"), dir.resolve("run"))) {
            var model = s.plugin().model();
            String group = model.groups().byName("vg-erp").orElseThrow().id();
            assertThat(model.replications().of(group).orElseThrow().health()).isEqualTo(ReplicationHealthState.DEGRADED);
            s.reset().get(30, TimeUnit.SECONDS);
            assertThat(model.replications().of(group).orElseThrow().health()).isEqualTo(ReplicationHealthState.DEGRADED);
            assertThat(model.volumes().byName("erp-db").orElseThrow().abnormal()).isTrue();
        }
    }

    @Test
    void aFaultAfterAStepFiresWhenTheStepPasses() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("planned-failover"), dir.resolve("run"))) {
            assertThat(s.plugin().faults().latencyOf("PromoteVolume")).isZero();
            var model = s.plugin().model();
            for (String v : List.of("erp-db", "erp-logs")) model.publications().unpublish(model.volumes().byName(v).orElseThrow().id(), "worker-02");
            model.publications().unpublish(model.volumes().byName("erp-app").orElseThrow().id(), "worker-03");
            String group = model.groups().byName("vg-erp").orElseThrow().id();
            model.replications().demote(group);
            model.replications().promote(model.replications().of(group).orElseThrow().peerId(), false);
            awaitProgress(s, p -> p.step("failover").orElseThrow().state() == StepState.PASSED);
            assertThat(s.plugin().faults().latencyOf("PromoteVolume")).isEqualTo(Duration.ofMillis(300));
        }
    }

    @Test
    void aTimedFaultFiresOnItsOwn() throws Exception {
        String timed = ScenarioValidationTest.VALID.replace("id: small", "id: timed")
                .replace("  hosts:", "  volumes:\n    - {name: web-data, site: site-a, size: 1Gi}\n  hosts:")
                .replace("size_at_least: 1Gi", "healthy: false")
                + "faults:\n  - after: 1ms\n    volume_condition: {volume: web-data, message: Path down.}\n";
        Files.writeString(dir.resolve("timed.yaml"), timed);
        Scenario scenario = training.load(Optional.of(dir)).find("timed").orElseThrow();
        try (ReferenceTrainingSession s = training.startIn(scenario, dir.resolve("run"))) {
            TrainingProgress p = awaitProgress(s, TrainingProgress::complete);
            assertThat(p.steps().get(0).explanation()).isEqualTo("Done: volume web-data abnormal.");
            assertThat(s.plugin().model().volumes().byName("web-data").orElseThrow().conditionMessage()).isEqualTo("Path down.");
        }
    }

    @Test
    void aResultIsExportedAsJsonAndHtmlAndReadBack() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), dir.resolve("run"))) {
            s.revealHint("create").get();
            createWebData(s, 10L << 30);
            awaitProgress(s, p -> p.steps().get(0).state() == StepState.PASSED);
            Path json = s.exportResult("Ann <admin>", ResultFormat.JSON, dir.resolve("out/ann.json")).get();
            Path html = s.exportResult("Ann <admin>", ResultFormat.HTML, dir.resolve("out/ann.html")).get();

            List<TrainingResult> read = training.readResults(List.of(json)).get();
            TrainingResult r = read.get(0);
            assertThat(r.trainee()).isEqualTo("Ann <admin>");
            assertThat(r.title()).isEqualTo("Provision, stage and publish a volume");
            assertThat(r.passed()).isEqualTo(1);
            assertThat(r.hintsUsed()).isEqualTo(1);
            assertThat(r.steps()).extracting(st -> st.state()).containsExactly(StepState.PASSED, StepState.PENDING,
                    StepState.PENDING, StepState.PENDING, StepState.PENDING);
            assertThat(Files.readString(html)).contains("<h1>Provision, stage and publish a volume</h1>")
                    .contains("Trainee <b>Ann &lt;admin&gt;</b>").contains("1 of 5 steps passed")
                    .contains("<td class=\"PASSED\">passed</td>").doesNotContain("<admin>")
                    .contains(" 1 hint &middot; 0 resets</p>").doesNotContain("1 hints")
                    .containsPattern("Started \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ, (finished|taken) \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(UTC\\)");
        }
    }

    @Test
    void aFileThatIsNoResultIsRefusedByName() throws Exception {
        Path other = dir.resolve("report.json");
        Files.writeString(other, "{\"format\": \"something else\"}");
        assertThatThrownBy(() -> ResultFiles.read(other)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(other + " is not a training result written by csi-console (format csi-console/training-result/v2): "
                        + "its format is 'something else'");
    }

    @Test
    void aStateDirectoryHoldingSomethingElseIsRefused() throws Exception {
        Files.createDirectories(dir.resolve("busy"));
        Files.writeString(dir.resolve("busy/notes.txt"), "mine");
        assertThatThrownBy(() -> training.startIn(bundled("provision-stage-publish"), dir.resolve("busy")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("is not empty and holds no training");
    }

    @Test
    void aDirectoryOfARunningTrainingIsNotEmptiedUnderIt() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), dir.resolve("run"))) {
            assertThatThrownBy(() -> training.startIn(bundled("provision-stage-publish"), dir.resolve("run")))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("is in use by a running training");
            assertThat(s.plugin().model().volumes().byName("erp-db")).isPresent();
        }
    }

    @Test
    void aTrainingDirectoryIsReusedFromTheSeed() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), dir.resolve("run"))) {
            createWebData(s, 10L << 30);
        }
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), dir.resolve("run"), true)) {
            assertThat(s.plugin().model().volumes().byName("web-data")).isEmpty();
        }
    }

    @Test
    void aRunWhoseResultWasNotExportedIsNotDiscardedWithoutConsent() throws Exception {
        Path run = dir.resolve("run");
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), run)) {
            createWebData(s, 10L << 30);
            awaitProgress(s, p -> p.steps().get(0).state() == StepState.PASSED);
        }
        assertThat(training.unexportedRun(run)).hasValueSatisfying(p -> {
            assertThat(p.scenarioId()).isEqualTo("provision-stage-publish");
            assertThat(p.steps().get(0).state()).isEqualTo(StepState.PASSED);
        });
        assertThatThrownBy(() -> training.startIn(bundled("planned-failover"), run))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("holds a run of provision-stage-publish whose result was not exported");
        // refused before anything was emptied: the run is still there to export
        assertThat(training.unexportedRun(run)).isPresent();
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), run, true)) {
            assertThat(s.plugin().model().volumes().byName("web-data")).isEmpty();
        }
    }

    @Test
    void aRunWhoseResultWasExportedIsStartedOverWithoutConsent() throws Exception {
        Path run = dir.resolve("run");
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), run)) {
            createWebData(s, 10L << 30);
            awaitProgress(s, p -> p.steps().get(0).state() == StepState.PASSED);
            s.exportResult("Ada", ResultFormat.JSON, dir.resolve("ada.json")).get(20, TimeUnit.SECONDS);
        }
        assertThat(training.unexportedRun(run)).isEmpty();
        training.startIn(bundled("provision-stage-publish"), run).close();
    }
}
