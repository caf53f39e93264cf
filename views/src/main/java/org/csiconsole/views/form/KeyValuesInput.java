package org.csiconsole.views.form;

import javafx.collections.ListChangeListener;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.csiconsole.views.theme.ConsoleStyles;

/**
 * The control of a {@link KeyValues} field: one line per pair with a key field, a value field and
 * Remove, then "Add" (an editable drop-down of the keys seen before). Node ids: {@code form-<id>-key-<i>},
 * {@code form-<id>-value-<i>}, {@code form-<id>-remove-<i>}, {@code form-<id>-add}, {@code form-<id>-new-key}.
 */
final class KeyValuesInput {
    private KeyValuesInput() {
    }

    static VBox of(KeyValues kv) {
        VBox lines = new VBox(4);
        Runnable draw = () -> {
            lines.getChildren().clear();
            for (int i = 0; i < kv.rows().size(); i++) {
                KeyValues.Pair r = kv.rows().get(i);
                TextField key = new TextField();
                key.setId("form-" + kv.id() + "-key-" + i);
                key.setPromptText("key");
                key.textProperty().bindBidirectional(r.key());
                TextField value = new TextField();
                value.setId("form-" + kv.id() + "-value-" + i);
                value.setPromptText("value");
                value.textProperty().bindBidirectional(r.value());
                HBox.setHgrow(value, Priority.ALWAYS);
                Button remove = new Button("Remove");
                remove.setId("form-" + kv.id() + "-remove-" + i);
                remove.setOnAction(e -> kv.remove(r));
                lines.getChildren().add(new HBox(6, key, new Label("="), value, remove));
            }
            if (kv.rows().isEmpty()) {
                Label none = new Label("No parameters: add the ones to change.");
                none.getStyleClass().add(ConsoleStyles.MUTED);
                lines.getChildren().add(none);
            }
        };
        kv.rows().addListener((ListChangeListener<KeyValues.Pair>) c -> {
            boolean structural = false;
            while (c.next()) structural |= c.wasAdded() || c.wasRemoved() || c.wasPermutated();
            if (structural) draw.run();
        });
        draw.run();
        ComboBox<String> newKey = new ComboBox<>();
        newKey.getItems().setAll(kv.knownKeys());
        newKey.setEditable(true);
        newKey.setPromptText("New key");
        newKey.getEditor().setId("form-" + kv.id() + "-new-key");
        Button add = new Button("Add");
        add.setId("form-" + kv.id() + "-add");
        add.setOnAction(e -> {
            String k = newKey.getEditor().getText() == null ? "" : newKey.getEditor().getText().strip();
            kv.add(k);
            newKey.getEditor().clear();
            int last = kv.rows().size() - 1;
            javafx.application.Platform.runLater(() -> {
                var field = lines.lookup("#form-" + kv.id() + (k.isEmpty() ? "-key-" : "-value-") + last);
                if (field != null) field.requestFocus();
            });
        });
        newKey.getEditor().setOnAction(e -> {
            e.consume();
            add.fire();
        });
        return new VBox(6, lines, new HBox(6, newKey, add));
    }
}
