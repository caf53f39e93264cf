package org.csiconsole.views.dialog;

import atlantafx.base.theme.Styles;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.csiconsole.views.Icons;
import org.csiconsole.views.task.ItemOutcome;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.List;

/**
 * What came of each item of a bulk action: the summary ({@code "Deleted 8 of 10 volumes; 2
 * failed."}) over a table of every item with its outcome, OK or the failure's own message, wrapped
 * whole. Failed rows read in the danger colour, items not run as muted.
 *
 * <p>Node ids: {@code results-summary}, {@code results-table}.
 */
public final class ResultsDialog extends Dialog<Void> {
    private static final double OUTCOME_WIDTH = 480;
    private static final double ROW_HEIGHT = 34;
    private static final double HEADER_HEIGHT = 40;
    /** Above this, the table scrolls. */
    private static final double MAX_TABLE_HEIGHT = 440;

    public ResultsDialog(String title, String summary, List<? extends ItemOutcome<?>> outcomes) {
        setTitle(title);
        setResizable(true);
        boolean failed = outcomes.stream().anyMatch(o -> o.status() == ItemOutcome.Status.FAILED);
        FontIcon icon = Icons.of(failed ? Material2AL.ERROR_OUTLINE : Material2MZ.WARNING, 32);
        icon.getStyleClass().add(failed ? ConsoleStyles.DANGER_ICON : ConsoleStyles.WARNING_ICON);
        Label heading = new Label(title);
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        Label said = new Label(summary);
        said.setId("results-summary");
        said.setWrapText(true);
        HBox header = new HBox(14, icon, new VBox(2, heading, said));
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);

        TableView<ItemOutcome<?>> table = new TableView<>();
        table.setId("results-table");
        table.getItems().setAll(outcomes);
        TableColumn<ItemOutcome<?>, String> name = new TableColumn<>("Item");
        name.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().name()));
        name.setPrefWidth(200);
        name.setMinWidth(120);
        TableColumn<ItemOutcome<?>, String> outcome = new TableColumn<>("Outcome");
        outcome.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().describe()));
        outcome.setPrefWidth(OUTCOME_WIDTH);
        outcome.setCellFactory(c -> new TableCell<>() {
            // The whole message, wrapped: a plugin's failure text is what the person acts on.
            private final Text wrapped = new Text();

            {
                wrapped.wrappingWidthProperty().bind(outcome.widthProperty().subtract(20));
                wrapped.fillProperty().bind(textFillProperty());
                wrapped.fontProperty().bind(fontProperty());
                setContentDisplay(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY);
            }

            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                getStyleClass().removeAll(ConsoleStyles.CELL_DANGER, ConsoleStyles.CELL_MUTED, ConsoleStyles.CELL_OK);
                wrapped.setText(empty ? null : text);
                setGraphic(empty ? null : wrapped);
                ItemOutcome<?> o = empty || getTableRow() == null ? null : getTableRow().getItem();
                if (o == null) return;
                setTooltip(o.message().isEmpty() ? null : new javafx.scene.control.Tooltip(o.describe()));
                getStyleClass().add(switch (o.status()) {
                    case DONE -> ConsoleStyles.CELL_OK;
                    case FAILED -> ConsoleStyles.CELL_DANGER;
                    case NOT_RUN -> ConsoleStyles.CELL_MUTED;
                });
            }
        });
        table.getColumns().add(name);
        table.getColumns().add(outcome);
        table.getStyleClass().add(Styles.DENSE);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // tall enough for every row's wrapped message, up to a scroll: a failure's text runs over several lines
        table.setPrefWidth(720);
        fitRows(table, outcomes, OUTCOME_WIDTH);
        outcome.widthProperty().addListener((o, was, now) -> fitRows(table, outcomes, now.doubleValue()));
        VBox body = new VBox(table);
        body.setPadding(new Insets(4, 20, 8, 20));
        getDialogPane().setContent(body);
        getDialogPane().setPrefWidth(760);
        getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
    }

    /** Sizes {@code table} to show every row of {@code outcomes} whole, their messages wrapped in a column {@code width} wide. */
    private static void fitRows(TableView<?> table, List<? extends ItemOutcome<?>> outcomes, double width) {
        Text probe = new Text();
        probe.setWrappingWidth(Math.max(100, width - 20));
        double rows = 0;
        for (ItemOutcome<?> o : outcomes) {
            probe.setText(o.describe());
            // the cell's font and line spacing run taller than the probe's default font
            rows += Math.max(ROW_HEIGHT, probe.getLayoutBounds().getHeight() * 1.3 + 14);
        }
        double height = Math.min(MAX_TABLE_HEIGHT, HEADER_HEIGHT + rows);
        table.setPrefHeight(height);
        table.setMinHeight(height);
    }
}
