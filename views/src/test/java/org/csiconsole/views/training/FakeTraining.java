package org.csiconsole.views.training;

import org.csiconsole.core.training.ResultFormat;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.ScenarioLibrary;
import org.csiconsole.core.training.ScenarioProblem;
import org.csiconsole.core.training.ScenarioStep;
import org.csiconsole.core.training.StepProgress;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingListener;
import org.csiconsole.core.training.TrainingPort;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.core.training.TrainingResult;
import org.csiconsole.core.training.TrainingSession;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A training engine without a plugin: two bundled scenarios (and one more from a folder), sessions whose steps pass
 * when a test says so ({@link Session#pass}), telling their listeners as the real session does (each change, on
 * the caller's thread here).
 */
final class FakeTraining implements TrainingPort {
    static final Instant T0 = Instant.parse("2026-12-06T10:00:00Z");

    static final Scenario FIRST = new Scenario("first-volume", "Provision, stage and publish a volume",
            "Create a volume, stage and publish it on a node, and read its path.", List.of("the CSI volume lifecycle"), 10,
            List.of(new ScenarioStep("create", "Create a volume named web-data of 1 GiB.", List.of("Volumes, New volume.", "Name it web-data."),
                            "web-data exists", List.of(), ""),
                    new ScenarioStep("stage", "Stage web-data on worker-01.", List.of("The lifecycle's next calls."), "web-data staged on worker-01",
                            List.of(), ""),
                    new ScenarioStep("path", "Read the staging path on the lifecycle diagram.", List.of(), "",
                            List.of(), "Where is web-data staged on worker-01?")),
            "bundled:first-volume.yaml");
    static final Scenario SECOND = new Scenario("planned-failover", "Planned failover", "Fail over and back.",
            List.of("demote before promote"), 15,
            List.of(new ScenarioStep("failover", "Fail vg-erp over to site-b.", List.of(), "vg-erp primary on site-b", List.of("no forced promote"), "")),
            "bundled:planned-failover.yaml");
    static final Scenario OWN = new Scenario("own", "A trainer's own", "From the folder.", List.of(), 5,
            List.of(new ScenarioStep("only", "Do it.", List.of(), "done", List.of(), "")), "/srv/training/own.yaml");

    final List<Session> started = new ArrayList<>();
    final List<Optional<Path>> libraryReads = new ArrayList<>();

    @Override
    public CompletableFuture<ScenarioLibrary> library(Optional<Path> folder) {
        libraryReads.add(folder);
        if (folder.isEmpty()) return CompletableFuture.completedFuture(new ScenarioLibrary(List.of(FIRST, SECOND), List.of()));
        return CompletableFuture.completedFuture(new ScenarioLibrary(List.of(FIRST, SECOND, OWN),
                List.of(new ScenarioProblem(folder.get().resolve("broken.yaml").toString(), 12, "steps[0].goal", "a step needs a goal."),
                        new ScenarioProblem(folder.get().resolve("broken.yaml").toString(), 20, "steps[1].check", "a step needs a check."),
                        new ScenarioProblem(folder.get().resolve("other.yaml").toString(), 3, "seed.file", "no such seed file."))));
    }

    @Override
    public CompletableFuture<List<ScenarioProblem>> validate(Path file) {
        return CompletableFuture.completedFuture(List.of());
    }

    @Override
    public CompletableFuture<TrainingSession> start(Scenario scenario) {
        Session s = new Session(scenario, started.size() + 1);
        started.add(s);
        return CompletableFuture.completedFuture(s);
    }

    @Override
    public CompletableFuture<List<TrainingResult>> readResults(List<Path> files) {
        return CompletableFuture.completedFuture(List.of());
    }

    /** A running scenario whose state the test moves. */
    static final class Session implements TrainingSession {
        private final Scenario scenario;
        private final int n;
        private final List<TrainingListener> listeners = new CopyOnWriteArrayList<>();
        private final List<List<String>> hints = new ArrayList<>();
        private final List<Instant> passed = new ArrayList<>();
        private final List<String> answers = new ArrayList<>();
        Instant now = T0;
        Instant startedAt = T0;
        int resets;
        boolean closed;
        final List<String> exports = new ArrayList<>();
        TrainingProgress lastExported;

        @Override
        public Optional<TrainingProgress> lastExported() {
            return Optional.ofNullable(lastExported);
        }

        Session(Scenario scenario, int n) {
            this.scenario = scenario;
            this.n = n;
            clear();
        }

        private void clear() {
            hints.clear();
            passed.clear();
            for (int i = 0; i < scenario.steps().size(); i++) {
                hints.add(new ArrayList<>());
                passed.add(null);
            }
        }

        /** Step {@code index}'s check holds at {@code at}: the listeners are told. */
        void pass(int index, Instant at) {
            now = at;
            passed.set(index, at);
            tell();
        }

        private void tell() {
            TrainingProgress p = progress();
            for (TrainingListener l : listeners) l.changed(p);
        }

        int listeners() {
            return listeners.size();
        }

        @Override
        public Scenario scenario() {
            return scenario;
        }

        @Override
        public String endpoint() {
            return "inproc:training-" + n;
        }

        @Override
        public java.util.Map<String, String> siteEndpoints() {
            return java.util.Map.of();
        }

        @Override
        public String cspUrl() {
            throw new IllegalStateException("A fake training serves no CSP.");
        }

        @Override
        public Path stateDir() {
            return Path.of("/tmp/training-" + n);
        }

        @Override
        public synchronized TrainingProgress progress() {
            List<StepProgress> steps = new ArrayList<>();
            boolean currentFound = false;
            Instant opened = startedAt;
            for (int i = 0; i < scenario.steps().size(); i++) {
                Instant p = passed.get(i);
                boolean current = !currentFound && p == null;
                boolean reached = p != null || current;
                if (current) currentFound = true;
                steps.add(new StepProgress(scenario.steps().get(i).id(), p != null ? StepState.PASSED : StepState.PENDING, current,
                        p != null ? "It holds." : current ? "Not yet." : "", reached ? opened : null, p,
                        p != null ? Duration.between(opened, p) : current ? Duration.between(opened, now) : Duration.ZERO, hints.get(i)));
                if (p != null) opened = p;
            }
            return new TrainingProgress(scenario.id(), startedAt, now, steps, resets);
        }

        @Override
        public AutoCloseable subscribe(TrainingListener listener) {
            listeners.add(listener);
            listener.changed(progress());
            return () -> listeners.remove(listener);
        }

        @Override
        public CompletableFuture<TrainingProgress> check() {
            return CompletableFuture.completedFuture(progress());
        }

        @Override
        public CompletableFuture<TrainingProgress> reset() {
            synchronized (this) {
                resets++;
                startedAt = now;
                clear();
            }
            tell();
            return CompletableFuture.completedFuture(progress());
        }

        @Override
        public CompletableFuture<Optional<String>> revealHint(String stepId) {
            int i = index(stepId);
            List<String> all = scenario.steps().get(i).hints();
            List<String> shown = hints.get(i);
            if (shown.size() == all.size()) return CompletableFuture.completedFuture(Optional.empty());
            String h = all.get(shown.size());
            shown.add(h);
            tell();
            return CompletableFuture.completedFuture(Optional.of(h));
        }

        @Override
        public CompletableFuture<TrainingProgress> answer(String stepId, String text) {
            answers.add(stepId + "=" + text);
            if (text.equals("/var/lib/kubelet/staging/web-data")) {
                passed.set(index(stepId), now);
                tell();
            }
            return CompletableFuture.completedFuture(progress());
        }

        List<String> answers() {
            return answers;
        }

        private int index(String stepId) {
            for (int i = 0; i < scenario.steps().size(); i++) if (scenario.steps().get(i).id().equals(stepId)) return i;
            throw new IllegalArgumentException("no step " + stepId);
        }

        @Override
        public Path reportFolder() {
            return stateDir().resolve("reports");
        }

        @Override
        public TrainingResult result(String trainee) {
            TrainingProgress p = progress();
            return new TrainingResult(scenario.id(), scenario.title(), trainee, p.at(),
                    List.of(new org.csiconsole.core.training.TrainingAttempt(p.startedAt(), p.at(), p.steps(), List.of())));
        }

        @Override
        public CompletableFuture<Path> exportResult(String trainee, ResultFormat format, Path file) {
            exports.add(trainee + " " + format + " " + file);
            TrainingProgress p = progress();
            lastExported = new TrainingProgress(p.scenarioId(), p.startedAt(), now, p.steps(), p.resets());
            return CompletableFuture.completedFuture(file);
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
