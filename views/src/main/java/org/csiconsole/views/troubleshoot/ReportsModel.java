package org.csiconsole.views.troubleshoot;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.TroubleReport;
import org.csiconsole.core.trouble.TroubleshootPort;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.table.ResourceTableModel;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * The Report page: the report of this perspective's latest runs as soon as one ended (not saved
 * yet), the report saved from them, or a saved report opened read-only (its checks, failures
 * first, and what the driver said), and a second one compared with it side by side. Whichever
 * came last is shown.
 */
public final class ReportsModel {
    private final TroubleshootPort port;
    private final ActionRunner actions;
    private final ReadOnlyObjectWrapper<TroubleReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private final ReadOnlyObjectWrapper<TroubleReport> other = new ReadOnlyObjectWrapper<>(this, "other");
    private final ReadOnlyStringWrapper reportName = new ReadOnlyStringWrapper(this, "reportName", "");
    private final ReadOnlyStringWrapper otherName = new ReadOnlyStringWrapper(this, "otherName", "");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");
    private final ReadOnlyStringWrapper leftOut = new ReadOnlyStringWrapper(this, "leftOut", "");
    private final ReadOnlyStringWrapper comparisonWarning = new ReadOnlyStringWrapper(this, "comparisonWarning", "");
    private Runnable retry = () -> { };
    private final BooleanProperty differencesOnly = new SimpleBooleanProperty(this, "differencesOnly", true);
    private final ResourceTableModel<CheckResult> checks;
    private final ResourceTableModel<ReportComparison.Row> comparison;
    private java.util.function.BiConsumer<Path, TroubleReport> onOpened = (f, r) -> { };

    ReportsModel(TroubleshootPort port, ActionRunner actions, Executor ui) {
        this.port = port;
        this.actions = actions;
        this.checks = new ResourceTableModel<CheckResult>(TroubleRows::searchText, ForkJoinPool.commonPool(), ui,
                ResourceTableModel.DEFAULT_SYNC_LIMIT).keyedBy(CheckResult::id);
        this.comparison = new ResourceTableModel<ReportComparison.Row>(r -> r.aspect() + " " + r.item() + " " + r.left() + " " + r.right(),
                ForkJoinPool.commonPool(), ui, ResourceTableModel.DEFAULT_SYNC_LIMIT).keyedBy(r -> r.aspect() + "/" + r.item());
        differencesOnly.addListener((o, was, now) -> compare());
    }

    /** The report shown, null before one is opened. */
    public ReadOnlyObjectProperty<TroubleReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** The report compared with it, null before one is chosen. */
    public ReadOnlyObjectProperty<TroubleReport> otherProperty() {
        return other.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty reportNameProperty() {
        return reportName.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty otherNameProperty() {
        return otherName.getReadOnlyProperty();
    }

    /** Show only the rows where the two reports differ (the default). */
    public BooleanProperty differencesOnlyProperty() {
        return differencesOnly;
    }

    /** The opened report's checks, failures first. */
    public ResourceTableModel<CheckResult> checks() {
        return checks;
    }

    public ResourceTableModel<ReportComparison.Row> comparison() {
        return comparison;
    }

    /**
     * What else happens once a report was opened with {@link #open(Path)} (on the UI thread, with the
     * file and the report read): the console adds it to the navigator as a read-only connection.
     */
    public void setOnOpened(java.util.function.BiConsumer<Path, TroubleReport> onOpened) {
        this.onOpened = java.util.Objects.requireNonNull(onOpened);
    }

    /** Why the last open, compare or save did not finish, as a sentence; empty when it did. */
    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /**
     * The run of this session left out of the report shown, as a sentence naming its endpoint ({@link
     * org.csiconsole.core.trouble.ReportScope#leftOut()}); empty when none was, or for an opened report.
     */
    public ReadOnlyStringProperty leftOutProperty() {
        return leftOut.getReadOnlyProperty();
    }

    /** A warning when the two reports compared are of different endpoints ({@link ReportComparison#warning}); empty otherwise. */
    public ReadOnlyStringProperty comparisonWarningProperty() {
        return comparisonWarning.getReadOnlyProperty();
    }

    /** Runs again what failed last ({@link #failureProperty()}): the failure's "Try again". */
    public void retry() {
        retry.run();
    }

    /** Opens {@code file} read-only; a file that is no report is refused in a failure dialog and nothing changes. */
    public void open(Path file) {
        run("Open report " + file.getFileName(), p -> port.openReport(file), r -> "Opened " + file.getFileName() + ".", () -> open(file))
                .thenAccept(r -> {
                    leftOut.set("");
                    show(r, file.toString());
                    onOpened.accept(file, r);
                });
    }

    /**
     * Shows the report of this perspective's latest runs, before it is saved: its checks, and a name
     * that says it is not saved yet.
     */
    void showUnsaved(TroubleReport r, String leftOut) {
        this.leftOut.set(leftOut);
        show(r, UNSAVED);
    }

    /**
     * Saves a report as {@code save} does, then reads the file written and shows it, named by its
     * path: what support gets is what the page shows. A failure is a dialog and offers "Try again".
     *
     * @param leftOut the run left out of it, in a sentence ({@link org.csiconsole.core.trouble.ReportScope#leftOut()}); empty for none
     * @param save writes the report and completes with the JSON file written
     */
    void save(String title, String leftOut, java.util.function.Supplier<CompletableFuture<Path>> save, Runnable again) {
        run(title, p -> save.get(), f -> "Wrote " + f + " and the HTML page beside it." + (leftOut.isEmpty() ? "" : " " + leftOut), again)
                .thenAccept(file -> run("Read the saved report " + file.getFileName(), p -> port.openReport(file),
                        r -> "Showing " + file + ".", again).thenAccept(r -> {
                            this.leftOut.set(leftOut);
                            show(r, file.toString());
                        }));
    }

    /** What a report not saved yet is called on the page. */
    static final String UNSAVED = "This session's runs (not saved yet)";

    private void show(TroubleReport r, String name) {
        report.set(r);
        reportName.set(name);
        checks.replaceAll(r.probe() == null ? List.of() : r.probe().worstFirst());
        compare();
    }

    /** Opens {@code file} as the report to compare with. */
    public void compareWith(Path file) {
        run("Open report " + file.getFileName() + " to compare", p -> port.openReport(file), r -> "Comparing with "
                + file.getFileName() + ".", () -> compareWith(file)).thenAccept(r -> {
                    other.set(r);
                    otherName.set(file.toString());
                    compare();
                });
    }

    /** Runs {@code work} as a task; its failure is kept ({@link #failureProperty()}) with {@code again} as the retry. */
    private <T> CompletableFuture<T> run(String title, java.util.function.Function<org.csiconsole.views.task.Progress, CompletableFuture<T>> work,
                                         java.util.function.Function<? super T, String> success, Runnable again) {
        failure.set("");
        CompletableFuture<T> out = new CompletableFuture<>();
        actions.run(title, work, success).outcome().whenComplete((r, t) -> {
            if (t == null) {
                out.complete(r);
                return;
            }
            CallFailure f = Failures.of(title, t);
            if (f.kind() != FailureKind.CANCELLED) {
                retry = again;
                failure.set(f.getMessage() + (f.whatToDo().isEmpty() ? "" : ". " + f.whatToDo()));
            }
        });
        return out;
    }

    private void compare() {
        if (report.get() == null || other.get() == null) {
            comparison.clear();
            comparisonWarning.set("");
            return;
        }
        comparisonWarning.set(ReportComparison.warning(report.get(), other.get()));
        List<ReportComparison.Row> rows = ReportComparison.rows(report.get(), other.get());
        comparison.replaceAll(differencesOnly.get() ? rows.stream().filter(ReportComparison.Row::differs).toList() : rows);
    }
}
