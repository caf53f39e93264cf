package org.csiconsole.views.troubleshoot;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.TroubleEvent;
import org.csiconsole.core.trouble.TroubleshootPort;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.task.UiTask;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/** The Probe page: the read-only check list of one driver, each check shown as it finishes, failures first at the end. */
public final class ProbeModel {
    private final TroubleshootPort port;
    private final ActionRunner actions;
    private final Executor ui;
    private final StringProperty endpoint;
    private final StringProperty rootDir;
    private final ResourceTableModel<CheckResult> checks;
    private final ReadOnlyObjectWrapper<ProbeReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");
    private final StringProperty secretsFile = new javafx.beans.property.SimpleStringProperty(this, "secretsFile", "");
    private UiTask<ProbeReport> task;
    private String lastTitle = "";
    /** The endpoint as typed when the last complete probe started. */
    private String probed = "";

    ProbeModel(TroubleshootPort port, ActionRunner actions, Executor ui, StringProperty endpoint, StringProperty rootDir) {
        this.port = port;
        this.actions = actions;
        this.ui = ui;
        this.endpoint = endpoint;
        this.rootDir = rootDir;
        this.checks = new ResourceTableModel<CheckResult>(TroubleRows::searchText, ForkJoinPool.commonPool(), ui,
                ResourceTableModel.DEFAULT_SYNC_LIMIT).keyedBy(CheckResult::id);
        endpoint.addListener((o, was, now) -> showChecksFor(now));
    }

    /**
     * Checks belong to the endpoint probed: under another endpoint the last probe's checks are cleared and the status
     * line says which endpoint they were of; back on that endpoint they show again.
     */
    private void showChecksFor(String typed) {
        ProbeReport r = report.get();
        if (running.get() || r == null) return;
        String now = typed == null ? "" : typed.strip();
        if (now.equals(probed)) {
            checks.replaceAll(r.worstFirst());
            status.set(TroubleRows.summary(r));
        } else {
            checks.clear();
            status.set("The last probe checked " + probed + "; its checks are not shown under another endpoint. Probe to check "
                    + (now.isEmpty() ? "another endpoint" : now) + ".");
        }
    }

    public ResourceTableModel<CheckResult> checks() {
        return checks;
    }

    /** The last complete probe, null before one ended. */
    public ReadOnlyObjectProperty<ProbeReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** The task title of the last probe started (its calls are traced under it); empty before one. */
    String lastTitle() {
        return lastTitle;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Why the last probe did not finish, as a sentence; empty when it finished, was cancelled, or none ran. */
    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /**
     * A secrets file (a JSON object of strings or {@code key=value} lines) whose secrets the probe sends with every call
     * that carries secrets; empty for those of the saved connection to the endpoint, if any. The secrets check says
     * which were sent.
     */
    public StringProperty secretsFileProperty() {
        return secretsFile;
    }

    /** Probes the endpoint; a blank endpoint is refused with a sentence in the status line. */
    public void probe() {
        String e = endpoint.get() == null ? "" : endpoint.get().strip();
        if (running.get()) return;
        if (e.isEmpty()) {
            status.set("Give the driver's endpoint, e.g. unix:///var/lib/kubelet/plugins/<driver>/csi.sock, or pick one on the Discover page.");
            return;
        }
        Path root;
        try {
            root = TroubleshootViewModel.rootPath(rootDir);
        } catch (CallFailure f) {
            status.set("Not probed: " + f.getMessage() + ". " + f.whatToDo() + ".");
            return;
        }
        String sf = secretsFile.get() == null ? "" : secretsFile.get().strip();
        Path secrets = sf.isEmpty() ? null : Path.of(sf);
        running.set(true);
        checks.clear();
        failure.set("");
        status.set("Probing " + e + "\u2026");
        lastTitle = "Probe " + e;
        task = actions.run(null, lastTitle, p -> port.probe(e, root, secrets, ev -> {
            if (ev instanceof TroubleEvent.CheckDone d) ui.execute(() -> {
                checks.append(List.of(d.check()));
                // a cancelled probe's last word: which call did not answer, and for how long
                if (d.check().id().equals(ProbeReport.CANCELLED_CHECK)) status.set("The probe was cancelled: " + d.check().evidence() + ".");
            });
            else if (ev instanceof TroubleEvent.Stage s) p.update(org.csiconsole.views.task.Progress.INDETERMINATE, s.message());
        }), TroubleRows::summary, TroubleRows::severity);
        task.outcome().whenComplete((r, t) -> {
            running.set(false);
            if (r != null) {
                probed = e;
                report.set(r);
                checks.replaceAll(r.worstFirst());
                status.set(TroubleRows.summary(r));
            } else if (Failures.of(lastTitle, t).kind() == FailureKind.CANCELLED) {
                // the probe's own last check may have said already which call did not answer
                if (!status.get().startsWith("The probe was cancelled:")) status.set("The probe was cancelled.");
            } else {
                CallFailure f = Failures.of(lastTitle, t);
                failure.set(f.getMessage() + (f.whatToDo().isEmpty() ? "" : ". " + f.whatToDo()));
                status.set("The probe did not finish: " + failure.get());
            }
        });
    }

    /** Stops a running probe. */
    public void cancel() {
        if (task != null) task.cancel();
    }
}
