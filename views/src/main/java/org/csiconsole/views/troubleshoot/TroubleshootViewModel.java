package org.csiconsole.views.troubleshoot;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.model.GivenPath;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.ReportScope;
import org.csiconsole.core.trouble.TroubleReport;
import org.csiconsole.core.trouble.TroubleshootPort;
import org.csiconsole.views.ViewModel;
import org.csiconsole.views.action.ActionRunner;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;

/**
 * The Troubleshoot perspective's state: the endpoint and kubelet root directory its pages share,
 * and one model per page (discover, probe, exercise, reports). Work runs as tasks of the
 * {@link ActionRunner}; events of a running workflow are handed to the UI executor.
 */
public final class TroubleshootViewModel extends ViewModel {
    /** The kubelet root directory offered first. */
    public static final String DEFAULT_ROOT_DIR = "/var/lib/kubelet";

    private final StringProperty endpoint = new SimpleStringProperty(this, "endpoint", "");
    private final StringProperty rootDir = new SimpleStringProperty(this, "rootDir", DEFAULT_ROOT_DIR);
    private final DiscoverModel discover;
    private final ProbeModel probe;
    private final ExerciseModel exercise;
    private final ReportsModel reports;
    private final TroubleshootPort port;
    private final BooleanBinding canSaveReport;

    /**
     * @param port the troubleshooting workflows
     * @param actions runs work as tasks, reports failures
     * @param ui the UI thread's executor (direct in tests)
     * @param connect adds a connection (name, endpoint) to the workbench and opens it, or opens the one that already
     *     reaches that endpoint: the one-click connect of discovery; returns what it did in one sentence
     */
    public TroubleshootViewModel(TroubleshootPort port, ActionRunner actions, Executor ui, BiFunction<String, String, String> connect) {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(actions, "actions");
        Objects.requireNonNull(ui, "ui");
        discover = new DiscoverModel(port, actions, ui, rootDir, connect);
        probe = new ProbeModel(port, actions, ui, endpoint, rootDir);
        exercise = new ExerciseModel(port, actions, ui, endpoint);
        reports = new ReportsModel(port, actions, ui);
        this.port = port;
        canSaveReport = Bindings.createBooleanBinding(() -> (discover.reportProperty().get() != null || probe.reportProperty().get() != null
                        || exercise.resultProperty().get() != null) && !discover.runningProperty().get() && !probe.runningProperty().get()
                        && !exercise.runningProperty().get(),
                discover.reportProperty(), probe.reportProperty(), exercise.resultProperty(), discover.runningProperty(),
                probe.runningProperty(), exercise.runningProperty());
        probe.reportProperty().addListener((o, was, now) -> showLatest());
        discover.reportProperty().addListener((o, was, now) -> showLatest());
        exercise.resultProperty().addListener((o, was, now) -> showLatest());
    }

    /** True once a discovery, a probe or an exercise has ended and none is running: there is something to save. */
    public BooleanBinding canSaveReport() {
        return canSaveReport;
    }

    /**
     * Saves the latest discovery, probe and exercise of this perspective, with the calls they made,
     * as {@code dir/report.json} and {@code dir/report.html}: the files {@code csi-console report}
     * writes, to hand to support or open later (File, Open report). Runs as a task; a directory
     * that cannot be written is a failure dialog that names it.
     */
    public void saveReport(Path dir) {
        ReportScope scope = ReportScope.of(probe.reportProperty().get(), exercise.resultProperty().get());
        DiscoveryReport d = discover.reportProperty().get();
        java.util.Set<String> titles = new java.util.HashSet<>(java.util.List.of(discover.lastTitle(),
                scope.probe() == null ? "" : probe.lastTitle(), scope.exercise() == null ? "" : exercise.lastTitle()));
        titles.remove("");
        reports.save("Save report to " + dir, scope.leftOut(), () -> port.saveReport(dir, scope.endpoint(), d, scope.probe(), scope.exercise(),
                titles), () -> saveReport(dir));
    }

    /**
     * The Report page shows the latest runs as they would be saved, as soon as one ends: those of one endpoint
     * ({@link ReportScope}), saying which run was left out.
     */
    private void showLatest() {
        ReportScope scope = ReportScope.of(probe.reportProperty().get(), exercise.resultProperty().get());
        DiscoveryReport d = discover.reportProperty().get();
        if (scope.probe() == null && scope.exercise() == null && d == null) return;
        reports.showUnsaved(new TroubleReport(TroubleReport.FORMAT, "", Instant.now(), Map.of(), scope.endpoint(), d, scope.probe(),
                scope.exercise(), List.of(), null), scope.leftOut());
    }

    /** The CSI endpoint the probe and the exercise talk to. */
    public StringProperty endpointProperty() {
        return endpoint;
    }

    /** The kubelet root directory discovery and the probe look in. */
    public StringProperty rootDirProperty() {
        return rootDir;
    }

    public DiscoverModel discover() {
        return discover;
    }

    public ProbeModel probe() {
        return probe;
    }

    public ExerciseModel exercise() {
        return exercise;
    }

    public ReportsModel reports() {
        return reports;
    }

    /**
     * The root directory as a path.
     *
     * @throws org.csiconsole.core.call.CallFailure when the field is empty ({@link GivenPath}): an empty root is refused,
     *     never taken for the default nor the current directory
     */
    static Path rootPath(StringProperty rootDir) {
        return GivenPath.of("Root", rootDir.get(), "the kubelet's root directory (its --root-dir), " + DEFAULT_ROOT_DIR);
    }
}
