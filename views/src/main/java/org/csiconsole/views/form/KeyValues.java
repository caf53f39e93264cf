package org.csiconsole.views.form;

import javafx.beans.Observable;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code key=value} pairs in a {@link Form}, one row per pair that the person adds, edits and
 * removes; never free text, so a typed value cannot merge with a pre-filled line. {@link #value()} is
 * exactly the rows shown, in order: what is sent.
 */
public final class KeyValues extends Form.Field {
    /** One pair. */
    public static final class Pair {
        private final StringProperty key = new SimpleStringProperty(this, "key", "");
        private final StringProperty value = new SimpleStringProperty(this, "value", "");

        Pair(String key, String value) {
            this.key.set(key);
            this.value.set(value);
        }

        public StringProperty key() {
            return key;
        }

        public StringProperty value() {
            return value;
        }
    }

    private final ObservableList<Pair> rows = FXCollections.observableArrayList(r -> new Observable[] {r.key, r.value});
    private final List<String> knownKeys;

    KeyValues(String id, String label, String help, Map<String, String> initial, List<String> knownKeys) {
        super(id, label, help);
        initial.forEach((k, v) -> rows.add(new Pair(k, v)));
        this.knownKeys = List.copyOf(knownKeys);
    }

    /** The rows, in order; observable also for edits inside a row. */
    public ObservableList<Pair> rows() {
        return rows;
    }

    /** Keys seen before for this target (offered when a row is added); may be empty. */
    public List<String> knownKeys() {
        return knownKeys;
    }

    /** Adds an empty row (or one for {@code key}) and returns it. */
    public Pair add(String key) {
        Pair r = new Pair(key == null ? "" : key, "");
        rows.add(r);
        return r;
    }

    /** Sets the pair {@code key} to {@code value}: its row when there is one, else a new row. */
    public void put(String key, String value) {
        for (Pair r : rows) {
            if (r.key.get().strip().equals(key)) {
                r.value.set(value);
                return;
            }
        }
        add(key).value.set(value);
    }

    public void remove(Pair row) {
        rows.remove(row);
    }

    /** The pairs exactly as shown (keys and values stripped of surrounding blanks), in row order. */
    public Map<String, String> value() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Pair r : rows) m.put(r.key.get().strip(), r.value.get().strip());
        return m;
    }

    /** The first problem of the rows: an empty or repeated key, a key with '=' in it; empty when none. */
    static String check(List<Pair> rows) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            String k = rows.get(i).key.get().strip();
            if (k.isEmpty()) return "Pair " + (i + 1) + " has no key: give one, or remove the row.";
            if (k.contains("=")) return "The key " + k + " contains '=': give the key and the value in their own fields.";
            if (!seen.add(k)) return "The key " + k + " is given twice: keep one row for it.";
        }
        return "";
    }
}
