package org.csiconsole.views.troubleshoot;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Separator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.core.trouble.TroubleReport;
import org.csiconsole.views.lifecycle.LifecyclePlaybackView;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** Builds the four pages of the Troubleshoot view: Discover, Probe, Exercise and Report. */
final class TroubleshootPages {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private TroubleshootPages() {
    }

    static ResourceTable<DiscoveredSocket> socketTable(DiscoverModel m) {
        ResourceTable<DiscoveredSocket> t = new ResourceTable<>(m.sockets(), List.of(
                // too narrow, a path drops directories from its middle, never its file name: two sockets never read the same
                Column.<DiscoveredSocket, String>of("path", "Socket", DiscoveredSocket::path).width(300).mono().path(),
                // status, state, problem and what to do first: they are what an admin reads a row for
                Column.<DiscoveredSocket, String>of("status", "Status", s -> s.status().name()).width(70).whole()
                        .styleClass(s -> TroubleRows.statusStyle(s.status())),
                Column.<DiscoveredSocket, String>of("state", "State", m::condition).width(220)
                        .styleClass(TroubleRows::stateStyle).tooltip(DiscoveredSocket::problem),
                Column.<DiscoveredSocket, String>of("problem", "Problem", DiscoveredSocket::problem).width(300)
                        .styleClass(s -> s.problem().isEmpty() ? null : TroubleRows.statusStyle(s.status())).tooltip(DiscoveredSocket::problem),
                Column.<DiscoveredSocket, String>of("nextStep", "What to do", DiscoveredSocket::nextStep).width(300)
                        .tooltip(DiscoveredSocket::nextStep),
                Column.<DiscoveredSocket, String>of("role", "Role", s -> s.role().name()).width(110),
                Column.<DiscoveredSocket, String>of("driver", "Driver", DiscoveredSocket::driverText).width(220),
                Column.<DiscoveredSocket, String>of("version", "Version", TroubleRows::versions).width(90),
                Column.<DiscoveredSocket, String>of("type", "Type", TroubleRows::type).width(90),
                Column.<DiscoveredSocket, String>of("registeredBy", "Registered by", DiscoveredSocket::registeredBy).width(260).mono().path(),
                Column.<DiscoveredSocket, String>of("process", "Process", TroubleRows::process).width(180),
                Column.<DiscoveredSocket, String>of("addons", "csi-addons", DiscoveredSocket::addons).width(150)))
                .withDetail(s -> TroubleRows.details(s, m.condition(s)), DiscoveredSocket::path)
                // a row's answer (its problem and what to do) is read whole in the pane: at 1280x800 it takes 42% of the width
                .detailShare(0.58)
                .withEmptyState(Material2MZ.SEARCH, "No sockets found",
                        "Discover looks in <root>/plugins_registry (the kubelet's registration sockets), <root>/plugins/*, /csi and "
                                + "/run/csi, and asks each socket what it serves. It only reads. A driver that keeps its socket "
                                + "elsewhere: add that folder under More places.");
        t.setId("discover-table");
        return t;
    }

    static Node discoverBar(DiscoverModel m, javafx.beans.property.StringProperty rootDir, ResourceTable<DiscoveredSocket> table,
                            Runnable probeSelected) {
        TextField root = new TextField();
        root.setId("discover-root");
        root.setPrefColumnCount(16);
        root.textProperty().bindBidirectional(rootDir);
        root.setTooltip(new Tooltip("The kubelet's root directory (--root-dir)"));
        TextField paths = new TextField();
        paths.setId("discover-paths");
        paths.setPromptText("More places (paths)");
        paths.setPrefColumnCount(16);
        paths.textProperty().bindBidirectional(m.pathsProperty());
        Button run = button("discover-run", "Discover", Material2MZ.SEARCH, m::discover);
        run.disableProperty().bind(m.runningProperty());
        runOnEnter(run, root, paths);
        var selected = table.tableView().getSelectionModel().getSelectedItems();
        Button connect = button("discover-connect", "Connect", Material2AL.LINK, () -> m.connect(List.copyOf(selected)));
        connect.disableProperty().bind(Bindings.createBooleanBinding(() -> m.whyNotConnect(List.copyOf(selected)).isPresent(), selected));
        Tooltip why = new Tooltip();
        why.textProperty().bind(Bindings.createStringBinding(() -> m.whyNotConnect(List.copyOf(selected))
                .orElse("Add a connection to this driver and open it"), selected));
        connect.setTooltip(why);
        // A stale or missing socket can be probed: the probe's socket checks say what is wrong and what to do.
        Button probe = button("discover-probe", "Probe", Material2AL.FACT_CHECK, probeSelected);
        probe.disableProperty().bind(Bindings.createBooleanBinding(() -> m.whyNotProbe(List.copyOf(selected)).isPresent(), selected));
        Tooltip whyProbe = new Tooltip();
        whyProbe.textProperty().bind(Bindings.createStringBinding(() -> m.whyNotProbe(List.copyOf(selected))
                .orElse("Check this socket's driver without changing anything (Enter or a double click on the row)"), selected));
        probe.setTooltip(whyProbe);
        return bar(new Label("Root"), root, paths, run, connect, probe);
    }

    /**
     * The sockets' context menu: Connect and Probe, enabled and explained as the bar's buttons are
     * ({@link DiscoverModel#whyNotConnect(List)}, {@link DiscoverModel#whyNotProbe(List)}); the table adds Copy as text.
     */
    static javafx.scene.control.ContextMenu socketMenu(DiscoverModel m, ResourceTable<DiscoveredSocket> table, Runnable probeSelected) {
        var selected = table.tableView().getSelectionModel().getSelectedItems();
        javafx.scene.control.MenuItem connect = new javafx.scene.control.MenuItem("Connect", org.csiconsole.views.Icons.of(Material2AL.LINK, 14));
        connect.setId("discover-menu-connect");
        connect.setOnAction(e -> m.connect(List.copyOf(selected)));
        javafx.scene.control.MenuItem probe = new javafx.scene.control.MenuItem("Probe (Enter)",
                org.csiconsole.views.Icons.of(Material2AL.FACT_CHECK, 14));
        probe.setId("discover-menu-probe");
        probe.setOnAction(e -> probeSelected.run());
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu(probe, connect);
        menu.setOnShowing(e -> {
            List<DiscoveredSocket> rows = List.copyOf(selected);
            connect.setDisable(m.whyNotConnect(rows).isPresent());
            probe.setDisable(m.whyNotProbe(rows).isPresent());
        });
        menu.setId("discover-menu");
        return menu;
    }

    static ResourceTable<CheckResult> checkTable(org.csiconsole.views.table.ResourceTableModel<CheckResult> model, String id) {
        ResourceTable<CheckResult> t = new ResourceTable<>(model, List.of(
                Column.<CheckResult, String>of("status", "Status", c -> c.status().name()).width(90)
                        .styleClass(c -> TroubleRows.statusStyle(c.status())),
                Column.<CheckResult, String>of("title", "Check", CheckResult::title).width(320),
                // the evidence before the check's id: it is what an admin reads next
                Column.<CheckResult, String>of("evidence", "Evidence", CheckResult::evidence).width(520).tooltip(CheckResult::evidence),
                Column.<CheckResult, String>of("id", "Id", CheckResult::id).width(220).mono()))
                .withDetail(TroubleRows::details, CheckResult::title)
                .withEmptyState(Material2AL.FACT_CHECK, "No checks yet",
                        "The probe sends only Identity, Get*, List*, Validate* and NodeGet* calls: it changes nothing on the driver.");
        t.setId(id);
        return t;
    }

    static Node probeBar(ProbeModel m, javafx.beans.property.StringProperty endpoint) {
        TextField e = endpointField("probe-endpoint", endpoint);
        Button run = button("probe-run", "Probe", Material2AL.FACT_CHECK, m::probe);
        run.disableProperty().bind(m.runningProperty());
        runOnEnter(run, e);
        Button cancel = button("probe-cancel", "Cancel", Material2AL.CANCEL, m::cancel);
        cancel.disableProperty().bind(m.runningProperty().not());
        TextField secrets = field("probe-secrets", m.secretsFileProperty());
        secrets.setPromptText("the saved connection's, if any");
        secrets.setPrefColumnCount(16);
        secrets.setTooltip(new Tooltip("A secrets file (JSON object or key=value lines) sent with every call that carries secrets. "
                + "Empty: the secrets of the saved connection to this endpoint, if there is one. The secrets check says which were sent."));
        runOnEnter(run, secrets);
        return bar(new Label("Endpoint"), e, new Label("Secrets file"), secrets, run, cancel);
    }

    static Node exercisePage(ExerciseModel m, javafx.beans.property.StringProperty endpoint) {
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.setPadding(new Insets(8));
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        ColumnConstraints sizeLabel = new ColumnConstraints();
        sizeLabel.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints sizeField = new ColumnConstraints(70, 90, 120);
        form.getColumnConstraints().addAll(labels, fields, sizeLabel, sizeField);
        TextField prefix = field("exercise-prefix", m.namePrefixProperty());
        TextField size = field("exercise-size", m.sizeProperty());
        TextArea params = new TextArea();
        params.setId("exercise-parameters");
        params.setPromptText("key=value, one per line (pool=gold)");
        params.setPrefRowCount(2);
        params.textProperty().bindBidirectional(m.parametersProperty());
        TextField work = field("exercise-workdir", m.workDirProperty());
        work.setPromptText("a new temporary directory");
        // Compact, so the steps keep their room beside the lifecycle figure.
        form.add(new Label("Endpoint"), 0, 0);
        form.add(endpointField("exercise-endpoint", endpoint), 1, 0, 3, 1);
        form.addRow(1, new Label("Name prefix"), prefix, new Label("Size"), size);
        form.add(new Label("Parameters"), 0, 2);
        form.add(params, 1, 2, 3, 1);
        form.add(new Label("Work directory"), 0, 3);
        form.add(work, 1, 3, 3, 1);
        Button run = button("exercise-run", "Run exercise\u2026", Material2MZ.PLAY_ARROW, m::run);
        run.getStyleClass().add(Styles.DANGER);
        run.disableProperty().bind(m.runningProperty());
        run.setTooltip(new Tooltip("Creates and deletes test volumes; asks you to type <driver>/<pool> first"));
        Button cancel = button("exercise-cancel", "Cancel", Material2MZ.STOP, m::cancel);
        cancel.disableProperty().bind(m.runningProperty().not());
        ResourceTable<ExerciseStep> steps = new ResourceTable<>(m.steps(), List.of(
                // what each step did and how long it took stay in sight beside the figure at 1280x800
                Column.<ExerciseStep, String>of("step", "Step", s -> s.step() + (s.cleanup() ? " (clean-up)" : "")).width(230),
                Column.<ExerciseStep, String>of("outcome", "Outcome", s -> s.outcome().name()).width(90).styleClass(TroubleRows::outcomeStyle),
                Column.<ExerciseStep, Duration>of("took", "Took", ExerciseStep::took).format(TroubleRows::ms).width(85).alignRight(),
                Column.<ExerciseStep, String>of("target", "Target", ExerciseStep::target).width(200).mono(),
                Column.<ExerciseStep, String>of("detail", "Detail", ExerciseStep::detail).width(420).tooltip(ExerciseStep::detail)))
                .withEmptyState(Material2MZ.PLAY_ARROW, "Not run",
                        // two lines fit the page at 1280x800; the steps are listed on the figure beside it
                        "Runs one timed lifecycle on a new volume (snapshot and clone when advertised) and always removes what it made.");
        steps.setId("exercise-steps");
        steps.setMinHeight(150); // the page's status line stays in view on a 1280x800 screen
        LifecyclePlaybackView diagram = new LifecyclePlaybackView(m.diagram());
        VBox left = new VBox(form, steps);
        VBox.setVgrow(steps, Priority.ALWAYS);
        // The figure beside the form and the steps, as tall as the page: the exercise's volume plays on it.
        SplitPane split = new SplitPane(left, diagram.node());
        split.setDividerPositions(0.55);
        HBox buttons = new HBox(8, run, cancel);
        buttons.setAlignment(Pos.CENTER_LEFT);
        form.add(buttons, 1, 4, 3, 1);
        return new BorderPane(split, null, null, status("exercise-status", m.statusProperty(), m.failureProperty(), m::run), null);
    }

    static Node reportPage(ReportsModel m, Runnable save, javafx.beans.binding.BooleanExpression canSave, Runnable open, Runnable compare) {
        Button saveBtn = button("report-save", "Save report\u2026", Material2MZ.SAVE, save);
        saveBtn.disableProperty().bind(canSave.not());
        saveBtn.setTooltip(new Tooltip("Write this session's discovery, probe and exercise, with their calls, as report.json and "
                + "report.html (as csi-console report does) to hand to support"));
        Button openBtn = button("report-open", "Open report\u2026", Material2AL.FOLDER_OPEN, open);
        Button compareBtn = button("report-compare", "Compare with\u2026", Material2AL.COMPARE_ARROWS, compare);
        compareBtn.disableProperty().bind(m.reportProperty().isNull());
        CheckBox differences = new CheckBox("Differences only");
        differences.setId("report-differences");
        differences.selectedProperty().bindBidirectional(m.differencesOnlyProperty());
        Label summary = new Label();
        summary.setId("report-summary");
        summary.getStyleClass().add(ConsoleStyles.MUTED);
        summary.setWrapText(true);
        summary.setPadding(new Insets(0, 8, 0, 8));
        summary.textProperty().bind(Bindings.createStringBinding(() -> summary(m.reportProperty().get(), m.reportNameProperty().get()),
                m.reportProperty(), m.reportNameProperty()));
        Label leftOut = new Label();
        leftOut.setId("report-left-out");
        leftOut.getStyleClass().add(ConsoleStyles.VIEW_STATUS);
        leftOut.setWrapText(true);
        leftOut.setPadding(new Insets(0, 8, 0, 8));
        leftOut.textProperty().bind(m.leftOutProperty());
        leftOut.visibleProperty().bind(Bindings.isNotEmpty(m.leftOutProperty()));
        leftOut.managedProperty().bind(leftOut.visibleProperty());
        ResourceTable<CheckResult> checks = checkTable(m.checks(), "report-checks");
        ResourceTable<ReportComparison.Row> comparison = new ResourceTable<>(m.comparison(), List.of(
                Column.<ReportComparison.Row, String>of("aspect", "Aspect", r -> r.aspect().name().toLowerCase()).width(100),
                Column.<ReportComparison.Row, String>of("item", "Item", ReportComparison.Row::item).width(360),
                Column.<ReportComparison.Row, String>of("left", "This report", ReportComparison.Row::left).width(200)
                        .styleClass(r -> r.differs() ? ConsoleStyles.STRONG : null),
                Column.<ReportComparison.Row, String>of("right", "Compared with", ReportComparison.Row::right).width(200)
                        .styleClass(r -> r.differs() ? ConsoleStyles.STRONG : null)))
                .withEmptyState(Material2AL.COMPARE_ARROWS, "Nothing to compare",
                        "Open a report, then compare it with another (before and after a driver upgrade): capabilities, check "
                                + "results, latencies and volume counts side by side.");
        comparison.setId("report-comparison");
        Label otherName = new Label();
        otherName.setId("report-other");
        otherName.getStyleClass().add(ConsoleStyles.MUTED);
        otherName.setPadding(new Insets(4, 8, 0, 8));
        otherName.textProperty().bind(Bindings.createStringBinding(() -> m.otherNameProperty().get().isEmpty() ? ""
                : "Compared with " + m.otherNameProperty().get(), m.otherNameProperty()));
        Label otherEndpoint = new Label();
        otherEndpoint.setId("report-compare-warning");
        otherEndpoint.getStyleClass().add(ConsoleStyles.FORM_WARNING);
        otherEndpoint.setWrapText(true);
        otherEndpoint.setPadding(new Insets(0, 8, 0, 8));
        otherEndpoint.textProperty().bind(m.comparisonWarningProperty());
        otherEndpoint.visibleProperty().bind(Bindings.isNotEmpty(m.comparisonWarningProperty()));
        otherEndpoint.managedProperty().bind(otherEndpoint.visibleProperty());
        SplitPane split = new SplitPane(checks, new BorderPane(comparison, new VBox(2, otherName, otherEndpoint), null, null, null));
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.55);
        Node failed = status("report-status", Bindings.createStringBinding(() -> m.failureProperty().get().isEmpty() ? ""
                : "Did not finish: " + m.failureProperty().get(), m.failureProperty()), m.failureProperty(), m::retry);
        failed.visibleProperty().bind(Bindings.isNotEmpty(m.failureProperty()));
        failed.managedProperty().bind(failed.visibleProperty());
        VBox top = new VBox(4, bar(saveBtn, new Separator(Orientation.VERTICAL), openBtn, compareBtn, differences), summary, leftOut, failed);
        top.setPadding(new Insets(0, 0, 4, 0));
        return new BorderPane(split, top, null, null, null);
    }

    static String summary(TroubleReport r, String name) {
        if (r == null) {
            return "Discover, probe or exercise to see their report here, or open a report.json written by csi-console report "
                    + "or by Save report\u2026; nothing in it can be changed.";
        }
        String made = ReportsModel.UNSAVED.equals(name) ? "" : ", made " + TIME.format(r.created()) + " by console " + r.consoleVersion();
        // the probe's summary names the driver, or its endpoint when it did not answer
        boolean named = r.probe() != null && r.probe().who().equals(r.endpoint());
        return name + (r.endpoint().isEmpty() || named ? "" : ": " + r.endpoint()) + made + ". " + r.summary()
                + (r.exercise() == null ? "" : ". Exercise: " + TroubleRows.summary(r.exercise()))
                + (r.whenRan().isEmpty() ? "" : ". " + r.whenRan());
    }

    /**
     * The page's status line, and beside it a "Try again" button while {@code failure} is not
     * empty (the last run did not finish).
     */
    static Node status(String id, javafx.beans.value.ObservableStringValue text, javafx.beans.value.ObservableStringValue failure,
                       Runnable again) {
        Label l = status(id, text);
        Button retry = button(id + "-retry", "Try again", Material2MZ.REFRESH, again);
        retry.visibleProperty().bind(Bindings.isNotEmpty(failure));
        retry.managedProperty().bind(retry.visibleProperty());
        retry.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(l, Priority.ALWAYS);
        l.setMaxWidth(Double.MAX_VALUE);
        HBox box = new HBox(8, l, retry);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setPadding(new Insets(0, 8, 0, 0));
        return box;
    }

    static Label status(String id, javafx.beans.value.ObservableStringValue text) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add(ConsoleStyles.VIEW_STATUS);
        l.textProperty().bind(text);
        l.setWrapText(true);
        l.setPadding(new Insets(4, 8, 4, 8));
        return l;
    }

    static HBox bar(Node... nodes) {
        HBox b = new HBox(8, nodes);
        b.setAlignment(Pos.CENTER_LEFT);
        b.setPadding(new Insets(6, 8, 6, 8));
        b.getStyleClass().add(ConsoleStyles.COMMAND_BAR);
        return b;
    }

    static Button button(String id, String text, org.kordamp.ikonli.Ikon icon, Runnable action) {
        Button b = new Button(text, org.csiconsole.views.Icons.of(icon, 14));
        b.setId(id);
        b.setOnAction(e -> action.run());
        return b;
    }

    /** Enter in any of {@code fields} runs {@code run} (a read-only command) unless it is disabled. */
    private static void runOnEnter(Button run, TextField... fields) {
        for (TextField f : fields) {
            f.setOnAction(e -> {
                if (!run.isDisabled()) run.fire();
            });
        }
    }

    private static TextField endpointField(String id, javafx.beans.property.StringProperty endpoint) {
        TextField e = field(id, endpoint);
        e.setPromptText("unix:///var/lib/kubelet/plugins/<driver>/csi.sock");
        e.setPrefColumnCount(36);
        HBox.setHgrow(e, Priority.ALWAYS);
        return e;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty p) {
        TextField f = new TextField();
        f.setId(id);
        f.textProperty().bindBidirectional(p);
        return f;
    }
}
