package org.csiconsole.views.form;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.function.Function;

/** A choice among fixed options in a {@link Form}. */
public final class Choice<E> extends Form.Field {
    private final ObservableList<E> options;
    private final ObjectProperty<E> value;
    private final Function<E, String> names;

    Choice(String id, String label, String help, List<E> options, E initial, Function<E, String> names) {
        super(id, label, help);
        this.options = FXCollections.observableArrayList(options);
        this.value = new SimpleObjectProperty<>(this, id, initial);
        this.names = names;
    }

    public ObservableList<E> options() {
        return options;
    }

    public ObjectProperty<E> value() {
        return value;
    }

    /** How an option reads. */
    public String name(E option) {
        return option == null ? "" : names.apply(option);
    }

    /** Selects {@code option} (for tests and defaults). */
    public Choice<E> set(E option) {
        value.set(option);
        return this;
    }
}
