package org.csiconsole.views.form;

import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import org.csiconsole.views.theme.ConsoleStyles;

/**
 * The control of a {@link Picks} field: a filter line, a list of the options that pass it with a
 * check box each, and how many are chosen. Node ids: the filter {@code form-<id>-filter}, the list
 * {@code form-<id>-list}, the count {@code form-<id>-count}; each check box reads as its option.
 */
final class PicksInput {
    private PicksInput() {
    }

    static <E> VBox of(Picks<E> p) {
        TextField filter = new TextField();
        filter.setId("form-" + p.id() + "-filter");
        filter.setPromptText("Filter");
        filter.textProperty().bindBidirectional(p.filter());
        ListView<E> list = new ListView<>(p.shown());
        list.setId("form-" + p.id() + "-list");
        list.setPrefHeight(180);
        list.setCellFactory(v -> new ListCell<>() {
            private final CheckBox box = new CheckBox();

            {
                box.setOnAction(e -> {
                    if (getItem() != null) p.pick(getItem(), box.isSelected());
                });
            }

            @Override
            protected void updateItem(E item, boolean empty) {
                super.updateItem(item, empty);
                setText(null);
                if (empty || item == null) {
                    setGraphic(null);
                    return;
                }
                box.setText(p.name(item));
                box.setSelected(p.chosen().contains(item));
                setGraphic(box);
            }
        });
        p.chosen().addListener((ListChangeListener<E>) c -> list.refresh());
        Label count = new Label();
        count.setId("form-" + p.id() + "-count");
        count.getStyleClass().add(ConsoleStyles.MUTED);
        count.textProperty().bind(Bindings.createStringBinding(() -> p.chosen().size() + " of " + p.options().size() + " chosen",
                p.chosen(), p.options()));
        return new VBox(4, filter, list, count);
    }
}
