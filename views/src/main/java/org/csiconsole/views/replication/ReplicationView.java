package org.csiconsole.views.replication;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.ActionContextMenu;
import org.csiconsole.views.resource.ActionMenu;
import org.csiconsole.views.table.EmptyState;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.table.TableLayouts;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceView;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * The Replication perspective: every replicated volume and volume group of the open connections
 * (role, health and status message, partner and destination id, RPO age judged against the
 * scheduling interval, the last sync's time, duration and bytes, how current the sample is), site A
 * next to site B with each pair's mismatch, the operations and guided workflows on the selection,
 * the selected row's timeline, and in demo mode the faults panel.
 *
 * <p>Node ids: {@code view-replication}, {@code repl-tabs}, {@code repl-rows-tab}, {@code repl-pairs-tab},
 * {@code repl-rows}, {@code repl-pairs} (the tables), {@code repl-commands}, {@code repl-<command>} per
 * command ({@code repl-promote}, {@code repl-force}, {@code repl-workflows}, ...), {@code view-status}.
 */
public final class ReplicationView implements ResourceView {
    private final ReplicationViewModel model;
    private final ObservableStringValue title = Bindings.createStringBinding(() -> "Replication");
    private final BorderPane root = new BorderPane();
    private final ResourceTable<ReplicationRow> rows;
    private final ResourceTable<PairRow> pairs;
    private final TabPane tabs = new TabPane();
    private final TimelineModel timeline;
    private final TimelinePane timelinePane;
    private final Timeline ticker;
    private FaultsModel faults;
    private SplitPane split;
    /** Height of the tab header and of a table's filter bar above its rows, in pixels. */
    private static final double TABS_AND_FILTER = 90;
    /** While the faults panel is open: it takes the room of the tables' detail panes (it shows the chosen pair). */
    private final javafx.beans.property.BooleanProperty faultsShown = new javafx.beans.property.SimpleBooleanProperty(this, "faultsShown");
    private final javafx.scene.control.ToggleButton history = new javafx.scene.control.ToggleButton("History",
            org.csiconsole.views.Icons.of(Material2MZ.SHOW_CHART));

    public ReplicationView(ReplicationViewModel model, TableLayouts layouts) {
        this(model, layouts, ZoneId.systemDefault());
    }

    public ReplicationView(ReplicationViewModel model, TableLayouts layouts, ZoneId zone) {
        this.model = Objects.requireNonNull(model);
        root.setId("view-replication");
        root.getStyleClass().addAll(ConsoleStyles.STORAGE_VIEW, ConsoleStyles.REPLICATION_VIEW);
        ReplicationColumns columns = new ReplicationColumns(model::now, model::settings, zone).confirmedBy(model::readAt, model.publishedProperty())
                .namingConnections(() -> model.openConnections() > 1);
        rows = new ResourceTable<>(model.table(), columns.rowColumns())
                .withDetail(columns::rowDetail, ReplicationRow::where)
                .withSelectionSummary(ReplicationView::selectionSummary)
                .withEmptyState(Material2MZ.SYNC_DISABLED, "No replicated volumes or groups",
                        "The open connections list none as replicated. Enable replication on a volume or group (Enable\u2026), "
                                + "or open the connection of the other site.", model.emptyNoteProperty())
                .withUnavailableReason(model.unavailableProperty())
                .rememberLayout(layouts, "replication")
                .detailGivesWayWhile(faultsShown)
                .keepRowsInSight(8);
        rows.tableView().setId("repl-rows");
        pairs = new ResourceTable<>(model.pairs(), columns.pairColumns())
                .withDetail(columns::pairDetail, PairRow::name)
                .withEmptyState(Material2AL.COMPARE_ARROWS, "No site pairs",
                        "Choose site A and site B above: with two connections open (or one driver serving both arrays) each "
                                + "volume stands next to its partner, and mismatches are flagged with the safe next step.")
                .withUnavailableReason(model.unavailableProperty())
                .rememberLayout(layouts, "replication-pairs")
                .detailGivesWayWhile(faultsShown)
                .keepRowsInSight(8);
        pairs.tableView().setId("repl-pairs");

        Tab rowsTab = new Tab("Volumes and groups", rows);
        rowsTab.setId("repl-rows-tab");
        rowsTab.setClosable(false);
        Tab pairsTab = new Tab("Site pairs", pairs);
        pairsTab.setId("repl-pairs-tab");
        pairsTab.setClosable(false);
        pairsTab.textProperty().bind(Bindings.createStringBinding(() -> {
            var c = model.countsProperty().get();
            int bad = c.splitPairs() + c.mismatchedPairs();
            return "Site pairs" + (bad == 0 ? "" : " (" + bad + " flagged)");
        }, model.countsProperty()));
        tabs.setId("repl-tabs");
        tabs.getTabs().addAll(rowsTab, pairsTab);

        // Selection: one-site operations act on the selected rows; the guided workflows on the
        // selected pairs, from whichever table is in sight.
        var rowSel = rows.tableView().getSelectionModel();
        rowSel.getSelectedItems().addListener((javafx.beans.InvalidationListener) o -> syncSelection());
        rows.selectedItemProperty().addListener((o, a, b) -> model.selectedProperty().set(b));
        pairs.tableView().getSelectionModel().getSelectedItems().addListener((javafx.beans.InvalidationListener) o -> syncSelection());
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> syncSelection());
        model.pairsShownProperty().bind(tabs.getSelectionModel().selectedItemProperty().isEqualTo(pairsTab));
        // A new round's pairs: the selected rows' pairs are this round's too.
        model.publishedProperty().addListener((o, a, b) -> syncSelection());

        timeline = new TimelineModel(model.services().history(), model.ui(), model.services().clock());
        timelinePane = new TimelinePane(timeline, model::settings, zone);
        rows.selectedItemProperty().addListener((o, a, b) -> {
            timeline.subjectProperty().set(b);
            if (faults != null && b != null) faults.choose(b.source().id());
        });
        pairs.selectedItemProperty().addListener((o, a, b) -> {
            // By site and source: the table may hold an earlier, equal row than the pair's sample.
            if (b != null) timeline.subjectProperty().set(model.table().all().stream()
                    .filter(r -> b.sideA() != null ? r.site().same(b.a()) && r.source().equals(b.sideA().source())
                            : r.site().same(b.b()) && r.source().equals(b.sideB().source())).findFirst().orElse(null));
        });
        model.settingsProperty().addListener((o, a, b) -> {
            timelinePane.redraw();
            rows.tableView().refresh();
            pairs.tableView().refresh();
        });
        model.lastSampledProperty().addListener((o, a, b) -> {
            timeline.load();
            rows.refreshDetail();
            pairs.refreshDetail();
        });

        split = new SplitPane(tabs);
        split.setOrientation(Orientation.VERTICAL);
        // The tables keep 8 rows in sight (their tab header and filter bar above them); the history gives way.
        tabs.minHeightProperty().bind(rows.tableView().minHeightProperty().add(TABS_AND_FILTER));
        SplitPane.setResizableWithParent(timelinePane, false);
        history.setOnAction(e -> showHistory(history.isSelected()));
        // A double click on a row shows its history.
        rows.tableView().setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && rows.selectedItemProperty().get() != null) showHistory(true);
        });

        ReplicationHeader header = new ReplicationHeader(model, this::showState);
        ToolBar commands = commandBar();
        // The note on a refused site pick stands below the table: above it, its lines would push the rows down
        // under the pointer.
        root.setTop(new VBox(header, commands));
        StackPane centre = new StackPane(split);
        root.setCenter(centre);
        root.setBottom(new VBox(ReplicationHeader.siteNote(model), statusLine()));
        header.faultsToggle().selectedProperty().addListener((o, a, on) -> showFaults(on));

        ticker = new Timeline(new KeyFrame(javafx.util.Duration.seconds(1), e -> tick()));
        ticker.setCycleCount(Timeline.INDEFINITE);
    }

    private ToolBar commandBar() {
        ReplicationCommands c = model.commands();
        ActionButton refresh = new ActionButton("repl-refresh", c.refreshAction(), Material2MZ.REFRESH,
                "Sample every site now (GetVolumeReplicationInfo)").iconOnly();
        ActionButton enable = new ActionButton("repl-enable", c.enableAction(), Material2AL.LINK,
                "EnableVolumeReplication with parameters and replication_id");
        ActionButton disable = new ActionButton("repl-disable", c.disableAction(), Material2AL.LINK_OFF,
                "DisableVolumeReplication on the selected volumes and groups");
        ActionButton promote = new ActionButton("repl-promote", c.promoteAction(), Material2AL.ARROW_UPWARD,
                "PromoteVolume without force: this side becomes primary");
        ActionButton demote = new ActionButton("repl-demote", c.demoteAction(), Material2AL.ARROW_DOWNWARD,
                "DemoteVolume without force: this side becomes secondary");
        ActionButton resync = new ActionButton("repl-resync", c.resyncAction(), Material2MZ.SYNC,
                "ResyncVolume, polled until ready: this secondary is rebuilt from its primary");
        ActionMenu force = new ActionMenu("repl-force", Bindings.createStringBinding(() -> "Force"), Material2MZ.WARNING,
                "Force on one volume or group, inside a typed confirmation that states the data that can be lost")
                .item(c.promoteForceAction(), "PromoteVolume force=true, e.g. when the partner's site is lost")
                .item(c.demoteForceAction(), "DemoteVolume force=true")
                .item(c.resyncForceAction(), "ResyncVolume force=true");
        ActionMenu flows = new ActionMenu("repl-workflows", Bindings.createStringBinding(() -> "Failover"), Material2AL.ALT_ROUTE,
                "Guided workflows on the selected pairs, with pre-flight checks, a dry run and a stop between steps")
                .item(c.wizardAction(WorkflowKind.PLANNED_FAILOVER), "Demote A, wait for a final sync, promote B")
                .item(c.wizardAction(WorkflowKind.UNPLANNED_FAILOVER), "Optionally fence A's clients, force-promote B")
                .item(c.wizardAction(WorkflowKind.FAILBACK), "Demote and resync the old primary, then fail over back")
                .item(c.wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY), "Keep one side's data, demote and resync the other");
        history.setId("repl-history");
        history.getStyleClass().add(atlantafx.base.theme.Styles.SMALL);
        history.setTooltip(new javafx.scene.control.Tooltip("The selected volume's or group's RPO age and health over time, "
                + "with role changes and operations marked (or double-click a row)"));
        ToolBar bar = new ToolBar(refresh, new javafx.scene.control.Separator(Orientation.VERTICAL), enable, disable,
                new javafx.scene.control.Separator(Orientation.VERTICAL), promote, demote, resync, force,
                new javafx.scene.control.Separator(Orientation.VERTICAL), flows, history);
        bar.setId("repl-commands");
        org.csiconsole.views.resource.ToolBarFit.wholeItems(bar);
        bar.getStyleClass().add(ConsoleStyles.COMMAND_BAR);
        var menu = ActionContextMenu.of("repl-row-menu", enable, disable, null, promote, demote, resync, force, null, flows);
        rows.withRowMenu(menu);
        pairs.withRowMenu(ActionContextMenu.of("repl-pair-menu", flows));
        return bar;
    }

    /**
     * Shows the volumes and groups in {@code state} (a summary chip was clicked): the table's filter
     * becomes the state's token, in sight in the filter field; the same chip again shows every row.
     */
    public void showState(org.csiconsole.core.replication.ReplicationState state) {
        tabs.getSelectionModel().select(0);
        var filter = model.table().filterTextProperty();
        filter.set(state.token().equals(filter.get()) ? "" : state.token());
    }

    /** Shows or hides the timeline under the tables. */
    public void showHistory(boolean on) {
        history.setSelected(on);
        if (on && !split.getItems().contains(timelinePane)) {
            split.getItems().add(timelinePane);
            split.setDividerPositions(0.58);
            timeline.load();
        } else if (!on) {
            split.getItems().remove(timelinePane);
        }
    }

    private Node statusLine() {
        Label status = new Label();
        status.setId("view-status");
        status.getStyleClass().add(ConsoleStyles.MUTED);
        status.textProperty().bind(model.statusProperty());
        HBox line = new HBox(8, status);
        line.setAlignment(Pos.CENTER_LEFT);
        line.setPadding(new Insets(3, 10, 3, 10));
        line.getStyleClass().add(ConsoleStyles.VIEW_STATUS);
        return line;
    }

    private void showFaults(boolean on) {
        faultsShown.set(on);
        if (!on) {
            root.setRight(null);
            return;
        }
        if (faults == null || model.faultsProperty().get() == null) {
            faults = new FaultsModel(model.faultsProperty().get(), model.commands().actions(), model::refresh);
        }
        root.setRight(new FaultsPanel(faults));
        faults.refresh();
    }

    /**
     * The commands act on what is selected in sight: on "Volumes and groups" the selected rows (and, for
     * the guided workflows, their pairs); on "Site pairs" the selected pairs only, and no row (a pair
     * has two sides: the one-site operations are chosen per side on the other tab). What is selected on
     * the tab out of sight is never acted on.
     */
    private void syncSelection() {
        boolean pairsShown = tabs.getSelectionModel().getSelectedIndex() == 1;
        if (pairsShown) {
            model.selectedRows().clear();
            model.selectedPairs().setAll(pairs.tableView().getSelectionModel().getSelectedItems().filtered(Objects::nonNull));
        } else {
            List<ReplicationRow> selectedRows = rows.tableView().getSelectionModel().getSelectedItems().filtered(Objects::nonNull);
            model.selectedRows().setAll(selectedRows);
            model.selectedPairs().setAll(model.pairsOf(selectedRows));
        }
    }

    /**
     * Every second while shown: the status line. The aging figures in the cells (RPO age, how old a
     * sample is) are computed when each round's rows arrive; redrawing every cell in between would
     * rebuild every row of the table (TableView.refresh), over 100 ms of FX time with 20,000 rows.
     */
    private void tick() {
        model.tick(model.now());
    }

    public ReplicationViewModel model() {
        return model;
    }

    /** The table of volumes and groups (one row per site). */
    public ResourceTable<ReplicationRow> rowsTable() {
        return rows;
    }

    /** The site pairs table. */
    public ResourceTable<PairRow> pairsTable() {
        return pairs;
    }

    public TabPane tabs() {
        return tabs;
    }

    TimelinePane timelinePane() {
        return timelinePane;
    }

    /**
     * What the detail pane says of several selected rows: their sites with the connection each was read through, and,
     * when they span connections, that no replication action takes them together and how to select instead.
     */
    static List<org.csiconsole.views.table.DetailRow> selectionSummary(List<ReplicationRow> selected) {
        List<org.csiconsole.views.table.DetailRow> out = new java.util.ArrayList<>();
        out.add(org.csiconsole.views.table.DetailRow.of("Sites", String.join(", ",
                selected.stream().map(r -> r.site().label()).distinct().toList())));
        String across = ReplicationCommands.acrossConnections(selected);
        if (!across.isEmpty()) out.add(org.csiconsole.views.table.DetailRow.of("Actions", across));
        return out;
    }

    @Override
    public ObservableStringValue title() {
        return title;
    }

    @Override
    public Ikon icon() {
        return Material2MZ.SYNC_ALT;
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void activate() {
        model.activate();
        ticker.play();
    }

    @Override
    public void deactivate() {
        ticker.stop();
        model.deactivate();
    }

    @Override
    public void dispose() {
        deactivate();
        model.dispose();
    }

    @Override
    public boolean focusFilter() {
        (tabs.getSelectionModel().getSelectedIndex() == 1 ? pairs : rows).focusFilter();
        return true;
    }

    @Override
    public ViewAction refreshAction() {
        return model.commands().refreshAction();
    }

    @Override
    public ViewAction createAction() {
        return model.commands().enableAction();
    }

    @Override
    public ViewAction deleteAction() {
        return model.commands().disableAction();
    }

    /** For the empty state of a view that cannot be built (no services). */
    static EmptyState unavailable(String why) {
        return new EmptyState(Material2MZ.SYNC_DISABLED, "Replication", why);
    }
}
