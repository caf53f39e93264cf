package org.csiconsole.views.replication;

import atlantafx.base.controls.Spacer;
import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.views.theme.ConsoleStyles;

import java.time.Duration;
import java.time.ZoneId;
import java.util.function.Supplier;

/**
 * The timeline of the selected volume or group: a range switch (1 h to 30 d), the chart, a legend
 * and what the history says when it has nothing to draw. Node ids: {@code repl-timeline},
 * {@code repl-timeline-title}, {@code repl-timeline-status}, {@code repl-range-<hours>h}.
 */
final class TimelinePane extends VBox {
    private final TimelineModel model;
    private final TimelineChart chart;
    private final Supplier<SamplerSettings> settings;
    private final Label title = new Label();

    TimelinePane(TimelineModel model, Supplier<SamplerSettings> settings, ZoneId zone) {
        super(4);
        this.model = model;
        this.settings = settings;
        this.chart = new TimelineChart(zone);
        setId("repl-timeline");
        getStyleClass().add(ConsoleStyles.REPL_LOWER);
        setPadding(new Insets(6, 10, 6, 10));
        title.setId("repl-timeline-title");
        title.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        ToggleGroup ranges = new ToggleGroup();
        HBox rangeBox = new HBox();
        for (int i = 0; i < TimelineModel.RANGES.size(); i++) {
            Duration d = TimelineModel.RANGES.get(i);
            ToggleButton b = new ToggleButton(ReplicationTexts.duration(d).replace(" ", ""));
            b.setId("repl-range-" + d.toHours() + "h");
            b.getStyleClass().addAll(Styles.SMALL, i == 0 ? Styles.LEFT_PILL
                    : i == TimelineModel.RANGES.size() - 1 ? Styles.RIGHT_PILL : Styles.CENTER_PILL);
            b.setToggleGroup(ranges);
            b.setMinWidth(javafx.scene.control.Button.USE_PREF_SIZE);
            b.setUserData(d);
            b.setSelected(d.equals(model.rangeProperty().get()));
            rangeBox.getChildren().add(b);
        }
        ranges.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) a.setSelected(true);
            else model.rangeProperty().set((Duration) b.getUserData());
        });
        title.setMinWidth(0);
        HBox.setHgrow(title, Priority.SOMETIMES);
        HBox head = new HBox(10, title, new Spacer(), legend(), rangeBox);
        head.setAlignment(Pos.CENTER_LEFT);
        Label status = new Label();
        status.setId("repl-timeline-status");
        status.getStyleClass().add(ConsoleStyles.MUTED);
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        StackPane body = new StackPane(chart);
        body.setMinHeight(60);
        VBox.setVgrow(body, Priority.ALWAYS);
        getChildren().addAll(head, body, status);
        model.timelineProperty().addListener((o, a, b) -> redraw());
        model.subjectProperty().addListener((o, a, b) -> redraw());
        redraw();
    }

    /** Draws the chart again (the thresholds changed, or the timeline). */
    void redraw() {
        ReplicationRow row = model.subjectProperty().get();
        title.setText(row == null ? "History" : "History \u00b7 " + row.name() + " on " + row.site().name());
        boolean data = row != null && model.timelineProperty().get() != null && model.fromProperty().get() != null;
        chart.setVisible(data);
        if (!data) return;
        chart.show(model.timelineProperty().get(), model.splitBrainProperty().get(), model.fromProperty().get(), model.toProperty().get(),
                settings.get().thresholds(), row.sample().item().schedulingInterval());
    }

    TimelineChart chart() {
        return chart;
    }

    private static HBox legend() {
        HBox l = new HBox(10,
                swatch(ConsoleStyles.TIMELINE_OPERATION, "operation"),
                swatch(ConsoleStyles.TIMELINE_ROLE, "role change"),
                swatch(ConsoleStyles.TIMELINE_BAND_WARNING, "degraded"),
                swatch(ConsoleStyles.TIMELINE_BAND_DANGER, "error"),
                swatch(ConsoleStyles.TIMELINE_BAND_STALE, "stale"));
        l.setAlignment(Pos.CENTER_LEFT);
        return l;
    }

    private static HBox swatch(String style, String words) {
        Region r = new Region();
        r.getStyleClass().add(style);
        r.setMinSize(10, 10);
        r.setPrefSize(10, 10);
        r.setMaxSize(10, 10);
        Label l = new Label(words);
        l.getStyleClass().addAll(ConsoleStyles.MUTED, Styles.TEXT_SMALL);
        HBox h = new HBox(4, r, l);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }
}
