package org.csiconsole.views.trace;

import atlantafx.base.controls.CustomTextField;
import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.util.StringConverter;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.List;
import java.util.function.Function;

/**
 * The trace's filter controls, in the table's tool bar: volume_id (with "follow the selected
 * volume"), connection, method and status, and the count of failed calls that shows only them.
 * Node ids: {@code trace-volume}, {@code trace-follow}, {@code trace-connection}, {@code trace-method},
 * {@code trace-status}, {@code trace-failures}.
 */
final class TraceToolbar {
    private static final String ANY = "";

    private TraceToolbar() {
    }

    static List<Node> filters(CallTraceViewModel model) {
        TraceFilter filter = model.filter();

        CustomTextField volume = new CustomTextField();
        volume.setId("trace-volume");
        volume.setPromptText("volume_id");
        volume.setPrefWidth(150);
        volume.setLeft(Icons.of(org.kordamp.ikonli.material2.Material2MZ.STORAGE, 14));
        volume.setTooltip(new Tooltip("Only the calls that name this volume_id (or any other id: a node_id, a snapshot_id)"));
        volume.textProperty().bindBidirectional(filter.volumeIdProperty());
        ToggleButton follow = new ToggleButton(null, Icons.of(Material2AL.LINK, 14));
        follow.setId("trace-follow");
        follow.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        follow.setTooltip(new Tooltip("Follow the volume selected in the view above: the trace shows its calls"));
        follow.selectedProperty().bindBidirectional(model.followSelectionProperty());
        follow.setDisable(model.isOffline());
        volume.setRight(follow);

        ComboBox<String> connection = choice("trace-connection", "All connections", model.connections(), filter.connectionProperty(),
                s -> s, 156, "Only the calls to this endpoint");
        ComboBox<String> method = choice("trace-method", "All methods", model.methods(), filter.methodProperty(),
                TraceToolbar::shortService, 170, "Only the calls of this method");
        ComboBox<String> status = choice("trace-status", "Any status", model.statuses(), filter.statusProperty(),
                s -> s, 124, "Only the calls with this status; Failures: every failed call");

        Button failures = new Button();
        failures.setId("trace-failures");
        failures.setGraphic(Icons.of(Material2AL.ERROR_OUTLINE, 14));
        failures.getStyleClass().addAll(Styles.FLAT, Styles.SMALL, ConsoleStyles.TRACE_FAILURES);
        failures.textProperty().bind(model.failuresHeadline());
        failures.visibleProperty().bind(model.failures().greaterThan(0));
        failures.managedProperty().bind(failures.visibleProperty());
        failures.setTooltip(new Tooltip("Show only the failed calls; background reads are the console's own (replication sampling, polling), not an action of yours"));
        failures.setOnAction(e -> filter.statusProperty().set(TraceFilter.FAILURES));
        return List.of(volume, connection, method, status, failures);
    }

    /**
     * {@code csi.v1.Controller/CreateVolume} reads {@code Controller/CreateVolume}; a csi-addons call keeps its
     * package: {@code replication.Controller/GetVolumeReplicationInfo}.
     */
    static String shortService(String method) {
        int slash = method.indexOf('/');
        int dot = slash < 0 ? method.lastIndexOf('.') : method.lastIndexOf('.', slash);
        if (dot < 0) return method;
        String pkg = method.substring(0, dot);
        // CSI's own services read short (Controller/CreateVolume); a csi-addons service keeps its package, so
        // that replication.Controller/GetVolumeReplicationInfo is not read as CSI's Controller service.
        return pkg.equals("csi.v1") ? method.substring(dot + 1) : pkg.substring(pkg.lastIndexOf('.') + 1) + method.substring(dot);
    }

    /**
     * A combo box of {@code values} plus an "any" entry first, kept in step with {@code property}
     * (null for any) both ways.
     */
    private static ComboBox<String> choice(String id, String anyText, ObservableList<String> values, ObjectProperty<String> property,
                                           Function<String, String> text, double width, String tip) {
        ObservableList<String> items = FXCollections.observableArrayList();
        ComboBox<String> box = new ComboBox<>(items);
        // A change of the items may move the box's selection; while they change, its value is not the person's choice.
        boolean[] filling = {false};
        Runnable fill = () -> {
            String keep = property.get();
            List<String> all = new java.util.ArrayList<>(values.size() + 2);
            all.add(ANY);
            all.addAll(values);
            if (keep != null && !all.contains(keep)) all.add(keep);
            filling[0] = true;
            try {
                items.setAll(all);
                box.setValue(keep == null ? ANY : keep);
            } finally {
                filling[0] = false;
            }
        };
        fill.run();
        values.addListener((ListChangeListener<String>) c -> fill.run());
        box.setId(id);
        box.setPrefWidth(width);
        box.getStyleClass().add(Styles.SMALL);
        box.setTooltip(new Tooltip(tip));
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(String s) {
                return s == null || s.isEmpty() ? anyText : text.apply(s);
            }

            @Override
            public String fromString(String s) {
                return s;
            }
        });
        box.valueProperty().addListener((o, a, b) -> {
            if (filling[0]) return;
            String want = b == null || b.isEmpty() ? null : b;
            if (!java.util.Objects.equals(property.get(), want)) property.set(want);
        });
        property.addListener((o, a, b) -> {
            if (b != null && !items.contains(b)) fill.run();
            String shown = b == null ? ANY : b;
            if (!shown.equals(box.getValue())) box.setValue(shown);
        });
        return box;
    }

    /** A muted note (older calls dropped, a copy made): node id {@code id}, hidden while empty. */
    static Label note(String id, javafx.beans.value.ObservableStringValue text) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add(ConsoleStyles.TRACE_NOTE);
        l.textProperty().bind(text);
        l.visibleProperty().bind(Bindings.isNotEmpty(text));
        l.managedProperty().bind(l.visibleProperty());
        l.setMinWidth(0);
        l.setMaxWidth(360);
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(text);
        l.setTooltip(tip);
        return l;
    }
}
