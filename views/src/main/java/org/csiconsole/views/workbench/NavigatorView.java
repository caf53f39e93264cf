package org.csiconsole.views.workbench;

import atlantafx.base.controls.Spacer;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The navigator: connections, and under each its resource kinds with counts; then the console's
 * own views. Selecting a row calls the handler given to the constructor. Node id {@code navigator}.
 */
public final class NavigatorView extends VBox {
    private final TreeView<NavItem> tree = new TreeView<>();
    private final TreeItem<NavItem> connectionsGroup = new TreeItem<>(new NavItem.Group("Connections"));
    private final TreeItem<NavItem> console = new TreeItem<>(new NavItem.Group("Console"));
    private final ObservableList<ConnectionModel> connections;
    private java.util.function.Function<ConnectionModel, javafx.scene.control.ContextMenu> connectionMenu = c -> null;
    /** Each connection's row, kept while the connection is in the list: its expanded state and selection stay. */
    private final java.util.Map<ConnectionModel, TreeItem<NavItem>> rows = new java.util.IdentityHashMap<>();
    /** While the rows follow the connections: the tree's selection moves without the person choosing anything. */
    private boolean syncing;

    public NavigatorView(ObservableList<ConnectionModel> connections, Consumer<NavItem> onSelect) {
        this.connections = connections;
        getStyleClass().add(ConsoleStyles.NAVIGATOR);
        Label header = new Label("NAVIGATOR");
        header.getStyleClass().add(ConsoleStyles.PANE_HEADER);
        TreeItem<NavItem> root = new TreeItem<>(new NavItem.Group(""));
        connectionsGroup.setExpanded(true);
        console.setExpanded(true);
        console.getChildren().add(new TreeItem<>(new NavItem.Trace()));
        root.getChildren().addAll(connectionsGroup, console);
        tree.setRoot(root);
        tree.setShowRoot(false);
        tree.setId("navigator");
        tree.setCellFactory(t -> new NavCell());
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null && !syncing) onSelect.accept(b.getValue());
        });
        connections.addListener((ListChangeListener<ConnectionModel>) c -> sync());
        sync();
        VBox.setVgrow(tree, javafx.scene.layout.Priority.ALWAYS);
        getChildren().addAll(header, tree);
    }

    /** Sets the context menu factory for connection rows (Connect, Disconnect, Edit, Remove). */
    public void setConnectionMenu(java.util.function.Function<ConnectionModel, javafx.scene.control.ContextMenu> factory) {
        this.connectionMenu = java.util.Objects.requireNonNull(factory);
        tree.refresh();
    }

    /** Adds {@code item} to the "Console" group (after the call trace), once. */
    public void addConsoleItem(NavItem item) {
        if (console.getChildren().stream().noneMatch(t -> item.equals(t.getValue()))) console.getChildren().add(new TreeItem<>(item));
    }

    /** Selects the "Console" group's row of {@code item}, when present. */
    public void selectConsoleItem(NavItem item) {
        console.getChildren().stream().filter(t -> item.equals(t.getValue())).findFirst()
                .ifPresent(t -> tree.getSelectionModel().select(t));
    }

    public TreeView<NavItem> tree() {
        return tree;
    }

    /**
     * Makes the connection rows follow the connection list, the one model of the tree: a row per
     * connection in the list's order, each kept while its connection is listed (a new connection's
     * row opens expanded; the others stay as the person left them). Rows are only removed, moved
     * or inserted, never rebuilt, and the selected row stays selected without choosing it again.
     * Every cell is then drawn anew: JavaFX can leave a reused cell at a removed row's
     * indentation when rows change while the tree is scrolled.
     */
    private void sync() {
        java.util.Set<ConnectionModel> listed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        listed.addAll(connections);
        rows.keySet().retainAll(listed);
        List<TreeItem<NavItem>> wanted = new ArrayList<>();
        for (ConnectionModel c : connections) wanted.add(rows.computeIfAbsent(c, NavigatorView::connectionRow));
        ObservableList<TreeItem<NavItem>> kids = connectionsGroup.getChildren();
        if (kids.equals(wanted)) return;
        TreeItem<NavItem> selected = tree.getSelectionModel().getSelectedItem();
        syncing = true;
        try {
            kids.removeIf(t -> !wanted.contains(t));
            for (int i = 0; i < wanted.size(); i++) {
                TreeItem<NavItem> w = wanted.get(i);
                if (i < kids.size() && kids.get(i) == w) continue;
                kids.remove(w);
                kids.add(i, w);
            }
            if (selected != null && tree.getRow(selected) >= 0 && tree.getSelectionModel().getSelectedItem() != selected) {
                tree.getSelectionModel().select(selected);
            } else if (selected != null && tree.getRow(selected) < 0) {
                tree.getSelectionModel().clearSelection();
            }
        } finally {
            syncing = false;
        }
        tree.refresh();
    }

    private static TreeItem<NavItem> connectionRow(ConnectionModel c) {
        TreeItem<NavItem> item = new TreeItem<>(new NavItem.ConnectionItem(c));
        item.setExpanded(true);
        for (ResourceKind k : ResourceKind.values()) item.getChildren().add(new TreeItem<>(new NavItem.ResourceKindItem(c, k)));
        return item;
    }

    /** Selects the row of {@code kind} under {@code connection}, when present. */
    public void select(ConnectionModel connection, ResourceKind kind) {
        for (TreeItem<NavItem> c : connectionsGroup.getChildren()) {
            for (TreeItem<NavItem> k : c.getChildren()) {
                if (k.getValue() instanceof NavItem.ResourceKindItem nk && nk.connection() == connection && nk.kind() == kind) {
                    tree.getSelectionModel().select(k);
                    return;
                }
            }
        }
    }

    /** Style class of a count that is partial or failed. */
    static final String PARTIAL = ConsoleStyles.NAV_PARTIAL;
    /** Connection names up to this many characters are never cut for the state beside them. */
    static final int SHORT_NAME = 16;

    /**
     * A count as the navigator shows it: {@code "163"}; {@code "163+"} when some sources did not
     * answer (at least that many; short enough to keep the kind's name readable in a narrow
     * navigator, the tooltip says what is missing); {@code "?"} when counting failed;
     * {@code "not counted"} for {@link ConnectionModel#NOT_COUNTED} (its tooltip says when it will
     * be: short, so "Snapshots" stays readable beside it); {@code "cannot list"} for
     * {@link ConnectionModel#CANNOT_LIST} (never 0: the driver did not say there are none);
     * {@code "not in report"} for {@link ConnectionModel#NOT_RECORDED};
     * nothing while unknown.
     */
    static String countText(int count, String partial) {
        if (count == ConnectionModel.NOT_COUNTED) return "not counted";
        if (count == ConnectionModel.CANNOT_LIST) return "cannot list";
        if (count == ConnectionModel.NOT_RECORDED) return "not in report";
        if (count == ConnectionModel.NOT_SERVED) return "not served";
        if (count < 0) return partial.isEmpty() ? "" : "?";
        return ByteSize.grouped(count) + (partial.isEmpty() ? "" : "+");
    }

    /** The count's tooltip: what is missing and why, or why it is not counted yet; empty for none. */
    static String countTip(int count, String partial) {
        if (count == ConnectionModel.NOT_COUNTED) {
            return "Not counted yet: counting needs one request per volume here; the count comes when this view is opened.";
        }
        if (count == ConnectionModel.CANNOT_LIST) return partial.isEmpty() ? "The driver does not offer this listing." : partial;
        if (count == ConnectionModel.NOT_RECORDED) return partial;
        if (count == ConnectionModel.NOT_SERVED) return partial.isEmpty() ? "The driver does not serve this." : partial;
        return partial.isEmpty() ? "" : (count < 0 ? "" : "Partial: ") + partial;
    }

    static Ikon connectionIcon(ConnectionKind kind) {
        return switch (kind) {
            case CSI -> Material2AL.DEVICE_HUB;
            case CSP -> Material2AL.CLOUD_QUEUE;
            case DEMO -> Material2MZ.SCIENCE;
            case REPORT -> Material2AL.DESCRIPTION;
        };
    }

    private final class NavCell extends TreeCell<NavItem> {
        private Runnable unhook = () -> { };

        NavCell() {
            // Fit the navigator's width instead of growing it: long names are cut with an ellipsis,
            // so counts and states stay visible at the right edge.
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(NavItem item, boolean empty) {
            super.updateItem(item, empty);
            unhook.run();
            unhook = () -> { };
            getStyleClass().remove(ConsoleStyles.NAV_GROUP);
            setText(null);
            setContextMenu(null);
            if (empty || item == null) {
                setGraphic(null);
                return;
            }
            Label label = new Label(item.label());
            label.setMinWidth(0);
            HBox box = new HBox(7);
            box.setAlignment(Pos.CENTER_LEFT);
            if (item instanceof NavItem.Group) {
                getStyleClass().add(ConsoleStyles.NAV_GROUP);
                label.getStyleClass().add(ConsoleStyles.NAV_GROUP_LABEL);
                box.getChildren().add(label);
            } else if (item instanceof NavItem.ConnectionItem c) {
                ConnectionModel m = c.model();
                Circle dot = new Circle(4);
                dot.getStyleClass().addAll(ConsoleStyles.STATE_DOT, ConsoleStyles.connectionState(m.stateProperty().get()));
                Label tag = new Label();
                tag.getStyleClass().add(ConsoleStyles.NAV_COUNT);
                // In a narrow navigator the state gives way before a short name does (the dot keeps the state);
                // a long name is cut, with the whole of it in its tooltip.
                tag.setMinWidth(0);
                if (m.name().length() <= SHORT_NAME) label.setMinWidth(Label.USE_PREF_SIZE);
                // A long state (Socket missing, waiting for the driver) reads on a line of its own
                // under the name, so neither is cut.
                Label longState = new Label();
                longState.getStyleClass().add(ConsoleStyles.NAV_COUNT);
                longState.setWrapText(true);
                longState.setPadding(new javafx.geometry.Insets(0, 0, 2, 22));
                longState.managedProperty().bind(longState.visibleProperty());
                java.util.function.Consumer<ConnectionState> show = st -> {
                    boolean own = st == ConnectionState.WAITING;
                    tag.setText(own ? "" : st.label());
                    longState.setText(own ? st.label() : "");
                    longState.setVisible(own);
                };
                show.accept(m.stateProperty().get());
                ChangeListener<ConnectionState> l = (o, a, b) -> {
                    dot.getStyleClass().remove(ConsoleStyles.connectionState(a));
                    dot.getStyleClass().add(ConsoleStyles.connectionState(b));
                    show.accept(b);
                };
                m.stateProperty().addListener(l);
                unhook = () -> m.stateProperty().removeListener(l);
                label.getStyleClass().add(ConsoleStyles.NAV_CONNECTION);
                // cut in the middle: what tells two connections of one driver apart ("(strict)", " (2)") is at the end
                label.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
                // A long name is cut in a narrow navigator: the tooltip has it whole, with where it points.
                label.setTooltip(new javafx.scene.control.Tooltip(m.name() + (m.profile().target().isEmpty() ? "" : "\n" + m.profile().target())));
                setContextMenu(connectionMenu.apply(m));
                box.getChildren().addAll(Icons.of(connectionIcon(m.profile().kind())), label, new Spacer(), dot, tag);
                setGraphic(new VBox(box, longState));
                return;
            } else if (item instanceof NavItem.ResourceKindItem k) {
                Label count = new Label();
                count.getStyleClass().add(ConsoleStyles.NAV_COUNT);
                count.setMinWidth(Label.USE_PREF_SIZE);
                if (k.kind().counted()) {
                    var prop = k.connection().count(k.kind());
                    var partial = k.connection().partial(k.kind());
                    count.textProperty().bind(Bindings.createStringBinding(() -> countText(prop.get(), partial.get()), prop, partial));
                    Runnable style = () -> {
                        count.getStyleClass().remove(PARTIAL);
                        if (!partial.get().isEmpty() && prop.get() >= 0) count.getStyleClass().add(PARTIAL);
                        String tip = countTip(prop.get(), partial.get());
                        count.setTooltip(tip.isEmpty() ? null : new javafx.scene.control.Tooltip(tip));
                    };
                    javafx.beans.InvalidationListener restyle = o -> style.run();
                    prop.addListener(restyle);
                    partial.addListener(restyle);
                    style.run();
                    unhook = () -> {
                        count.textProperty().unbind();
                        prop.removeListener(restyle);
                        partial.removeListener(restyle);
                    };
                }
                box.getChildren().addAll(Icons.of(k.kind().icon()), label, new Spacer(), count);
            } else {
                box.getChildren().addAll(Icons.of(item instanceof NavItem.Audit ? Material2MZ.POLICY : Material2MZ.SWAP_HORIZ), label);
            }
            setGraphic(box);
        }
    }
}
