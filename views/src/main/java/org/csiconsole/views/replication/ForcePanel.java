package org.csiconsole.views.replication;

import javafx.beans.property.StringProperty;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.csiconsole.views.theme.ConsoleStyles;

import java.time.ZoneId;

/**
 * What a person reads and types before force is sent on one volume or group: the call, the RPO age,
 * the last sync, the health with its status message, any split-brain warning, the data that can be
 * lost, the safer step, and a field for the name. Used by the force dialog and by the unplanned
 * failover wizard (one per item). Node ids: {@code force-input-<id>} (the field), {@code force-loss},
 * {@code force-split-brain}.
 */
final class ForcePanel extends VBox {
    private final TextField input = new TextField();

    ForcePanel(ForceFacts f, StringProperty typed, java.time.Instant now, ZoneId zone) {
        super(10);
        GridPane grid = new GridPane();
        grid.getStyleClass().add(ConsoleStyles.PROPERTY_GRID);
        grid.setHgap(12);
        grid.setVgap(5);
        javafx.scene.layout.ColumnConstraints keys = new javafx.scene.layout.ColumnConstraints();
        keys.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.ColumnConstraints values = new javafx.scene.layout.ColumnConstraints();
        values.setHgrow(javafx.scene.layout.Priority.ALWAYS);
        values.setPrefWidth(420);
        values.setMaxWidth(460);
        grid.getColumnConstraints().addAll(keys, values);
        int r = 0;
        grid.addRow(r++, key("Sends"), value(f.action().rpc().substring(f.action().rpc().indexOf('/') + 1) + " force=true on "
                + f.source() + " at " + f.site()));
        Label rpo = value(f.rpo().text() + (f.rpo().interval() == null ? "" : "  (interval " + ReplicationTexts.duration(f.rpo().interval()) + ")"));
        rpo.getStyleClass().add(ReplicationTexts.rpoStyle(f.rpo().level()));
        grid.addRow(r++, key("RPO age"), rpo);
        grid.addRow(r++, key("Last sync"), value(f.lastSync() == null ? "none known" : ReplicationTexts.time(f.lastSync(), now, zone)));
        Label health = value(ReplicationTexts.health(f.health()) + (f.statusMessage().isEmpty() ? "" : ": " + f.statusMessage()));
        health.getStyleClass().add(ReplicationTexts.healthStyle(f.health()));
        grid.addRow(r, key("Health"), health);
        getChildren().add(grid);
        if (!f.splitBrain().isEmpty()) {
            Label split = callout(f.splitBrain(), ConsoleStyles.CALLOUT_DANGER);
            split.setId("force-split-brain");
            getChildren().add(split);
        }
        Label loss = callout("Data that can be lost: " + f.dataLoss(), ConsoleStyles.CALLOUT_WARNING);
        loss.setId("force-loss");
        getChildren().add(loss);
        if (!f.saferStep().isEmpty()) getChildren().add(callout(f.saferStep(), ConsoleStyles.CALLOUT_INFO));
        Text before = new Text("Type ");
        Text name = new Text(f.name());
        name.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.STRONG);
        Text after = new Text(" to send force=true on this " + f.source().kindWord() + ".");
        TextFlow prompt = new TextFlow(before, name, after);
        prompt.getStyleClass().add(ConsoleStyles.PROMPT);
        input.setId("force-input-" + f.source().id());
        input.setPromptText(f.name());
        input.textProperty().bindBidirectional(typed);
        getChildren().addAll(prompt, input);
    }

    TextField input() {
        return input;
    }

    private static Label key(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(ConsoleStyles.PROPERTY_KEY);
        l.setMinWidth(Label.USE_PREF_SIZE);
        return l;
    }

    private static Label value(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(ConsoleStyles.PROPERTY_VALUE);
        l.setWrapText(true);
        l.setMinHeight(Label.USE_PREF_SIZE);
        return l;
    }

    static Label callout(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setWrapText(true);
        l.setMaxWidth(Double.MAX_VALUE);
        l.setPrefWidth(520);
        l.setMinHeight(Label.USE_PREF_SIZE);
        return l;
    }
}
