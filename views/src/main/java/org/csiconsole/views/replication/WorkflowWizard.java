package org.csiconsole.views.replication;

import org.csiconsole.core.model.Words;
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
import org.csiconsole.views.dialog.RiskDialog;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * The wizard of a guided workflow ({@link WorkflowWizardModel}): the sites and which is which, the
 * pairs with their state (for split-brain recovery both sides' evidence side by side and a choice of
 * the survivor, none made for the person), the workflow's one risk assessment in full (hazards, the
 * verdict, the safer way), the fence of an unplanned failover, the
 * pre-flight checks (failures and warnings first), the step list with live progress, both sides as
 * read again after each step and at the end; below both columns, always in sight, the names the assessment
 * asks to be typed; and Dry run, Run, Stop and Close. Dry run needs no
 * consent; Run stays disabled until every check that can fail passed, the assessment allows the run
 * and the names are typed; Close while running is disabled (stop first).
 *
 * <p>Node ids: {@code wizard-site-a}, {@code wizard-site-b}, {@code wizard-swap}, {@code wizard-keep-first},
 * {@code wizard-keep-second}, {@code wizard-items}, {@code wizard-risk}, {@code wizard-connection}, {@code wizard-hazards},
 * {@code wizard-illegal}, {@code wizard-safer}, {@code wizard-typed-<i>}, {@code wizard-fence},
 * {@code wizard-checks}, {@code wizard-steps}, {@code wizard-calls}, {@code wizard-message},
 * {@code wizard-reread}; buttons by their text: Dry run, Run, Stop, Close.
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
    private final VBox risk = new VBox(6);
    private final VBox typed = new VBox(6);
    /** The fence's blocks to type, below the columns beside the names: a long list of items never pushes it away. */
    private final VBox fenceTyped = new VBox(4);
    /** The sites in the site pairs' order, as split-brain recovery shows both sides before a survivor is chosen. */
    private final SiteChoice first;
    private final SiteChoice second;

    public WorkflowWizard(WorkflowWizardModel model, Instant now, ZoneId zone) {
        this.model = model;
        this.zone = zone;
        this.opened = now;
        this.first = model.siteAProperty().get();
        this.second = model.siteBProperty().get();
        setTitle(model.kind().words());
        setResizable(true);
        FontIcon icon = Icons.of(icon(model.kind()), 32);
        icon.getStyleClass().add(model.kind() == WorkflowKind.UNPLANNED_FAILOVER ? ConsoleStyles.DANGER_ICON : ConsoleStyles.ACCENT_ICON);
        Label heading = new Label(model.kind().words() + " \u00b7 " + model.items().size()
                + (model.items().size() == 1 ? " pair" : " pairs"));
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        Label about = new Label();
        about.textProperty().bind(Bindings.createStringBinding(model::description, model.assessmentProperty(), model.checks(),
                model.siteAProperty()));
        about.setWrapText(true);
        about.setMaxWidth(860);
        HBox header = new HBox(14, icon, new VBox(4, heading, about));
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(16, 20, 8, 20));
        getDialogPane().setHeader(header);

        VBox left = new VBox(14, sites(), section("Volumes and groups"), items, section("What it risks"), risk);
        if (model.kind() == WorkflowKind.UNPLANNED_FAILOVER) left.getChildren().addAll(section("Fence site A's clients first (optional)"), fence());
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
        // a finished run whose pairs, read again, are not as it leaves them is no success
        model.stillWrongProperty().addListener((o, was, wrong) -> {
            message.getStyleClass().removeAll(ConsoleStyles.CALLOUT_INFO, ConsoleStyles.CALLOUT_DANGER);
            message.getStyleClass().add(wrong ? ConsoleStyles.CALLOUT_DANGER : ConsoleStyles.CALLOUT_INFO);
        });
        TextArea calls = new TextArea();
        calls.setId("wizard-calls");
        calls.setEditable(false);
        calls.getStyleClass().add(ConsoleStyles.MONO);
        calls.setPrefRowCount(7);
        calls.setWrapText(true);
        calls.textProperty().bind(model.callsProperty());
        calls.visibleProperty().bind(model.callsProperty().isNotEmpty());
        calls.managedProperty().bind(calls.visibleProperty());
        Label readBack = new Label();
        readBack.setId("wizard-reread");
        readBack.setWrapText(true);
        readBack.setMaxWidth(Double.MAX_VALUE);
        readBack.setMinHeight(Label.USE_PREF_SIZE);
        readBack.getStyleClass().add(ConsoleStyles.MUTED);
        readBack.textProperty().bind(model.readBackProperty());
        readBack.visibleProperty().bind(model.readBackProperty().isNotEmpty());
        readBack.managedProperty().bind(readBack.visibleProperty());
        VBox right = new VBox(8, section("Steps"), steps(), message, readBack, calls);
        right.setPadding(new Insets(4, 4, 8, 12));
        SplitPane body = new SplitPane(leftScroll, right);
        body.setOrientation(Orientation.HORIZONTAL);
        body.setDividerPositions(0.47);
        body.setPrefSize(1020, 560);
        body.setMinHeight(160);
        // The names to type stay in sight above the buttons, whatever the columns scroll to (1280×800).
        typed.setPadding(new Insets(8, 4, 0, 4));
        // Nothing to type while the run is refused for good (no survivor chosen yet, a site silent): the names
        // would name a side before the person chose.
        typed.visibleProperty().bind(Bindings.createBooleanBinding(() -> !typed.getChildren().isEmpty()
                && (model.assessmentProperty().get() == null || !model.assessmentProperty().get().blocked()
                || model.assessmentProperty().get().illegal().overridable()), typed.getChildren(), model.assessmentProperty()));
        typed.managedProperty().bind(typed.visibleProperty());
        fenceTyped.setId("wizard-fence-consent");
        fenceTyped.setPadding(new Insets(8, 4, 0, 4));
        fenceTyped.visibleProperty().bind(Bindings.isNotEmpty(fenceTyped.getChildren()));
        fenceTyped.managedProperty().bind(fenceTyped.visibleProperty());
        VBox content = new VBox(body, fenceTyped, typed);
        VBox.setVgrow(body, Priority.ALWAYS);
        getDialogPane().setContent(content);
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
        model.assessmentProperty().addListener((o, a, b) -> fillRisk());
        fillRisk();
        model.typed().addListener((ListChangeListener<WorkflowWizardModel.TypedName>) c -> fillTyped());
        fillTyped();
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
        // split-brain recovery keeps the sides where they stand in the site pairs and marks the survivor among them
        boolean fixed = model.needsSurvivor();
        Label a = new Label();
        a.setId("wizard-site-a");
        a.textProperty().bind(Bindings.createStringBinding(() -> (fixed ? first : model.siteAProperty().get()).label(), model.siteAProperty()));
        a.getStyleClass().addAll(ConsoleStyles.STRONG);
        Label b = new Label();
        b.setId("wizard-site-b");
        b.textProperty().bind(Bindings.createStringBinding(() -> (fixed ? second : model.siteBProperty().get()).label(), model.siteBProperty()));
        b.getStyleClass().addAll(ConsoleStyles.STRONG);
        // The site names never give way; what a side is in this workflow wraps instead.
        a.setMinWidth(Region.USE_PREF_SIZE);
        b.setMinWidth(Region.USE_PREF_SIZE);
        Label roleA = muted("");
        Label roleB = muted("");
        roleA.setId("wizard-role-a");
        roleB.setId("wizard-role-b");
        roleA.textProperty().bind(Bindings.createStringBinding(() -> fixed ? model.roleOf(first) : model.roleOfA(), model.survivorProperty()));
        roleB.textProperty().bind(Bindings.createStringBinding(() -> fixed ? model.roleOf(second) : model.roleOfB(), model.survivorProperty()));
        roleA.setWrapText(true);
        roleB.setWrapText(true);
        g.addRow(0, key("Site A"), a, roleA);
        g.addRow(1, key("Site B"), b, roleB);
        ColumnConstraints grow = new ColumnConstraints();
        grow.setHgrow(Priority.ALWAYS);
        g.getColumnConstraints().addAll(new ColumnConstraints(), new ColumnConstraints(), grow);
        if (model.needsSurvivor()) {
            // No side is kept for the person: Run stays disabled until one is chosen here.
            javafx.scene.control.ToggleGroup keep = new javafx.scene.control.ToggleGroup();
            HBox choice = new HBox(8, muted("Keep the data of"));
            choice.setAlignment(Pos.CENTER_LEFT);
            for (SiteChoice site : List.of(first, second)) {
                javafx.scene.control.ToggleButton t = new javafx.scene.control.ToggleButton(site.name());
                t.setId(site == first ? "wizard-keep-first" : "wizard-keep-second");
                t.getStyleClass().add(Styles.SMALL);
                t.setToggleGroup(keep);
                t.disableProperty().bind(model.phaseProperty().isEqualTo(WorkflowWizardModel.Phase.RUNNING));
                t.setOnAction(e -> {
                    if (t.isSelected()) model.keep(site);
                    else t.setSelected(true);
                });
                choice.getChildren().add(t);
            }
            return new VBox(8, g, choice);
        }
        Button swap = new Button("Swap sites", Icons.of(Material2MZ.SWAP_VERT, 14));
        swap.setId("wizard-swap");
        swap.getStyleClass().add(Styles.SMALL);
        swap.disableProperty().bind(model.canSwap().not());
        swap.setOnAction(e -> model.swap());
        return new VBox(8, g, swap);
    }

    /** The one assessment's hazards, verdict and safer way, in full (no nested scroll: the column scrolls). */
    private void fillRisk() {
        risk.getChildren().clear();
        risk.setId("wizard-risk");
        org.csiconsole.core.risk.Assessment a = model.assessmentProperty().get();
        if (a == null) {
            risk.getChildren().add(muted("Nothing to assess: a pair has a side missing."));
            return;
        }
        if (!a.onConnection().isEmpty()) {
            Label on = RiskDialog.callout(a.onConnection(), ConsoleStyles.STRONG);
            on.setId("wizard-connection");
            risk.getChildren().add(on);
        }
        VBox hazards = new VBox(6);
        hazards.setId("wizard-hazards");
        for (org.csiconsole.core.risk.Hazard h : a.hazards()) {
            hazards.getChildren().add(RiskDialog.hazard(h));
        }
        risk.getChildren().add(hazards);
        if (a.blocked()) {
            Label illegal = RiskDialog.callout("Not run: " + a.illegal().describe(), ConsoleStyles.CALLOUT_DANGER);
            illegal.setId("wizard-illegal");
            risk.getChildren().add(illegal);
        }
        if (!a.saferAlternative().isEmpty()) {
            Label safer = RiskDialog.callout("Safer: " + a.saferAlternative(), ConsoleStyles.CALLOUT_INFO);
            safer.setId("wizard-safer");
            risk.getChildren().add(safer);
        }
    }

    /** A field per name the assessment asks to be typed. Node ids: {@code wizard-typed-<i>}. */
    private void fillTyped() {
        typed.getChildren().clear();
        typed.setId("wizard-typed");
        List<WorkflowWizardModel.TypedName> names = model.typed();
        for (int i = 0; i < names.size(); i++) {
            WorkflowWizardModel.TypedName n = names.get(i);
            javafx.scene.text.Text name = new javafx.scene.text.Text(n.name());
            name.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.STRONG);
            javafx.scene.text.TextFlow flow = new javafx.scene.text.TextFlow(new javafx.scene.text.Text("Type "), name,
                    new javafx.scene.text.Text(model.kind() == WorkflowKind.SPLIT_BRAIN_RECOVERY
                            ? " to discard its writes since the split." : " to force-promote it (PromoteVolume with force=true)."));
            flow.getStyleClass().add(ConsoleStyles.PROMPT);
            javafx.scene.control.TextField input = new javafx.scene.control.TextField();
            input.setId("wizard-typed-" + i);
            input.setPromptText(org.csiconsole.views.dialog.RiskPrompt.TYPING_HINT);
            input.textProperty().bindBidirectional(n.typed());
            input.disableProperty().bind(model.phaseProperty().isEqualTo(WorkflowWizardModel.Phase.RUNNING));
            typed.getChildren().addAll(flow, input);
        }
    }

    private void fillItems() {
        items.getChildren().clear();
        items.setId("wizard-items");
        for (WizardItem i : model.items()) {
            items.getChildren().add(model.kind() == WorkflowKind.SPLIT_BRAIN_RECOVERY ? sideBySide(i) : pairLine(i));
        }
    }

    private Node pairLine(WizardItem i) {
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(2);
        Label name = new Label(i.name());
        name.getStyleClass().add(ConsoleStyles.STRONG);
        g.add(new HBox(10, name, state(i)), 0, 0, 3, 1);
        g.addRow(1, muted("A"), side(i.from()));
        g.addRow(2, muted("B"), side(i.to()));
        ReplicationSample synced = i.from() != null && i.from().lastSyncTime() != null ? i.from() : i.to();
        if (synced != null && synced.lastSyncTime() != null) {
            g.add(muted("Last sync " + ReplicationTexts.time(synced.lastSyncTime(), opened, zone) + " ("
                    + Words.ago(synced.lastSyncTime(), opened) + ")"), 1, 3);
        }
        String members = model.members(i);
        if (!members.isEmpty()) {
            Label m = new Label(members);
            m.setId("wizard-members");
            m.setWrapText(true);
            g.add(m, 1, 4, 2, 1);
        }
        return g;
    }

    /**
     * Both sides of a split pair side by side, in the site pairs' order whichever is kept, for choosing
     * the survivor: role, health, last sync and its bytes, last write, when read, status message.
     */
    private Node sideBySide(WizardItem i) {
        boolean aFirst = model.siteAProperty().get().same(first);
        ReplicationSample x = aFirst ? i.from() : i.to();
        ReplicationSample y = aFirst ? i.to() : i.from();
        SiteChoice kept = model.survivorProperty().get();
        GridPane g = new GridPane();
        g.getStyleClass().add(ConsoleStyles.PROPERTY_GRID);
        g.setHgap(14);
        g.setVgap(4);
        // named by the first side's volume or group, whichever side is kept
        Label name = new Label(x != null ? x.item().displayName() : i.name());
        name.setId("wizard-item-name");
        name.getStyleClass().add(ConsoleStyles.STRONG);
        g.add(new HBox(10, name, state(i)), 0, 0, 3, 1);
        g.addRow(1, key(""), key(heading(first, kept)), key(heading(second, kept)));
        g.addRow(2, key("Id"), mono(x), mono(y));
        g.addRow(3, key("Role"), cell(x, s -> ReplicationTexts.role(s.role())), cell(y, s -> ReplicationTexts.role(s.role())));
        g.addRow(4, key("Health"), cell(x, s -> ReplicationTexts.health(s.health())), cell(y, s -> ReplicationTexts.health(s.health())));
        g.addRow(5, key("Last sync"), cell(x, s -> ReplicationTexts.time(s.lastSyncTime(), opened, zone)),
                cell(y, s -> ReplicationTexts.time(s.lastSyncTime(), opened, zone)));
        g.addRow(6, key("Last sync bytes"), cell(x, s -> s.info() == null ? "\u2014" : ReplicationTexts.bytes(s.info().lastSyncBytes())),
                cell(y, s -> s.info() == null ? "\u2014" : ReplicationTexts.bytes(s.info().lastSyncBytes())));
        g.addRow(7, key("Last write"), cell(x, s -> "not reported by the driver"), cell(y, s -> "not reported by the driver"));
        g.addRow(8, key("Read at"), cell(x, s -> ReplicationTexts.time(s.readAt(), opened, zone)),
                cell(y, s -> ReplicationTexts.time(s.readAt(), opened, zone)));
        g.addRow(9, key("Status"), status(x), status(y));
        VBox card = new VBox(g);
        card.getStyleClass().add(ConsoleStyles.CARD);
        card.setPadding(new Insets(10));
        return card;
    }

    private static String heading(SiteChoice site, SiteChoice kept) {
        return site.name() + (kept == null ? "" : kept.same(site) ? " \u00b7 kept" : " \u00b7 discarded");
    }

    private static Label state(WizardItem i) {
        Label l = new Label(i.state());
        l.getStyleClass().add(ReplicationTexts.stateStyle(org.csiconsole.core.replication.ReplicationState.of(i.pair())));
        return l;
    }


    private static Label cell(ReplicationSample s, java.util.function.Function<ReplicationSample, String> f) {
        Label l = new Label(s == null ? "missing" : f.apply(s));
        l.setWrapText(true);
        l.setMaxWidth(150);
        return l;
    }

    /**
     * {@code s}'s status message as read; while a step of the run reports progress on it, that step's words instead,
     * so the card and the step list show one figure.
     */
    private Label status(ReplicationSample s) {
        Label l = cell(s, ReplicationSample::statusMessage);
        if (s == null) return l;
        List<javafx.beans.Observable> deps = new java.util.ArrayList<>();
        for (StepRow r : model.steps()) deps.addAll(List.of(r.statusProperty(), r.percentProperty(), r.messageProperty()));
        l.textProperty().bind(Bindings.createStringBinding(() -> {
            StepRow live = model.progressOn(s);
            return live != null ? live.messageProperty().get() : s.statusMessage();
        }, deps.toArray(javafx.beans.Observable[]::new)));
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
        // the fence's own assessment (as Network fence shows it) and its consent, before Run
        VBox risk = new VBox(4);
        risk.setId("wizard-fence-risk");
        javafx.scene.control.TextField typed = new javafx.scene.control.TextField();
        typed.setId("wizard-fence-typed");
        typed.textProperty().bindBidirectional(model.fenceTypedProperty());
        typed.disableProperty().bind(model.phaseProperty().isEqualTo(WorkflowWizardModel.Phase.RUNNING));
        Runnable fill = () -> {
            risk.getChildren().clear();
            fenceTyped.getChildren().clear();
            var a = model.fenceAssessmentProperty().get();
            if (a == null) return;
            for (var h : a.hazards()) {
                risk.getChildren().add(RiskDialog.callout((h.danger() ? "Danger: " : "Caution: ") + h.describe(),
                        h.danger() ? ConsoleStyles.CALLOUT_DANGER : ConsoleStyles.CALLOUT_INFO));
            }
            if (a.blocked()) {
                risk.getChildren().add(RiskDialog.callout("Not sent: " + a.illegal().describe(), ConsoleStyles.CALLOUT_DANGER));
            } else if (!a.consent().untyped()) {
                javafx.scene.text.Text blocks = new javafx.scene.text.Text(a.consent().phrase());
                blocks.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.STRONG);
                javafx.scene.text.TextFlow flow = new javafx.scene.text.TextFlow(new javafx.scene.text.Text("Type "), blocks,
                        new javafx.scene.text.Text(" to fence them."));
                flow.getStyleClass().add(ConsoleStyles.PROMPT);
                fenceTyped.getChildren().addAll(flow, typed);
            }
        };
        model.fenceAssessmentProperty().addListener((o, was, now) -> fill.run());
        fill.run();
        return new VBox(4, f, help, risk);
    }

    /**
     * The checks, failures and warnings first, each in full: they sit in the left column's own scroll,
     * never in a nested box of their own that hides all but a few lines.
     */
    private Node checks() {
        VBox list = new VBox(6);
        list.setId("wizard-checks");
        Runnable fill = () -> {
            list.getChildren().clear();
            if (model.checks().isEmpty()) list.getChildren().add(muted("Checks run when the workflow can be planned."));
            List<PreflightCheck> ordered = new java.util.ArrayList<>(model.checks());
            ordered.sort(java.util.Comparator.comparingInt(c -> switch (c.level()) {
                case FAIL -> 0;
                case WARN -> 1;
                case PASS -> 2;
            }));
            for (PreflightCheck c : ordered) list.getChildren().add(check(c));
        };
        model.checks().addListener((ListChangeListener<PreflightCheck>) c -> fill.run());
        fill.run();
        return list;
    }

    private static Node check(PreflightCheck c) {
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
        VBox words = new VBox(1, name, text);
        HBox.setHgrow(words, Priority.ALWAYS);
        HBox row = new HBox(8, i, words);
        row.setAlignment(Pos.TOP_LEFT);
        if (c.level() != PreflightCheck.Grade.PASS) {
            row.getStyleClass().add(c.level() == PreflightCheck.Grade.FAIL ? ConsoleStyles.CALLOUT_DANGER : ConsoleStyles.CALLOUT_WARNING);
        }
        return row;
    }

    private Node steps() {
        ListView<StepRow> list = new ListView<>(model.steps());
        list.setId("wizard-steps");
        list.getStyleClass().addAll(Styles.DENSE, ConsoleStyles.STEP_LIST);
        list.setPlaceholder(muted("The steps show once the workflow can be planned."));
        VBox.setVgrow(list, Priority.ALWAYS);
        list.setCellFactory(v -> new StepCell(list.widthProperty().subtract(40), () -> model.items().size() > 1));
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
        /** True while the wizard holds several items: a step then names its item beside its own words. */
        private final java.util.function.BooleanSupplier several;

        StepCell(javafx.beans.value.ObservableNumberValue width, java.util.function.BooleanSupplier several) {
            this.several = several;
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
                    // the item is named only to tell several apart: the step's own words name the volume it acts on
                    + (several.getAsBoolean() ? "  \u00b7  " + s.item() : "") + (s.step().force() ? "  \u00b7  force" : ""));
            call.setText(s.step().callLine());
            note.setText(s.messageProperty().get().isEmpty() ? s.status().words() : s.status().words() + ": " + s.messageProperty().get());
            note.getStyleClass().removeAll(ConsoleStyles.CELL_DANGER, ConsoleStyles.MUTED);
            note.getStyleClass().add(s.status() == StepRow.StepRowState.FAILED ? ConsoleStyles.CELL_DANGER : ConsoleStyles.MUTED);
            boolean progress = s.status() == StepRow.StepRowState.RUNNING;
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
