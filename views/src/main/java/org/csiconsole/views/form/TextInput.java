package org.csiconsole.views.form;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** A text field of a {@link Form}: one line, several lines ({@code key=value} parameters) or a secret. */
public final class TextInput extends Form.Field {
    /** How the text is entered. */
    public enum Kind { LINE, LINES, SECRET }

    private final Kind kind;
    private final StringProperty text;

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

    /** Sets the text (for tests and defaults). */
    public TextInput set(String value) {
        text.set(value);
        return this;
    }
}
