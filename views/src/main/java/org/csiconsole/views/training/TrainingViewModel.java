package org.csiconsole.views.training;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.Words;
import org.csiconsole.core.training.ResultFormat;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.ScenarioLibrary;
import org.csiconsole.core.training.ScenarioProblem;
import org.csiconsole.core.training.ScenarioStep;
import org.csiconsole.core.training.StepProgress;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingDiscard;
import org.csiconsole.core.training.TrainingPort;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.core.training.TrainingSession;
import org.csiconsole.views.ViewModel;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The Training perspective's state and commands: the scenario library (the bundled scenarios and a folder the
 * trainer picks), the running scenario with its own connection, each step's state as the session tells it, and
 * Start, Reset to seed, Reveal hint, Answer and Export result.
 *
 * <p>The session tells every change on a thread of its own ({@link org.csiconsole.core.training.TrainingListener});
 * this model hands each snapshot to the UI executor and applies it there, so a step turns green as soon as its
 * check holds, with no polling. It listens while active (the perspective shown) and reads the progress anew on
 * activation. Everything else runs on the UI thread (the FX thread, or the test's).
 */
public final class TrainingViewModel extends ViewModel {
    private static final Logger LOG = LoggerFactory.getLogger(TrainingViewModel.class);
    /** What a running scenario's connection is named after its scenario: {@code "Training: planned-failover"}. */
    public static final String CONNECTION_PREFIX = "Training: ";

    private final TrainingPort port;
    private final TrainingConnections connections;
    private final ActionRunner actions;
    private final Executor ui;
    private final Clock clock;

    private final ObservableList<Scenario> scenarios = FXCollections.observableArrayList();
    private final ObservableList<ScenarioProblem> problems = FXCollections.observableArrayList();
    private final ObjectProperty<Scenario> selected = new SimpleObjectProperty<>(this, "selected");
    private final ObjectProperty<Path> folder = new SimpleObjectProperty<>(this, "folder");
    private final ReadOnlyObjectWrapper<TrainingSession> session = new ReadOnlyObjectWrapper<>(this, "session");
    private final ReadOnlyObjectWrapper<ConnectionModel> connection = new ReadOnlyObjectWrapper<>(this, "connection");
    private final ReadOnlyObjectWrapper<TrainingProgress> progress = new ReadOnlyObjectWrapper<>(this, "progress");
    private final ObservableList<TrainingStepRow> steps = FXCollections.observableArrayList();
    private final StringProperty trainee = new SimpleStringProperty(this, "trainee", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final BooleanBinding canStart;
    private final BooleanBinding canReset;
    private final BooleanBinding canExport;
    /** The running session's listener while active; null otherwise. */
    private AutoCloseable subscription;
    private boolean libraryRead;

    /**
     * @param port the training engine: library, start
     * @param connections adds and removes a running scenario's connection
     * @param actions runs the commands with progress, notification and failure dialog
     * @param ui the UI executor ({@code Platform::runLater} in the application, direct in tests)
     * @param clock what the elapsed times are measured with
     */
    public TrainingViewModel(TrainingPort port, TrainingConnections connections, ActionRunner actions, Executor ui, Clock clock) {
        this.port = Objects.requireNonNull(port, "port");
        this.connections = Objects.requireNonNull(connections, "connections");
        this.actions = Objects.requireNonNull(actions, "actions");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.clock = Objects.requireNonNull(clock, "clock");
        canStart = Bindings.createBooleanBinding(() -> selected.get() != null && !busy.get(), selected, busy);
        canReset = Bindings.createBooleanBinding(() -> session.get() != null && !busy.get(), session, busy);
        canExport = Bindings.createBooleanBinding(() -> progress.get() != null, progress);
    }

    // ---- library --------------------------------------------------------------------------------

    /** The scenarios to pick from: bundled first, then the folder's. */
    public ObservableList<Scenario> scenarios() {
        return scenarios;
    }

    /** The folder's files that did not load, each with its file, line, field and what is wrong. */
    public ObservableList<ScenarioProblem> problems() {
        return problems;
    }

    /** The scenario picked in the library; Start runs it. */
    public ObjectProperty<Scenario> selectedProperty() {
        return selected;
    }

    /** The trainer's folder of scenario files read besides the bundled ones; null for the bundled ones alone. */
    public ObjectProperty<Path> folderProperty() {
        return folder;
    }

    /** Reads the library (the bundled scenarios and {@link #folderProperty() the folder}); the selection is kept by id. */
    public void loadLibrary() {
        libraryRead = true;
        Path dir = folder.get();
        String title = dir == null ? "Read the bundled training scenarios" : "Read the training scenarios in " + dir;
        actions.tasks().submit(title, p -> port.library(Optional.ofNullable(dir))).outcome().whenComplete((lib, e) -> {
            if (e != null) {
                fail(title, e);
                return;
            }
            showLibrary(lib);
        });
    }

    /** Uses {@code dir} as the trainer's folder from now on (remembered with the workbench's layout) and reads the library again. */
    public void useFolder(Path dir) {
        folder.set(dir);
        loadLibrary();
    }

    private void showLibrary(ScenarioLibrary lib) {
        String keep = selected.get() == null ? null : selected.get().id();
        scenarios.setAll(lib.scenarios());
        problems.setAll(lib.problems());
        selected.set(keep == null ? scenarios.isEmpty() ? null : scenarios.get(0) : lib.find(keep).orElse(null));
        long own = lib.scenarios().stream().filter(s -> !s.bundled()).count();
        status.set(Words.count(lib.scenarios().size(), "scenario") + (folder.get() == null ? "" : ", " + own + " from " + folder.get())
                + (lib.problems().isEmpty() ? "." : "; " + Words.count(filesLeftOut(), "file") + " left out (listed above the steps)."));
    }

    /** How many files of the folder did not load: a file with several problems counts once. */
    public long filesLeftOut() {
        return problems.stream().map(ScenarioProblem::file).distinct().count();
    }

    // ---- the running scenario -------------------------------------------------------------------

    /** The running scenario's session; null before the first start. */
    public ReadOnlyObjectProperty<TrainingSession> sessionProperty() {
        return session.getReadOnlyProperty();
    }

    /** The running scenario's own connection (in the navigator, over the scenario's plugin); null when none runs. */
    public ReadOnlyObjectProperty<ConnectionModel> connectionProperty() {
        return connection.getReadOnlyProperty();
    }

    /** The last progress the session told; null when no scenario runs. */
    public ReadOnlyObjectProperty<TrainingProgress> progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** The running scenario's steps, in order; a row is replaced where it stands when its step changes. */
    public ObservableList<TrainingStepRow> steps() {
        return steps;
    }

    /** The trainee's name the exported result carries; may stay empty. */
    public StringProperty traineeProperty() {
        return trainee;
    }

    /** One sentence on what the perspective did last or what is wrong, for the status line. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** True while a scenario starts or resets. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public BooleanBinding canStart() {
        return canStart;
    }

    public BooleanBinding canReset() {
        return canReset;
    }

    public BooleanBinding canExport() {
        return canExport;
    }

    /** The name of {@code scenario}'s connection: {@code "Training: <id>"}. */
    public static String connectionName(Scenario scenario) {
        return CONNECTION_PREFIX + scenario.id();
    }

    /**
     * What starting {@code scenario} does to the workbench's connections, in words: it runs on a plugin of its
     * own, under a connection of its own, and touches no other.
     */
    public static String whatStartDoes(Scenario scenario) {
        return "The scenario runs on a reference plugin of its own, seeded for it, as the connection \u201c"
                + connectionName(scenario) + "\u201d in the navigator. The demo and every other connection stay as they are.";
    }

    /**
     * Starts the selected scenario on a fresh plugin and adds its connection. When a scenario runs already, asks
     * first: its plugin and connection close and the trainee's progress in it is lost.
     */
    public void start() {
        Scenario s = selected.get();
        if (s == null || busy.get()) return;
        TrainingSession running = session.get();
        if (running != null) {
            TrainingDiscard d = TrainingDiscard.startOver(running.scenario().title(), shownProgress(running), running.lastExported(),
                    s.title());
            if (!actions.dialogs().confirmByTyping(d.title(), d.message() + " Its connection \u201c" + connectionName(running.scenario())
                    + "\u201d closes. " + whatStartDoes(s), d.phrase(), d.actionLabel())) {
                return;
            }
        }
        busy.set(true);
        String title = "Start training scenario " + s.id();
        actions.run(title, p -> port.start(s), started -> whatStartDoes(s)).outcome().whenComplete((started, e) -> {
            busy.set(false);
            if (e != null) return; // told by the action runner
            stop();
            adopt(started);
        });
    }

    /**
     * Puts the scenario's plugin back to its seed after the trainer confirms: everything the trainee did on it is
     * discarded and the steps start again.
     */
    public void reset() {
        TrainingSession s = session.get();
        if (s == null || busy.get()) return;
        TrainingDiscard d = TrainingDiscard.reset(s.scenario().title(), shownProgress(s));
        if (!actions.dialogs().confirmByTyping(d.title(), d.message() + " The plugin is that of the connection \u201c"
                + connectionName(s.scenario()) + "\u201d; other connections are not touched.", d.phrase(), d.actionLabel())) {
            return;
        }
        busy.set(true);
        actions.run("Reset training scenario " + s.scenario().id(), p -> s.reset(),
                after -> "Back at the seed; step 1 of " + after.steps().size() + " is current.").outcome().whenComplete((after, e) -> {
            busy.set(false);
            if (e != null || session.get() != s) return;
            apply(s, after);
            ConnectionModel c = connection.get();
            if (c != null) {
                for (ResourceKind k : ResourceKind.values()) c.changes().tell(k, "Reset to the seed of " + s.scenario().id(), this);
            }
        });
    }

    /** The progress shown of the running {@code s}; the session's own before the first is shown. */
    private TrainingProgress shownProgress(TrainingSession s) {
        TrainingProgress p = progress.get();
        return p != null ? p : s.progress();
    }

    /** Reveals the next hint of step {@code stepId}; the step shows it with the next change the session tells. */
    public void revealHint(String stepId) {
        TrainingSession s = session.get();
        if (s == null) return;
        int number = numberOf(stepId);
        actions.run("Hint for step " + number, p -> s.revealHint(stepId),
                hint -> hint.map(h -> h).orElse("Every hint of step " + number + " is shown already."));
    }

    /** Answers the question of step {@code stepId}; a right answer passes it, a wrong one says what to look at. */
    public void answer(String stepId, String text) {
        TrainingSession s = session.get();
        if (s == null) return;
        int number = numberOf(stepId);
        actions.run(null, "Answer to step " + number, p -> s.answer(stepId, text.strip()),
                after -> after.step(stepId).map(StepProgress::explanation).orElse(""),
                after -> after.step(stepId).map(sp -> sp.state() == StepState.PASSED).orElse(false) ? Severity.SUCCESS : Severity.WARNING)
                .outcome().thenAccept(after -> {
                    if (session.get() == s) apply(s, after);
                });
    }

    /**
     * Writes the trainee's result to {@code file} as {@code format}: JSON a trainer loads to compare trainees, or
     * a one-page HTML summary.
     */
    public void export(ResultFormat format, Path file) {
        TrainingSession s = session.get();
        if (s == null) return;
        actions.run("Export the training result as " + format, p -> s.exportResult(trainee.get().strip(), format, file),
                written -> "Saved " + written + ".");
    }

    /** The file name the export's chooser suggests: {@code training-<scenario>[-<trainee>]-<date>.json}. */
    public String suggestedFileName(ResultFormat format) {
        TrainingSession s = session.get();
        String who = trainee.get().strip().replaceAll("[^A-Za-z0-9._-]+", "-");
        return "training-" + (s == null ? "result" : s.scenario().id()) + (who.isEmpty() ? "" : "-" + who) + "-"
                + LocalDate.now(clock) + "." + format.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The time the trainee has spent at {@code now}: from the start (or the last reset) to when the last step
     * passed, or to {@code now} while one is left; zero when no scenario runs.
     */
    public Duration elapsedAt(Instant now) {
        TrainingProgress p = progress.get();
        if (p == null) return Duration.ZERO;
        Instant end = p.complete() ? p.steps().stream().map(StepProgress::passedAt).filter(Objects::nonNull)
                .max(Instant::compareTo).orElse(p.at()) : now;
        Duration d = Duration.between(p.startedAt(), end);
        return d.isNegative() ? Duration.ZERO : d;
    }

    /** The clock the elapsed times are read with. */
    public Clock clock() {
        return clock;
    }

    /** Hints used over every step of the run. */
    public int hintsUsed() {
        return steps.stream().mapToInt(r -> r.progress().hintsUsed()).sum();
    }

    /** Stops the running scenario, if any: its session and its connection close. For the console's close. */
    public void close() {
        stop();
    }

    // ---- lifecycle ------------------------------------------------------------------------------

    @Override
    protected void onActivate() {
        if (!libraryRead) loadLibrary();
        listen();
    }

    @Override
    protected void onDeactivate() {
        unlisten();
    }

    private void adopt(TrainingSession started) {
        session.set(started);
        connection.set(connections.open(connectionName(started.scenario()), started));
        apply(started, started.progress());
        if (isActive()) listen();
    }

    private void stop() {
        unlisten();
        TrainingSession old = session.get();
        ConnectionModel c = connection.get();
        connection.set(null);
        progress.set(null);
        steps.clear();
        session.set(null);
        if (old != null) connections.close(c, old);
    }

    private void listen() {
        TrainingSession s = session.get();
        if (s == null || subscription != null) return;
        subscription = s.subscribe(p -> ui.execute(() -> {
            if (session.get() == s) apply(s, p);
        }));
    }

    private void unlisten() {
        AutoCloseable sub = subscription;
        subscription = null;
        if (sub == null) return;
        try {
            sub.close();
        } catch (Exception e) {
            LOG.warn("Ending the training listener failed: {}", e.toString());
        }
    }

    /** Shows {@code p}, the progress of {@code s}: the rows of the steps that changed are replaced where they stand. */
    private void apply(TrainingSession s, TrainingProgress p) {
        TrainingProgress shown = progress.get();
        if (shown != null && p.at().isBefore(shown.at()) && p.resets() <= shown.resets()) return; // an older snapshot, overtaken
        progress.set(p);
        List<ScenarioStep> defined = s.scenario().steps();
        List<TrainingStepRow> rows = new ArrayList<>(defined.size());
        for (int i = 0; i < defined.size(); i++) {
            ScenarioStep step = defined.get(i);
            int number = i + 1;
            p.step(step.id()).ifPresent(sp -> rows.add(new TrainingStepRow(number, step, sp)));
        }
        if (steps.size() != rows.size()) {
            steps.setAll(rows);
        } else {
            for (int i = 0; i < rows.size(); i++) if (!rows.get(i).equals(steps.get(i))) steps.set(i, rows.get(i));
        }
        long passed = rows.stream().filter(r -> r.state() == StepState.PASSED).count();
        status.set(p.complete() ? "Every step passed: export the result to keep it."
                : passed + " of " + rows.size() + " steps passed" + p.current().map(c -> "; step " + numberOf(c.stepId()) + " is current.").orElse("."));
    }

    private int numberOf(String stepId) {
        TrainingSession s = session.get();
        if (s == null) return 0;
        List<ScenarioStep> all = s.scenario().steps();
        for (int i = 0; i < all.size(); i++) if (all.get(i).id().equals(stepId)) return i + 1;
        return 0;
    }

    private void fail(String title, Throwable e) {
        CallFailure f = Failures.of(title, e);
        LOG.warn("{}", f.describe());
        status.set(f.getMessage());
        actions.notifications().error(title, f.getMessage());
    }
}
