package org.csiconsole.views.replication;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import javafx.util.StringConverter;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.HistoryOperation;
import org.csiconsole.core.replication.HistoryPoint;
import org.csiconsole.core.replication.ReplicationTimeline;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.views.theme.ConsoleStyles;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * A volume's or group's replication over time (a JavaFX {@link LineChart}): the RPO age in minutes
 * as a line, the warning and error thresholds as dashed lines, bands where the pair was degraded,
 * in error or its samples stale, and vertical markers where its role changed and where an
 * operation ended (failed ones in the danger colour), each with a tooltip saying what it was.
 */
final class TimelineChart extends LineChart<Number, Number> {
    private static final DateTimeFormatter HOURS = DateTimeFormatter.ofPattern("HH:mm");
    private static final DateTimeFormatter DAYS = DateTimeFormatter.ofPattern("MM-dd HH:mm");

    private final NumberAxis xAxis;
    private final NumberAxis yAxis;
    private final ZoneId zone;
    private final List<Band> bands = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private final List<Threshold> thresholds = new ArrayList<>();

    private record Band(Rectangle node, double from, double to) {
    }

    private record Marker(Line line, Label flag, double at) {
    }

    private record Threshold(Line line, Label label, double minutes) {
    }

    TimelineChart(ZoneId zone) {
        super(new NumberAxis(), new NumberAxis());
        this.zone = zone;
        this.xAxis = (NumberAxis) getXAxis();
        this.yAxis = (NumberAxis) getYAxis();
        getStyleClass().add(ConsoleStyles.TIMELINE_CHART);
        setAnimated(false);
        setLegendVisible(false);
        setCreateSymbols(false);
        setHorizontalGridLinesVisible(true);
        setVerticalGridLinesVisible(false);
        xAxis.setAutoRanging(false);
        xAxis.setMinorTickVisible(false);
        yAxis.setLabel("RPO age (min)");
        yAxis.setAutoRanging(false);
        yAxis.setLowerBound(0);
        yAxis.setMinorTickVisible(false);
        setMinHeight(140);
    }

    /**
     * Draws {@code t} between {@code from} and {@code to}, with the periods its pair was in split brain
     * as danger bands marked "split brain".
     *
     * @param interval the pair's scheduling interval, for the threshold lines
     */
    void show(ReplicationTimeline t, List<TimelineModel.Period> splitBrain, Instant from, Instant to, RpoThresholds th, Duration interval) {
        getPlotChildren().removeIf(n -> n instanceof Rectangle || n instanceof Line || n instanceof Label);
        bands.clear();
        markers.clear();
        thresholds.clear();
        getData().clear();
        double lo = from.getEpochSecond();
        double hi = to.getEpochSecond();
        xAxis.setLowerBound(lo);
        xAxis.setUpperBound(hi);
        xAxis.setTickUnit(tickUnit(hi - lo));
        boolean days = hi - lo > 86_400;
        xAxis.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return (days ? DAYS : HOURS).format(Instant.ofEpochSecond(n.longValue()).atZone(zone));
            }

            @Override
            public Number fromString(String s) {
                return 0;
            }
        });
        Duration i = interval == null || interval.isZero() ? th.defaultInterval() : interval;
        double warn = i.toMillis() * th.warningFactor() / 60_000.0;
        double err = i.toMillis() * th.errorFactor() / 60_000.0;
        double max = err * 1.2;
        ObservableList<XYChart.Data<Number, Number>> points = FXCollections.observableArrayList();
        if (t != null) {
            for (HistoryPoint p : t.points()) {
                if (p.rpoAge() == null) continue;
                double m = p.rpoAge().toMillis() / 60_000.0;
                max = Math.max(max, m * 1.1);
                points.add(new XYChart.Data<>(p.time().getEpochSecond(), m));
            }
        }
        yAxis.setUpperBound(niceCeiling(max));
        yAxis.setTickUnit(niceCeiling(max) / 5);
        // Few points: each as a dot, so a single sample still shows.
        setCreateSymbols(points.size() < 60);
        getData().add(new XYChart.Series<>("RPO age", points));
        if (t != null) decorate(t, hi);
        for (TimelineModel.Period p : splitBrain) {
            Rectangle r = new Rectangle();
            r.getStyleClass().add(ConsoleStyles.TIMELINE_BAND_DANGER);
            String words = "Split brain: both sides primary from " + HOURS.format(p.from().atZone(zone)) + " to "
                    + HOURS.format(p.to().atZone(zone));
            Tooltip.install(r, new Tooltip(words));
            bands.add(new Band(r, Math.max(lo, p.from().getEpochSecond()), Math.min(hi, p.to().getEpochSecond())));
            getPlotChildren().add(0, r);
            markers.add(marker(Math.max(lo, p.from().getEpochSecond()), "split brain", ConsoleStyles.TIMELINE_OPERATION_FAILED, words));
        }
        thresholds.add(threshold(warn, "warning " + ReplicationTexts.factor(th.warningFactor()) + "\u00d7",
                ConsoleStyles.TIMELINE_THRESHOLD_WARNING));
        thresholds.add(threshold(err, "error " + ReplicationTexts.factor(th.errorFactor()) + "\u00d7",
                ConsoleStyles.TIMELINE_THRESHOLD_DANGER));
        requestChartLayout();
    }

    private void decorate(ReplicationTimeline t, double end) {
        List<HistoryPoint> ps = t.points();
        VolumeReplicationRole role = null;
        for (int k = 0; k < ps.size(); k++) {
            HistoryPoint p = ps.get(k);
            double at = p.time().getEpochSecond();
            double next = k + 1 < ps.size() ? ps.get(k + 1).time().getEpochSecond() : end;
            String band = p.stale() ? ConsoleStyles.TIMELINE_BAND_STALE
                    : p.health() == ReplicationHealth.ERROR ? ConsoleStyles.TIMELINE_BAND_DANGER
                    : p.health() == ReplicationHealth.DEGRADED ? ConsoleStyles.TIMELINE_BAND_WARNING : null;
            if (band != null) {
                Rectangle r = new Rectangle();
                r.getStyleClass().add(band);
                r.setMouseTransparent(false);
                Tooltip.install(r, new Tooltip(ReplicationTexts.health(p.health()) + (p.stale() ? " (stale: the read failed)" : "")
                        + (p.message().isEmpty() ? "" : "\n" + p.message())));
                bands.add(new Band(r, at, next));
                getPlotChildren().add(0, r);
            }
            if (role != null && p.role() != role) {
                markers.add(marker(at, "\u2192 " + ReplicationTexts.role(p.role()), ConsoleStyles.TIMELINE_ROLE,
                        "Role " + ReplicationTexts.role(role) + " \u2192 " + ReplicationTexts.role(p.role()) + " at "
                                + HOURS.format(p.time().atZone(zone))));
            }
            role = p.role();
        }
        boolean flags = t.operations().size() <= 12;
        for (HistoryOperation o : t.operations()) {
            String words = ReplicationTexts.actionWord(o.action()) + (o.forced() ? " (force)" : "");
            Marker m = marker(o.time().getEpochSecond(), flags ? words : "",
                    o.outcome() == RunOutcome.SUCCEEDED ? ConsoleStyles.TIMELINE_OPERATION : ConsoleStyles.TIMELINE_OPERATION_FAILED,
                    words + " " + o.source().id() + " on " + o.site() + " (" + o.workflow().words() + "): "
                            + o.outcome().name().toLowerCase(java.util.Locale.ROOT) + " at " + HOURS.format(o.time().atZone(zone))
                            + (o.message().isEmpty() ? "" : "\n" + o.message()));
            markers.add(m);
        }
    }

    private Marker marker(double at, String text, String style, String tip) {
        Line line = new Line();
        line.getStyleClass().add(style);
        Label flag = new Label(text);
        flag.getStyleClass().add(style);
        Tooltip tooltip = new Tooltip(tip);
        Tooltip.install(line, tooltip);
        Tooltip.install(flag, tooltip);
        getPlotChildren().addAll(line, flag);
        return new Marker(line, flag, at);
    }

    private Threshold threshold(double minutes, String text, String style) {
        Line line = new Line();
        line.getStyleClass().add(style);
        Label label = new Label(text);
        label.getStyleClass().add(style);
        getPlotChildren().addAll(line, label);
        return new Threshold(line, label, minutes);
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        double top = yAxis.getDisplayPosition(yAxis.getUpperBound());
        double bottom = yAxis.getDisplayPosition(0);
        double left = xAxis.getDisplayPosition(xAxis.getLowerBound());
        double right = xAxis.getDisplayPosition(xAxis.getUpperBound());
        for (Band b : bands) {
            double x0 = Math.max(left, xAxis.getDisplayPosition(b.from()));
            double x1 = Math.min(right, xAxis.getDisplayPosition(b.to()));
            b.node().setX(x0);
            b.node().setY(top);
            b.node().setWidth(Math.max(1, x1 - x0));
            b.node().setHeight(Math.max(0, bottom - top));
        }
        for (Marker m : markers) {
            double x = xAxis.getDisplayPosition(m.at());
            boolean in = x >= left && x <= right;
            m.line().setVisible(in);
            m.flag().setVisible(in && !m.flag().getText().isEmpty());
            m.line().setStartX(x);
            m.line().setEndX(x);
            m.line().setStartY(top);
            m.line().setEndY(bottom);
            m.flag().autosize();
            m.flag().relocate(Math.min(x + 3, right - m.flag().getWidth()), top + 2);
        }
        for (Threshold t : thresholds) {
            double y = yAxis.getDisplayPosition(t.minutes());
            boolean in = t.minutes() <= yAxis.getUpperBound();
            t.line().setVisible(in);
            t.label().setVisible(in);
            t.line().setStartX(left);
            t.line().setEndX(right);
            t.line().setStartY(y);
            t.line().setEndY(y);
            t.label().autosize();
            t.label().relocate(right - t.label().getWidth() - 4, y - t.label().getHeight());
        }
    }

    /** The points drawn (for tests): time in epoch seconds, RPO age in minutes. */
    List<XYChart.Data<Number, Number>> points() {
        return getData().isEmpty() ? List.of() : List.copyOf(getData().get(0).getData());
    }

    /** The marker lines drawn (role changes and operations). */
    List<Node> markerNodes() {
        return markers.stream().map(m -> (Node) m.line()).toList();
    }

    private static double tickUnit(double seconds) {
        double[] units = {60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 432000};
        for (double u : units) if (seconds / u <= 8) return u;
        return 864000;
    }

    private static double niceCeiling(double v) {
        if (v <= 0) return 1;
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[]{1, 2, 2.5, 5, 10}) if (m * p >= v) return m * p;
        return 10 * p;
    }
}
