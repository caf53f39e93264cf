package org.csiconsole.views.form;

import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.MapChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

import java.util.List;

/**
 * The key and value picker under a {@code key=value} field ({@link TextInput#offerKeyValues}):
 * an editable key drop-down with the known keys, an editable value drop-down with the values known
 * for the chosen key, and "Set" to put {@code key=value} into the text ({@link TextInput#put}).
 * Both stay free text. Node ids: {@code form-<id>-key}, {@code form-<id>-value} (the editors) and
 * {@code form-<id>-set}.
 */
final class KeyValuePicker extends HBox {
    KeyValuePicker(TextInput field) {
        super(6);
        ObservableList<String> keys = FXCollections.observableArrayList(field.keyValues().keySet());
        field.keyValues().addListener((MapChangeListener<String, List<String>>) c -> keys.setAll(field.keyValues().keySet()));
        ComboBox<String> key = new ComboBox<>(keys);
        key.setEditable(true);
        key.setPromptText("Parameter");
        key.getEditor().setId("form-" + field.id() + "-key");
        ObservableList<String> values = FXCollections.observableArrayList();
        ComboBox<String> value = new ComboBox<>(values);
        value.setEditable(true);
        value.setPromptText("Value");
        value.getEditor().setId("form-" + field.id() + "-value");
        Runnable known = () -> {
            List<String> v = field.keyValues().get(key.getEditor().getText() == null ? "" : key.getEditor().getText().strip());
            values.setAll(v == null ? List.of() : v);
        };
        key.getEditor().textProperty().addListener((o, a, b) -> known.run());
        field.keyValues().addListener((MapChangeListener<String, List<String>>) c -> known.run());
        Button set = new Button("Set");
        set.setId("form-" + field.id() + "-set");
        set.disableProperty().bind(Bindings.createBooleanBinding(
                () -> key.getEditor().getText() == null || key.getEditor().getText().isBlank(), key.getEditor().textProperty()));
        set.setOnAction(e -> {
            field.put(key.getEditor().getText(), value.getEditor().getText());
            key.getEditor().clear();
            value.getEditor().clear();
        });
        key.setMaxWidth(Double.MAX_VALUE);
        value.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(key, Priority.ALWAYS);
        HBox.setHgrow(value, Priority.ALWAYS);
        getChildren().addAll(key, value, set);
    }
}
