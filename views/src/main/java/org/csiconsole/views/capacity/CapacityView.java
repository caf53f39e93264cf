package org.csiconsole.views.capacity;

import javafx.scene.control.SplitPane;
import javafx.geometry.Orientation;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceKind;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.List;

/**
 * How full the connection's storage is: a bar per array pool (used of total, with the warning and
 * danger thresholds of {@link CapacityViewModel}) and per GetCapacity segment (available space
 * only), above the table of every row.
 */
public final class CapacityView extends StorageTableView<Capacity> {
    private final CapacityViewModel model;
    private final CapacityBars bars;

    public CapacityView(CapacityViewModel model) {
        super(ResourceKind.CAPACITY, model);
        this.model = model;
        List<Column<Capacity, ?>> columns = List.of(
                Column.<Capacity, String>of("segment", "Topology segment", CapacityViewModel::segment).width(200)
                        .tooltip(CapacityViewModel::segment),
                Column.<Capacity, Long>of("available", "Available", Capacity::availableCapacityBytes).format(Texts::knownSize)
                        .tooltip(c -> Texts.exactBytes(c.availableCapacityBytes())).alignRight().width(100),
                Column.<Capacity, Capacity>of("used", "Used", c -> c)
                        .format(c -> c.pool() == null ? "Available only" : CapacityViewModel.usageText(c))
                        .comparator(java.util.Comparator.comparingDouble(CapacityViewModel::usedFraction))
                        .tooltip(c -> c.pool() == null ? CapacityViewModel.AVAILABLE_ONLY : null)
                        .styleClass(CapacityView::levelClass).width(240).whole(),
                Column.<Capacity, String>of("parameters", "Parameters", CapacityViewModel::parameters).width(160),
                Column.<Capacity, Long>of("maximum", "Largest volume", Capacity::maximumVolumeSizeBytes)
                        .format(b -> b == null ? "" : Texts.knownSize(b)).alignRight().width(120),
                Column.<Capacity, Long>of("minimum", "Smallest volume", Capacity::minimumVolumeSizeBytes)
                        .format(b -> b == null ? "" : Texts.knownSize(b)).alignRight().width(120));
        ResourceTable<Capacity> table = new ResourceTable<>(model.table(), columns)
                .withDetail(c -> List.of(
                        DetailRow.of("Segment", CapacityViewModel.segment(c)),
                        DetailRow.of("Available", Texts.knownSizeWithBytes(c.availableCapacityBytes())),
                        DetailRow.of("Used", c.pool() == null ? CapacityViewModel.AVAILABLE_ONLY : CapacityViewModel.usageText(c)),
                        DetailRow.of("Total", c.pool() == null ? "Not reported" : Texts.knownSizeWithBytes(c.pool().totalBytes())),
                        DetailRow.of("Largest volume", c.maximumVolumeSizeBytes() == null ? "Not reported" : Texts.knownSizeWithBytes(c.maximumVolumeSizeBytes())),
                        DetailRow.of("Smallest volume", c.minimumVolumeSizeBytes() == null ? "Not reported" : Texts.knownSizeWithBytes(c.minimumVolumeSizeBytes())),
                        DetailRow.block("Parameters", Texts.keyValues(c.parameters()))), CapacityViewModel::name)
                .withEmptyState(Material2MZ.PIE_CHART, "No capacity reported", "Capacity appears when the plugin answers GetCapacity.");
        install(table);

        bars = new CapacityBars(model.table().all());
        // The bars scroll, their first rows kept whole (CapacityBars); the table keeps 8 rows in sight, or as many as it has.
        table.keepHeldRowsInSight(8);
        SplitPane split = new SplitPane(bars, table);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.38);
        root().setCenter(split);
        commands(new ActionButton("capacity-query", model.queryAction(), Material2MZ.SEARCH, "GetCapacity for a segment and parameters (Ctrl+N)"));
    }

    private static String levelClass(Capacity c) {
        return switch (CapacityViewModel.level(c)) {
            case DANGER -> ConsoleStyles.CELL_DANGER;
            case WARNING -> ConsoleStyles.CELL_WARNING;
            case NORMAL -> null;
        };
    }

    /** The bars above the table: one row (name, bar when the row has pool figures, text) per capacity row. */
    public javafx.collections.ObservableList<javafx.scene.Node> barRows() {
        return bars.rowNodes();
    }

    @Override
    public ViewAction refreshAction() {
        return model.refreshAction();
    }

    @Override
    public ViewAction createAction() {
        return model.queryAction();
    }

    @Override
    public ViewAction deleteAction() {
        return ViewAction.unavailable("Delete", "Capacity rows are reports from GetCapacity; there is nothing to delete.");
    }
}
