package org.csiconsole.views.training;

import atlantafx.base.theme.Styles;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import org.csiconsole.core.model.Words;
import org.csiconsole.core.training.ResultFormat;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.ScenarioProblem;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.dialog.ExportFolder;
import org.csiconsole.views.lifecycle.LifecycleView;
import org.csiconsole.views.table.EmptyState;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceView;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.io.File;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The Training perspective's view: on the left the scenario library and the step pane (the scenario, the time
 * spent, the hints used and one card per step, green the moment its check holds); on the right the usual views
 * (volumes, replication, lifecycle) of the running scenario's own connection. Reset to seed, Export result (JSON,
 * HTML) and the trainer's folder sit in the bar above. The call trace is the workbench's bottom panel.
 *
 * <p>The clocks tick once a second while the view is shown (a UI timer that reads no state); the steps change
 * only when the session tells a change ({@link TrainingViewModel}).
 */
public final class TrainingView implements ResourceView {
    /** Rows a table beside the steps keeps in sight: fewer than a view's 8, so that the call trace keeps its rows too. */
    static final int BESIDE_ROWS = 6;

    private final TrainingViewModel model;
    private final Function<ConnectionModel, List<ResourceView>> beside;
    private final BorderPane root = new BorderPane();
    private final ToolBar bar;
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "Training");
    private final ComboBox<Scenario> library = new ComboBox<>();
    private final Label scenarioTitle = new Label();
    private final Label summary = new Label();
    private final Label skills = new Label();
    /** The summary and skills: open while choosing, closed while a run's steps need the room. */
    private final javafx.scene.control.TitledPane about = new javafx.scene.control.TitledPane();
    private final Label note = new Label();
    private final Label elapsed = new Label();
    private final Label hintsUsed = new Label();
    private final VBox cards = new VBox(8);
    private final VBox problems = new VBox(2);
    private final TabPane tabs = new TabPane();
    private final List<ResourceView> besideViews = new ArrayList<>();
    private final List<StepCard> stepCards = new ArrayList<>();
    private final EmptyState none = new EmptyState(Material2AL.LOCAL_LIBRARY, "", "");
    private final javafx.beans.value.ChangeListener<Object> storageChanged = (o, was, now) -> rebuildBeside();
    /** The connection whose views are beside the steps; null when no scenario runs. */
    private ConnectionModel besideOf;
    private ScrollPane stepScroll;
    /** Width of the tabs beside the steps below which a table's detail pane gives way to its columns, in pixels. */
    static final double DETAIL_NEEDS = 900;
    /** The step that was current when the steps last changed: the pane brings a newly current step into sight. */
    private String currentStep;
    private final Timeline clock = new Timeline(new KeyFrame(Duration.seconds(1), e -> tick()));
    private final ViewAction refresh;
    private final ViewAction create = ViewAction.unavailable("New", "Create resources in the views beside the steps.");
    private final ViewAction delete = ViewAction.unavailable("Delete", "Delete resources in the views beside the steps.");
    private BiFunction<ResultFormat, String, Optional<Path>> chooseFile = this::showFileChooser;
    private Function<Path, Optional<Path>> chooseFolder = this::showFolderChooser;
    private final ExportFolder exportFolder = new ExportFolder();
    private boolean active;

    /**
     * @param model the perspective's state and commands
     * @param beside the usual views of a running scenario's connection, made once per run (volumes, replication,
     *     lifecycle); disposed when the run ends
     */
    public TrainingView(TrainingViewModel model, Function<ConnectionModel, List<ResourceView>> beside) {
        this.model = Objects.requireNonNull(model);
        this.beside = Objects.requireNonNull(beside);
        root.setId("training-view");
        clock.setCycleCount(Animation.INDEFINITE);
        bar = bar();
        refresh = ViewAction.always("Refresh", this::refreshFocused);

        root.setTop(bar);
        none.setId("training-no-run");
        SplitPane split = new SplitPane(stepPane(), besidePane());
        split.setDividerPositions(0.36);
        root.setCenter(split);
        Label status = new Label();
        status.setId("training-status");
        status.getStyleClass().add(ConsoleStyles.MUTED);
        status.setPadding(new Insets(4, 10, 4, 10));
        status.textProperty().bind(model.statusProperty());
        root.setBottom(status);

        model.selectedProperty().addListener((o, a, b) -> showScenario());
        model.progressProperty().addListener((o, a, b) -> showScenario());
        model.steps().addListener((ListChangeListener<TrainingStepRow>) c -> onSteps(c));
        model.connectionProperty().addListener((o, was, now) -> {
            about.setExpanded(now == null);
            showBeside(now);
            showScenario();
        });
        model.problems().addListener((ListChangeListener<ScenarioProblem>) c -> showProblems());
        showScenario();
        rebuildBeside();
    }

    private ToolBar bar() {
        ToolBar bar = new ToolBar();
        library.setId("training-scenarios");
        library.setItems(model.scenarios());
        library.valueProperty().bindBidirectional(model.selectedProperty());
        library.setPromptText("Choose a scenario");
        library.setPrefWidth(280);
        library.setCellFactory(l -> new ScenarioCell());
        library.setButtonCell(new ScenarioCell());
        library.setTooltip(new Tooltip("The bundled scenarios, then those of the folder chosen with Folder\u2026"));

        Button folder = new Button("Folder\u2026", Icons.of(Material2AL.FOLDER_OPEN, 14));
        folder.setId("training-folder");
        Tooltip folderTip = new Tooltip();
        folderTip.textProperty().bind(Bindings.createStringBinding(() -> model.folderProperty().get() == null
                ? "Adds the scenario files (*.yaml) of a folder you choose to the library."
                : "Scenario files are read from " + model.folderProperty().get() + " as well; choose another folder.", model.folderProperty()));
        folder.setTooltip(folderTip);
        folder.setOnAction(e -> chooseFolder.apply(model.folderProperty().get()).ifPresent(model::useFolder));

        Button start = new Button("Start", Icons.of(Material2MZ.PLAY_ARROW, 14));
        start.setId("training-start");
        start.disableProperty().bind(model.canStart().not());
        start.setOnAction(e -> model.start());
        start.setTooltip(new Tooltip("Starts the chosen scenario on a plugin of its own, as a connection of its own; no other connection is touched."));

        Button reset = new Button("Reset to seed\u2026", Icons.of(Material2MZ.RESTORE, 14));
        reset.setId("training-reset");
        reset.disableProperty().bind(model.canReset().not());
        reset.setOnAction(e -> model.reset());
        reset.setTooltip(new Tooltip("Puts the scenario's plugin back to its seed and starts the steps again (asks first)."));

        MenuButton export = new MenuButton("Export result", Icons.of(Material2MZ.SAVE_ALT, 14));
        export.setId("training-export");
        export.disableProperty().bind(model.canExport().not());
        for (ResultFormat f : ResultFormat.values()) {
            MenuItem item = new MenuItem(f == ResultFormat.JSON ? "JSON, to compare trainees\u2026" : "HTML, a one-page summary\u2026");
            item.setId("training-export-" + f.name().toLowerCase(Locale.ROOT));
            item.setOnAction(e -> chooseFile.apply(f, model.suggestedFileName(f)).ifPresent(file -> model.export(f, file)));
            export.getItems().add(item);
        }
        TextField trainee = new TextField();
        trainee.setId("training-trainee");
        trainee.setPromptText("Trainee (optional)");
        trainee.setPrefColumnCount(10);
        trainee.setTooltip(new Tooltip("The trainee's name the exported result carries."));
        trainee.textProperty().bindBidirectional(model.traineeProperty());
        bar.getItems().setAll(library, folder, start, new Separator(), reset, trainee, export);
        bar.setId("training-bar");
        return bar;
    }

    private Node stepPane() {
        scenarioTitle.getStyleClass().add(Styles.TITLE_4);
        scenarioTitle.setWrapText(true);
        summary.setWrapText(true);
        summary.getStyleClass().add(ConsoleStyles.MUTED);
        skills.setWrapText(true);
        skills.getStyleClass().add(ConsoleStyles.MUTED);
        note.setId("training-connection-note");
        note.setWrapText(true);
        note.setMaxWidth(Double.MAX_VALUE);
        note.getStyleClass().add(ConsoleStyles.CALLOUT_INFO);

        elapsed.setId("training-elapsed");
        elapsed.setMinWidth(Region.USE_PREF_SIZE);
        hintsUsed.setId("training-hints-used");
        hintsUsed.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox figures = new HBox(8, Icons.of(Material2MZ.TIMER, 14), elapsed, gap, hintsUsed);
        figures.setAlignment(Pos.CENTER_LEFT);

        cards.setId("training-steps");
        problems.setId("training-problems");
        problems.getStyleClass().add(ConsoleStyles.CALLOUT_WARNING);
        problems.setVisible(false);
        problems.setManaged(false);

        about.setId("training-about");
        about.setText("About this scenario");
        about.setContent(new VBox(6, summary, skills));
        about.getStyleClass().add(Styles.DENSE);
        VBox pane = new VBox(8, problems, scenarioTitle, about, note, figures, cards);
        pane.getStyleClass().add(ConsoleStyles.TRAINING_STEPS);
        ScrollPane scroll = new ScrollPane(pane);
        stepScroll = scroll;
        scroll.setId("training-step-pane");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setMinWidth(300);
        SplitPane.setResizableWithParent(scroll, false);
        return scroll;
    }

    private Node besidePane() {
        tabs.setId("training-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (was != null && was.getUserData() instanceof ResourceView v) v.deactivate();
            if (now != null && now.getUserData() instanceof ResourceView v && active) v.activate();
        });
        // One of the two is in the scene, never both with one hidden: a tab pane made visible in the pulse its tabs
        // arrive was not repainted (the real window showed its first frame until something else changed).
        StackPane pane = new StackPane(none);
        tabs.getTabs().addListener((ListChangeListener<Tab>) c -> pane.getChildren().setAll(tabs.getTabs().isEmpty() ? none : tabs));
        return pane;
    }

    /** The header: the running scenario, else the one chosen in the library; the note says which connection it uses. */
    private void showScenario() {
        TrainingProgress p = model.progressProperty().get();
        Scenario s = model.sessionProperty().get() != null && p != null ? model.sessionProperty().get().scenario() : model.selectedProperty().get();
        scenarioTitle.setText(s == null ? "Training" : s.title());
        summary.setText(s == null ? "Choose a scenario in the library above." : s.summary());
        skills.setText(s == null || s.skills().isEmpty() ? "" : "Trains: " + String.join("; ", s.skills()) + ". About " + s.minutes() + " min.");
        skills.setManaged(!skills.getText().isEmpty());
        ConnectionModel c = model.connectionProperty().get();
        Scenario chosen = model.selectedProperty().get();
        String other = c != null && chosen != null && s != null && !chosen.id().equals(s.id())
                ? " These are the steps of the running \u201c" + s.title() + "\u201d; Start runs \u201c" + chosen.title() + "\u201d instead." : "";
        note.setText(c != null ? "Runs on its own plugin as the connection \u201c" + c.name() + "\u201d. The demo and every "
                + "other connection are as they were." + other : s == null ? "" : TrainingViewModel.whatStartDoes(s));
        note.setManaged(!note.getText().isEmpty());
        note.setVisible(note.isManaged());
        tick();
    }

    private void onSteps(ListChangeListener.Change<? extends TrainingStepRow> c) {
        Instant now = Instant.now(model.clock());
        boolean rebuild = false;
        while (c.next()) {
            if (c.wasReplaced() && c.getRemovedSize() == c.getAddedSize() && c.getFrom() < stepCards.size()
                    && stepCards.size() == model.steps().size()) {
                for (int i = c.getFrom(); i < c.getTo(); i++) stepCards.get(i).show(model.steps().get(i), now);
            } else {
                rebuild = true;
            }
        }
        if (rebuild) {
            stepCards.clear();
            for (TrainingStepRow r : model.steps()) stepCards.add(new StepCard(r, model));
            cards.getChildren().setAll(stepCards);
        }
        tick();
        String current = model.steps().stream().filter(r -> r.progress().current()).map(r -> r.step().id()).findFirst().orElse(null);
        if (current != null && !current.equals(currentStep)) {
            stepCards.stream().filter(card -> card.row().step().id().equals(current)).findFirst().ifPresent(this::bringIntoSight);
        }
        currentStep = current;
    }

    /** Scrolls the step pane so that {@code card} shows whole (or its top, when taller than the pane). */
    private void bringIntoSight(StepCard card) {
        if (stepScroll.getScene() == null) return;
        stepScroll.applyCss();
        stepScroll.layout();
        Node content = stepScroll.getContent();
        double contentHeight = content.getBoundsInLocal().getHeight();
        double viewport = stepScroll.getViewportBounds().getHeight();
        double room = contentHeight - viewport;
        if (room <= 0 || card.getParent() == null) return;
        javafx.geometry.Bounds b = content.sceneToLocal(card.localToScene(card.getBoundsInLocal()));
        double top = stepScroll.getVvalue() * room;
        if (b.getMinY() >= top && b.getMaxY() <= top + viewport) return;
        double y = b.getHeight() > viewport ? b.getMinY() : b.getMaxY() - viewport;
        stepScroll.setVvalue(Math.min(1, Math.max(0, y / room)));
    }

    private void showProblems() {
        problems.getChildren().clear();
        if (!model.problems().isEmpty()) {
            Label head = new Label(Words.count(model.filesLeftOut(), "file") + " of the folder left out of the library:");
            head.getStyleClass().add(ConsoleStyles.STRONG);
            problems.getChildren().add(head);
        }
        for (ScenarioProblem p : model.problems()) {
            Label l = new Label(p.describe());
            l.setWrapText(true);
            problems.getChildren().add(l);
        }
        problems.setVisible(!model.problems().isEmpty());
        problems.setManaged(problems.isVisible());
    }

    /** Shows the views of {@code connection} beside the steps once it has storage, and anew whenever its storage changes. */
    private void showBeside(ConnectionModel connection) {
        if (besideOf != null) besideOf.storageProperty().removeListener(storageChanged);
        besideOf = connection;
        if (connection != null) connection.storageProperty().addListener(storageChanged);
        rebuildBeside();
    }

    /**
     * Puts new views over the connection's current storage beside the steps (a view keeps the storage it was made
     * with). The tabs stay while the run lasts: only their views change, so the tab pane never holds the headers of
     * tabs removed and added in one pulse, and the selected tab stays selected. Without a run the tabs go.
     */
    private void rebuildBeside() {
        for (ResourceView v : besideViews) v.dispose();
        besideViews.clear();
        ConnectionModel connection = besideOf;
        none.titleLabel().setText(connection == null ? "No scenario runs" : "Connecting to the scenario's plugin\u2026");
        none.messageLabel().setText(connection == null ? "Choose a scenario and press Start: its volumes, replication and "
                + "lifecycle show here, on the scenario's own connection, and its calls in the call trace below."
                : "Its volumes, replication and lifecycle show here once " + connection.name() + " is connected.");
        if (connection == null) {
            tabs.getTabs().clear();
            return;
        }
        if (connection.storage() == null) {
            for (Tab t : tabs.getTabs()) {
                t.setUserData(null);
                t.setContent(new EmptyState(Material2AL.LINK_OFF, none.titleLabel().getText(), none.messageLabel().getText()));
            }
            return;
        }
        besideViews.addAll(beside.apply(connection));
        if (tabs.getTabs().size() != besideViews.size()) {
            tabs.getTabs().clear();
            for (int i = 0; i < besideViews.size(); i++) tabs.getTabs().add(new Tab());
        }
        LifecycleView lifecycle = null;
        for (int i = 0; i < besideViews.size(); i++) {
            ResourceView v = besideViews.get(i);
            // beside the steps at 1280x800 with the bottom panel open, a table keeps 6 rows, so that the call trace
            // below keeps its own (the lesson reads its calls); its detail pane gives way while the tabs are narrow, so
            // that no column of figures is cut off
            if (v instanceof org.csiconsole.views.resource.StorageTableView<?> table && table.table() != null) {
                table.table().keepRowsInSight(BESIDE_ROWS).detailGivesWayWhile(tabs.widthProperty().lessThan(DETAIL_NEEDS));
            }
            Tab t = tabs.getTabs().get(i);
            showIn(t, v, connection);
            if (v instanceof LifecycleView l) lifecycle = l;
        }
        // "Lifecycle" on the volumes beside the steps shows the volume in the lifecycle tab beside them
        LifecycleView shown = lifecycle;
        for (ResourceView v : besideViews) {
            if (v instanceof VolumesView volumes && shown != null) {
                volumes.offerLifecycle(vol -> {
                    tabs.getTabs().stream().filter(t -> t.getUserData() == shown).findFirst().ifPresent(tabs.getSelectionModel()::select);
                    shown.model().show(connection, vol.volumeId());
                });
            }
        }
        Tab now = tabs.getSelectionModel().getSelectedItem();
        if (now != null && active && now.getUserData() instanceof ResourceView v) v.activate();
    }

    /**
     * Shows {@code v} in tab {@code t}: the title without the connection's name, which the whole perspective is
     * about (the view's full title is the tab's tooltip), so the three titles read in full beside the steps.
     */
    private static void showIn(Tab t, ResourceView v, ConnectionModel connection) {
        String suffix = " \u00b7 " + connection.name();
        t.textProperty().bind(Bindings.createStringBinding(() -> {
            String full = v.title().get();
            return full.endsWith(suffix) ? full.substring(0, full.length() - suffix.length()) : full;
        }, v.title()));
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(v.title());
        t.setTooltip(tip);
        t.setGraphic(Icons.of(v.icon(), 14));
        t.setContent(v.node());
        t.setUserData(v);
        t.setId("training-tab-" + v.getClass().getSimpleName().replace("View", "").toLowerCase(Locale.ROOT));
    }

    /**
     * F5: reads again what has focus. In the library's bar, or while no scenario runs, the library; else the view
     * of the tab selected beside the steps, as F5 does in that view anywhere else.
     */
    private void refreshFocused() {
        Node focus = root.getScene() == null ? null : root.getScene().getFocusOwner();
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        if (selected != null && selected.getUserData() instanceof ResourceView v && !within(focus, bar)) {
            v.refreshAction().run();
        } else {
            model.loadLibrary();
        }
    }

    private static boolean within(Node node, Node parent) {
        for (Node n = node; n != null; n = n.getParent()) if (n == parent) return true;
        return false;
    }

    private void tick() {
        Instant now = Instant.now(model.clock());
        boolean running = model.progressProperty().get() != null;
        elapsed.setText(running ? "Elapsed " + Words.duration(model.elapsedAt(now)) : "Not started");
        hintsUsed.setText(running ? "Hints used: " + model.hintsUsed() : "");
        for (StepCard c : stepCards) c.tick(now);
    }

    private Optional<Path> showFileChooser(ResultFormat format, String name) {
        return exportFolder.showSave(root.getScene() == null ? null : root.getScene().getWindow(),
                "Export the training result as " + format.name(),
                new FileChooser.ExtensionFilter(format.name(), "*." + format.name().toLowerCase(Locale.ROOT)), name);
    }

    private Optional<Path> showFolderChooser(Path current) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Folder of training scenarios (*.yaml)");
        if (current != null && current.toFile().isDirectory()) chooser.setInitialDirectory(current.toFile());
        File dir = chooser.showDialog(root.getScene() == null ? null : root.getScene().getWindow());
        return Optional.ofNullable(dir).map(File::toPath);
    }

    /** Replaces the save dialog of Export result (tests choose a file without one); empty cancels. */
    public void setFileChooser(BiFunction<ResultFormat, String, Optional<Path>> chooser) {
        this.chooseFile = Objects.requireNonNull(chooser);
    }

    /** Replaces the folder dialog of Folder… (tests choose a folder without one); it gets the folder now, or null; empty cancels. */
    public void setFolderChooser(Function<Path, Optional<Path>> chooser) {
        this.chooseFolder = Objects.requireNonNull(chooser);
    }

    public TrainingViewModel model() {
        return model;
    }

    /** The tabs of the views beside the steps. */
    public TabPane tabs() {
        return tabs;
    }

    /** The views beside the steps of the running scenario; empty when none runs. */
    public List<ResourceView> besideViews() {
        return List.copyOf(besideViews);
    }

    @Override
    public ObservableStringValue title() {
        return title.getReadOnlyProperty();
    }

    @Override
    public Ikon icon() {
        return Material2AL.LOCAL_LIBRARY;
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void activate() {
        if (active) return;
        active = true;
        model.activate();
        clock.play();
        Tab t = tabs.getSelectionModel().getSelectedItem();
        if (t != null && t.getUserData() instanceof ResourceView v) v.activate();
    }

    @Override
    public void deactivate() {
        if (!active) return;
        active = false;
        clock.stop();
        Tab t = tabs.getSelectionModel().getSelectedItem();
        if (t != null && t.getUserData() instanceof ResourceView v) v.deactivate();
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
    public void dispose() {
        deactivate();
        for (ResourceView v : besideViews) v.dispose();
    }

    /** A scenario in the library: its title, and whether it is bundled or from the folder. */
    private static final class ScenarioCell extends ListCell<Scenario> {
        @Override
        protected void updateItem(Scenario s, boolean empty) {
            super.updateItem(s, empty);
            setText(empty || s == null ? null : s.title() + (s.bundled() ? "" : "  (folder)"));
            setTooltip(empty || s == null ? null : new Tooltip(s.id() + ", " + s.source()));
        }
    }
}
