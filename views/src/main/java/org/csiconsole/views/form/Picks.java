package org.csiconsole.views.form;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A multiple choice among many options in a {@link Form}, with a filter: the person narrows the
 * list by typing (matching the option's name anywhere, ignoring case) and ticks any number of
 * options. {@link #chosen()} keeps the choices in the order they were made, also those the filter
 * hides.
 */
public final class Picks<E> extends Form.Field {
    private final ObservableList<E> options;
    private final ObservableList<E> chosen;
    private final Function<E, String> names;
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final FilteredList<E> shown;

    Picks(String id, String label, String help, List<E> options, List<E> initial, Function<E, String> names) {
        super(id, label, help);
        this.options = FXCollections.observableArrayList(options);
        this.chosen = FXCollections.observableArrayList(initial);
        this.names = names;
        this.shown = new FilteredList<>(this.options);
        filter.addListener((o, a, text) -> {
            String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
            shown.setPredicate(t.isEmpty() ? null : e -> name(e).toLowerCase(Locale.ROOT).contains(t));
        });
    }

    public ObservableList<E> options() {
        return options;
    }

    /** The options ticked, in the order they were ticked. */
    public ObservableList<E> chosen() {
        return chosen;
    }

    /** The text the options are filtered by. */
    public StringProperty filter() {
        return filter;
    }

    /** The options the filter lets through, in option order. */
    public ObservableList<E> shown() {
        return shown;
    }

    /** How an option reads. */
    public String name(E option) {
        return option == null ? "" : names.apply(option);
    }

    /** Ticks or unticks {@code option}. */
    public void pick(E option, boolean on) {
        if (on && !chosen.contains(option)) chosen.add(option);
        if (!on) chosen.remove(option);
    }
}
