package org.csiconsole.views.replication;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.csiconsole.core.replication.SimulatedPair;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Duration;

/**
 * The faults panel of demo mode, beside the replication tables: the simulated pairs and buttons that
 * inject the faults a storage admin rehearses for. Node ids: {@code faults-pairs},
 * {@code faults-link-down}, {@code faults-link-up}, {@code faults-split-brain}, {@code faults-error},
 * {@code faults-error-text}, {@code faults-clear-error}, {@code faults-all-down}, {@code faults-all-up},
 * {@code faults-interval}, {@code faults-resync}.
 */
final class FaultsPanel extends javafx.scene.control.ScrollPane {

    FaultsPanel(FaultsModel model) {
        VBox box = new VBox(8);
        setContent(box);
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.NEVER);
        setId("repl-faults-panel");
        getStyleClass().add(ConsoleStyles.FAULTS_PANEL);
        box.setPadding(new Insets(10));
        setPrefWidth(330);
        setMinWidth(280);
        Label title = new Label("Faults (demo)");
        title.getStyleClass().add(Styles.TITLE_4);
        Label about = new Label("Rehearse failures on the bundled plugin's simulated arrays. Each fault is kept in the "
                + "demo's state and shows in the next sample.");
        about.setWrapText(true);
        about.getStyleClass().add(ConsoleStyles.MUTED);

        ListView<SimulatedPair> list = new ListView<>(model.pairs());
        list.setId("faults-pairs");
        list.getStyleClass().add(Styles.DENSE);
        list.setCellFactory(v -> new ListCell<>() {
            {
                setPrefWidth(0);
            }

            @Override
            protected void updateItem(SimulatedPair p, boolean empty) {
                super.updateItem(p, empty);
                if (empty || p == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                Label head = new Label(FaultsModel.describe(p));
                head.setWrapText(true);
                Label state = new Label(FaultsModel.state(p));
                state.setWrapText(true);
                state.getStyleClass().addAll(Styles.TEXT_SMALL, ReplicationTexts.healthStyle(p.health()));
                VBox cell = new VBox(1, head, state);
                cell.prefWidthProperty().bind(list.widthProperty().subtract(30));
                cell.maxWidthProperty().bind(cell.prefWidthProperty());
                setText(null);
                setGraphic(cell);
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) model.chosenProperty().set(b);
        });
        model.chosenProperty().addListener((o, a, b) -> {
            if (b != null && list.getSelectionModel().getSelectedItem() != b) list.getSelectionModel().select(b);
        });
        list.setPrefHeight(230);
        list.setMinHeight(140);

        Label pair = new Label("The chosen pair");
        pair.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        Button down = button("faults-link-down", "Link down", Material2AL.LINK_OFF, () -> model.link(true));
        Button up = button("faults-link-up", "Link up", Material2AL.LINK, () -> model.link(false));
        Button split = button("faults-split-brain", "Split brain", Material2AL.CALL_SPLIT, model::splitBrain);
        split.getStyleClass().add(Styles.DANGER);
        TextField error = new TextField("Array reports a replication fault");
        error.setId("faults-error-text");
        Button setError = button("faults-error", "Array error", Material2AL.ERROR_OUTLINE, () -> model.arrayError(error.getText()));
        Button clearError = button("faults-clear-error", "Clear", Material2AL.CLEAR, () -> model.arrayError(""));
        MenuButton interval = new MenuButton("Sync interval");
        interval.setId("faults-interval");
        interval.getStyleClass().add(Styles.SMALL);
        for (Duration d : FaultsModel.intervals()) {
            MenuItem i = new MenuItem(ReplicationTexts.duration(d));
            i.setOnAction(e -> model.interval(d));
            interval.getItems().add(i);
        }
        for (var n : new javafx.scene.Node[]{down, up, split, setError, clearError, interval}) {
            n.disableProperty().bind(model.chosenProperty().isNull());
        }
        FlowPane perPair = new FlowPane(6, 6, down, up, split, interval);
        HBox errorRow = new HBox(6, setError, clearError);
        errorRow.setAlignment(Pos.CENTER_LEFT);

        Label all = new Label("Every pair");
        all.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        Button allDown = button("faults-all-down", "All links down", Material2AL.LINK_OFF, () -> model.allLinks(true));
        Button allUp = button("faults-all-up", "All links up", Material2AL.LINK, () -> model.allLinks(false));
        MenuButton resync = new MenuButton("Resync takes");
        resync.setId("faults-resync");
        resync.getStyleClass().add(Styles.SMALL);
        for (Duration d : new Duration[]{Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofMinutes(10)}) {
            MenuItem i = new MenuItem(ReplicationTexts.duration(d));
            i.setOnAction(e -> model.resyncDuration(d));
            resync.getItems().add(i);
        }
        Button reread = button("faults-refresh", "Read again", Material2MZ.REFRESH, model::refresh);
        FlowPane every = new FlowPane(6, 6, allDown, allUp, resync, reread);
        box.getChildren().addAll(title, about, list, pair, perPair, error, errorRow, all, every);
    }

    private static Button button(String id, String text, org.kordamp.ikonli.Ikon icon, Runnable run) {
        Button b = new Button(text, Icons.of(icon, 14));
        b.setId(id);
        b.getStyleClass().add(Styles.SMALL);
        b.setOnAction(e -> run.run());
        return b;
    }
}
