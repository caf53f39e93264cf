package org.csiconsole.views.form;

import javafx.scene.control.ComboBox;
import javafx.scene.control.ListView;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.scene.input.KeyEvent;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Type-to-find for a non-editable {@link ComboBox}: the characters typed within a second of each
 * other select the first option whose text starts with them, else the first that contains them
 * (case-insensitive), as list boxes of desktop toolkits do. A choice of 205 volumes (or a node out
 * of 50) is then a few keystrokes away, with the popup open or closed. Characters that match
 * nothing select nothing and are kept, so a typo does not jump elsewhere; Backspace takes the last
 * one back.
 */
public final class TypeAhead<T> {
    /** How long after the last key the typed text starts again, in milliseconds. */
    static final long RESET_MILLIS = 1_000;

    private final ComboBox<T> box;
    private final Function<? super T, String> text;
    private final LongSupplier millis;
    private final StringBuilder typed = new StringBuilder();
    private long last;

    TypeAhead(ComboBox<T> box, Function<? super T, String> text, LongSupplier millis) {
        this.box = Objects.requireNonNull(box);
        this.text = Objects.requireNonNull(text);
        this.millis = Objects.requireNonNull(millis);
    }

    /**
     * Installs type-to-find on {@code box}.
     *
     * @param text what an option is found by (its name and id, say); never null for an option
     */
    public static <T> TypeAhead<T> install(ComboBox<T> box, Function<? super T, String> text) {
        TypeAhead<T> t = new TypeAhead<>(box, text, System::currentTimeMillis);
        box.addEventFilter(KeyEvent.KEY_TYPED, t::typed);
        return t;
    }

    private void typed(KeyEvent e) {
        if (box.isEditable() || e.isControlDown() || e.isAltDown() || e.isMetaDown()) return;
        String c = e.getCharacter();
        if (c == null || c.isEmpty()) return;
        if (type(c.charAt(0))) e.consume();
    }

    /** Takes one typed character; true when it was taken (printable, or Backspace while text is typed). */
    boolean type(char c) {
        long now = millis.getAsLong();
        if (now - last > RESET_MILLIS) typed.setLength(0);
        last = now;
        if (c == '\b') {
            if (typed.length() == 0) return false;
            typed.setLength(typed.length() - 1);
        } else if (Character.isISOControl(c)) {
            return false;
        } else {
            typed.append(c);
        }
        if (typed.length() > 0) {
            int i = find(box.getItems(), typed.toString());
            if (i >= 0) select(i);
        }
        return true;
    }

    /** The typed text so far (empty after a second without keys). */
    String typed() {
        return millis.getAsLong() - last > RESET_MILLIS ? "" : typed.toString();
    }

    private int find(List<T> items, String what) {
        String w = what.toLowerCase(Locale.ROOT);
        int contains = -1;
        for (int i = 0; i < items.size(); i++) {
            T item = items.get(i);
            if (item == null) continue;
            String s = text.apply(item).toLowerCase(Locale.ROOT);
            if (s.startsWith(w)) return i;
            if (contains < 0 && s.contains(w)) contains = i;
        }
        return contains;
    }

    private void select(int i) {
        box.getSelectionModel().select(i);
        if (box.isShowing() && box.getSkin() instanceof ComboBoxListViewSkin<?> skin && skin.getPopupContent() instanceof ListView<?> list) {
            list.scrollTo(i);
        }
    }
}
