package org.csiconsole.core.reference.training;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.calls.ServedCall;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.training.ResultFormat;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.StepFailure;
import org.csiconsole.core.training.StepProgress;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingListener;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.core.training.TrainingAttempt;
import org.csiconsole.core.training.TrainingResult;
import org.csiconsole.core.training.TrainingSession;

/**
 * A running scenario on a reference plugin of its own (see {@link TrainingSession}).
 *
 * <p>Threads: one checker thread per session runs every evaluation, reset, hint, answer, timed fault
 * and listener call, so they never race. The plugin's model and call log tell the session of every
 * change (on the thread that made it); the session then queues one evaluation, coalescing bursts.
 * A report folder watcher (a {@link WatchService} thread) does the same for saved reports. There is
 * no polling loop.
 *
 * <p>Steps are done in order: only the current step is checked; when its check holds (state
 * conditions, answer, required calls) and no forbidden call shows in the call log since the scenario
 * started (or was reset), it passes and the next becomes current. A forbidden call makes it FAILED_HOW until a reset.
 */
public final class ReferenceTrainingSession implements TrainingSession {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ReferenceTrainingSession.class);
    /** Marks a state directory as a training's, so a later start may wipe it. */
    static final String MARKER = "training-session.txt";
    /** The run's last progress in its state directory, so that a later start knows what it would discard. */
    static final String RUN = "training-run.json";
    /** The run's progress when its result was last exported; the run is exported while it equals {@link #RUN}. */
    static final String EXPORTED = "training-exported.json";
    private static final AtomicInteger NAMES = new AtomicInteger();

    private final ScenarioDefinition definition;
    private final ReferencePlugin plugin;
    private final Facts facts;
    private final Clock clock;
    private final String endpoint;
    private final Map<String, String> siteEndpoints;
    /** The CSP server's base URL once started ({@link #cspUrl()}), else null. */
    private String cspUrl;
    private final ScheduledExecutorService checker;
    private final List<TrainingListener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicBoolean queued = new AtomicBoolean();
    private final List<AutoCloseable> hooks = new ArrayList<>();
    private final SortedMap<String, SortedMap<String, String>> seedState;
    private final WatchService watcher;
    private final Thread watchThread;

    // run state: touched on the checker thread only; `published` is the snapshot others read
    private final StepRun[] runs;
    private final List<ScheduledFuture<?>> timers = new ArrayList<>();
    private final java.util.Set<FaultSpec> fired = new java.util.HashSet<>();
    private Instant startedAt;
    private int current;
    private int resets;
    /** Attempts ended by a reset, kept for the result; and the FAILED_HOWs of the current attempt. */
    private final List<TrainingAttempt> earlier = new ArrayList<>();
    private final List<StepFailure> failures = new ArrayList<>();
    private volatile TrainingProgress published;
    /** The progress when the result was last exported, {@code at} the export's time; null before. */
    private volatile TrainingProgress lastExported;
    private volatile boolean closed;

    private static final class StepRun {
        StepState state = StepState.PENDING;
        String explanation = "";
        Instant openedAt;
        Instant passedAt;
        int hints;
        int callsAtOpen;
        boolean answered;
    }

    private ReferenceTrainingSession(ScenarioDefinition definition, ReferencePlugin plugin, Path reportFolder, Clock clock) throws IOException {
        this.definition = definition;
        this.plugin = plugin;
        this.clock = clock;
        this.facts = new Facts(plugin, reportFolder);
        this.runs = new StepRun[definition.steps().size()];
        this.seedState = new java.util.TreeMap<>(plugin.model().dump());
        String name = "training-" + definition.scenario().id() + "-" + NAMES.incrementAndGet();
        plugin.startInProcess(name);
        this.endpoint = "inproc:" + name;
        Map<String, String> sites = new java.util.TreeMap<>();
        for (var array : plugin.model().arrays().all()) {
            plugin.startInProcess(name + "-" + array.name(), org.csiconsole.core.reference.SiteScope.of(array.name()));
            sites.put(array.name(), "inproc:" + name + "-" + array.name());
        }
        this.siteEndpoints = java.util.Collections.unmodifiableMap(sites);
        this.checker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "training-checker-" + definition.scenario().id());
            t.setDaemon(true);
            return t;
        });
        Files.createDirectories(reportFolder);
        this.watcher = reportFolder.getFileSystem().newWatchService();
        reportFolder.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
        this.watchThread = new Thread(this::watchReports, "training-reports-" + definition.scenario().id());
        this.watchThread.setDaemon(true);
    }

    /**
     * Seeds a plugin in {@code stateDir} from the scenario and starts the run: first step current,
     * start faults applied, timed faults armed.
     *
     * @param discardEarlier whether a run in {@code stateDir} whose result was not exported may be discarded
     *     ({@link #unexported}); the caller has the consent {@link org.csiconsole.core.training.TrainingDiscard} names
     * @throws IllegalStateException when the directory holds another plugin's state, is in use, holds a run not
     *     exported and {@code discardEarlier} is false, or the seed cannot be applied; the message says what to do
     */
    static ReferenceTrainingSession start(ScenarioDefinition definition, Path stateDir, Clock clock, boolean discardEarlier) {
        prepare(stateDir, discardEarlier);
        ReferencePlugin plugin;
        try {
            plugin = ReferencePlugin.builder(stateDir).seedWith(definition.seed()::apply).nodeId(definition.seed().nodeId())
                    .nodePaths(NodePaths.Mode.SANDBOX).clock(clock).start();
        } catch (RuntimeException e) {
            throw new IllegalStateException("Scenario " + definition.scenario().id() + " cannot be seeded in " + stateDir + ": "
                    + e.getMessage(), e);
        }
        try {
            ReferenceTrainingSession s = new ReferenceTrainingSession(definition, plugin, stateDir.resolve("reports"), clock);
            s.begin();
            return s;
        } catch (IOException | RuntimeException e) {
            plugin.close();
            throw new IllegalStateException("Scenario " + definition.scenario().id() + " cannot start in " + stateDir + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * The progress of the run in {@code dir} when its result was not exported since it last changed: what a new
     * start there would discard. Empty for a directory of no training, or whose run was exported.
     *
     * @throws IllegalStateException when the run's record cannot be read; the message names the file
     */
    static Optional<TrainingProgress> unexported(Path dir) {
        Path run = dir.resolve(RUN);
        if (!Files.exists(dir.resolve(MARKER)) || !Files.exists(run)) return Optional.empty();
        try {
            String last = Files.readString(run);
            Path exported = dir.resolve(EXPORTED);
            if (Files.exists(exported) && Files.readString(exported).equals(last)) return Optional.empty();
            return Optional.of(ResultFiles.progress(last));
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("Cannot read the record of the earlier training " + run + ": " + e.getMessage()
                    + ". Remove the file to start there anyway, or give another directory.", e);
        }
    }

    /** Empties a training state directory from an earlier run; refuses a directory holding anything else. */
    private static void prepare(Path dir, boolean discardEarlier) {
        try {
            Files.createDirectories(dir);
            boolean marked = Files.exists(dir.resolve(MARKER));
            boolean empty;
            try (Stream<Path> s = Files.list(dir)) {
                empty = s.findAny().isEmpty();
            }
            if (!empty && !marked) {
                throw new IllegalStateException(dir.toAbsolutePath() + " is not empty and holds no training: give an empty or new "
                        + "directory (a training's seed replaces what the directory holds).");
            }
            if (marked) {
                refuseWhileInUse(dir);
                Optional<TrainingProgress> earlier = unexported(dir);
                if (earlier.isPresent() && !discardEarlier) {
                    throw new IllegalStateException(dir.toAbsolutePath() + " holds a run of " + earlier.get().scenarioId()
                            + " whose result was not exported; export it, or consent to discard it.");
                }
                for (String f : List.of(RUN, EXPORTED)) Files.deleteIfExists(dir.resolve(f));
                for (String f : List.of("state.db", "state.db-wal", "state.db-shm")) Files.deleteIfExists(dir.resolve(f));
                deleteTree(dir.resolve("node"));
                deleteTree(dir.resolve("reports"));
            }
            Files.writeString(dir.resolve(MARKER), "A csi-console training's state directory; a new training start empties it.\n");
        } catch (IOException e) {
            throw new IllegalStateException("Cannot prepare the training state directory " + dir + ": " + e.getMessage()
                    + ". Check that it is writable.", e);
        }
    }

    /** A training still running in {@code dir} holds its plugin's lock: its state must not be emptied under it. */
    private static void refuseWhileInUse(Path dir) throws IOException {
        Path lock = dir.resolve("state.lock");
        if (!Files.exists(lock)) return;
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(lock, java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.channels.FileLock held;
            try {
                held = c.tryLock();
            } catch (java.nio.channels.OverlappingFileLockException e) {
                held = null;
            }
            if (held == null) {
                throw new IllegalStateException(dir.toAbsolutePath() + " is in use by a running training; stop it first, or give "
                        + "another directory.");
            }
            held.release();
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(x);
        }
    }

    private void begin() {
        hooks.add(plugin.model().addChangeListener(this::changed));
        hooks.add(plugin.callLog().addListener(this::changed));
        watchThread.start();
        await(checker.submit(() -> {
            restartRun();
            return null;
        }));
    }

    private static <T> T await(java.util.concurrent.Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting the scenario.", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** On the checker thread: a fresh run on the current state (seeded or just reset). */
    private void restartRun() {
        timers.forEach(t -> t.cancel(false));
        timers.clear();
        fired.clear();
        startedAt = clock.instant();
        failures.clear();
        for (int i = 0; i < runs.length; i++) runs[i] = new StepRun();
        current = 0;
        open(0);
        for (FaultSpec f : definition.faults()) {
            if (f.trigger() == FaultSpec.Trigger.START) fire(f);
            if (f.trigger() == FaultSpec.Trigger.AFTER) {
                timers.add(checker.schedule(() -> {
                    fire(f);
                    evaluate();
                }, f.delay().toMillis(), TimeUnit.MILLISECONDS));
            }
        }
        evaluate();
    }

    private void open(int index) {
        if (index >= runs.length) return;
        runs[index].openedAt = clock.instant();
        runs[index].callsAtOpen = plugin.callLog().calls().size();
    }

    private void fire(FaultSpec f) {
        if (!fired.add(f)) return;
        try {
            f.apply(plugin, facts);
            LOG.info("Training {}: fault {}", definition.scenario().id(), f.describe());
        } catch (RuntimeException e) {
            LOG.error("Training {}: the fault '{}' could not be applied: {}", definition.scenario().id(), f.describe(), e.getMessage());
        }
    }

    /** A change happened somewhere: queue one evaluation (bursts coalesce). */
    private void changed() {
        if (closed || !queued.compareAndSet(false, true)) return;
        try {
            checker.execute(() -> {
                queued.set(false);
                evaluate();
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            queued.set(false); // closing
        }
    }

    /**
     * On the checker thread: checks the current step (and those after it that already hold), then
     * publishes. While a call is in flight its change may be committed but not logged yet; the step is
     * judged when its entry arrives (the log tells the session then), so "how" checks see the call.
     */
    private void evaluate() {
        if (plugin.callLog().inFlight() > 0) return;
        List<ServedCall> calls = plugin.callLog().calls();
        for (FaultSpec f : definition.faults()) {
            if (f.trigger() == FaultSpec.Trigger.ON_CALL && !fired.contains(f)
                    && calls.stream().anyMatch(c -> c.method().equals(f.triggerArg()))) {
                fire(f);
            }
        }
        while (current < runs.length) {
            StepRun run = runs[current];
            ScenarioDefinition.StepDefinition step = definition.steps().get(current);
            if (!check(step, run, since(calls, run.callsAtOpen), since(calls, runs[0].callsAtOpen))) break;
            run.state = StepState.PASSED;
            run.passedAt = clock.instant();
            run.explanation = "Done: " + definition.scenario().steps().get(current).check() + ".";
            for (FaultSpec f : definition.faults()) {
                if (f.trigger() == FaultSpec.Trigger.AFTER_STEP && f.triggerArg().equals(step.id())) fire(f);
            }
            current++;
            open(current);
            calls = plugin.callLog().calls();
        }
        publish();
    }

    /** The calls of {@code calls} from index {@code from} on; all of them when the log was emptied since. */
    private static List<ServedCall> since(List<ServedCall> calls, int from) {
        return calls.size() >= from ? calls.subList(from, calls.size()) : calls;
    }

    /**
     * True when the step passes; else sets its state and explanation. A {@code forbid} rule judges every call since
     * the scenario started ({@code sinceStart}), so a shortcut taken before its step was current still fails it; the
     * other rules judge the calls since the step became current ({@code since}).
     */
    private boolean check(ScenarioDefinition.StepDefinition step, StepRun run, List<ServedCall> since, List<ServedCall> sinceStart) {
        for (HowRule rule : step.how()) {
            Optional<String> v = rule.violation(rule.forbids() ? sinceStart : since, facts);
            if (v.isPresent()) {
                if (run.state != StepState.FAILED_HOW) failures.add(new StepFailure(step.id(), v.get(), clock.instant()));
                run.state = StepState.FAILED_HOW;
                run.explanation = v.get() + " Reset the scenario to try again.";
                return false;
            }
        }
        run.state = StepState.PENDING;
        for (StepCondition c : step.conditions()) {
            StepCondition.Judgement v = c.test(facts);
            if (!v.holds()) {
                run.explanation = v.why();
                return false;
            }
        }
        if (step.answer() != null && !run.answered) {
            if (run.explanation.isEmpty() || !run.explanation.startsWith("Answer")) {
                run.explanation = "Answer the question: " + definition.scenario().steps().get(current).question();
            }
            return false;
        }
        for (HowRule rule : step.how()) {
            Optional<String> u = rule.unmet(since, facts);
            if (u.isPresent()) {
                run.explanation = u.get();
                return false;
            }
        }
        return true;
    }

    private void publish() {
        TrainingProgress before = published;
        TrainingProgress now = snapshot();
        published = now;
        if (before == null || !sameState(before, now)) {
            record(RUN, now);
            for (TrainingListener l : listeners) {
                tell(l, now);
            }
        }
    }

    /** Writes {@code p} as {@code file} of the state directory (a start there reads it); a failure is logged, the run goes on. */
    private void record(String file, TrainingProgress p) {
        Path to = plugin.stateDir().resolve(file);
        try {
            Files.writeString(to, ResultFiles.json(p));
        } catch (IOException e) {
            LOG.warn("Training {}: cannot record the run in {}: {}", definition.scenario().id(), to, e.getMessage());
        }
    }

    /** The result was exported now: a later start in the state directory discards nothing the trainer has not kept. */
    void exported() {
        TrainingProgress p = published;
        if (p == null) return;
        record(EXPORTED, p);
        lastExported = new TrainingProgress(p.scenarioId(), p.startedAt(), clock.instant(), p.steps(), p.resets());
    }

    @Override
    public Optional<TrainingProgress> lastExported() {
        return Optional.ofNullable(lastExported);
    }

    private void tell(TrainingListener l, TrainingProgress p) {
        try {
            l.changed(p);
        } catch (RuntimeException e) {
            LOG.error("A training listener failed: {}", e.toString(), e);
        }
    }

    private static boolean sameState(TrainingProgress a, TrainingProgress b) {
        if (a.resets() != b.resets() || !a.startedAt().equals(b.startedAt()) || a.steps().size() != b.steps().size()) return false;
        for (int i = 0; i < a.steps().size(); i++) {
            StepProgress x = a.steps().get(i);
            StepProgress y = b.steps().get(i);
            if (x.state() != y.state() || x.current() != y.current() || !x.explanation().equals(y.explanation())
                    || x.hintsUsed() != y.hintsUsed()) {
                return false;
            }
        }
        return true;
    }

    private TrainingProgress snapshot() {
        Instant now = clock.instant();
        List<StepProgress> steps = new ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            StepRun r = runs[i];
            Duration taken = r.openedAt == null ? Duration.ZERO
                    : Duration.between(r.openedAt, r.passedAt != null ? r.passedAt : now);
            List<String> hints = definition.scenario().steps().get(i).hints().subList(0, r.hints);
            steps.add(new StepProgress(definition.scenario().steps().get(i).id(), r.state, i == current, r.openedAt == null ? "" : r.explanation,
                    r.openedAt, r.passedAt, taken, hints));
        }
        return new TrainingProgress(definition.scenario().id(), startedAt, now, steps, resets);
    }

    private <T> CompletableFuture<T> onChecker(java.util.function.Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, checker);
    }

    @Override
    public Scenario scenario() {
        return definition.scenario();
    }

    @Override
    public String endpoint() {
        return endpoint;
    }

    @Override
    public Map<String, String> siteEndpoints() {
        return siteEndpoints;
    }

    @Override
    public synchronized String cspUrl() {
        if (closed) throw new IllegalStateException("The training of scenario " + definition.scenario().id() + " has stopped.");
        if (cspUrl == null) {
            // a seed's array may have no management IP: each array answers to its name as well
            var settings = org.csiconsole.core.reference.cspserver.CspServerConfig.builder();
            siteEndpoints.keySet().forEach(array -> settings.array(array, array));
            cspUrl = plugin.startCsp(0, settings);
        }
        return cspUrl;
    }

    @Override
    public Path stateDir() {
        return plugin.stateDir();
    }

    @Override
    public Path reportFolder() {
        return facts.reportFolder;
    }

    /** The scenario's plugin, to serve it on a socket ({@code training start}) or to drive it in tests. */
    public ReferencePlugin plugin() {
        return plugin;
    }

    /**
     * Serves the scenario's plugin on the unix socket {@code socket} as {@code csi-console serve} does
     * (every CSI and csi-addons service), with the training's control service beside it
     * ({@link TrainingControl}); stopped by {@link #close()}.
     *
     * @throws IOException when the socket cannot be bound (in use, folder missing)
     */
    public void serve(Path socket) throws IOException {
        plugin.serve(new ReferencePlugin.Sockets(socket, Optional.empty(), Optional.empty(), Optional.empty()),
                List.of(TrainingControl.service(this)));
    }

    /** The plugin state the scenario's seed produced; {@link #reset()} returns to it exactly. */
    public Map<String, ? extends Map<String, String>> seedState() {
        return seedState;
    }

    /** Every fault of the scenario in words, with when it fires (for a trainer). */
    public List<String> faults() {
        return definition.faults().stream().map(FaultSpec::describe).toList();
    }

    @Override
    public TrainingProgress progress() {
        TrainingProgress p = published;
        // times move on between changes: give the current step its time so far
        return p == null ? null : new TrainingProgress(p.scenarioId(), p.startedAt(), clock.instant(), p.steps().stream().map(s ->
                s.current() && s.openedAt() != null && s.passedAt() == null
                        ? new StepProgress(s.stepId(), s.state(), true, s.explanation(), s.openedAt(), null,
                        Duration.between(s.openedAt(), clock.instant()), s.hintsShown())
                        : s).toList(), p.resets());
    }

    @Override
    public AutoCloseable subscribe(TrainingListener listener) {
        checker.execute(() -> {
            listeners.add(listener);
            tell(listener, published);
        });
        return () -> listeners.remove(listener);
    }

    @Override
    public CompletableFuture<TrainingProgress> check() {
        return onChecker(() -> {
            evaluate();
            return published;
        });
    }

    @Override
    public CompletableFuture<TrainingProgress> reset() {
        return onChecker(() -> {
            timers.forEach(t -> t.cancel(false));
            timers.clear();
            TrainingProgress ended = snapshot();
            earlier.add(new TrainingAttempt(ended.startedAt(), ended.at(), ended.steps(), failures));
            plugin.resetTo(seedState);
            facts.siteLostAtMs.clear();
            try {
                deleteTree(facts.reportFolder);
                Files.createDirectories(facts.reportFolder);
                facts.reportFolder.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot empty the report folder " + facts.reportFolder + ": " + e.getMessage(), e);
            }
            resets++;
            restartRun();
            return published;
        });
    }

    @Override
    public CompletableFuture<Optional<String>> revealHint(String stepId) {
        return onChecker(() -> {
            int i = indexOf(stepId);
            if (i > current) {
                throw new IllegalArgumentException("Step " + stepId + " is not reached yet: its hints show once "
                        + definition.steps().get(current).id() + ", the current step, passes.");
            }
            List<String> hints = definition.scenario().steps().get(i).hints();
            if (runs[i].hints >= hints.size()) return Optional.<String>empty();
            String hint = hints.get(runs[i].hints++);
            publish();
            return Optional.of(hint);
        });
    }

    @Override
    public CompletableFuture<TrainingProgress> answer(String stepId, String text) {
        return onChecker(() -> {
            int i = indexOf(stepId);
            ScenarioDefinition.StepDefinition step = definition.steps().get(i);
            if (step.answer() == null) throw new IllegalArgumentException("Step " + stepId + " asks no question.");
            if (i != current) {
                throw new IllegalArgumentException("Step " + stepId + " is not the current step"
                        + (current < runs.length ? "; the current one is " + definition.steps().get(current).id() : "") + ".");
            }
            StepCondition.Judgement v = step.answer().judge(text, facts);
            if (v.holds()) {
                runs[i].answered = true;
                runs[i].explanation = "";
            } else {
                runs[i].explanation = "Answer: " + v.why();
            }
            evaluate();
            return published;
        });
    }

    private int indexOf(String stepId) {
        for (int i = 0; i < definition.steps().size(); i++) {
            if (definition.steps().get(i).id().equals(stepId)) return i;
        }
        throw new IllegalArgumentException("Scenario " + definition.scenario().id() + " has no step '" + stepId + "'; its steps are "
                + String.join(", ", definition.steps().stream().map(ScenarioDefinition.StepDefinition::id).toList()) + ".");
    }

    /** On the checker thread, so that the attempts and failures are read between evaluations. */
    @Override
    public TrainingResult result(String trainee) {
        return await(checker.submit(() -> resultNow(trainee)));
    }

    private TrainingResult resultNow(String trainee) {
        TrainingProgress p = progress();
        Instant finished = p.complete()
                ? p.steps().stream().map(StepProgress::passedAt).max(Comparator.naturalOrder()).orElse(p.at()) : p.at();
        List<TrainingAttempt> attempts = new ArrayList<>(earlier);
        attempts.add(new TrainingAttempt(p.startedAt(), finished, p.steps(), failures));
        return new TrainingResult(p.scenarioId(), definition.scenario().title(), trainee, finished, attempts);
    }

    @Override
    public CompletableFuture<Path> exportResult(String trainee, ResultFormat format, Path file) {
        return CompletableFuture.supplyAsync(() -> {
            Path written = ResultFiles.write(resultNow(trainee), definition.scenario(), format, file);
            exported();
            return written;
        }, checker);
    }

    private void watchReports() {
        while (!closed) {
            WatchKey key;
            try {
                key = watcher.take();
            } catch (InterruptedException | ClosedWatchServiceException e) {
                return;
            }
            for (var event : key.pollEvents()) {
                if (event.context() instanceof Path p && key.watchable() instanceof Path dir) {
                    Path child = dir.resolve(p);
                    if (Files.isDirectory(child) && dir.equals(facts.reportFolder)) {
                        try {
                            child.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
                        } catch (IOException e) {
                            LOG.warn("Cannot watch report folder {}: {}", child, e.getMessage());
                        }
                    }
                }
            }
            key.reset();
            changed();
        }
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        for (AutoCloseable h : hooks) {
            try {
                h.close();
            } catch (Exception e) {
                LOG.debug("closing a training hook: {}", e.toString());
            }
        }
        checker.shutdownNow();
        try {
            watcher.close();
        } catch (IOException e) {
            LOG.debug("closing the report watcher: {}", e.toString());
        }
        plugin.close();
    }
}
