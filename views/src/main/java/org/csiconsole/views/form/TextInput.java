package org.csiconsole.views.form;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;

import java.util.List;
import java.util.function.Function;

/** A text field of a {@link Form}: one line, several lines ({@code key=value} parameters) or a secret. */
public final class TextInput extends Form.Field {
    /** How the text is entered. */
    public enum Kind { LINE, LINES, SECRET }

    private final Kind kind;
    private final StringProperty text;
    private final ObservableList<String> suggestions = FXCollections.observableArrayList();
    private final ObservableMap<String, List<String>> keyValues = FXCollections.observableMap(new java.util.LinkedHashMap<>());
    private boolean suggesting;
    private boolean offeringKeyValues;
    private Function<String, String> describe = s -> s;

    TextInput(String id, String label, String help, Kind kind, String initial) {
        super(id, label, help);
        this.kind = kind;
        this.text = new SimpleStringProperty(this, id, initial == null ? "" : initial);
    }

    public Kind kind() {
        return kind;
    }

    public StringProperty text() {
        return text;
    }

    /** The text without surrounding blanks. */
    public String value() {
        return text.get() == null ? "" : text.get().strip();
    }

    /**
     * Values offered in a drop-down while the text stays free (a one-line field only), e.g. the
     * usual file system types; may change while the form is shown (values read in the background).
     */
    public ObservableList<String> suggestions() {
        return suggestions;
    }

    /** True when the field offers suggestions (a drop-down), even while none has arrived yet. */
    public boolean suggesting() {
        return suggesting;
    }

    /** Offers {@code values} as suggestions; the field stays free text and may stay empty. */
    public TextInput suggest(List<String> values) {
        return suggest(values, describe);
    }

    /**
     * Offers {@code values} as suggestions, each shown in the drop-down as {@code describe} says
     * (e.g. {@code "node-1 — reaches the volume's topology"}); choosing one puts the value itself
     * into the text.
     */
    public TextInput suggest(List<String> values, Function<String, String> describe) {
        if (kind != Kind.LINE) throw new IllegalStateException("Only a one-line field offers suggestions");
        suggesting = true;
        this.describe = describe;
        suggestions.setAll(values);
        return this;
    }

    /** How a suggestion reads in the drop-down. */
    public String describe(String value) {
        return value == null ? "" : describe.apply(value);
    }

    /**
     * Known {@code key=value} pairs offered beside a several-line {@code key=value} field: each key
     * with the values known for it (possibly none). The text stays free. The map may change while
     * the form is shown.
     */
    public ObservableMap<String, List<String>> keyValues() {
        return keyValues;
    }

    /** True when the field offers a key and value picker ({@link #offerKeyValues}). */
    public boolean offeringKeyValues() {
        return offeringKeyValues;
    }

    /** Offers a key and value picker beside this several-line {@code key=value} field, filled with {@code known}. */
    public TextInput offerKeyValues(java.util.Map<String, List<String>> known) {
        if (kind != Kind.LINES) throw new IllegalStateException("Only a several-line field offers key=value pairs");
        offeringKeyValues = true;
        keyValues.clear();
        keyValues.putAll(known);
        return this;
    }

    /** Sets {@code key=value} in the text: replaces the line of that key, or adds a line. A blank key changes nothing. */
    public TextInput put(String key, String value) {
        text.set(Form.withKeyValue(text.get(), key, value));
        return this;
    }

    /** Sets the text (for tests and defaults). */
    public TextInput set(String value) {
        text.set(value);
        return this;
    }
}
