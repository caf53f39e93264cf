package org.csiconsole.views.table;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The remembered {@link TableLayout}s of the console's tables, by key (a view kind such as
 * {@code volumes}). Tables put their layout here whenever a column is resized, moved, shown,
 * hidden or sorted; the composition root reads {@link #all()} when it writes the preferences file
 * (at close) and builds this from the file at start. Used on the FX thread only.
 */
public final class TableLayouts {
    private final Map<String, TableLayout> byKey = new LinkedHashMap<>();

    /** Empty: every table opens with its default layout. */
    public TableLayouts() {
    }

    /** @param saved layouts read from the preferences file; null or null entries are ignored */
    public TableLayouts(Map<String, TableLayout> saved) {
        if (saved != null) saved.forEach((k, v) -> {
            if (k != null && v != null) byKey.put(k, v);
        });
    }

    /** The layout remembered for {@code key}, if any. */
    public Optional<TableLayout> get(String key) {
        return Optional.ofNullable(byKey.get(key));
    }

    /** Remembers {@code layout} for {@code key}, replacing the previous one. */
    public void put(String key, TableLayout layout) {
        byKey.put(Objects.requireNonNull(key), Objects.requireNonNull(layout));
    }

    /** A copy of every remembered layout, by key, for saving. */
    public Map<String, TableLayout> all() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byKey));
    }
}
