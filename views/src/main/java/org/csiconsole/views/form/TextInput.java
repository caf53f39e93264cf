package org.csiconsole.views.form;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.List;

/** A text field of a {@link Form}: one line, several lines ({@code key=value} parameters) or a secret. */
public final class TextInput extends Form.Field {
    /** How the text is entered. */
    public enum Kind { LINE, LINES, SECRET }

    private final Kind kind;
    private final StringProperty text;
    private List<String> suggestions = List.of();

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
     * usual file system types; empty when none are offered.
     */
    public List<String> suggestions() {
        return suggestions;
    }

    /** Offers {@code values} as suggestions; the field stays free text and may stay empty. */
    public TextInput suggest(List<String> values) {
        if (kind != Kind.LINE) throw new IllegalStateException("Only a one-line field offers suggestions");
        suggestions = List.copyOf(values);
        return this;
    }

    /** Sets the text (for tests and defaults). */
    public TextInput set(String value) {
        text.set(value);
        return this;
    }
}
