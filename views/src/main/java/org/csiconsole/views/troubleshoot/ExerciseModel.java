package org.csiconsole.views.troubleshoot;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.trouble.ExercisePlan;
import org.csiconsole.core.trouble.ExerciseResult;
import org.csiconsole.core.trouble.ExerciseRun;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.core.trouble.TroubleEvent;
import org.csiconsole.core.trouble.TroubleshootPort;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.lifecycle.LifecyclePlayback;
import org.csiconsole.views.table.ResourceTableModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * The Exercise page: one short lifecycle on the driver, after the person typed
 * {@code <driver>/<pool>}; the steps show as they end, the clean-up steps too, and what could not
 * be removed is listed. Cancel stops the lifecycle; the clean-up still runs. The volume it creates
 * plays on the lifecycle figure ({@link #diagram()}) as the steps end.
 */
public final class ExerciseModel {
    private final TroubleshootPort port;
    private final ActionRunner actions;
    private final Executor ui;
    private final StringProperty endpoint;
    private final StringProperty namePrefix = new SimpleStringProperty(this, "namePrefix", "csi-console-exercise");
    private final StringProperty size = new SimpleStringProperty(this, "size", "1GiB");
    private final StringProperty parameters = new SimpleStringProperty(this, "parameters", "");
    private final StringProperty workDir = new SimpleStringProperty(this, "workDir", "");
    private final ResourceTableModel<ExerciseStep> steps;
    private final ReadOnlyObjectWrapper<ExerciseResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private String lastTitle = "";
    /** The endpoint as typed when the last exercise started. */
    private String ranOn = "";
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");
    /** Made when first shown or played (its figure's layout is not what the workbench's first frame needs). */
    private ExerciseDiagram diagram;
    private ExerciseRun run;

    ExerciseModel(TroubleshootPort port, ActionRunner actions, Executor ui, StringProperty endpoint) {
        this.port = port;
        this.actions = actions;
        this.ui = ui;
        this.endpoint = endpoint;
        this.steps = new ResourceTableModel<>(s -> s.step() + " " + s.target() + " " + s.outcome() + " " + s.detail(),
                ForkJoinPool.commonPool(), ui, ResourceTableModel.DEFAULT_SYNC_LIMIT);
        endpoint.addListener((o, was, now) -> showStepsFor(now));
    }

    /**
     * Steps belong to the endpoint they ran on: under another endpoint the last exercise's steps are cleared and the
     * status line says where they ran; back on that endpoint they show again.
     */
    private void showStepsFor(String typed) {
        ExerciseResult r = result.get();
        if (running.get() || r == null) return;
        String now = typed == null ? "" : typed.strip();
        exerciseDiagram().reset(now.equals(ranOn) ? "Exercised " + r.driver() + " at " + ranOn + "."
                : "The last exercise ran on " + ranOn + ", not on this endpoint.");
        if (now.equals(ranOn)) {
            steps.replaceAll(r.steps());
            r.steps().forEach(exerciseDiagram()::accept);
            status.set(TroubleRows.summary(r));
        } else {
            steps.clear();
            status.set("The last exercise ran on " + ranOn + "; its steps are not shown under another endpoint. Run the exercise to "
                    + "exercise " + (now.isEmpty() ? "another endpoint" : now) + ".");
        }
    }

    public StringProperty namePrefixProperty() {
        return namePrefix;
    }

    /** The volume's size: {@code 1GiB}, {@code 500M}, bytes. */
    public StringProperty sizeProperty() {
        return size;
    }

    /** CreateVolume parameters, {@code key=value} separated by commas or lines; {@code pool} names the pool. */
    public StringProperty parametersProperty() {
        return parameters;
    }

    /** Where the staging and target paths go; empty for a new directory under the system's temporary directory. */
    public StringProperty workDirProperty() {
        return workDir;
    }

    public ResourceTableModel<ExerciseStep> steps() {
        return steps;
    }

    /** The task title of the last exercise started (its calls are traced under it); empty before one. */
    String lastTitle() {
        return lastTitle;
    }

    public ReadOnlyObjectProperty<ExerciseResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The exercise's volume on the lifecycle figure: where it is, the arrow taken last, the failed arrows. */
    public LifecyclePlayback diagram() {
        return exerciseDiagram().playback();
    }

    private ExerciseDiagram exerciseDiagram() {
        if (diagram == null) diagram = new ExerciseDiagram();
        return diagram;
    }

    /**
     * Reads the form, asks the driver's name, asks the person to type {@code <driver>/<pool>} and
     * starts the exercise. Nothing is sent but GetPluginInfo before the confirmation.
     */
    public void run() {
        if (running.get()) return;
        String e = endpoint.get() == null ? "" : endpoint.get().strip();
        ExercisePlan plan;
        try {
            if (e.isEmpty()) throw invalid("no endpoint is given", "Give the driver's endpoint, or pick one on the Discover page");
            plan = plan();
        } catch (CallFailure f) {
            status.set(f.getMessage() + ". " + f.whatToDo() + ".");
            return;
        }
        running.set(true);
        failure.set("");
        status.set("Asking " + e + " for its name\u2026");
        port.identify(e).whenCompleteAsync((info, t) -> {
            if (t != null) {
                running.set(false);
                CallFailure f = CallFailure.unwrap(t);
                failure.set(f != null ? f.getMessage() : t.toString());
                status.set("The driver did not say its name: " + failure.get());
                if (f != null) actions.dialogs().showFailure(f);
                return;
            }
            String expected = plan.confirmation(info.name());
            boolean go = actions.dialogs().confirmByTyping("Exercise " + info.name() + " at " + e, plan.consent(info.name(), e),
                    expected, "Run exercise");
            if (!go) {
                running.set(false);
                status.set("Not run: the exercise was not confirmed.");
                return;
            }
            start(e, plan, info.name());
        }, ui);
    }

    private void start(String e, ExercisePlan plan, String driver) {
        steps.clear();
        exerciseDiagram().reset("Exercising " + driver + ": the volume's way through the lifecycle shows here.");
        status.set("Exercising " + driver + "\u2026");
        lastTitle = "Exercise " + driver + " (pool " + plan.pool() + ")";
        actions.run(null, lastTitle, p -> {
            // started within the task, so the call trace groups the exercise's calls under it
            ExerciseRun current = port.exercise(e, plan, driver, ev -> {
                if (ev instanceof TroubleEvent.StepDone d) ui.execute(() -> {
                    steps.append(List.of(d.step()));
                    exerciseDiagram().accept(d.step());
                });
            });
            run = current;
            CompletableFuture<ExerciseResult> f = new CompletableFuture<>();
            current.result().whenComplete((r, t) -> {
                if (t != null) f.completeExceptionally(t);
                else f.complete(r);
            });
            f.whenComplete((r, t) -> {
                if (f.isCancelled()) current.cancel();
            });
            return f;
        }, TroubleRows::summary, TroubleRows::severity).outcome().whenComplete((r, t) -> {
            running.set(false);
            if (r != null) {
                ranOn = e;
                result.set(r);
                steps.replaceAll(r.steps());
                status.set(TroubleRows.summary(r));
            } else {
                status.set("The exercise's result is not known; check the audit log for what it changed.");
            }
        });
    }

    /**
     * Why the driver could not be asked its name (nothing was sent to change anything), as a
     * sentence; empty otherwise. Running again asks the name and the typed confirmation again.
     */
    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /** Stops the lifecycle; its clean-up still runs and the result says what was left. */
    public void cancel() {
        if (run != null) run.cancel();
    }

    ExercisePlan plan() {
        long bytes;
        try {
            bytes = ByteSize.parse(size.get());
        } catch (IllegalArgumentException ex) {
            throw invalid(ex.getMessage(), "Give a size such as 1GiB");
        }
        Map<String, String> params = new LinkedHashMap<>();
        String text = parameters.get() == null ? "" : parameters.get();
        for (String pair : text.split("[,\\n]")) {
            if (pair.isBlank()) continue;
            int eq = pair.indexOf('=');
            if (eq <= 0) throw invalid("'" + pair.strip() + "' is not key=value", "Write each parameter as key=value, e.g. pool=gold");
            params.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
        Path dir;
        try {
            String w = workDir.get() == null ? "" : workDir.get().strip();
            if (w.isEmpty()) {
                dir = Files.createTempDirectory("csi-console-exercise-");
                dir.toFile().deleteOnExit(); // empty again once the exercise removed what it made in it
            } else {
                dir = Path.of(w);
            }
        } catch (java.io.IOException ex) {
            throw invalid("no working directory could be made (" + ex.getMessage() + ")", "Give a directory you may write to");
        }
        return new ExercisePlan(namePrefix.get() == null ? "" : namePrefix.get().strip(), bytes, params, Secrets.NONE, dir, true);
    }

    private static CallFailure invalid(String why, String whatToDo) {
        return new CallFailure(FailureKind.INVALID_ARGUMENT, "Read the exercise", why, whatToDo, "");
    }
}
