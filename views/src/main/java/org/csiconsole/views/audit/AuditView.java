package org.csiconsole.views.audit;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.FileChooser;
import org.csiconsole.views.dialog.ExportFolder;
import javafx.util.StringConverter;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceView;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The audit log as a table: time, outcome, connection, call, targets, duration, user@host and
 * (hidden) correlation id; the selected entry's message and redacted parameters in the detail pane.
 * Above it the filter (time range, connection, target id, outcome), export to JSON lines or CSV and
 * "Verify chain"; below it what is shown and "Load older". Node id {@code audit-view}.
 */
public final class AuditView implements ResourceView {
    private static final String ANY_CONNECTION = "Any connection";

    private final AuditViewModel model;
    private final BorderPane root = new BorderPane();
    private final ResourceTable<AuditEntry> table;
    private final ViewAction refresh;
    private final ViewAction create;
    private final ViewAction delete;
    private Function<AuditExportFormat, Optional<Path>> chooseFile = this::showFileChooser;
    private final ExportFolder exportFolder = new ExportFolder();

    public AuditView(AuditViewModel model) {
        this.model = Objects.requireNonNull(model);
        table = new ResourceTable<>(model.table(), List.of(
                Column.<AuditEntry, Instant>of("time", "Time", e -> e.record().time()).format(DetailRow.LOCAL_TIME::format)
                        .tooltip(e -> e.record().time().toString()).width(176).mono().whole(),
                Column.<AuditEntry, String>of("call", "Call", e -> shortCall(e.record().call())).width(160)
                        .tooltip(e -> e.record().call()),
                Column.<AuditEntry, String>of("targets", "Targets", model::targetsText).width(180).mono()
                        .tooltip(e -> model.targetsText(e) + "\n" + AuditRows.targetsByField(e)),
                Column.<AuditEntry, String>of("outcome", "Outcome", AuditRows::outcome).width(150).whole()
                        .styleClass(AuditRows::outcomeStyle).tooltip(e -> AuditRows.outcome(e) + (e.record().message().isEmpty() ? "" : ": " + e.record().message())),
                Column.<AuditEntry, String>of("mark", "Mark", AuditRows::mark).width(150).styleClass(e -> e.record().marked() ? ConsoleStyles.STATUS_FAILED : "")
                        .tooltip(e -> e.record().override() ? "Sent although the console refused it (its own record said it was illegal)"
                                : !e.record().workflow().isEmpty() ? "A step of " + e.record().workflow()
                                : e.record().forced() ? "Sent with force=true" : ""),
                Column.<AuditEntry, String>of("connection", "Connection", e -> e.record().origin().connection()).width(150),
                Column.<AuditEntry, Long>of("duration", "Duration", e -> e.record().durationMs())
                        .format(AuditRows::duration).width(90).alignRight(),
                Column.<AuditEntry, String>of("user", "User@host", AuditRows::userAtHost).width(170),
                Column.<AuditEntry, String>of("correlation", "Correlation id", e -> e.record().correlationId())
                        .width(280).mono().hidden()))
                .withDetail(e -> AuditRows.details(e, model.names()), e -> e.record().call())
                .withEmptyState(Material2MZ.POLICY, "No audit entries here",
                        "Every change the console makes to storage (create, delete, expand, publish, fence, ...) is recorded in "
                                + model.location() + " before its result is shown. Widen the time range or clear the filter to see more.");
        table.withPendingState(Bindings.when(model.loadingProperty()).then("Reading the audit log\u2026").otherwise(""),
                Bindings.createStringBinding(model::location));
        table.setId("audit-table");

        root.setId("audit-view");
        root.getStyleClass().add(ConsoleStyles.STORAGE_VIEW);
        root.setTop(filterBar());
        root.setCenter(table);
        root.setBottom(statusBar());

        refresh = ViewAction.always("Refresh", model::refresh);
        create = ViewAction.unavailable("New", "Entries are recorded as the console changes storage; they cannot be added by hand");
        delete = ViewAction.unavailable("Delete", "The audit log keeps every entry; entries cannot be deleted");
    }

    /**
     * The call in few words, its full name in the tooltip: a CSI call by its method ({@code CreateVolume}), a
     * csi-addons call with its package ({@code replication.PromoteVolume}), so it is not read as CSI's; a REST call as it is.
     */
    static String shortCall(String call) {
        int slash = call.indexOf('/');
        if (call.startsWith("csi.v1.") && slash > 0) return call.substring(slash + 1);
        int dot = call.indexOf('.');
        return dot > 0 && slash > dot && !call.contains(" ") ? call.substring(0, dot) + "." + call.substring(slash + 1) : call;
    }

    private Node filterBar() {
        ChoiceBox<AuditTimeRange> range = new ChoiceBox<>(FXCollections.observableArrayList(AuditTimeRange.values()));
        range.setId("audit-range");
        range.valueProperty().bindBidirectional(model.timeRangeProperty());
        DatePicker from = new DatePicker();
        from.setId("audit-from");
        from.setPromptText("From");
        from.setPrefWidth(130);
        DatePicker to = new DatePicker();
        to.setId("audit-to");
        to.setPromptText("To (inclusive)");
        to.setPrefWidth(130);
        ZoneId zone = ZoneId.systemDefault();
        from.valueProperty().addListener((o, a, d) -> model.fromProperty().set(d == null ? null : d.atStartOfDay(zone).toInstant()));
        to.valueProperty().addListener((o, a, d) -> model.toProperty().set(d == null ? null : d.plusDays(1).atStartOfDay(zone).toInstant()));
        for (DatePicker p : List.of(from, to)) {
            p.visibleProperty().bind(model.timeRangeProperty().isEqualTo(AuditTimeRange.BETWEEN));
            p.managedProperty().bind(p.visibleProperty());
        }

        ComboBox<String> connection = new ComboBox<>();
        connection.setId("audit-connection");
        connection.setPrefWidth(170);
        ObservableList<String> choices = FXCollections.observableArrayList("");
        Runnable sync = () -> {
            String keep = model.connectionProperty().get();
            choices.setAll("");
            choices.addAll(model.connections());
            connection.setValue(keep);
        };
        model.connections().addListener((ListChangeListener<String>) c -> sync.run());
        connection.setItems(choices);
        connection.setConverter(new StringConverter<>() {
            @Override
            public String toString(String s) {
                return s == null || s.isEmpty() ? ANY_CONNECTION : s;
            }

            @Override
            public String fromString(String s) {
                return ANY_CONNECTION.equals(s) ? "" : s;
            }
        });
        connection.setValue("");
        connection.valueProperty().addListener((o, a, b) -> model.connectionProperty().set(b == null ? "" : b));

        TextField target = new TextField();
        target.setId("audit-target");
        target.setPromptText("Volume, snapshot or node id");
        target.setPrefColumnCount(16);
        target.setTooltip(new Tooltip("Entries that name this id in any target (volume_id, snapshot_id, node_id, group id, CIDR); Enter applies"));
        target.setOnAction(e -> model.targetIdProperty().set(target.getText().strip()));
        target.focusedProperty().addListener((o, was, now) -> {
            if (!now) model.targetIdProperty().set(target.getText().strip());
        });

        ChoiceBox<AuditOutcomeChoice> outcome = new ChoiceBox<>(FXCollections.observableArrayList(AuditOutcomeChoice.values()));
        outcome.setId("audit-outcome");
        outcome.valueProperty().bindBidirectional(model.outcomeProperty());

        Button jsonl = button("audit-export-jsonl", "JSON lines", Material2MZ.SAVE_ALT,
                "Export every entry of the filter, oldest first, as JSON lines", () -> export(AuditExportFormat.JSON_LINES));
        Button csv = button("audit-export-csv", "CSV", Material2MZ.SAVE_ALT,
                "Export every entry of the filter, oldest first, as CSV", () -> export(AuditExportFormat.CSV));
        Button verify = button("audit-verify", "Verify chain", Material2MZ.VERIFIED_USER,
                "Check the hash chain: says whether any entry was changed or removed", model::verify);

        javafx.scene.control.CheckBox marked = new javafx.scene.control.CheckBox("Forced and overrides only");
        marked.setId("audit-marked");
        marked.selectedProperty().bindBidirectional(model.markedOnlyProperty());
        FlowPane bar = new FlowPane(8, 6, range, from, to, connection, target, outcome, marked, jsonl, csv, verify);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 8, 0, 8));
        bar.getStyleClass().add(ConsoleStyles.COMMAND_BAR);
        return bar;
    }

    private Node statusBar() {
        Label status = new Label();
        status.setId("audit-status");
        status.getStyleClass().add(ConsoleStyles.VIEW_STATUS);
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        status.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(status, Priority.ALWAYS);
        Button older = button("audit-load-older", "Load older", Material2MZ.MORE_HORIZ,
                "Read the next " + AuditViewModel.PAGE_SIZE + " older entries of the filter", model::loadOlder);
        older.disableProperty().bind(model.canLoadOlder().not());
        HBox box = new HBox(8, status, older);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setPadding(new Insets(4, 8, 4, 8));
        return box;
    }

    private static Button button(String id, String text, Ikon icon, String tip, Runnable action) {
        Button b = new Button(text, Icons.of(icon));
        b.setId(id);
        b.getStyleClass().addAll(Styles.FLAT, Styles.SMALL);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    private void export(AuditExportFormat format) {
        chooseFile.apply(format).ifPresent(file -> model.export(format, file));
    }

    private Optional<Path> showFileChooser(AuditExportFormat format) {
        boolean json = format == AuditExportFormat.JSON_LINES;
        return exportFolder.showSave(root.getScene() == null ? null : root.getScene().getWindow(),
                json ? "Export the audit log as JSON lines" : "Export the audit log as CSV",
                json ? new FileChooser.ExtensionFilter("JSON lines", "*.jsonl") : new FileChooser.ExtensionFilter("CSV", "*.csv"),
                "csi-console-audit-" + LocalDate.now() + (json ? ".jsonl" : ".csv"));
    }

    /** Replaces the save dialog of the export buttons (tests choose a file without one); empty cancels. */
    public void setFileChooser(Function<AuditExportFormat, Optional<Path>> chooser) {
        this.chooseFile = Objects.requireNonNull(chooser);
    }

    public AuditViewModel model() {
        return model;
    }

    public ResourceTable<AuditEntry> table() {
        return table;
    }

    @Override
    public ObservableStringValue title() {
        return Bindings.createStringBinding(() -> "Audit log");
    }

    @Override
    public Ikon icon() {
        return Material2MZ.POLICY;
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void activate() {
        model.activate();
    }

    @Override
    public void deactivate() {
        model.deactivate();
    }

    @Override
    public ViewAction refreshAction() {
        return refresh;
    }

    @Override
    public ViewAction createAction() {
        return create;
    }

    @Override
    public ViewAction deleteAction() {
        return delete;
    }

    @Override
    public boolean focusFilter() {
        table.focusFilter();
        return true;
    }
}
