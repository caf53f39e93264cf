package org.csiconsole.views.replication;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * The wizard of a guided workflow ({@link WorkflowWizardModel}): the sites and which is which, the
 * pairs (for split-brain recovery both sides' last syncs side by side to choose the survivor), the
 * fence and the typed force confirmations of an unplanned failover, the pre-flight checks, the step
 * list with live progress, and Dry run, Run, Stop and Close. Run stays disabled until every check
 * that can fail passed; Close while running is disabled (stop first).
 *
 * <p>Node ids: {@code wizard-site-a}, {@code wizard-site-b}, {@code wizard-swap}, {@code wizard-items},
 * {@code wizard-fence}, {@code wizard-checks}, {@code wizard-steps}, {@code wizard-calls},
 * {@code wizard-message}; buttons by their text: Dry run, Run, Stop, Close.
 */
public final class WorkflowWizard extends Dialog<Void> {
    /** The buttons. */
    public static final ButtonType DRY_RUN = new ButtonType("Dry run", ButtonBar.ButtonData.LEFT);
    public static final ButtonType RUN = new ButtonType("Run", ButtonBar.ButtonData.OK_DONE);
    public static final ButtonType STOP = new ButtonType("Stop", ButtonBar.ButtonData.OTHER);
    public static final ButtonType CLOSE = new ButtonType("Close", ButtonBar.ButtonData.CANCEL_CLOSE);

    private final WorkflowWizardModel model;
    private final ZoneId zone;
    private final Instant opened;
    private final VBox items = new VBox(8);

    public WorkflowWizard(WorkflowWizardModel model, Instant now, ZoneId zone) {
        this.model = model;
        this.zone = zone;
        this.opened = now;
        setTitle(model.kind().words());
        setResizable(true);
        FontIcon icon = Icons.of(icon(model.kind()), 32);
        icon.getStyleClass().add(model.kind() == WorkflowKind.UNPLANNED_FAILOVER ? ConsoleStyles.DANGER_ICON : ConsoleStyles.ACCENT_ICON);
        Label heading = new Label(model.kind().words() + " \u00b7 " + model.items().size()
                + (model.items().size() == 1 ? " pair" : " pairs"));
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        Label about = new Label(model.description());
        about.setWrapText(true);
        about.setMaxWidth(860);
        HBox header = new HBox(14, icon, new VBox(4, heading, about));
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(16, 20, 8, 20));
        getDialogPane().setHeader(header);

        VBox left = new VBox(14, sites(), section("Volumes and groups"), items);
        if (model.needsForce()) left.getChildren().addAll(section("Fence site A's clients first (optional)"), fence());
        left.getChildren().addAll(section("Pre-flight checks"), checks());
        left.setPadding(new Insets(4, 12, 8, 4));
        ScrollPane leftScroll = new ScrollPane(left);
        leftScroll.setFitToWidth(true);
        leftScroll.setPrefWidth(470);
        leftScroll.getStyleClass().add(atlantafx.base.theme.Tweaks.EDGE_TO_EDGE);

        Label message = new Label();
        message.setId("wizard-message");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        message.setMinHeight(Label.USE_PREF_SIZE);
        message.textProperty().bind(model.messageProperty());
        message.getStyleClass().add(ConsoleStyles.CALLOUT_INFO);
        TextArea calls = new TextArea();
        calls.setId("wizard-calls");
        calls.setEditable(false);
        calls.getStyleClass().add(ConsoleStyles.MONO);
        calls.setPrefRowCount(7);
        calls.setWrapText(true);
        calls.textProperty().bind(model.callsProperty());
        calls.visibleProperty().bind(model.callsProperty().isNotEmpty());
        calls.managedProperty().bind(calls.visibleProperty());
        VBox right = new VBox(8, section("Steps"), steps(), message, calls);
        right.setPadding(new Insets(4, 4, 8, 12));
        SplitPane body = new SplitPane(leftScroll, right);
        body.setOrientation(Orientation.HORIZONTAL);
        body.setDividerPositions(0.47);
        body.setPrefSize(1020, 560);
        getDialogPane().setContent(body);
        getDialogPane().setPrefWidth(1060);
        getDialogPane().setMinWidth(900);
        getDialogPane().getStyleClass().add(ConsoleStyles.FORM_DIALOG);

        getDialogPane().getButtonTypes().addAll(DRY_RUN, STOP, CLOSE, RUN);
        Button dry = button(DRY_RUN);
        dry.disableProperty().bind(model.canDryRun().not());
        keepOpen(dry, model::dryRun);
        Button run = button(RUN);
        run.getStyleClass().add(model.kind() == WorkflowKind.UNPLANNED_FAILOVER ? Styles.DANGER : Styles.ACCENT);
        run.disableProperty().bind(model.canRun().not());
        run.setDefaultButton(false);
        keepOpen(run, model::run);
        Button stop = button(STOP);
        stop.disableProperty().bind(model.canStop().not());
        keepOpen(stop, model::stop);
        Button close = button(CLOSE);
        close.disableProperty().bind(model.phaseProperty().isEqualTo(WorkflowWizardModel.Phase.RUNNING));
        setOnCloseRequest(e -> {
            if (model.phaseProperty().get() == WorkflowWizardModel.Phase.RUNNING) e.consume();
        });
        // Run (clicked or focused) is disabled while a run goes and after it, and a disabled focus owner
        // takes the keys with it: Escape did not close a finished wizard. Focus follows the run instead.
        model.phaseProperty().addListener((o, was, phase) -> {
            if (phase == WorkflowWizardModel.Phase.RUNNING) stop.requestFocus();
            else if (phase == WorkflowWizardModel.Phase.FINISHED) close.requestFocus();
        });
        model.items().addListener((ListChangeListener<WizardItem>) c -> fillItems());
        fillItems();
    }

    private Button button(ButtonType t) {
        return (Button) getDialogPane().lookupButton(t);
    }

    /** The button runs {@code action} and the dialog stays open. */
    private static void keepOpen(Button b, Runnable action) {
        b.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            action.run();
        });
    }

    private Node sites() {
        GridPane g = new GridPane();
        g.getStyleClass().add(ConsoleStyles.PROPERTY_GRID);
        g.setHgap(12);
        g.setVgap(6);
        Label a = new Label();
        a.setId("wizard-site-a");
        a.textProperty().bind(Bindings.createStringBinding(() -> model.siteAProperty().get().label(), model.siteAProperty()));
        a.getStyleClass().addAll(ConsoleStyles.STRONG);
        Label b = new Label();
        b.setId("wizard-site-b");
        b.textProperty().bind(Bindings.createStringBinding(() -> model.siteBProperty().get().label(), model.siteBProperty()));
        b.getStyleClass().addAll(ConsoleStyles.STRONG);
        // The site names never give way; what a side is in this workflow wraps instead.
        a.setMinWidth(Region.USE_PREF_SIZE);
        b.setMinWidth(Region.USE_PREF_SIZE);
        Label roleA = muted(model.roleOfA());
        Label roleB = muted(model.roleOfB());
        roleA.setWrapText(true);
        roleB.setWrapText(true);
        g.addRow(0, key("Site A"), a, roleA);
        g.addRow(1, key("Site B"), b, roleB);
        ColumnConstraints grow = new ColumnConstraints();
        grow.setHgrow(Priority.ALWAYS);
        g.getColumnConstraints().addAll(new ColumnConstraints(), new ColumnConstraints(), grow);
        Button swap = new Button(model.kind() == WorkflowKind.SPLIT_BRAIN_RECOVERY ? "Keep the other side" : "Swap sites",
                Icons.of(Material2MZ.SWAP_VERT, 14));
        swap.setId("wizard-swap");
        swap.getStyleClass().add(Styles.SMALL);
        swap.disableProperty().bind(model.canSwap().not());
        swap.setOnAction(e -> model.swap());
        VBox box = new VBox(8, g, swap);
        return box;
    }

    private void fillItems() {
        items.getChildren().clear();
        items.setId("wizard-items");
        for (WizardItem i : model.items()) {
            items.getChildren().add(model.kind() == WorkflowKind.SPLIT_BRAIN_RECOVERY ? sideBySide(i) : pairLine(i));
            if (model.needsForce() && i.to() != null) {
                ForcePanel p = new ForcePanel(model.forceFacts(i), model.typedProperty(i.to().source()), opened, zone);
                p.getStyleClass().add(ConsoleStyles.CARD);
                p.setPadding(new Insets(10));
                items.getChildren().add(p);
            }
        }
    }

    private Node pairLine(WizardItem i) {
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(2);
        Label name = new Label(i.name());
        name.getStyleClass().add(ConsoleStyles.STRONG);
        g.add(name, 0, 0, 3, 1);
        g.addRow(1, muted("A"), side(i.from()));
        g.addRow(2, muted("B"), side(i.to()));
        ReplicationSample synced = i.from() != null && i.from().lastSyncTime() != null ? i.from() : i.to();
        if (synced != null && synced.lastSyncTime() != null) {
            g.add(muted("Last sync " + ReplicationTexts.time(synced.lastSyncTime(), opened, zone) + " ("
                    + ReplicationTexts.duration(java.time.Duration.between(synced.lastSyncTime(), opened).withNanos(0)) + " ago)"), 1, 3);
        }
        return g;
    }

    /** Both sides of a split pair, for choosing the survivor: role, health, last sync and bytes, message, when read. */
    private Node sideBySide(WizardItem i) {
        GridPane g = new GridPane();
        g.getStyleClass().add(ConsoleStyles.PROPERTY_GRID);
        g.setHgap(14);
        g.setVgap(4);
        Label name = new Label(i.name());
        name.getStyleClass().add(ConsoleStyles.STRONG);
        g.add(name, 0, 0, 3, 1);
        g.addRow(1, key(""), key("Site A (kept)"), key("Site B (resynced)"));
        g.addRow(2, key("Id"), mono(i.from()), mono(i.to()));
        g.addRow(3, key("Role"), cell(i.from(), s -> ReplicationTexts.role(s.role())), cell(i.to(), s -> ReplicationTexts.role(s.role())));
        g.addRow(4, key("Health"), cell(i.from(), s -> ReplicationTexts.health(s.health())), cell(i.to(), s -> ReplicationTexts.health(s.health())));
        g.addRow(5, key("Last sync"), cell(i.from(), s -> ReplicationTexts.time(s.lastSyncTime(), opened, zone)),
                cell(i.to(), s -> ReplicationTexts.time(s.lastSyncTime(), opened, zone)));
        g.addRow(6, key("Last sync bytes"), cell(i.from(), s -> s.info() == null ? "\u2014" : ReplicationTexts.bytes(s.info().lastSyncBytes())),
                cell(i.to(), s -> s.info() == null ? "\u2014" : ReplicationTexts.bytes(s.info().lastSyncBytes())));
        g.addRow(7, key("Last write seen"), cell(i.from(), s -> ReplicationTexts.time(s.readAt(), opened, zone)),
                cell(i.to(), s -> ReplicationTexts.time(s.readAt(), opened, zone)));
        g.addRow(8, key("Status"), cell(i.from(), ReplicationSample::statusMessage), cell(i.to(), ReplicationSample::statusMessage));
        VBox card = new VBox(g);
        card.getStyleClass().add(ConsoleStyles.CARD);
        card.setPadding(new Insets(10));
        return card;
    }

    private static Label cell(ReplicationSample s, java.util.function.Function<ReplicationSample, String> f) {
        Label l = new Label(s == null ? "missing" : f.apply(s));
        l.setWrapText(true);
        l.setMaxWidth(180);
        return l;
    }

    private static Label mono(ReplicationSample s) {
        Label l = new Label(s == null ? "missing" : s.source().id());
        l.getStyleClass().add(ConsoleStyles.MONO);
        return l;
    }

    private static Label side(ReplicationSample s) {
        if (s == null) return muted("missing");
        Label l = new Label(s.source().id() + " \u00b7 " + ReplicationTexts.role(s.role()) + " \u00b7 " + ReplicationTexts.health(s.health()));
        l.getStyleClass().add(ReplicationTexts.healthStyle(s.health()));
        return l;
    }

    private Node fence() {
        TextArea f = new TextArea();
        f.setId("wizard-fence");
        f.setPromptText("10.10.2.0/24 (one CIDR block per line; empty for no fence)");
        f.setPrefRowCount(2);
        f.textProperty().bindBidirectional(model.fenceCidrsProperty());
        Label help = muted("FenceClusterNetwork through site B's csi-addons endpoint before the forced promote, so site A's "
                + "clients cannot write to the old primary if it comes back.");
        help.setWrapText(true);
        return new VBox(4, f, help);
    }

    private Node checks() {
        ListView<PreflightCheck> list = new ListView<>(model.checks());
        list.setId("wizard-checks");
        list.getStyleClass().add(Styles.DENSE);
        list.setPrefHeight(220);
        list.setPlaceholder(muted("Checks run when the workflow can be planned."));
        list.setCellFactory(v -> new ListCell<>() {
            {
                setPrefWidth(0);
            }

            @Override
            protected void updateItem(PreflightCheck c, boolean empty) {
                super.updateItem(c, empty);
                if (empty || c == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                FontIcon i = Icons.of(switch (c.level()) {
                    case PASS -> Material2AL.CHECK_CIRCLE;
                    case WARN -> Material2MZ.WARNING;
                    case FAIL -> Material2AL.ERROR;
                }, 16);
                i.getStyleClass().add(switch (c.level()) {
                    case PASS -> ConsoleStyles.CELL_OK;
                    case WARN -> ConsoleStyles.WARNING_ICON;
                    case FAIL -> ConsoleStyles.DANGER_ICON;
                });
                Label name = new Label(c.name() + (c.source() == null ? "" : " \u00b7 " + c.source().id()));
                name.getStyleClass().add(ConsoleStyles.STRONG);
                Label text = new Label(c.message());
                text.setWrapText(true);
                name.setWrapText(true);
                text.setMinHeight(Region.USE_PREF_SIZE);
                name.setMinHeight(Region.USE_PREF_SIZE);
                HBox row = new HBox(8, i, new VBox(1, name, text));
                row.setAlignment(Pos.TOP_LEFT);
                row.prefWidthProperty().bind(list.widthProperty().subtract(40));
                row.maxWidthProperty().bind(list.widthProperty().subtract(40));
                setText(null);
                setGraphic(row);
            }
        });
        return list;
    }

    private Node steps() {
        ListView<StepRow> list = new ListView<>(model.steps());
        list.setId("wizard-steps");
        list.getStyleClass().addAll(Styles.DENSE, ConsoleStyles.STEP_LIST);
        list.setPlaceholder(muted("The steps show once the workflow can be planned."));
        VBox.setVgrow(list, Priority.ALWAYS);
        list.setCellFactory(v -> new StepCell(list.widthProperty().subtract(40)));
        return list;
    }

    /** One step: status icon, item and description, the call as sent, the latest message and a progress bar. */
    private static final class StepCell extends ListCell<StepRow> {
        private final FontIcon icon = new FontIcon();
        private final Label title = new Label();
        private final Label call = new Label();
        private final Label note = new Label();
        private final ProgressBar bar = new ProgressBar();
        private final HBox row;
        private StepRow bound;
        private final javafx.beans.InvalidationListener redraw = o -> draw();

        StepCell(javafx.beans.value.ObservableNumberValue width) {
            icon.setIconSize(16);
            title.getStyleClass().add(ConsoleStyles.STRONG);
            call.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.MUTED, Styles.TEXT_SMALL);
            call.setWrapText(true);
            note.setWrapText(true);
            title.setWrapText(true);
            // a wrapped label in a list cell is given one line unless its height may not shrink below its text's
            for (Label l : List.of(title, call, note)) l.setMinHeight(Region.USE_PREF_SIZE);
            bar.setMaxWidth(Double.MAX_VALUE);
            bar.setPrefHeight(6);
            VBox text = new VBox(2, title, call, note, bar);
            HBox.setHgrow(text, Priority.ALWAYS);
            row = new HBox(8, icon, text);
            row.setAlignment(Pos.TOP_LEFT);
            row.prefWidthProperty().bind(width);
            row.maxWidthProperty().bind(width);
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(StepRow s, boolean empty) {
            super.updateItem(s, empty);
            if (bound != null) {
                bound.statusProperty().removeListener(redraw);
                bound.messageProperty().removeListener(redraw);
                bound.percentProperty().removeListener(redraw);
            }
            bound = empty ? null : s;
            if (bound == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            bound.statusProperty().addListener(redraw);
            bound.messageProperty().addListener(redraw);
            bound.percentProperty().addListener(redraw);
            draw();
            setText(null);
            setGraphic(row);
        }

        private void draw() {
            StepRow s = bound;
            if (s == null) return;
            icon.setIconCode(switch (s.status()) {
                case PENDING -> Material2MZ.RADIO_BUTTON_UNCHECKED;
                case RUNNING -> Material2AL.HOURGLASS_TOP;
                case DONE -> Material2AL.CHECK_CIRCLE;
                case FAILED -> Material2AL.ERROR;
                case STOPPED -> Material2AL.BLOCK;
            });
            icon.getStyleClass().removeAll(ConsoleStyles.CELL_OK, ConsoleStyles.DANGER_ICON, ConsoleStyles.ACCENT_ICON, ConsoleStyles.MUTED);
            icon.getStyleClass().add(switch (s.status()) {
                case DONE -> ConsoleStyles.CELL_OK;
                case FAILED -> ConsoleStyles.DANGER_ICON;
                case RUNNING -> ConsoleStyles.ACCENT_ICON;
                default -> ConsoleStyles.MUTED;
            });
            title.setText(s.step().index() + ". " + (s.step().description().isEmpty() ? s.step().action().name() : s.step().description())
                    + "  \u00b7  " + s.item() + (s.step().force() ? "  \u00b7  force" : ""));
            call.setText(s.step().callLine());
            note.setText(s.messageProperty().get().isEmpty() ? s.status().words() : s.status().words() + ": " + s.messageProperty().get());
            note.getStyleClass().removeAll(ConsoleStyles.CELL_DANGER, ConsoleStyles.MUTED);
            note.getStyleClass().add(s.status() == StepRow.StepState.FAILED ? ConsoleStyles.CELL_DANGER : ConsoleStyles.MUTED);
            boolean progress = s.status() == StepRow.StepState.RUNNING;
            bar.setVisible(progress);
            bar.setManaged(progress);
            bar.setProgress(s.percentProperty().get() < 0 ? ProgressBar.INDETERMINATE_PROGRESS : s.percentProperty().get() / 100.0);
        }
    }

    private static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        return l;
    }

    private static Label key(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(ConsoleStyles.PROPERTY_KEY);
        l.setMinWidth(Label.USE_PREF_SIZE);
        return l;
    }

    private static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(ConsoleStyles.MUTED);
        return l;
    }

    private static org.kordamp.ikonli.Ikon icon(WorkflowKind k) {
        return switch (k) {
            case UNPLANNED_FAILOVER -> Material2MZ.WARNING;
            case SPLIT_BRAIN_RECOVERY -> Material2AL.CALL_SPLIT;
            case FAILBACK -> Material2MZ.UNDO;
            default -> Material2AL.ALT_ROUTE;
        };
    }
}
