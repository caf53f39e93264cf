package org.csiconsole.views.replication;

import atlantafx.base.controls.Popover;
import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.SamplerSettings;

import java.time.Duration;

/**
 * The sampling settings, in a popover under the header's gear: how often each site is sampled
 * while shown and while hidden, and when an RPO age is a warning or an error (times the pair's
 * scheduling interval). Node ids: {@code repl-interval}, {@code repl-hidden-interval},
 * {@code repl-warning-factor}, {@code repl-error-factor}, {@code repl-settings-apply}.
 */
final class SamplingSettingsPopup extends Popover {

    SamplingSettingsPopup(ReplicationViewModel model) {
        SamplerSettings s = model.settings();
        Spinner<Integer> interval = new Spinner<>(5, 3600, (int) s.interval().toSeconds(), 5);
        interval.setId("repl-interval");
        Spinner<Integer> hidden = new Spinner<>(1, 120, (int) Math.max(1, s.hiddenInterval().toMinutes()), 1);
        hidden.setId("repl-hidden-interval");
        Spinner<Double> warning = new Spinner<>(1.0, 50.0, s.thresholds().warningFactor(), 0.5);
        warning.setId("repl-warning-factor");
        Spinner<Double> error = new Spinner<>(1.0, 100.0, s.thresholds().errorFactor(), 0.5);
        error.setId("repl-error-factor");
        for (Spinner<?> sp : new Spinner<?>[]{interval, hidden, warning, error}) {
            sp.setEditable(true);
            sp.setPrefWidth(110);
        }
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, label("Sample every"), interval, note("seconds while shown"));
        grid.addRow(1, label("While hidden"), hidden, note("minutes (history keeps filling)"));
        grid.addRow(2, label("RPO warning past"), warning, note("\u00d7 the scheduling interval"));
        grid.addRow(3, label("RPO error past"), error, note("\u00d7 the scheduling interval"));
        Label problem = new Label();
        problem.getStyleClass().add(Styles.DANGER);
        problem.setWrapText(true);
        problem.setMaxWidth(380);
        Button apply = new Button("Apply");
        apply.setId("repl-settings-apply");
        apply.getStyleClass().add(Styles.ACCENT);
        apply.setDefaultButton(true);
        Button defaults = new Button("Defaults");
        defaults.setOnAction(e -> {
            SamplerSettings d = SamplerSettings.DEFAULT;
            interval.getValueFactory().setValue((int) d.interval().toSeconds());
            hidden.getValueFactory().setValue((int) d.hiddenInterval().toMinutes());
            warning.getValueFactory().setValue(d.thresholds().warningFactor());
            error.getValueFactory().setValue(d.thresholds().errorFactor());
        });
        apply.setOnAction(e -> {
            try {
                Duration shown = Duration.ofSeconds(interval.getValue());
                Duration away = Duration.ofMinutes(hidden.getValue());
                RpoThresholds t = new RpoThresholds(warning.getValue(), error.getValue(), s.thresholds().defaultInterval());
                SamplerSettings next = model.settings().withInterval(shown).withHiddenInterval(away.compareTo(shown) < 0 ? shown : away)
                        .withThresholds(t);
                model.settingsProperty().set(next);
                hide();
            } catch (IllegalArgumentException bad) {
                problem.setText(bad.getMessage());
            }
        });
        HBox buttons = new HBox(8, defaults, apply);
        Label heading = new Label("Sampling and RPO thresholds");
        heading.getStyleClass().add(Styles.TITLE_4);
        Label about = note("A sample older than twice the interval, or whose read failed, is shown as stale. An RPO age "
                + "(now \u2212 last_sync_time) past the warning factor reads amber, past the error factor red.");
        about.setWrapText(true);
        about.setMaxWidth(380);
        VBox box = new VBox(10, heading, about, grid, problem, buttons);
        box.setPadding(new Insets(10));
        setContentNode(box);
        setArrowLocation(ArrowLocation.TOP_RIGHT);
        setTitle("Sampling");
        setHeaderAlwaysVisible(false);
        setDetachable(false);
    }

    private static Label label(String text) {
        return new Label(text);
    }

    private static Label note(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.TEXT_MUTED);
        return l;
    }
}
