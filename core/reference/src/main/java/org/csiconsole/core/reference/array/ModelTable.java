package org.csiconsole.core.reference.array;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;

/** One kind of model object in memory: rows by id (sorted), an optional unique name index, change hooks. */
final class ModelTable<T> {
    interface Hook<T> {
        void changed(String id, T before, T after);
    }

    final String kind;
    final Class<T> type;
    final ConcurrentSkipListMap<String, T> rows = new ConcurrentSkipListMap<>();
    private final Function<T, String> nameOf;
    private final Map<String, String> byName = new ConcurrentHashMap<>();
    private Hook<T> hook;

    ModelTable(String kind, Class<T> type, Function<T, String> nameOf) {
        this.kind = kind;
        this.type = type;
        this.nameOf = nameOf;
    }

    void onChange(Hook<T> h) {
        this.hook = h;
    }

    T get(String id) {
        return id == null ? null : rows.get(id);
    }

    T byName(String name) {
        if (name == null) {
            return null;
        }
        String id = byName.get(name);
        return id == null ? null : rows.get(id);
    }

    @SuppressWarnings("unchecked")
    void apply(String id, Object value) {
        T after = (T) value;
        T before = after == null ? rows.remove(id) : rows.put(id, after);
        if (nameOf != null) {
            if (before != null) {
                byName.remove(nameOf.apply(before), id);
            }
            if (after != null) {
                byName.put(nameOf.apply(after), id);
            }
        }
        if (hook != null) {
            hook.changed(id, before, after);
        }
    }
}
