package org.csiconsole.views.trace;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.stage.FileChooser;
import org.csiconsole.views.dialog.ExportFolder;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceView;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The call trace as a timeline: time, task, method, the ids it names, status, duration, attempt and
 * endpoint, oldest first, following new calls; failed calls tinted. "Group by task" orders the
 * calls by the task that made them. Filters by volume_id (following the selected volume on
 * request), connection, method and status sit in the tool bar beside the word filter; the detail
 * pane shows the selected call's request and response as JSON and the commands that repeat it.
 * "Copy as" puts a grpcurl, csc or curl command on the clipboard; Save writes the trace (or the
 * calls shown) as a trace file. Node ids: {@code call-trace}, {@code trace-group}, {@code trace-copy},
 * {@code trace-save}, {@code trace-keep}, {@code trace-clear}, {@code trace-dropped}, {@code trace-message}.
 */
public final class CallTraceView implements ResourceView {
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** Widest a copy item's reason may be before it wraps, in px: the menu stays well inside a 1280 px screen. */
    private static final double COPY_NOTE_WIDTH = 360;
    /** Widest a command's preview tooltip may be before it wraps, in px. */
    private static final double COPY_PREVIEW_WIDTH = 640;
    /** Fewest calls the trace keeps in sight while its panel is open. */
    static final int ROWS_IN_SIGHT = 4;

    private final CallTraceViewModel model;
    private final ResourceTable<TraceEntry> table;
    private final ViewAction refresh;
    private final ViewAction delete;
    private final ViewAction create;
    private final ToggleButton group = new ToggleButton(null, Icons.of(Material2AL.ACCOUNT_TREE, 14));
    private Function<String, Optional<Path>> chooseFile = this::showSaveDialog;
    private final ExportFolder exportFolder = new ExportFolder();
    /**
     * The call the open Copy menu acts on, taken when the menu opened: new calls keep arriving while
     * the pointer travels to an item, and the item copies the call that was selected when it was shown.
     */
    private TraceEntry menuEntry;

    public CallTraceView(CallTraceViewModel model) {
        this.model = model;
        // Calls arriving by the hundred each second reach the table four times a second, not at every
        // frame: each change moves every row in sight (scripts/benchmark-trace.sh).
        model.pace(new org.csiconsole.views.table.NextPulse(), Duration.ofMillis(250), System::nanoTime);
        table = new ResourceTable<>(model.table(), List.of(
                Column.<TraceEntry, Instant>of("time", "Time", TraceEntry::start).format(TraceDetails.TIME::format)
                        .tooltip(e -> e.start().toString()).width(124).mono().whole(),
                Column.<TraceEntry, CallOrigin>of("task", "Task", TraceEntry::origin)
                        .format(o -> o.isTask() ? o.title() : "\u2014").width(170)
                        .comparator(Comparator.comparing((CallOrigin o) -> !o.isTask()).thenComparingLong(CallOrigin::id))
                        .styleClass(e -> ConsoleStyles.TRACE_TASK)
                        .tooltip(e -> e.origin().isTask() ? e.origin().title() : "Not made by a task: the console's own call (a refresh, a poll)"),
                Column.<TraceEntry, String>of("method", "Method", e -> TraceEntry.GRPC.equals(e.protocol())
                        ? TraceToolbar.shortService(e.method()) : e.shortMethod()).width(230).tooltip(TraceEntry::method),
                Column.<TraceEntry, String>of("status", "Status", e -> e.notServed() ? "not served" : e.status()).width(120).whole()
                        .styleClass(e -> ConsoleStyles.TRACE_STATUS)
                        .tooltip(e -> e.message().isEmpty() ? null : e.message()),
                Column.<TraceEntry, Duration>of("duration", "Duration", TraceEntry::duration)
                        .format(TraceDetails::millis).width(96).alignRight(),
                Column.<TraceEntry, String>of("targets", "Names", model::targetLabels).width(230).mono()
                        .tooltip(TraceEntry::targetsText),
                Column.<TraceEntry, Integer>of("attempt", "Attempt", TraceEntry::attempt).width(72).alignRight(),
                Column.<TraceEntry, String>of("endpoint", "Endpoint", TraceEntry::endpoint).width(240).mono(),
                Column.<TraceEntry, String>of("protocol", "Protocol", e -> e.protocol().toUpperCase()).width(80).hidden(),
                Column.<TraceEntry, Long>of("seq", "#", TraceEntry::seq).width(60).alignRight().hidden()))
                .withDetail(e -> TraceDetails.rows(e, model::command), TraceEntry::shortMethod)
                .withEmptyState(Material2MZ.SWAP_HORIZ, model.isOffline() ? "No calls in this file" : "No calls yet",
                        model.isOffline() ? "The trace file holds no calls." : "Every gRPC and HTTP call the console makes to storage appears "
                                + "here as it happens, with secrets already removed. Select a call to read its request and response.");
        table.setId("call-trace");
        table.filterField().setPrefWidth(130);
        table.filterField().setMinWidth(110);
        List<Node> items = new ArrayList<>(TraceToolbar.filters(model));
        items.addAll(List.of(groupToggle(), copyMenu(), saveMenu(), keepMenu(), clearButton()));
        items.forEach(n -> {
            if (n instanceof javafx.scene.layout.Region r) r.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        });
        if (table.lookup("#table-count") instanceof javafx.scene.layout.Region count) count.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        items.add(TraceToolbar.note("trace-dropped", model.droppedNote()));
        items.add(TraceToolbar.note("trace-message", model.messageProperty()));
        table.withToolbarItems(items.toArray(Node[]::new));
        table.withRowMenu(rowMenu());
        // In the bottom panel the trace shares the height with the view above: a dense tool bar, and rows the divider
        // cannot squeeze away (hide the panel, Ctrl+J, for the whole height).
        table.compactToolbar().keepRowsInSight(ROWS_IN_SIGHT);
        TraceRows.markStates(table.tableView());
        // Calls are recorded as they complete; read in the order they started (a column click changes it).
        sortBy("time");
        TraceRows.followNewCalls(table.tableView());

        refresh = ViewAction.always("Refresh", model::refresh);
        delete = new ViewAction("Clear trace", model.canClear(), Bindings.createStringBinding(() -> model.isOffline()
                ? "A saved trace file is not changed" : "The trace is empty"), model::clear);
        create = ViewAction.unavailable("New", "Calls are recorded as the console talks to storage; they cannot be created by hand");
    }

    private void sortBy(String... columns) {
        List<TableColumn<TraceEntry, ?>> order = new ArrayList<>();
        for (String id : columns) {
            table.tableView().getColumns().stream().filter(c -> id.equals(c.getId())).findFirst().ifPresent(c -> {
                c.setSortType(TableColumn.SortType.ASCENDING);
                order.add(c);
            });
        }
        table.tableView().getSortOrder().setAll(order);
    }

    /** Orders the calls by the task that made them (then by time), or by time alone. */
    private ToggleButton groupToggle() {
        group.setId("trace-group");
        group.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.SMALL, Styles.FLAT);
        group.setTooltip(new Tooltip("Group by task: order the calls by the task or wizard that made them, then by time"));
        group.selectedProperty().addListener((o, was, on) -> {
            if (on) sortBy("task", "time");
            else sortBy("time");
        });
        return group;
    }

    private MenuButton copyMenu() {
        MenuButton copy = new MenuButton(null, Icons.of(Material2AL.CONTENT_COPY, 14));
        copy.setId("trace-copy");
        copy.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        copy.setTooltip(new Tooltip("Copy as: the selected call as a grpcurl, csc or curl command that repeats it (secrets as placeholders),"
                + " or its request or response JSON"));
        copy.getItems().setAll(copyItems("copy", ""));
        copy.setOnShowing(e -> {
            menuEntry = selected().orElse(null);
            enableCopyItems(copy.getItems());
        });
        // Open, the menu stays usable while new calls arrive; it acts on the call taken when it opened.
        copy.disableProperty().bind(table.selectedItemProperty().isNull().and(copy.showingProperty().not()));
        return copy;
    }

    /** @param textPrefix put before each item's text: "Copy as " in the row menu, nothing under the "Copy as" button */
    private List<MenuItem> copyItems(String idPrefix, String textPrefix) {
        List<MenuItem> items = new ArrayList<>();
        for (CopyTool tool : CopyTool.values()) {
            // The label stays short; why a tool has no command goes under it, wrapped, and the command itself to a
            // tooltip: a command is as long as its request, and a menu as wide as it left the screen.
            Label label = new Label(textPrefix + tool.label());
            Label note = new Label();
            note.getStyleClass().addAll(ConsoleStyles.MUTED, Styles.TEXT_SMALL);
            note.setWrapText(true);
            note.setMaxWidth(COPY_NOTE_WIDTH);
            note.managedProperty().bind(note.textProperty().isNotEmpty());
            note.visibleProperty().bind(note.managedProperty());
            MenuItem m = new MenuItem(null, new javafx.scene.layout.VBox(1, label, note));
            m.setId(idPrefix + "-" + tool.label());
            m.setUserData(tool);
            m.setOnAction(e -> copy(tool));
            items.add(m);
        }
        MenuItem request = new MenuItem(textPrefix.isEmpty() ? "Request JSON" : "Copy request JSON");
        request.setId(idPrefix + "-request");
        request.setOnAction(e -> menuCall().ifPresent(s -> toClipboard(s.request().json())));
        MenuItem response = new MenuItem(textPrefix.isEmpty() ? "Response JSON" : "Copy response JSON");
        response.setId(idPrefix + "-response");
        response.setOnAction(e -> menuCall().ifPresent(s -> toClipboard(s.response().json())));
        items.addAll(List.of(new SeparatorMenuItem(), request, response));
        return items;
    }

    /**
     * A tool that has no command for the selected call is disabled, its reason under its label; one that has shows
     * the command in its label's tooltip.
     */
    private void enableCopyItems(List<MenuItem> items) {
        TraceEntry e = menuEntry;
        for (MenuItem m : items) {
            if (m.getUserData() instanceof CopyTool tool) {
                var c = e == null ? null : model.command(tool, e);
                m.setDisable(c == null || !c.available());
                var lines = ((javafx.scene.layout.VBox) m.getGraphic()).getChildren();
                Label label = (Label) lines.get(0);
                ((Label) lines.get(1)).setText(c == null || c.available() ? "" : c.reason());
                Tooltip preview = c == null || !c.available() ? null : new Tooltip(c.text());
                if (preview != null) {
                    preview.setWrapText(true);
                    preview.setMaxWidth(COPY_PREVIEW_WIDTH);
                }
                label.setTooltip(preview);
            } else if (m.getId() != null && m.getId().endsWith("-request")) {
                m.setDisable(e == null || e.request().isEmpty());
            } else if (m.getId() != null && m.getId().endsWith("-response")) {
                m.setDisable(e == null || e.response().isEmpty());
            }
        }
    }

    private MenuButton saveMenu() {
        MenuButton save = new MenuButton(null, Icons.of(Material2MZ.SAVE_ALT, 14));
        save.setId("trace-save");
        save.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        save.setTooltip(new Tooltip("Save the calls as a trace file (JSON lines) for a support case"));
        MenuItem all = new MenuItem("All calls\u2026");
        all.setId("trace-save-all");
        all.setOnAction(e -> save(false));
        MenuItem shown = new MenuItem("Calls shown\u2026");
        shown.setId("trace-save-shown");
        shown.setOnAction(e -> save(true));
        save.getItems().setAll(all, shown);
        save.setOnShowing(e -> shown.setText("The " + ByteSize.grouped(model.table().shownCount().get()) + " calls shown\u2026"));
        save.disableProperty().bind(model.saveAvailableProperty().not());
        return save;
    }

    private MenuButton keepMenu() {
        MenuButton keep = new MenuButton();
        keep.setId("trace-keep");
        keep.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        keep.setGraphic(Icons.of(Material2MZ.TUNE, 14));
        Tooltip keepTip = new Tooltip();
        keepTip.textProperty().bind(Bindings.createStringBinding(() -> "The trace keeps the last "
                + ByteSize.grouped(model.capacityProperty().get()) + " calls; older ones are dropped first", model.capacityProperty()));
        keep.setTooltip(keepTip);
        ToggleGroup choices = new ToggleGroup();
        for (int n : CallTraceViewModel.CAPACITY_CHOICES) {
            RadioMenuItem item = new RadioMenuItem("The last " + ByteSize.grouped(n) + " calls");
            item.setId("trace-keep-" + n);
            item.setToggleGroup(choices);
            item.setOnAction(e -> model.setCapacity(n));
            keep.getItems().add(item);
        }
        keep.setOnShowing(e -> choices.getToggles().forEach(t -> t.setSelected(
                ((RadioMenuItem) t).getId().equals("trace-keep-" + model.capacityProperty().get()))));
        keep.setDisable(model.isOffline());
        keep.setVisible(!model.isOffline());
        keep.setManaged(!model.isOffline());
        return keep;
    }

    private Button clearButton() {
        Button clear = new Button(null, Icons.of(Material2AL.DELETE_SWEEP, 14));
        clear.setId("trace-clear");
        clear.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        clear.setTooltip(new Tooltip("Remove every recorded call from the trace"));
        clear.disableProperty().bind(model.canClear().not());
        clear.setOnAction(e -> model.clear());
        clear.setVisible(!model.isOffline());
        clear.setManaged(!model.isOffline());
        return clear;
    }

    private ContextMenu rowMenu() {
        ContextMenu menu = new ContextMenu();
        List<MenuItem> copies = copyItems("row-copy", "Copy as ");
        MenuItem task = new MenuItem("Show only this task's calls");
        task.setId("row-task");
        task.setOnAction(e -> selected().ifPresent(s -> model.filter().taskProperty().set(s.origin())));
        MenuItem volume = new MenuItem();
        volume.setId("row-volume");
        MenuItem all = new MenuItem("Show every call");
        all.setId("row-all");
        all.setOnAction(e -> {
            model.filter().clear();
            model.followSelectionProperty().set(false);
        });
        menu.getItems().addAll(copies);
        menu.getItems().addAll(new SeparatorMenuItem(), task, volume, all);
        menu.setOnShowing(e -> {
            menuEntry = selected().orElse(null);
            enableCopyItems(copies);
            TraceEntry s = selected().orElse(null);
            task.setDisable(s == null || !s.origin().isTask());
            List<String> volumes = s == null ? List.of() : s.targets("volume_id");
            volume.setDisable(volumes.isEmpty());
            volume.setText(volumes.isEmpty() ? "Show only this volume's calls" : "Show only the calls naming " + volumes.get(0));
            volume.setOnAction(x -> {
                if (!volumes.isEmpty()) model.filter().volumeIdProperty().set(volumes.get(0));
            });
            all.setDisable(!model.filter().isSet());
        });
        return menu;
    }

    private Optional<TraceEntry> selected() {
        return Optional.ofNullable(table.selectedItemProperty().get());
    }

    /** The call an open menu acts on ({@link #menuEntry}), else the selected one. */
    private Optional<TraceEntry> menuCall() {
        return menuEntry != null ? Optional.of(menuEntry) : selected();
    }

    private void copy(CopyTool tool) {
        menuCall().ifPresent(e -> {
            String text = model.copyText(tool, e);
            if (!text.isEmpty()) toClipboard(text);
        });
    }

    private static void toClipboard(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    private void save(boolean shownOnly) {
        if (!model.canSave()) return;
        String name = "csi-console-trace-" + FILE_TIME.format(LocalDateTime.now()) + ".jsonl";
        chooseFile.apply(name).ifPresent(file -> model.save(file, shownOnly));
    }

    private Optional<Path> showSaveDialog(String suggested) {
        return exportFolder.showSave(table.getScene() == null ? null : table.getScene().getWindow(), "Save the call trace",
                new FileChooser.ExtensionFilter("Call trace (JSON lines)", "*.jsonl"), suggested);
    }

    /** Replaces the save dialog (tests choose a file without one); empty cancels. Gets a suggested file name. */
    public void setFileChooser(Function<String, Optional<Path>> chooser) {
        this.chooseFile = Objects.requireNonNull(chooser);
    }

    public ResourceTable<TraceEntry> table() {
        return table;
    }

    public CallTraceViewModel model() {
        return model;
    }

    @Override
    public ObservableStringValue title() {
        return Bindings.createStringBinding(() -> model.isOffline() ? "Trace " + model.source() : "Call trace");
    }

    @Override
    public Ikon icon() {
        return Material2MZ.SWAP_HORIZ;
    }

    @Override
    public Node node() {
        return table;
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
