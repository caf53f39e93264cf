package org.csiconsole.views.resource;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.Ikon;

/**
 * A {@link ResourceView} made of a {@link ResourceTable} over a {@link StorageViewModel}: the
 * table's selection (every selected row and the lead one) drives the model's, the command bar's
 * commands are also the rows' context menu, a status line under the table says what was read (or
 * why not) with a spinner while reading, and activate/deactivate reach the model.
 */
public abstract class StorageTableView<T> implements ResourceView {
    private final ResourceKind kind;
    private final StorageViewModel<T> model;
    private final ObservableStringValue title;
    private final BorderPane root = new BorderPane();
    private ResourceTable<T> table;
    private javafx.scene.control.ContextMenu rowMenu;

    protected StorageTableView(ResourceKind kind, StorageViewModel<T> model) {
        this.kind = kind;
        this.model = model;
        String conn = model.context.connectionName();
        this.title = Bindings.createStringBinding(() -> conn.isEmpty() ? kind.title() : kind.title() + " \u00b7 " + conn);
        root.getStyleClass().add(ConsoleStyles.STORAGE_VIEW);
        root.setId("view-" + kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    }

    /** Builds the table once; call at the end of the subclass constructor. */
    protected final void install(ResourceTable<T> resourceTable) {
        this.table = resourceTable;
        var selection = table.tableView().getSelectionModel();
        // The table's selection drives the model's: every selected row, and the lead row.
        selection.getSelectedItems().addListener((javafx.beans.InvalidationListener) o ->
                model.selectedRows().setAll(selection.getSelectedItems().filtered(java.util.Objects::nonNull)));
        table.selectedItemProperty().addListener((o, a, b) -> model.selectedProperty().set(b));
        model.selectedProperty().addListener((o, a, b) -> {
            if (b == null) selection.clearSelection();
            else if (!selection.getSelectedItems().contains(b)) {
                int at = table.tableView().getItems().indexOf(b);
                if (at >= 0) selection.clearAndSelect(at);
            }
        });
        if (rowMenu != null) table.withRowMenu(rowMenu);
        table.withUnavailableReason(Bindings.createStringBinding(
                () -> model.unsupportedProperty().get() ? model.statusProperty().get() + unlistedHint() : "",
                model.unsupportedProperty(), model.statusProperty()));
        // "None" only after a complete answer of none: while the first page has not come, the
        // table says it is reading; after a read that failed or was cancelled, that none are shown.
        String noun = model.noun();
        var waiting = model.loadingProperty().or(model.unreadProperty());
        table.withPendingState(
                Bindings.createStringBinding(() -> waiting.get() ? "Reading " + noun + "\u2026"
                        : !model.completeProperty().get() && !model.unsupportedProperty().get()
                        ? "No " + noun + " shown" : "", waiting, model.completeProperty(), model.unsupportedProperty()),
                Bindings.createStringBinding(() -> waiting.get() ? "The " + noun + " show here as the storage answers."
                        : model.statusProperty().get(), waiting, model.statusProperty()));
        root.setCenter(table);
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(14, 14);
        spinner.visibleProperty().bind(model.loadingProperty());
        spinner.managedProperty().bind(spinner.visibleProperty());
        Label status = new Label();
        status.setId("view-status");
        status.getStyleClass().add(ConsoleStyles.MUTED);
        status.textProperty().bind(model.statusProperty());
        // A partial read (some sources did not answer) reads as a warning.
        model.missingProperty().addListener((o, a, b) -> {
            status.getStyleClass().remove(ConsoleStyles.STATUS_PARTIAL);
            if (!b.isEmpty()) status.getStyleClass().add(ConsoleStyles.STATUS_PARTIAL);
        });
        javafx.scene.control.Hyperlink cancel = new javafx.scene.control.Hyperlink("Cancel");
        cancel.setId("view-cancel");
        cancel.visibleProperty().bind(model.loadingProperty());
        cancel.managedProperty().bind(cancel.visibleProperty());
        cancel.setOnAction(e -> model.cancelLoad());
        HBox line = new HBox(8, spinner, status, cancel);
        line.setAlignment(Pos.CENTER_LEFT);
        line.setPadding(new Insets(3, 10, 3, 10));
        line.getStyleClass().add(ConsoleStyles.VIEW_STATUS);
        root.setBottom(line);
    }

    /**
     * What still works while the driver cannot list this kind, added under the reason in the
     * table's placeholder; empty for none. Starts with a space.
     */
    protected String unlistedHint() {
        return "";
    }

    /**
     * Shows the table column {@code columnId} (the {@link StorageViewModel#noteOf} of each row)
     * only while the driver cannot list this kind: then it says why each row is in sight.
     */
    protected final void noteColumnWhileUnlisted(String columnId) {
        table.tableView().getColumns().stream().filter(c -> columnId.equals(c.getId())).findFirst().ifPresent(c -> {
            table.viewDecidesVisibility(c);
            c.setVisible(model.unsupportedProperty().get());
            model.unsupportedProperty().addListener((o, a, b) -> c.setVisible(b));
        });
    }

    /**
     * Puts the view's command buttons in a bar above the table, in groups separated by a rule
     * (pass null between groups). The bar wraps on narrow windows.
     */
    protected final void commands(Node... nodes) {
        // One row, as in any desktop tool: what does not fit moves into the overflow menu (») at
        // the right end instead of wrapping the bar onto a second line above a shorter table.
        javafx.scene.control.ToolBar bar = new javafx.scene.control.ToolBar();
        bar.setId("view-commands");
        bar.getStyleClass().add(ConsoleStyles.COMMAND_BAR);
        ToolBarFit.wholeItems(bar);
        for (Node n : nodes) {
            bar.getItems().add(n == null ? new javafx.scene.control.Separator(javafx.geometry.Orientation.VERTICAL) : n);
        }
        // Tab reaches the command bar first, then the table's filter and rows, then the status line:
        // the order on screen. Tab follows the order of the children, so the bar goes in first.
        Node center = root.getCenter();
        Node bottom = root.getBottom();
        root.setCenter(null);
        root.setBottom(null);
        root.setTop(bar);
        root.setCenter(center);
        root.setBottom(bottom);
        // The same commands on the rows' context menu (right-click, Shift+F10, the ContextMenu key).
        rowMenu = ActionContextMenu.of("row-menu", nodes);
        if (table != null) table.withRowMenu(rowMenu);
    }

    /**
     * Adds {@code button} at the end of the command bar, after a rule, and its command at the end
     * of the rows' context menu: a command another part of the console offers on this view's rows
     * (showing the selected volume in the Lifecycle perspective). Call after {@link #commands}.
     */
    protected final void addCommand(ActionButton button) {
        if (root.getTop() instanceof javafx.scene.control.ToolBar bar) {
            bar.getItems().addAll(new javafx.scene.control.Separator(javafx.geometry.Orientation.VERTICAL), button);
        }
        if (rowMenu != null) {
            rowMenu.getItems().addAll(new javafx.scene.control.SeparatorMenuItem(),
                    ActionMenu.itemFor(button.action(), null, rowMenu.getId() + "-" + rowMenu.getItems().size()));
        }
    }

    /** The rows' context menu: the command bar's commands; null before {@link #commands}. */
    public javafx.scene.control.ContextMenu rowMenu() {
        return rowMenu;
    }

    /** The view's root pane (the table sits in its centre). */
    protected final BorderPane root() {
        return root;
    }

    public StorageViewModel<T> model() {
        return model;
    }

    public ResourceTable<T> table() {
        return table;
    }

    public ResourceKind kind() {
        return kind;
    }

    @Override
    public ObservableStringValue title() {
        return title;
    }

    @Override
    public Ikon icon() {
        return kind.icon();
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
    public boolean focusFilter() {
        table.focusFilter();
        return true;
    }

    @Override
    public ViewAction refreshAction() {
        return model.refreshActionFor();
    }
}
