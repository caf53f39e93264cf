package org.csiconsole.views.form;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/** A yes/no choice of a {@link Form}, shown as a check box with its label as the text. */
public final class Toggle extends Form.Field {
    private final BooleanProperty value;

    Toggle(String id, String label, String help, boolean initial) {
        super(id, label, help);
        this.value = new SimpleBooleanProperty(this, id, initial);
    }

    public BooleanProperty value() {
        return value;
    }

    /** Sets the value (for tests and defaults). */
    public Toggle set(boolean on) {
        value.set(on);
        return this;
    }
}
