package org.csiconsole.core.reference.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingProgress;
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

    @Test
    void everyBundledScenarioLoadsWithoutProblems() {
        var library = training.load(Optional.empty());
        assertThat(library.problems()).isEmpty();
        assertThat(library.scenarios()).extracting(Scenario::id).containsExactly("provision-stage-publish", "snapshot-clone-group",
                "expand-modify-in-use", "planned-failover", "unplanned-failover", "split-brain", "stuck-publish");
    }

    @Test
    void aStepTurnsGreenWhenThePluginStateChangesAndTheNextBecomesCurrent() throws Exception {
        try (ReferenceTrainingSession s = training.startIn(bundled("provision-stage-publish"), dir.resolve("run"))) {
            assertThat(s.progress().current().orElseThrow().stepId()).isEqualTo("create");
            assertThat(s.progress().steps().get(0).explanation()).contains("web-data does not exist yet");

            s.plugin().model().volumes().create(new VolumeSpec("web-data", "site-a", null, 10L << 30, false, "ext4", List.of(),
                    List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));

            TrainingProgress p = awaitProgress(s, pr -> pr.steps().get(0).state() == StepState.PASSED);
            assertThat(p.current().orElseThrow().stepId()).isEqualTo("publish");
            assertThat(p.steps().get(1).state()).isEqualTo(StepState.PENDING);
        }
    }
}
