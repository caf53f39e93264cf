package org.csiconsole.views.lifecycle;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.util.StringConverter;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.Icons;
import org.csiconsole.views.form.TypeAhead;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ConnectionModel;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Function;

/**
 * The Lifecycle view's controls: its tool bar (the connection, the volume and the node whose live
 * state is drawn, refresh, export) and, laid over the drawing, the switcher between the state
 * machines (top left) and the zoom (bottom right). The view owns what they act on.
 */
final class LifecycleControls {
    private final ToolBar toolBar;
    private final Node machines;
    private final Node zoom;

    /**
     * @param refresh reads the live state again
     * @param zoomBy multiplies the zoom by the factor given
     * @param fitAll fits the whole diagram in the view, and keeps it fitted
     * @param export saves the diagram in the format given
     * @param zoomLabel the zoom in percent, whose text the view keeps
     */
    LifecycleControls(LifecycleViewModel model, Runnable refresh, DoubleConsumer zoomBy, Runnable fitAll,
                      Consumer<DiagramExporter.Format> export, Label zoomLabel) {
        ComboBox<ConnectionModel> connection = new ComboBox<>(model.connections());
        connection.setId("lifecycle-connection");
        connection.valueProperty().bindBidirectional(model.connectionProperty());
        connection.setConverter(shown(ConnectionModel::name));
        connection.setPromptText("Connection");
        connection.setPrefWidth(140);
        connection.setTooltip(new Tooltip("The connection whose driver's lifecycle is shown"));

        ComboBox<Volume> volume = new ComboBox<>(model.volumes());
        volume.setId("lifecycle-volume");
        volume.valueProperty().bindBidirectional(model.volumeProperty());
        volume.setPromptText("No volume");
        volume.setPrefWidth(220);
        volume.setConverter(shown(Volume::displayName));
        volume.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Volume v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : v.displayName().equals(v.volumeId()) ? v.volumeId()
                        : v.displayName() + "  \u00b7  " + v.volumeId());
            }
        });
        volume.setTooltip(new Tooltip("The volume whose live state is drawn on the figure; type its name or volume_id to find it"));
        TypeAhead.install(volume, v -> v.displayName() + " " + v.volumeId());
        Button none = new Button(null, Icons.of(Material2AL.CLEAR, 14));
        none.setId("lifecycle-no-volume");
        none.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, Styles.BUTTON_ICON);
        none.setTooltip(new Tooltip("No volume: the figure from its initial state, where CreateVolume starts"));
        none.setOnAction(e -> model.clearVolume());
        none.disableProperty().bind(model.volumeProperty().isNull());

        ComboBox<String> node = new ComboBox<>(model.nodes());
        node.setId("lifecycle-node");
        node.valueProperty().bindBidirectional(model.nodeProperty());
        TypeAhead.install(node, n -> n);
        node.setPromptText("Node");
        node.setPrefWidth(130);
        node.setTooltip(new Tooltip("The node whose state is highlighted and whose next calls are offered"));

        HBox kinds = new HBox();
        ToggleGroup group = new ToggleGroup();
        DiagramKind[] all = DiagramKind.values();
        for (int i = 0; i < all.length; i++) {
            DiagramKind k = all[i];
            ToggleButton t = new ToggleButton(k.title());
            t.setId("lifecycle-kind-" + k.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            t.setToggleGroup(group);
            t.setUserData(k);
            t.getStyleClass().addAll(Styles.SMALL, i == 0 ? Styles.LEFT_PILL : i == all.length - 1 ? Styles.RIGHT_PILL : Styles.CENTER_PILL);
            t.setSelected(model.kindProperty().get() == k);
            t.setOnAction(e -> {
                if (!t.isSelected()) t.setSelected(true);
                model.kindProperty().set(k);
            });
            kinds.getChildren().add(t);
        }
        model.kindProperty().addListener((o, a, k) -> group.getToggles().forEach(t -> t.setSelected(t.getUserData() == k)));

        Button refreshButton = iconButton("lifecycle-refresh", Material2MZ.REFRESH, "Read the live state again (F5)");
        refreshButton.setOnAction(e -> refresh.run());
        Button out = iconButton("lifecycle-zoom-out", Material2MZ.ZOOM_OUT, "Zoom out (Ctrl+scroll)");
        out.setOnAction(e -> zoomBy.accept(1 / 1.2));
        Button in = iconButton("lifecycle-zoom-in", Material2MZ.ZOOM_IN, "Zoom in (Ctrl+scroll)");
        in.setOnAction(e -> zoomBy.accept(1.2));
        Button fit = iconButton("lifecycle-zoom-fit", Material2MZ.ZOOM_OUT_MAP, "Fit the diagram in the view");
        fit.setOnAction(e -> fitAll.run());
        zoomLabel.setId("lifecycle-zoom");
        zoomLabel.getStyleClass().add(ConsoleStyles.MUTED);
        zoomLabel.setMinWidth(44);
        zoomLabel.setAlignment(Pos.CENTER);

        MenuButton exportMenu = new MenuButton("Export", Icons.of(Material2MZ.SAVE_ALT, 14));
        exportMenu.setId("lifecycle-export");
        exportMenu.getStyleClass().add(Styles.SMALL);
        MenuItem png = new MenuItem("PNG image\u2026");
        png.setId("lifecycle-export-png");
        png.setOnAction(e -> export.accept(DiagramExporter.Format.PNG));
        MenuItem svg = new MenuItem("SVG drawing\u2026");
        svg.setId("lifecycle-export-svg");
        svg.setOnAction(e -> export.accept(DiagramExporter.Format.SVG));
        exportMenu.getItems().addAll(png, svg);
        exportMenu.disableProperty().bind(model.diagramProperty().isNull());
        exportMenu.setTooltip(new Tooltip("Save the diagram as shown, with the volume and the time in a caption"));

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        toolBar = new ToolBar(connection, volume, none, node, spacer, refreshButton, exportMenu);
        toolBar.getStyleClass().add(ConsoleStyles.PANEL_TOOLBAR);
        org.csiconsole.views.resource.ToolBarFit.wholeItems(toolBar);
        // On the drawing: which machine at the top left, the zoom at the bottom right.
        kinds.setPickOnBounds(false);
        StackPane.setAlignment(kinds, Pos.TOP_LEFT);
        StackPane.setMargin(kinds, new Insets(10, 0, 0, 12));
        kinds.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        HBox zoomBox = new HBox(2, out, zoomLabel, in, fit);
        zoomBox.setAlignment(Pos.CENTER);
        zoomBox.getStyleClass().add(ConsoleStyles.LIFECYCLE_ZOOM);
        zoomBox.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        StackPane.setAlignment(zoomBox, Pos.BOTTOM_RIGHT);
        StackPane.setMargin(zoomBox, new Insets(0, 18, 14, 0));
        machines = kinds;
        zoom = zoomBox;
    }

    ToolBar toolBar() {
        return toolBar;
    }

    /** The machine switcher and the zoom, to lay over the drawing (their alignment and margins are set). */
    Node[] onDiagram() {
        return new Node[] {machines, zoom};
    }

    /** Shows a choice as {@code text} gives it (nothing for none); the choices are not typed in. */
    private static <T> StringConverter<T> shown(Function<T, String> text) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : text.apply(value);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }

    private static Button iconButton(String id, Ikon icon, String tip) {
        Button b = new Button(null, Icons.of(icon, 16));
        b.setId(id);
        b.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, Styles.BUTTON_ICON);
        b.setTooltip(new Tooltip(tip));
        return b;
    }
}
