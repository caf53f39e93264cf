package org.csiconsole.views.plugin;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.core.port.AddonsInfo;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceKind;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.List;

/**
 * The plugin: two identity cards (CSI GetPluginInfo, csi-addons GetIdentity) and a table of every
 * capability with whether it is advertised and whether the spec marks it alpha.
 */
public final class PluginView extends StorageTableView<CapabilityRow> {
    private final PluginViewModel model;
    private final Label csiName = value("plugin-name");
    private final Label csiVersion = value("plugin-version");
    private final Label csiManifest = value("plugin-manifest");
    private final Label addonsName = value("addons-name");
    private final Label addonsVersion = value("addons-version");
    private final Label addonsNote = value("addons-note");

    public PluginView(PluginViewModel model) {
        super(ResourceKind.PLUGIN, model);
        this.model = model;
        List<Column<CapabilityRow, ?>> columns = List.of(
                Column.<CapabilityRow, String>of("service", "Service", CapabilityRow::service).width(140),
                Column.<CapabilityRow, String>of("name", "Capability", CapabilityRow::name).width(300).mono(),
                Column.<CapabilityRow, Boolean>of("advertised", "Advertised", CapabilityRow::advertised)
                        .format(b -> b ? "\u2713 Advertised" : "\u2014 Not advertised").width(140)
                        .styleClass(r -> r.advertised() ? ConsoleStyles.CELL_OK : ConsoleStyles.CELL_MUTED),
                Column.<CapabilityRow, Boolean>of("alpha", "Maturity", CapabilityRow::alpha).format(b -> b ? "Alpha" : "")
                        .styleClass(r -> r.alpha() ? ConsoleStyles.CELL_WARNING : null).width(100)
                        .tooltip(r -> r.alpha() ? "Marked alpha in the CSI spec: behaviour may change between versions." : ""));
        // The cards and a dense tool bar leave the capabilities table 8 rows at 1280x800 with the bottom panel open.
        install(new ResourceTable<>(model.table(), columns)
                .withEmptyState(Material2AL.EXTENSION, "No capabilities read", "Refresh (F5) to ask the plugin.")
                .compactToolbar());

        // Name and version share a line; the manifest spans the card's width below them.
        HBox csiCard = card("CSI plugin", grid(row("Name", csiName, "Version", csiVersion), row("Manifest", csiManifest)));
        GridPane.setColumnSpan(csiManifest, 3);
        GridPane addonsGrid = grid(row("Name", addonsName, "Version", addonsVersion));
        HBox addonsCard = card("csi-addons", addonsGrid);
        addonsNote.getStyleClass().setAll(ConsoleStyles.MUTED);
        addonsNote.setWrapText(true);
        addonsNote.textProperty().bind(model.addonsNoteProperty());
        addonsNote.visibleProperty().bind(model.addonsNoteProperty().isNotEmpty());
        addonsNote.managedProperty().bind(addonsNote.visibleProperty());
        addonsGrid.add(addonsNote, 0, 1, 4, 1);
        HBox cards = new HBox(12, csiCard, addonsCard);
        // The two cards share the width equally whatever their texts: a long driver name or manifest
        // wraps inside its card instead of squeezing the other card to a character per line.
        for (HBox card : List.of(csiCard, addonsCard)) {
            HBox.setHgrow(card, Priority.ALWAYS);
            card.setPrefWidth(0);
            card.setMinWidth(220);
            card.setMaxWidth(Double.MAX_VALUE);
        }
        cards.setPadding(new Insets(6, 10, 0, 10));
        cards.setId("plugin-cards");
        root().setTop(cards);

        model.infoProperty().addListener((o, a, b) -> showInfo(b));
        model.addonsProperty().addListener((o, a, b) -> showAddons(b));
        model.addonsNoteProperty().addListener((o, a, b) -> showAddons(model.addonsProperty().get()));
        showInfo(model.infoProperty().get());
        showAddons(model.addonsProperty().get());
    }

    private void showInfo(PluginInfo i) {
        csiName.setText(i == null ? "\u2014" : i.name());
        csiVersion.setText(i == null ? "\u2014" : i.vendorVersion());
        csiManifest.setText(i == null || i.manifest().isEmpty() ? "\u2014" : Texts.keyValues(i.manifest()).replace("\n", ", "));
    }

    private void showAddons(AddonsInfo a) {
        addonsName.setText(a == null ? (model.addonsNoteProperty().get().isEmpty() ? "\u2014" : "Not served") : a.identity().name());
        addonsVersion.setText(a == null ? "\u2014" : a.identity().vendorVersion());
    }

    private static Label value(String id) {
        Label l = new Label("\u2014");
        l.setId(id);
        l.getStyleClass().add(ConsoleStyles.PROPERTY_VALUE);
        l.setWrapText(true);
        l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    /** One line of a card: key, value, key, value, ... */
    private static Label[] row(Object... keysAndValues) {
        Label[] out = new Label[keysAndValues.length];
        for (int i = 0; i < keysAndValues.length; i++) {
            if (keysAndValues[i] instanceof Label value) {
                out[i] = value;
            } else {
                Label k = new Label((String) keysAndValues[i]);
                k.getStyleClass().add(ConsoleStyles.PROPERTY_KEY);
                k.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
                out[i] = k;
            }
        }
        return out;
    }

    private static GridPane grid(Label[]... rows) {
        GridPane g = new GridPane();
        g.setHgap(12);
        g.setVgap(2);
        for (int i = 0; i < rows.length; i++) g.addRow(i, rows[i]);
        return g;
    }

    /** A card with its title left of its rows: as tall as the rows, not a title line more. */
    private static HBox card(String title, GridPane grid) {
        Label t = new Label(title);
        t.getStyleClass().addAll(ConsoleStyles.SECTION_TITLE, Styles.TEXT_BOLD);
        t.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox box = new HBox(16, t, grid);
        HBox.setHgrow(grid, Priority.ALWAYS);
        box.getStyleClass().add(ConsoleStyles.CARD);
        box.setPadding(new Insets(4, 14, 4, 14));
        return box;
    }

    @Override
    public ViewAction refreshAction() {
        return model.refreshAction();
    }

    @Override
    public ViewAction createAction() {
        return ViewAction.unavailable("New", "The plugin view only shows what the plugin reports.");
    }

    @Override
    public ViewAction deleteAction() {
        return ViewAction.unavailable("Delete", "The plugin view only shows what the plugin reports.");
    }
}
