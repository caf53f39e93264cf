package org.csiconsole.views.form;

import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.Secrets;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A small input form as plain state (no {@code Node}): fields with values and a check per field
 * that reads as a sentence when the value is not acceptable. View models build one for a command
 * ("Create volume": name, size, access mode, ...), hand it to
 * {@link org.csiconsole.views.dialog.DialogService#showForm(Form)} and read the values back; tests
 * fill the fields directly. {@link #valid()} is true when every field's check passes.
 */
public final class Form {
    private final String title;
    private final String message;
    private final String actionLabel;
    private String connection = "";
    private final List<Field> fields = new ArrayList<>();
    private final ObservableList<Observable> errors = FXCollections.observableArrayList(o -> new Observable[]{o});
    private final BooleanBinding valid;
    private final ObjectProperty<CallFailure> failure = new SimpleObjectProperty<>(this, "failure");
    private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy", false);
    private final BooleanProperty showing = new SimpleBooleanProperty(this, "showing", false);

    /**
     * @param title the command, e.g. {@code "Create volume"}
     * @param message one sentence above the fields, may be empty
     * @param actionLabel the confirming button, e.g. {@code "Create"}
     */
    public Form(String title, String message, String actionLabel) {
        this.title = Objects.requireNonNull(title);
        this.message = message == null ? "" : message;
        this.actionLabel = Objects.requireNonNull(actionLabel);
        this.valid = Bindings.createBooleanBinding(
                () -> fields.stream().allMatch(f -> f.error().get().isEmpty()), errors);
    }

    public String title() {
        return title;
    }

    /**
     * This form acting on {@code connection}, named under its title ({@code "On connection Demo"}), as several
     * connections may hold the same ids; empty names none.
     */
    public Form on(String connection) {
        this.connection = connection == null ? "" : connection.strip();
        return this;
    }

    /** The connection the form acts on, as the navigator names it; empty when not named. */
    public String connection() {
        return connection;
    }

    public String message() {
        return message;
    }

    public String actionLabel() {
        return actionLabel;
    }

    public List<Field> fields() {
        return Collections.unmodifiableList(fields);
    }

    /** True when every field's check passes. */
    public BooleanBinding valid() {
        return valid;
    }

    /**
     * Why the last submission of this form failed (what, why, what to do), shown inside the form
     * while it stays open; null before a submission and while one runs. See
     * {@link org.csiconsole.views.dialog.DialogService#submitForm}.
     */
    public ObjectProperty<CallFailure> failureProperty() {
        return failure;
    }

    /** True while a submission of this form runs; the form does not take another one meanwhile. */
    public BooleanProperty busyProperty() {
        return busy;
    }

    /**
     * True while the form is on screen and can show a failure inside itself; a failure of a form that
     * is not showing is reported the usual way (notification and failure dialog).
     */
    public BooleanProperty showingProperty() {
        return showing;
    }

    /** The first problem in words, empty when valid. */
    public String firstError() {
        return fields.stream().map(f -> f.error().get()).filter(e -> !e.isEmpty()).findFirst().orElse("");
    }

    /** The field with {@code id}. */
    public Optional<Field> field(String id) {
        return fields.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    /** The text field with {@code id}; fails when there is none. */
    public TextInput text(String id) {
        return (TextInput) field(id).orElseThrow(() -> new IllegalArgumentException("No field " + id));
    }

    /** The choice with {@code id}; fails when there is none. */
    @SuppressWarnings("unchecked")
    public <E> Choice<E> choice(String id) {
        return (Choice<E>) field(id).orElseThrow(() -> new IllegalArgumentException("No field " + id));
    }

    /**
     * Adds a text field.
     *
     * @param check returns the problem in words for a value, or empty when it is acceptable; may
     *              read other fields, listed in {@code dependsOn}
     */
    public TextInput addText(String id, String label, String initial, TextInput.Kind kind, String help,
                             Function<String, String> check, Observable... dependsOn) {
        TextInput t = new TextInput(id, label, help, kind, initial);
        List<Observable> deps = new ArrayList<>(List.of(dependsOn));
        deps.add(t.text());
        t.bindError(Bindings.createStringBinding(() -> Objects.requireNonNullElse(check.apply(t.text().get()), ""),
                deps.toArray(Observable[]::new)));
        add(t);
        return t;
    }

    /** Adds a choice among {@code options}, shown with {@code names}. */
    public <E> Choice<E> addChoice(String id, String label, List<E> options, E initial, Function<E, String> names, String help) {
        Choice<E> c = new Choice<>(id, label, help, options, initial, names);
        c.bindError(Bindings.createStringBinding(() -> c.value().get() == null ? label + " is required." : "", c.value()));
        add(c);
        return c;
    }

    /** The multiple choice with {@code id}; fails when there is none. */
    @SuppressWarnings("unchecked")
    public <E> Picks<E> picks(String id) {
        return (Picks<E>) field(id).orElseThrow(() -> new IllegalArgumentException("No field " + id));
    }

    /** The yes/no choice with {@code id}; fails when there is none. */
    public Toggle toggle(String id) {
        return (Toggle) field(id).orElseThrow(() -> new IllegalArgumentException("No field " + id));
    }

    /**
     * Adds {@code key=value} pairs edited one row per pair ({@link KeyValues}), starting with {@code initial}.
     *
     * @param knownKeys keys offered when a row is added (seen before for this target)
     * @param check the rows' further problem in words ("iops must be a whole number"), empty when none;
     *     empty keys, keys with '=' and repeated keys are refused before it is asked
     */
    public KeyValues addKeyValues(String id, String label, java.util.Map<String, String> initial, List<String> knownKeys, String help,
                                  Function<java.util.Map<String, String>, String> check) {
        KeyValues kv = new KeyValues(id, label, help, initial, knownKeys);
        kv.bindError(Bindings.createStringBinding(() -> {
            String e = KeyValues.check(kv.rows());
            return e.isEmpty() ? Objects.requireNonNullElse(check.apply(kv.value()), "") : e;
        }, kv.rows()));
        add(kv);
        return kv;
    }

    /** The key/value field {@code id}. */
    public KeyValues keyValues(String id) {
        return (KeyValues) field(id).orElseThrow();
    }

    /**
     * Adds a filtered multiple choice among {@code options}, shown with {@code names}.
     *
     * @param check returns the problem in words for the chosen options, or empty when acceptable
     */
    public <E> Picks<E> addPicks(String id, String label, List<E> options, List<E> initial, Function<E, String> names, String help,
                                 Function<List<E>, String> check) {
        Picks<E> p = new Picks<>(id, label, help, options, initial, names);
        p.bindError(Bindings.createStringBinding(() -> Objects.requireNonNullElse(check.apply(List.copyOf(p.chosen())), ""), p.chosen()));
        add(p);
        return p;
    }

    /** Adds a yes/no choice, off unless {@code initial}; it is never in error. */
    public Toggle addToggle(String id, String label, boolean initial, String help) {
        Toggle t = new Toggle(id, label, help, initial);
        t.bindError(Bindings.createStringBinding(() -> "", t.value()));
        add(t);
        return t;
    }

    /** Adds a check that concerns several fields; its error shows under {@code field}. */
    public void addCheck(Field field, Supplier<String> check, Observable... dependsOn) {
        StringBinding own = field.error();
        List<Observable> deps = new ArrayList<>(List.of(dependsOn));
        deps.add(own);
        StringBinding combined = Bindings.createStringBinding(() -> {
            String first = own.get();
            return first.isEmpty() ? Objects.requireNonNullElse(check.get(), "") : first;
        }, deps.toArray(Observable[]::new));
        field.bindError(combined);
        errors.add(combined);
    }

    private void add(Field f) {
        fields.add(f);
        errors.add(f.error());
    }

    /** Parses {@code key=value} lines (blank lines and {@code #} comments ignored) into an ordered map. */
    public static Map<String, String> parseKeyValues(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text == null) return m;
        for (String line : text.split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) continue;
            int eq = l.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("'" + l + "' is not key=value: write one parameter per line, e.g. tier=gold");
            m.put(l.substring(0, eq).strip(), l.substring(eq + 1).strip());
        }
        return m;
    }

    /**
     * Secrets typed as {@code key=value} pairs separated by {@code ;} or new lines; a value may hold
     * {@code =}. A pair's value is never put in a message.
     *
     * @throws IllegalArgumentException naming the pair by its position when one is not key=value
     */
    public static Secrets parseSecrets(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text != null) {
            int n = 0;
            for (String pair : text.split("[;\\n]")) {
                n++;
                if (pair.isBlank()) continue;
                int eq = pair.indexOf('=');
                if (eq <= 0) throw new IllegalArgumentException("Secret " + n + " is not key=value; separate pairs with ';'.");
                m.put(pair.substring(0, eq).strip(), pair.substring(eq + 1));
            }
        }
        return Secrets.of(m);
    }

    /** The problem with a secrets text ({@link #parseSecrets}), without ever quoting it; empty when it parses. */
    public static String checkSecrets(String text) {
        return problem(Form::parseSecrets, text);
    }

    /**
     * {@code text} with {@code key=value} set: the first line of that key replaced, or a line added
     * at the end. Other lines (comments, lines that do not parse) stay as they are; a blank key
     * returns {@code text} unchanged.
     */
    public static String withKeyValue(String text, String key, String value) {
        String t = text == null ? "" : text;
        if (key == null || key.isBlank()) return t;
        String line = key.strip() + "=" + (value == null ? "" : value.strip());
        List<String> lines = new ArrayList<>(t.isEmpty() ? List.of() : List.of(t.split("\\R", -1)));
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) lines.remove(lines.size() - 1);
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            int eq = l.indexOf('=');
            if (!l.startsWith("#") && eq > 0 && l.substring(0, eq).strip().equals(key.strip())) {
                lines.set(i, line);
                return String.join("\n", lines);
            }
        }
        lines.add(line);
        return String.join("\n", lines);
    }

    /** The problem with {@code key=value} text, empty when it parses. */
    public static String checkKeyValues(String text) {
        return problem(Form::parseKeyValues, text);
    }

    /** What {@code parse} rejects {@code text} for, empty when it parses. */
    private static String problem(Function<String, ?> parse, String text) {
        try {
            parse.apply(text);
            return "";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** One field of a form. */
    public abstract static sealed class Field permits TextInput, Choice, Picks, Toggle, KeyValues {
        private final String id;
        private final String label;
        private final String help;
        private final ObjectProperty<StringBinding> errorBinding = new SimpleObjectProperty<>();
        private final StringProperty error = new SimpleStringProperty("");
        private final StringProperty note = new SimpleStringProperty("");
        private final javafx.beans.property.BooleanProperty enabled = new javafx.beans.property.SimpleBooleanProperty(true);

        Field(String id, String label, String help) {
            this.id = Objects.requireNonNull(id);
            this.label = Objects.requireNonNull(label);
            this.help = help == null ? "" : help;
        }

        public String id() {
            return id;
        }

        public String label() {
            return label;
        }

        public String help() {
            return help;
        }

        /** Whether the field can be edited now (e.g. a source id only when a source is chosen). */
        public javafx.beans.property.BooleanProperty enabled() {
            return enabled;
        }

        /** Makes the field editable only while {@code condition} holds. */
        public Field enabledWhen(javafx.beans.value.ObservableBooleanValue condition) {
            enabled.bind(condition);
            return this;
        }

        /** The problem with the current value in words, empty when acceptable. */
        public StringBinding error() {
            StringBinding b = errorBinding.get();
            return b != null ? b : Bindings.createStringBinding(() -> "");
        }

        /**
         * What the person should know of the value as read, though it is accepted (e.g. "host bits cleared"); empty when
         * nothing. It shows under the field and never disables the form.
         */
        public javafx.beans.value.ObservableStringValue note() {
            return note;
        }

        /** Shows {@code note}'s sentence for the current value under this field ({@link #note()}). */
        public Field noteFrom(StringBinding binding) {
            note.bind(binding);
            return this;
        }

        void bindError(StringBinding binding) {
            errorBinding.set(binding);
            error.bind(binding);
        }
    }
}
