package org.csiconsole.views.resource;

import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.model.ByteSize;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The selected rows of a {@link StorageViewModel}: every selected row ({@link #rows()}, Shift and
 * Ctrl selection in the table) and the lead row among them ({@link #leadProperty()}, the one the
 * detail pane shows and commands on one row act on), with the enabled state and reason of the
 * commands that act on them. The lead is always one of the rows; no lead, no rows. UI thread only.
 */
public final class RowSelection<T> {
    private final ObjectProperty<T> lead;
    private final ObservableList<T> rows = FXCollections.observableArrayList();

    RowSelection(Object bean) {
        lead = new SimpleObjectProperty<>(bean, "selected");
        lead.addListener((o, a, b) -> {
            if (b == null) rows.clear();
            else if (!rows.contains(b)) rows.setAll(List.of(b));
        });
    }

    public ObjectProperty<T> leadProperty() {
        return lead;
    }

    /** Every selected row, in table order; rows a filter hides are not among them. */
    public ObservableList<T> rows() {
        return rows;
    }

    /** The rows a command on the selection acts on: every selected row, or none. */
    public List<T> targets() {
        if (!rows.isEmpty()) return List.copyOf(rows);
        return lead.get() == null ? List.of() : List.of(lead.get());
    }

    /** {@code "Select one volume: 3 are selected."} while several rows are selected, else empty. */
    String manyReason(String singular) {
        int n = rows.size();
        return n > 1 ? "Select one " + singular + ": " + ByteSize.grouped(n) + " are selected." : "";
    }

    /** Drops the rows matching {@code same}; when the lead was one, the last selected row left leads. */
    void remove(Predicate<? super T> same) {
        T l = lead.get();
        if (l != null && same.test(l)) {
            List<T> left = rows.stream().filter(same.negate()).toList();
            lead.set(left.isEmpty() ? null : left.get(left.size() - 1));
        }
        rows.removeIf(same);
    }

    /**
     * Why a command cannot run now, or empty: {@code unavailable} (the feature missing), then, for
     * a command on one row, several rows selected, then {@code rowReason} when the lead row fails
     * {@code rowTest}.
     */
    StringBinding reason(Supplier<String> unavailable, Observable features, boolean oneRow, String singular,
                         String rowReason, Predicate<T> rowTest) {
        return Bindings.createStringBinding(() -> {
            String missing = unavailable.get();
            if (!missing.isEmpty()) return missing;
            if (oneRow && rows.size() > 1) return manyReason(singular);
            if (!rowTest.test(lead.get())) return rowReason == null ? "" : rowReason;
            return "";
        }, features, lead, rows);
    }

    /** Whether that command can run now (also when it has no reason to give). */
    BooleanBinding enabled(Supplier<String> unavailable, Observable features, boolean oneRow, Predicate<T> rowTest) {
        return Bindings.createBooleanBinding(() -> unavailable.get().isEmpty() && (!oneRow || rows.size() <= 1)
                && rowTest.test(lead.get()), features, lead, rows);
    }

    /**
     * Why a command on every selected row cannot run now, or empty: {@code unavailable}, then
     * {@code none} without a selected row, then {@code rowReason} when a selected row fails {@code rowTest}.
     */
    StringBinding allReason(Supplier<String> unavailable, Observable features, String none, String rowReason, Predicate<T> rowTest) {
        return Bindings.createStringBinding(() -> {
            String missing = unavailable.get();
            if (!missing.isEmpty()) return missing;
            List<T> all = targets();
            if (all.isEmpty()) return none;
            if (!all.stream().allMatch(rowTest)) return rowReason == null ? none : rowReason;
            return "";
        }, features, lead, rows);
    }
}
