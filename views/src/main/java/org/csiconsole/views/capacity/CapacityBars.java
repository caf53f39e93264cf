package org.csiconsole.views.capacity;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.List;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.views.theme.ConsoleStyles;

/**
 * One bar per capacity row, each on its own 0 to 100% scale so a 200 TiB pool and a 2 TiB one read
 * alike: the row's name, a bar filled to the used share in the theme's normal, warning or danger
 * colour ({@link CapacityViewModel#level}), and the figures in words
 * ({@link CapacityViewModel#usageText}). A GetCapacity row has no bar and says it reports available
 * space only. Node ids: {@code capacity-bars}; each row's bar and text carry the classes
 * {@link ConsoleStyles#CAPACITY_BAR} and {@link ConsoleStyles#MUTED}.
 */
final class CapacityBars extends ScrollPane {
    /** Least and most width of a row's figures, in px: between them the text wraps, and the bar gives the rest. */
    private static final double TEXT_MIN_WIDTH = 240, TEXT_MAX_WIDTH = 420;
    /** Least height of the pane before its rows are laid out, in px. */
    private static final double MIN_HEIGHT = 60;
    private final VBox rows = new VBox();
    private final ObservableList<Capacity> source;

    CapacityBars(ObservableList<Capacity> source) {
        this.source = source;
        setId("capacity-bars");
        rows.getStyleClass().add(ConsoleStyles.CAPACITY_BARS);
        setContent(rows);
        setFitToWidth(true);
        source.addListener((ListChangeListener<Capacity>) c -> redraw());
        redraw();
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        // However little height the view has, the sum of every pool and the first pool's bar stay whole: once the
        // rows have their heights, the pane asks for theirs as its least.
        keepSummaryInSight();
    }

    /** How many rows at the top (the sum of every pool, then the first pool) the pane never cuts. */
    static final int ROWS_KEPT = 2;

    private void keepSummaryInSight() {
        List<javafx.scene.Node> kids = rows.getChildren();
        double h = rows.snappedTopInset() + rows.snappedBottomInset();
        for (int i = 0; i < Math.min(ROWS_KEPT, kids.size()); i++) {
            h += kids.get(i).getLayoutBounds().getHeight() + (i > 0 ? rows.getSpacing() : 0);
        }
        double min = Math.max(MIN_HEIGHT, Math.ceil(h + snappedTopInset() + snappedBottomInset()));
        if (min != getMinHeight()) setMinHeight(min);
    }

    private void redraw() {
        rows.getChildren().clear();
        // The sum of every pool, then the pools: they answer how full the arrays are; GetCapacity rows follow.
        CapacityViewModel.allPools(source).ifPresent(total ->
                rows.getChildren().add(line(total.name(), total.usedFraction(), CapacityViewModel.Level.NORMAL, total.text())));
        source.stream().filter(c -> c.pool() != null).forEach(c -> rows.getChildren().add(row(c)));
        source.stream().filter(c -> c.pool() == null).forEach(c -> rows.getChildren().add(row(c)));
    }

    private static HBox row(Capacity c) {
        return line(CapacityViewModel.name(c), CapacityViewModel.usedFraction(c), CapacityViewModel.level(c), CapacityViewModel.usageText(c));
    }

    /** A row: its name, a bar filled to {@code used} (none when negative) in the colour of {@code level}, and {@code figures}. */
    private static HBox line(String title, double used, CapacityViewModel.Level level, String figures) {
        Label name = new Label(title);
        name.getStyleClass().add(ConsoleStyles.CAPACITY_NAME);
        name.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // a segment and its parameters, whole
        name.setPrefWidth(260);
        Label text = new Label(figures);
        text.getStyleClass().add(ConsoleStyles.MUTED);
        // The figures and what they sum wrap onto a second line rather than lose their end: a number never elides.
        text.setWrapText(true);
        text.setMinWidth(TEXT_MIN_WIDTH);
        text.setMaxWidth(TEXT_MAX_WIDTH);
        text.setMinHeight(Label.USE_PREF_SIZE);
        HBox line = new HBox(12, name);
        line.setAlignment(Pos.CENTER_LEFT);
        if (used >= 0) {
            ProgressBar bar = new ProgressBar(used);
            bar.getStyleClass().add(ConsoleStyles.CAPACITY_BAR);
            switch (level) {
                case WARNING -> bar.getStyleClass().add(ConsoleStyles.CAPACITY_WARNING);
                case DANGER -> bar.getStyleClass().add(ConsoleStyles.CAPACITY_DANGER);
                case NORMAL -> { }
            }
            bar.setMaxWidth(Double.MAX_VALUE);
            bar.setPrefWidth(320);
            HBox.setHgrow(bar, Priority.ALWAYS);
            line.getChildren().add(bar);
        }
        line.getChildren().add(text);
        return line;
    }

    /** The rows as shown, for tests: each a name label, a bar when the row has pool figures, and the text. */
    ObservableList<javafx.scene.Node> rowNodes() {
        return rows.getChildren();
    }
}
