package org.csiconsole.views.lifecycle;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.MapChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.csiconsole.views.dialog.ExportFolder;
import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.lifecycle.Evidence;
import org.csiconsole.core.lifecycle.LifecycleReading;
import org.csiconsole.core.lifecycle.NodeState;
import org.csiconsole.core.lifecycle.VolumeLiveState;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceView;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The Lifecycle perspective's view: the spec's volume lifecycle figure for the chosen connection
 * (or the snapshot, group snapshot or replication state machine), drawn from core's layout with
 * shapes and zoomable; the chosen volume's live state per node on it; the arrows it may take now
 * clickable (the volumes view's own commands), the others disabled with the spec's reason; beside
 * it why this figure, the live state per node with its evidence, and the next calls as buttons.
 * Exports PNG and SVG of what it shows.
 */
public final class LifecycleView implements ResourceView {
    private static final double MIN_ZOOM = 0.4;
    private static final double MAX_ZOOM = 3.0;

    private final LifecycleViewModel model;
    private final BorderPane root = new BorderPane();
    private final DiagramPane pane;
    private final Group zoomed;
    private final ScrollPane scroll;
    private final VBox side = new VBox(14);
    private final Label legend = new Label();
    private final Label liveTitle = new Label("Live state");
    private final Label certainty = new Label();
    private final VBox nodeRows = new VBox();
    private final Label callsTitle = new Label("Next calls");
    private final VBox calls = new VBox(4);
    private final Label evidenceTitle = new Label("Evidence");
    private final VBox evidence = new VBox(2);
    private final Label status = new Label();
    private final Label zoomLabel = new Label("100 %");
    private final java.util.Map<String, CallButton> callButtons = new java.util.LinkedHashMap<>();
    private boolean callsDue;
    private final ViewAction refresh;
    private final ViewAction create;
    private final ViewAction delete;
    private double zoom = 1;
    /** Fits the diagram to the view until the person zooms. */
    private boolean autoFit = true;
    private BiFunction<DiagramExporter.Format, String, Optional<Path>> chooseFile = this::showFileChooser;
    private final ExportFolder exportFolder = new ExportFolder();

    public LifecycleView(LifecycleViewModel model) {
        this.model = Objects.requireNonNull(model);
        root.getStyleClass().add(ConsoleStyles.LIFECYCLE_VIEW);
        root.setId("lifecycle-view");
        pane = new DiagramPane(model::take);
        zoomed = new Group(pane);
        StackPane centred = new StackPane(zoomed);
        centred.setPadding(new Insets(46, 12, 12, 12)); // room for the machine switcher above the drawing
        centred.getStyleClass().add(ConsoleStyles.DIAGRAM);
        scroll = new ScrollPane(centred);
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.setId("lifecycle-scroll");
        scroll.addEventFilter(javafx.scene.input.ScrollEvent.SCROLL, e -> {
            if (!e.isControlDown()) return;
            zoomBy(e.getDeltaY() > 0 ? 1.1 : 1 / 1.1);
            e.consume();
        });

        refresh = new ViewAction("Refresh", Bindings.createBooleanBinding(() -> model.connectionProperty().get() != null,
                model.connectionProperty()), Bindings.createStringBinding(() -> "Choose a connection first."), model::read);
        create = edgeAction("New volume", "CreateVolume", true);
        delete = edgeAction("Delete volume", "DeleteVolume", false);

        LifecycleControls controls = new LifecycleControls(model, refresh::run, this::zoomBy, () -> {
            autoFit = true;
            fit();
        }, this::export, zoomLabel);
        root.setTop(controls.toolBar());
        buildSide();
        ScrollPane sideScroll = new ScrollPane(side);
        sideScroll.setFitToWidth(true);
        sideScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        sideScroll.getStyleClass().add(ConsoleStyles.LIFECYCLE_SIDE);
        sideScroll.setMinWidth(280);
        StackPane drawing = new StackPane(scroll);
        drawing.getChildren().addAll(controls.onDiagram());
        SplitPane split = new SplitPane(drawing, sideScroll);
        split.setDividerPositions(0.68);
        SplitPane.setResizableWithParent(sideScroll, false);
        root.setCenter(split);
        status.getStyleClass().add(ConsoleStyles.MUTED);
        status.setPadding(new Insets(4, 10, 4, 10));
        status.textProperty().bind(model.statusProperty());
        root.setBottom(status);

        model.diagramProperty().addListener((o, a, d) -> {
            pane.setDiagram(d);
            legend.setText(d == null ? "" : d.legend());
            rebuildCalls();
            tips();
            if (autoFit) fitLater();
        });
        scroll.viewportBoundsProperty().addListener((o, a, b) -> {
            if (autoFit && (a == null || Math.abs(a.getWidth() - b.getWidth()) > 1 || Math.abs(a.getHeight() - b.getHeight()) > 1)) fit();
        });
        model.overlayProperty().addListener((o, a, ov) -> {
            pane.setOverlay(ov);
            if (model.kindProperty().get() != DiagramKind.VOLUME) rebuildLive();
        });
        // One update per batch of changed arrows, still before the next frame is laid out.
        model.edges().addListener((MapChangeListener<String, EdgeCommand>) c -> {
            if (callsDue) return;
            callsDue = true;
            javafx.application.Platform.runLater(() -> {
                callsDue = false;
                tips();
                updateCalls();
            });
        });
        model.nodeProperty().addListener((o, a, b) -> updateCalls());
        model.readingProperty().addListener((o, a, r) -> rebuildLive());
        model.kindProperty().addListener((o, a, k) -> rebuildLive());
        pane.setDiagram(model.diagramProperty().get());
        pane.setOverlay(model.overlayProperty().get());
    }

    private ViewAction edgeAction(String label, String id, boolean clear) {
        return new ViewAction(label, Bindings.createBooleanBinding(() -> {
            EdgeCommand e = model.edges().get(id);
            return clear ? model.engine() != null && model.engine().createAction().enabled().get() : e != null && e.enabled();
        }, model.edges()), Bindings.createStringBinding(() -> {
            EdgeCommand e = model.edges().get(id);
            return e == null ? "Not in this figure." : e.reason();
        }, model.edges()), () -> {
            if (clear && model.volumeProperty().get() != null) model.clearVolume();
            model.take(id);
        });
    }

    private void buildSide() {
        side.setPadding(new Insets(14));
        Label why = new Label("Why this figure");
        why.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        legend.setWrapText(true);
        legend.setId("lifecycle-legend");
        liveTitle.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        certainty.setId("lifecycle-certainty");
        certainty.getStyleClass().add(ConsoleStyles.BADGE);
        HBox liveHead = new HBox(8, liveTitle, certainty);
        liveHead.setAlignment(Pos.CENTER_LEFT);
        nodeRows.setId("lifecycle-nodes");
        callsTitle.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        calls.setId("lifecycle-calls");
        evidenceTitle.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        evidence.setId("lifecycle-evidence");
        legend.getStyleClass().add(ConsoleStyles.MUTED);
        VBox callsBox = new VBox(6, callsTitle, calls);
        // Only the volume lifecycle's arrows are commands; the other machines show where things stand.
        callsBox.visibleProperty().bind(model.kindProperty().isEqualTo(DiagramKind.VOLUME));
        callsBox.managedProperty().bind(callsBox.visibleProperty());
        side.getChildren().addAll(new VBox(6, liveHead, nodeRows), callsBox, new VBox(6, why, legend),
                new VBox(6, evidenceTitle, evidence));
    }

    private void rebuildLive() {
        nodeRows.getChildren().clear();
        evidence.getChildren().clear();
        LifecycleReading r = model.readingProperty().get();
        boolean volumeKind = model.kindProperty().get() == DiagramKind.VOLUME;
        liveTitle.setText(volumeKind ? "Live state per node" : "Live state");
        if (r == null || r.live().volumeId().isEmpty() || !volumeKind) {
            certainty.setVisible(false);
            Label none = new Label(r == null ? "Not read yet." : !volumeKind ? model.overlayProperty().get().status()
                    : "No volume chosen.");
            none.setWrapText(true);
            none.getStyleClass().add(ConsoleStyles.MUTED);
            nodeRows.getChildren().add(none);
            evidenceTitle.setVisible(false);
            return;
        }
        VolumeLiveState live = r.live();
        certainty.setVisible(true);
        certainty.setText(live.certainty());
        Tooltip.install(certainty, new Tooltip(live.exact() ? "Read from the storage's own records of publications, stagings and node publications."
                : "The driver reports no stagings or node publications: inferred from the evidence below."));
        if (live.presence() == VolumeLiveState.Presence.DELETED) {
            nodeRows.getChildren().add(new Label("Deleted: the driver does not know the volume."));
        } else if (live.nodes().isEmpty()) {
            Label none = new Label(r.lifecycle().restState().specName() + " on every node: published to none.");
            none.getStyleClass().add(ConsoleStyles.MUTED);
            nodeRows.getChildren().add(none);
        }
        for (NodeState n : live.nodes()) {
            Label id = new Label(n.nodeId() + (n.nodeId().equals(r.connectedNodeId()) ? "  (node socket)" : ""));
            id.getStyleClass().add(ConsoleStyles.MONO);
            Label state = new Label(n.state().specName());
            state.getStyleClass().add(ConsoleStyles.BADGE);
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            HBox head = new HBox(8, id, gap, state);
            head.setAlignment(Pos.CENTER_LEFT);
            VBox row = new VBox(2, head);
            row.getStyleClass().add(ConsoleStyles.LIFECYCLE_NODE_ROW);
            row.setId(DiagramPane.nodeId("lifecycle-node-", n.nodeId()));
            if (!n.stagingTargetPath().isEmpty()) row.getChildren().add(path("staged at " + n.stagingTargetPath()));
            for (String p : n.targetPaths()) row.getChildren().add(path("published at " + p));
            nodeRows.getChildren().add(row);
        }
        evidenceTitle.setVisible(!live.evidence().isEmpty());
        for (Evidence e : live.evidence()) {
            Label l = new Label(e.source() + ": " + e.detail());
            l.setWrapText(true);
            l.getStyleClass().add(ConsoleStyles.MUTED);
            evidence.getChildren().add(l);
        }
    }

    private static Label path(String text) {
        Label l = new Label(text);
        l.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.MUTED);
        l.setWrapText(true);
        return l;
    }

    /** Lays out one button per arrow of the diagram; {@link #updateCalls()} keeps them in step. */
    private void rebuildCalls() {
        calls.getChildren().clear();
        callButtons.clear();
        Diagram d = model.diagramProperty().get();
        if (d == null) return;
        for (Diagram.Arrow a : d.arrows()) {
            Button b = new Button(a.label());
            b.setId(DiagramPane.nodeId("lifecycle-call-", a.id()));
            b.getStyleClass().addAll(Styles.SMALL, ConsoleStyles.LIFECYCLE_CALL);
            b.setMaxWidth(Double.MAX_VALUE);
            b.setOnAction(x -> model.take(a.id()));
            StackPane wrap = new StackPane(b);
            wrap.setAlignment(Pos.CENTER_LEFT);
            Tooltip tip = new Tooltip();
            tip.setWrapText(true);
            tip.setMaxWidth(420);
            Tooltip.install(wrap, tip);
            callButtons.put(a.id(), new CallButton(b, tip, Icons.of(Material2AL.ARROW_FORWARD, 14), Icons.of(Material2AL.BLOCK, 14)));
            calls.getChildren().add(wrap);
        }
        updateCalls();
    }

    /** Enables, marks and explains each arrow's button as its command stands now. */
    private void updateCalls() {
        String node = model.nodeProperty().get();
        callsTitle.setText(model.kindProperty().get() != DiagramKind.VOLUME ? "Transitions"
                : node == null || node.isEmpty() ? "Next calls" : "Next calls on " + node);
        for (var entry : callButtons.entrySet()) {
            EdgeCommand e = model.edges().get(entry.getKey());
            CallButton c = entry.getValue();
            boolean on = e != null && e.enabled();
            c.button().setDisable(!on);
            c.button().setGraphic(on ? c.go() : c.blocked());
            if (on && !c.button().getStyleClass().contains(Styles.ACCENT)) c.button().getStyleClass().add(Styles.ACCENT);
            if (!on) c.button().getStyleClass().remove(Styles.ACCENT);
            c.tip().setText(e == null ? "" : on ? "Run " + c.button().getText() + " (opens its form)" : e.reason());
        }
    }

    /** A next-call button, its tooltip and its two icons. */
    private record CallButton(Button button, Tooltip tip, Node go, Node blocked) {
    }

    private void tips() {
        for (var e : model.edges().entrySet()) {
            EdgeCommand c = e.getValue();
            pane.setTip(e.getKey(), c.enabled() ? "Run " + e.getKey() + " (opens its form)" : c.reason());
        }
    }

    private void zoomBy(double factor) {
        autoFit = false;
        setZoom(zoom * factor);
    }

    private void fitLater() {
        javafx.application.Platform.runLater(this::fit);
    }

    private void setZoom(double z) {
        zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, z));
        pane.setScaleX(zoom);
        pane.setScaleY(zoom);
        zoomLabel.setText(Math.round(zoom * 100) + " %");
    }

    /** Zooms so the whole diagram fits the visible area. */
    public void fit() {
        Diagram d = model.diagramProperty().get();
        if (d == null || scroll.getViewportBounds().getWidth() <= 0) return;
        double z = Math.min((scroll.getViewportBounds().getWidth() - 28) / d.width(), (scroll.getViewportBounds().getHeight() - 62) / d.height());
        setZoom(Math.min(1.25, z));
    }

    /** The current zoom, 1 for 100 %. */
    public double zoom() {
        return zoom;
    }

    private void export(DiagramExporter.Format format) {
        chooseFile.apply(format, model.caption()).ifPresent(file -> model.export(format, file));
    }

    private Optional<Path> showFileChooser(DiagramExporter.Format format, String caption) {
        String type = format.extension().toUpperCase(java.util.Locale.ROOT);
        Volume v = model.volumeProperty().get();
        return exportFolder.showSave(root.getScene() == null ? null : root.getScene().getWindow(), "Export the diagram as " + type,
                new FileChooser.ExtensionFilter(type, "*." + format.extension()),
                "lifecycle-" + (v == null ? "figure" : v.volumeId().replaceAll("[^A-Za-z0-9._-]", "_")) + "-" + LocalDate.now() + "." + format.extension());
    }

    /** Replaces the save dialog of Export (tests choose a file without one); empty cancels. */
    public void setFileChooser(BiFunction<DiagramExporter.Format, String, Optional<Path>> chooser) {
        this.chooseFile = Objects.requireNonNull(chooser);
    }

    /** Turns the state change animation on or off. */
    public void setAnimate(boolean animate) {
        pane.setAnimate(animate);
    }

    public LifecycleViewModel model() {
        return model;
    }

    /** The drawing, for tests and benchmarks. */
    public Node diagramNode() {
        return pane;
    }

    @Override
    public ObservableStringValue title() {
        return new ReadOnlyStringWrapper("Lifecycle");
    }

    @Override
    public Ikon icon() {
        return Material2AL.ACCOUNT_TREE;
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
}
