package org.csiconsole.views.capacity;

import javafx.collections.ListChangeListener;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
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
import org.csiconsole.views.workbench.ResourceKind;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.List;

/** Capacity per topology segment and parameter set, as a table and a bar chart of available GiB. */
public final class CapacityView extends StorageTableView<Capacity> {
    private static final double GIB = 1024.0 * 1024 * 1024;
    private static final double TIB = GIB * 1024;
    private final NumberAxis axis = new NumberAxis();
    private final CapacityViewModel model;
    private final BarChart<String, Number> chart;
    private final XYChart.Series<String, Number> available = new XYChart.Series<>();
    private final XYChart.Series<String, Number> maximum = new XYChart.Series<>();
    /** Held so the read-only wrapper (and its listener) lives as long as the view. */
    private final javafx.collections.ObservableList<Capacity> rows;

    public CapacityView(CapacityViewModel model) {
        super(ResourceKind.CAPACITY, model);
        this.model = model;
        this.rows = model.table().all();
        List<Column<Capacity, ?>> columns = List.of(
                Column.<Capacity, String>of("segment", "Topology segment", CapacityViewModel::segment).width(320),
                Column.<Capacity, String>of("parameters", "Parameters", CapacityViewModel::parameters).width(180),
                Column.<Capacity, Long>of("available", "Available", Capacity::availableCapacityBytes).format(Texts::knownSize)
                        .tooltip(c -> Texts.exactBytes(c.availableCapacityBytes())).alignRight().width(110),
                Column.<Capacity, Long>of("maximum", "Largest volume", Capacity::maximumVolumeSizeBytes)
                        .format(b -> b == null ? "" : Texts.knownSize(b)).alignRight().width(120),
                Column.<Capacity, Long>of("minimum", "Smallest volume", Capacity::minimumVolumeSizeBytes)
                        .format(b -> b == null ? "" : Texts.knownSize(b)).alignRight().width(120));
        ResourceTable<Capacity> table = new ResourceTable<>(model.table(), columns)
                .withDetail(c -> List.of(
                        DetailRow.of("Segment", CapacityViewModel.segment(c)),
                        DetailRow.of("Available", Texts.knownSizeWithBytes(c.availableCapacityBytes())),
                        DetailRow.of("Largest volume", c.maximumVolumeSizeBytes() == null ? "Not reported" : Texts.knownSizeWithBytes(c.maximumVolumeSizeBytes())),
                        DetailRow.of("Smallest volume", c.minimumVolumeSizeBytes() == null ? "Not reported" : Texts.knownSizeWithBytes(c.minimumVolumeSizeBytes())),
                        DetailRow.block("Parameters", Texts.keyValues(c.parameters()))), CapacityViewModel::segment)
                .withEmptyState(Material2MZ.PIE_CHART, "No capacity reported", "Capacity appears when the plugin answers GetCapacity.");
        install(table);

        CategoryAxis x = new CategoryAxis();
        chart = new BarChart<>(x, axis);
        chart.setId("capacity-chart");
        chart.setAnimated(false);
        chart.setLegendVisible(true);
        chart.setMinHeight(220);
        chart.setPrefHeight(260);
        available.setName("Available");
        maximum.setName("Largest volume");
        chart.getData().add(available);
        chart.getData().add(maximum);
        rows.addListener((ListChangeListener<Capacity>) c -> redraw());
        redraw();
        SplitPane split = new SplitPane(chart, table);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.42);
        root().setCenter(split);
        commands(new ActionButton("capacity-query", model.queryAction(), Material2MZ.SEARCH, "GetCapacity for a segment and parameters (Ctrl+N)"));
    }

    private void redraw() {
        available.getData().clear();
        maximum.getData().clear();
        long largest = rows.stream().mapToLong(c -> Math.max(c.availableCapacityBytes(),
                c.maximumVolumeSizeBytes() == null ? 0 : c.maximumVolumeSizeBytes())).max().orElse(0);
        boolean tib = largest >= 10 * TIB;
        double unit = tib ? TIB : GIB;
        axis.setLabel(tib ? "TiB" : "GiB");
        for (Capacity c : rows) {
            String label = CapacityViewModel.segment(c) + (c.parameters().isEmpty() ? "" : "\n" + CapacityViewModel.parameters(c));
            available.getData().add(new XYChart.Data<>(label, c.availableCapacityBytes() / unit));
            maximum.getData().add(new XYChart.Data<>(label, c.maximumVolumeSizeBytes() == null ? 0 : c.maximumVolumeSizeBytes() / unit));
        }
    }

    public BarChart<String, Number> chart() {
        return chart;
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
